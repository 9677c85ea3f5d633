import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TranslationRequestRow } from '#common/translations/translations.contract.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { useAssignedFilter } from '#web/components/admin/assigned-filter.tsx';
import { AssigneeSelect } from '#web/components/admin/assignee-select.tsx';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { MarkAnsweredButton, RequestReceived } from '#web/components/admin/mark-answered-button.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

/**
 * `replyTimer` shows, under a request's date, the time left to send its quote, and `quoteAction`
 * the button that sends it (web/app composes both).
 */
export function TranslationsAdminTab({
  replyTimer,
  quoteAction,
}: {
  replyTimer?: (id: string) => ReactNode;
  quoteAction?: (request: TranslationRequestRow) => ReactNode;
}) {
  const { t } = useTranslation(['admin', 'translations', 'assignees']);
  const assigned = useAssignedFilter();
  const language = (code: string | null) => (code ? t(`translations:languages.${code}`) : '—');
  const columns: Column<TranslationRequestRow>[] = [
    {
      header: t('columns.date'),
      cell: (row) => <RequestReceived createdAt={row.createdAt} answeredAt={row.answeredAt} timer={replyTimer?.(row.id)} />,
    },
    {
      header: t('columns.name'),
      cell: (row) => (
        <div>
          <p className="font-medium text-slate-900">{row.name}</p>
          <a className="text-brand-700 underline" href={`mailto:${row.email}`}>
            {row.email}
          </a>
          {row.phone ? <p className="text-slate-700">{row.phone}</p> : null}
        </div>
      ),
    },
    {
      header: t('columns.languages'),
      cell: (row) => `${language(row.sourceLanguage)} → ${language(row.destinationLanguage)}`,
    },
    { header: t('columns.type'), cell: (row) => t(`translations:types.${row.isSworn ? 'sworn' : 'standard'}`) },
    {
      header: t('columns.documents'),
      cell: (row) =>
        row.documents.length === 0 ? (
          '—'
        ) : (
          <ul className="space-y-1">
            {row.documents.map((document) => (
              <li key={document.id}>
                <a
                  className="inline-flex items-center gap-1 text-brand-700 underline"
                  href={`/api/admin/translation-requests/${row.id}/documents/${document.id}`}
                  download={document.originalName}
                >
                  <Download className="h-4 w-4" aria-hidden />
                  {t('translations.download', { name: document.originalName })}
                </a>
              </li>
            ))}
          </ul>
        ),
    },
    {
      header: t('assignees:label'),
      cell: (row) => (
        <AssigneeSelect
          kind="translation-requests"
          resource="translation-requests"
          path={`/api/admin/translation-requests/${row.id}/assignee`}
          assigneeId={row.assigneeId}
          name={row.name}
        />
      ),
    },
    {
      header: t('columns.actions'),
      cell: (row) => (
        <div className="flex items-center gap-1">
          {quoteAction?.(row)}
          {row.answeredAt ? null : <MarkAnsweredButton resource="translation-requests" id={row.id} name={row.name} />}
          <DeleteButton resource="translation-requests" id={row.id} label={row.name} />
        </div>
      ),
    },
  ];
  return (
    <AdminTable
      resource="translation-requests"
      section={t('tabs.translations')}
      columns={columns}
      rowKey={(row) => row.id}
      emptyText={t('translations.empty')}
      toolbar={assigned.control}
      filters={assigned.filters}
      detail={(row) => (row.textToTranslate ? <p className="whitespace-pre-line">{row.textToTranslate}</p> : null)}
    />
  );
}
