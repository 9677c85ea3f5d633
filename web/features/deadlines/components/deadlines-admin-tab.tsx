import type { AdminDeadline } from '#common/deadlines/deadlines.contract.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { deadlinesResource } from '../api/deadlines.queries.ts';
import { AddDeadlineForm, useDeadlineColumns } from './deadline-controls.tsx';
import { HolidaysSection } from './holidays-section.tsx';

/** The Plazos tab: what is overdue or due soon across every case, a way to record one, and the holidays the rules count with. */
export function DeadlinesAdminTab() {
  const { t } = useTranslation(['deadlines', 'admin']);
  const columns: Column<AdminDeadline>[] = useDeadlineColumns(
    (row) => t('admin.deleteLabel', { caseId: row.displayId }),
    {
      header: t('admin.columns.case'),
      cell: (row) => (
        <div>
          <p className="font-semibold text-brand-800">{row.displayId}</p>
          <p className="text-xs text-slate-700">{row.client.name}</p>
        </div>
      ),
    },
  );
  return (
    <div className="space-y-6">
      <p className="text-slate-700">{t('admin.intro')}</p>
      <AddDeadlineForm />
      <AdminTable resource={deadlinesResource} section={t('admin:tabs.deadlines')} columns={columns} rowKey={(row) => row.id} emptyText={t('admin.empty')} />
      <HolidaysSection />
    </div>
  );
}
