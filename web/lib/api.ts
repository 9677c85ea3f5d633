import type { ErrorBody } from '#common/errors.ts';
import { pageLanguage, translate } from './i18n.ts';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

/** Every API call: JSON, the visitor's language, and errors as ApiError with the server's translated text. */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', pageLanguage());
  if (init.body && !(init.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const fallback: ErrorBody = { code: 'internal', message: translate('errors:internal') };
    throw new ApiError(response.status, (body as ErrorBody | undefined) ?? fallback);
  }
  return body as T;
}
