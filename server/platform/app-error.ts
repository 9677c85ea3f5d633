import type { ErrorCode } from '#common/errors.ts';

/** What services throw for an answerable failure; the error plugin turns it into `{ code, message }`. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    /** Catalog key of the message shown to the person, in the request's language. */
    readonly messageKey: string = `errors:${code}`,
    readonly headers: Record<string, string> = {},
    /** Values the message names, such as the site's address. */
    readonly values: Record<string, string> = {},
  ) {
    super(code);
  }
}
