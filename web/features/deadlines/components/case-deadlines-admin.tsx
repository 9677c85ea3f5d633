import { formatDeadlineDay } from '#common/deadlines/deadline-dates.ts';
import { SimpleTable } from '#web/components/ui/simple-table.tsx';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useAdminCaseDeadlines } from '../api/deadlines.queries.ts';
import { AddDeadlineForm, useDeadlineColumns } from './deadline-controls.tsx';

/** One case's deadlines on its page for the firm, open and done, with the form to record one on it. */
export function CaseDeadlinesAdmin({ caseId }: { caseId: number }) {
  const { t } = useTranslation('deadlines');
  const language = useLanguage();
  const deadlines = useAdminCaseDeadlines(caseId);
  const columns = useDeadlineColumns((row) => t('admin.case.item', { kind: t(`kinds.${row.kind}`), dueDate: formatDeadlineDay(row.dueDate, language) }));
  const mayAdd = useMayUse('POST /api/admin/cases/:id/deadlines');
  return (
    <section aria-labelledby="case-deadlines-admin-title" className="space-y-3">
      <h2 id="case-deadlines-admin-title" className="text-lg font-semibold text-brand-900">
        {t('admin.case.title')}
      </h2>
      <SimpleTable caption={t('admin.case.title')} columns={columns} rows={deadlines.data ?? []} rowKey={(row) => row.id}>
        {deadlines.error ? (
          <p className="p-4 text-sm text-red-800">{deadlines.error.message}</p>
        ) : deadlines.data?.length === 0 ? (
          <p className="p-4 text-sm text-slate-700">{t('admin.case.empty')}</p>
        ) : null}
      </SimpleTable>
      {mayAdd ? <AddDeadlineForm caseId={caseId} /> : null}
    </section>
  );
}
