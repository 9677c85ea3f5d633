import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { serverReason } from '#web/lib/failure-toast.ts';
import { useTranslation } from '#web/lib/translation.tsx';

type QueryStateProps<T> = {
  query: Pick<UseQueryResult<T>, 'data' | 'error'>;
  /** What is read while it loads: a sentence, announced as a status, or a node that announces one itself (a skeleton). */
  loading: ReactNode;
  /** What is read when it failed: a sentence, announced as an alert, or a node of its own; by default the server's reason. */
  failure?: ReactNode;
  /** What is read when there is nothing to show (an empty list, by default). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** The classes of the status and alert sentences (size, spacing). */
  className?: string;
  children: (data: T) => ReactNode;
};

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * A query's four states in one order: its data (kept on screen while it refreshes), its failure,
 * its wait, and its data that holds nothing.
 */
export function QueryState<T>({ query, loading, failure, empty, isEmpty = isEmptyList, className, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.data !== undefined) return empty !== undefined && isEmpty(query.data) ? empty : children(query.data);
  if (query.error) {
    const words = failure ?? serverReason(query.error) ?? t('errors:internal');
    return typeof words === 'string' ? (
      <p role="alert" className={cn('text-red-800', className)}>
        {words}
      </p>
    ) : (
      words
    );
  }
  return typeof loading === 'string' ? (
    <p role="status" className={cn('text-slate-700', className)}>
      {loading}
    </p>
  ) : (
    loading
  );
}
