import { MutationCache, QueryCache } from '@tanstack/react-query';
import type { ErrorCode } from '#common/errors.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from './api.ts';
import { translate } from './i18n.ts';

/** What a query or mutation says when it fails (docs/product/messages.md), given by the component that runs it. */
export type FailureMeta = {
  /** The toast's title: what failed ('Error al eliminar'); a function when it depends on the error. */
  failureTitle?: string | ((error: Error) => string);
  /** The call's own sentence, before the server's reason ('Hubo un error al enviar la consulta.'). */
  failureText?: string;
  /** How long the toast stays, in milliseconds, when its text is long. */
  failureDuration?: number;
  /**
   * A mutation whose component shows the failure where it happened (on the page, under a field),
   * or that nobody asked for (a mark of what was read): no toast. A function picks the failures
   * the component shows itself (a wrong password under its field).
   */
  isFailureInline?: boolean | ((error: Error) => boolean);
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FailureMeta;
    mutationMeta: FailureMeta;
  }
}

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
export function showFailure(error: Error, meta: FailureMeta = {}) {
  const reason = serverReason(error);
  const title = (typeof meta.failureTitle === 'function' ? meta.failureTitle(error) : meta.failureTitle) ?? reason ?? translate('errors:internal');
  const description = [meta.failureText, title === reason ? undefined : reason].filter(Boolean).join(' ') || undefined;
  toast({ title, description, variant: 'destructive', duration: meta.failureDuration });
}

/** A request refused in the browser before it is sent (no file chosen, a file too large): its title and why. */
export function showRefusal(title: string, description?: string) {
  toast({ title, description, variant: 'destructive' });
}

/**
 * The caches of the one QueryClient: a failed mutation always shows the failure toast unless it
 * is shown inline; a failed query shows it only when it has a title, since a query's failure is
 * shown on the page (QueryState).
 */
export function failureCaches() {
  return {
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const inline = mutation.meta?.isFailureInline;
        if (!(typeof inline === 'function' ? inline(error) : inline)) showFailure(error, mutation.meta);
      },
    }),
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.failureTitle) showFailure(error, query.meta);
      },
    }),
  };
}
