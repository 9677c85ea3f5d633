import { MutationCache, QueryCache } from '@tanstack/react-query';

/** What a query or mutation says when it fails (docs/product/messages.md), given by the component that runs it. */
export type FeedbackMeta = {
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
    queryMeta: FeedbackMeta;
    mutationMeta: FeedbackMeta;
  }
}

// The toast's words are put together by a module loaded with the first failure, not with the page.
function showFailure(error: Error, meta: FeedbackMeta | undefined) {
  void import('./failure-toast.ts').then((module) => module.showFailure(error, meta));
}

/**
 * The caches of the one QueryClient: a failed mutation always shows the failure toast
 * (web/lib/failure-toast.ts) unless it is shown inline; a failed query shows it only when it has
 * a title, since a query's failure is shown on the page (QueryState).
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
