import { FolderOpen } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminCaseRow } from '#common/cases/cases.contract.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { useAssignedFilter } from '#web/components/admin/assigned-filter.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { adminCasesResource } from '../api/cases.queries.ts';
import { caseStageTone } from '../case-stage-tone.ts';

/** The Expedientes tab: one row per case, whose action opens the case's page, where the firm works it. */
export function CasesAdminTab() {
  const { t } = useTranslation(['admin', 'cases']);
  const date = useAdminDate();
  const assigned = useAssignedFilter();
  const columns: Column<AdminCaseRow>[] = [
    {
      header: t('columns.case'),
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold text-brand-800">{row.displayId}</span>
          {row.unread > 0 ? <Badge tone="blue">{t('cases.unread', { n: row.unread })}</Badge> : null}
        </span>
      ),
    },
    { header: t('columns.date'), cell: (row) => <span className="whitespace-nowrap">{date(row.createdAt)}</span> },
    {
      header: t('columns.client'),
      cell: (row) => (
        <div>
          <p className="font-medium text-slate-900">{row.client.name}</p>
          <p className="text-slate-700">{row.client.email}</p>
        </div>
      ),
    },
    { header: t('columns.service'), cell: (row) => row.serviceTitle ?? '—' },
    { header: t('cases.stage'), cell: (row) => <Badge tone={caseStageTone(row.stage)}>{t(`cases:stages.names.${row.stage}`)}</Badge> },
    {
      header: t('columns.actions'),
      cell: (row) => (
        <Button asChild variant="outline" size="sm">
          <Link to={`/admin/expedientes/${row.displayId}`} aria-label={t('cases.openPage', { id: row.displayId })}>
            <FolderOpen className="h-4 w-4" aria-hidden />
            {t('cases.open')}
          </Link>
        </Button>
      ),
    },
  ];
  return (
    <AdminTable
      resource={adminCasesResource}
      section={t('tabs.cases')}
      columns={columns}
      rowKey={(row) => String(row.id)}
      emptyText={t('cases.empty')}
      toolbar={assigned.control}
      filters={assigned.filters}
    />
  );
}
