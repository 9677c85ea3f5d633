import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#common/admin/paging.contract.ts';
import { api } from '#web/lib/api.ts';
import { toast } from '#web/components/ui/toast.tsx';
import type { FeedbackMeta } from '#web/lib/failures.ts';

/** The back office's cache keys: a resource under /api/admin/, and one page of its table. */
export const adminKeys = {
  all: ['admin'] as const,
  resource: (resource: string) => [...adminKeys.all, resource] as const,
  page: (resource: string, page: number, q: string) => [...adminKeys.resource(resource), page, q] as const,
};

/** One page of an admin table, kept on screen while the next one loads; `meta` titles its load-error toast. */
export function useAdminPage<T>(resource: string, page: number, q: string, meta?: FeedbackMeta, filters: Record<string, string> = {}) {
  const search = new URLSearchParams({ page: String(page), ...(q ? { q } : {}), ...filters });
  return useQuery({
    // Without filters, the key other features read (adminKeys.page) stays the same.
    queryKey: Object.keys(filters).length > 0 ? [...adminKeys.page(resource, page, q), filters] : adminKeys.page(resource, page, q),
    meta,
    queryFn: () => api<Page<T>>(`/api/admin/${resource}?${search}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * What a back-office write says: its failure (web/lib/failures.ts), and its success toast
 * ('Cambios guardados'). The success toast is the hook's, not a callback of `mutate`: the component
 * that asked is often gone when the answer lands (the refetch of a rejected document closes its
 * form, a deleted row leaves), and TanStack Query drops the `mutate` callbacks of an unmounted one.
 */
export type AdminWriteFeedback = FeedbackMeta & { successTitle?: string };

/** A write to an admin resource (JSON, or a FormData upload); every table of that resource reloads after it. */
export function useAdminMutation<TInput, TResult = unknown>(
  resource: string,
  request: (input: TInput) => { path: string; method: string; body?: unknown },
  feedback?: AdminWriteFeedback,
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: feedback,
    mutationFn: (input: TInput) => {
      const { path, method, body } = request(input);
      return api<TResult>(path, { method, ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }) });
    },
    onSuccess: () => {
      if (feedback?.successTitle) toast({ title: feedback.successTitle, variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: adminKeys.resource(resource) });
    },
  });
}

/** Deletes one record of a resource by id. */
export function useAdminDelete(resource: string, meta?: AdminWriteFeedback) {
  return useAdminMutation<string>(resource, (id) => ({ path: `/api/admin/${resource}/${id}`, method: 'DELETE' }), meta);
}
