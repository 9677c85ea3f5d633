import type { ErrorCode } from '#common/errors.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from './api.ts';
import type { FeedbackMeta } from './failures.ts';
import { translate } from './i18n.ts';

/** The code of the server's refusal, if the server answered one. */
export function errorCode(error: Error): ErrorCode | undefined {
  return error instanceof ApiError ? error.body.code : undefined;
}

/**
 * The server's reason for a failure: its translated message, unless it only says that something
 * failed (its internal error) or there was no answer at all.
 */
export function serverReason(error: Error): string | undefined {
  return error instanceof ApiError && error.body.code !== 'internal' ? error.body.message : undefined;
}

/**
 * The one failure toast of the web. It says the call's title and its own sentence, then the
 * server's reason whenever there is one; a failure without a reason shows only the call's words,
 * or 'Algo ha fallado…' when it has none.
 */
export function showFailure(error: Error, meta: FeedbackMeta = {}) {
  const reason = serverReason(error);
  const title = (typeof meta.failureTitle === 'function' ? meta.failureTitle(error) : meta.failureTitle) ?? reason ?? translate('errors:internal');
  const description = [meta.failureText, title === reason ? undefined : reason].filter(Boolean).join(' ') || undefined;
  toast({ title, description, variant: 'destructive', duration: meta.failureDuration });
}

/** A request refused in the browser before it is sent (no file chosen, a file too large): its title and why. */
export function showRefusal(title: string, description?: string) {
  toast({ title, description, variant: 'destructive' });
}
