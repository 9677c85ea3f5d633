import { ChevronLeft, ChevronRight, RefreshCw, Search } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { SimpleTable, type SimpleColumn } from '#web/components/ui/simple-table.tsx';
import { useAdminPage } from '#web/lib/admin-list.ts';
import { useTranslation } from '#web/lib/translation.tsx';

export type { SimpleColumn as Column } from '#web/components/ui/simple-table.tsx';

type AdminTableProps<T> = {
  /** The resource under /api/admin/, e.g. 'contact-requests'. */
  resource: string;
  /** The tab's name, for 'Error al cargar {section}'. */
  section: string;
  columns: SimpleColumn<T>[];
  rowKey: (row: T) => string;
  emptyText: string;
  /** What sits beside the search box (a 'new article' button…). */
  toolbar?: ReactNode;
  /** A full-width line under a row (documents, message text…). */
  detail?: (row: T) => ReactNode;
  /** Extra query parameters of the list (the Expedientes tab's `assigned`). */
  filters?: Record<string, string>;
};

/**
 * Every admin tab: search, refresh, newest first, pages of 50, an empty state and the load error (on the page and in a toast).
 * A link may open the tab already searched (`/admin?tab=pagos&q=amina@example.com`).
 */
export function AdminTable<T>({ resource, section, columns, rowKey, emptyText, toolbar, detail, filters }: AdminTableProps<T>) {
  const { t } = useTranslation('admin');
  const [search] = useSearchParams();
  // The page belongs to the filters it was turned with: another filter starts again at page 1.
  const filterKey = JSON.stringify(filters ?? {});
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: (current: number) => number) => setPaging({ filterKey, page: next(page) });
  const [draft, setDraft] = useState(() => search.get('q') ?? '');
  const [q, setQ] = useState(() => (search.get('q') ?? '').trim());
  const list = useAdminPage<T>(resource, page, q, { failureTitle: t('table.loadError', { section }) }, filters);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(draft.trim());
      setPaging((current) => ({ ...current, page: 1 }));
    }, 300);
    return () => clearTimeout(timer);
  }, [draft]);

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-xs">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
          <Input
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('table.search')}
            aria-label={t('table.searchIn', { section })}
            className="pl-9"
          />
        </div>
        <div className="flex items-center gap-2">
          {toolbar}
          <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw className={list.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
            {t('table.refresh')}
          </Button>
        </div>
      </div>

      <SimpleTable caption={section} columns={columns} rows={data?.items ?? []} rowKey={rowKey} detail={detail}>
        <QueryState
          query={list}
          loading={t('table.loading')}
          failure={t('table.loadError', { section })}
          empty={<p className="p-6 text-center text-slate-700">{q ? t('table.noMatches') : emptyText}</p>}
          isEmpty={(loaded) => loaded.items.length === 0}
          className="p-6 text-center"
        >
          {() => null}
        </QueryState>
      </SimpleTable>

      {data && data.total > data.pageSize ? (
        <nav aria-label={t('table.pagination')} className="flex items-center justify-end gap-2 text-sm text-slate-700">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <ChevronLeft className="h-4 w-4" aria-hidden />
            {t('table.previous')}
          </Button>
          <span>{t('table.pageOf', { page, pages })}</span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('table.next')}
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
