import type { ReactNode } from 'react';
import type { ContactRequestRow } from '#common/contact/contact.contract.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { useAssignedFilter } from '#web/components/admin/assigned-filter.tsx';
import { AssigneeSelect } from '#web/components/admin/assignee-select.tsx';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { MarkAnsweredButton, RequestReceived } from '#web/components/admin/mark-answered-button.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

/** `replyTimer` shows, under a request's date, the time left to answer it (web/app composes it). */
export function ContactAdminTab({ replyTimer }: { replyTimer?: (id: string) => ReactNode }) {
  const { t } = useTranslation(['admin', 'contact', 'assignees']);
  const assigned = useAssignedFilter();
  const columns: Column<ContactRequestRow>[] = [
    {
      header: t('columns.date'),
      cell: (row) => <RequestReceived createdAt={row.createdAt} answeredAt={row.answeredAt} timer={replyTimer?.(row.id)} />,
    },
    { header: t('columns.name'), cell: (row) => <span className="font-medium text-slate-900">{row.name}</span> },
    { header: t('columns.email'), cell: (row) => <a className="text-brand-700 underline" href={`mailto:${row.email}`}>{row.email}</a> },
    { header: t('columns.phone'), cell: (row) => row.phone ?? '—' },
    { header: t('columns.subject'), cell: (row) => (row.subject ? t(`contact:subjects.${row.subject}`) : '—') },
    {
      header: t('assignees:label'),
      cell: (row) => (
        <AssigneeSelect kind="contact-requests" resource="contact-requests" path={`/api/admin/contact-requests/${row.id}/assignee`} assigneeId={row.assigneeId} name={row.name} />
      ),
    },
    {
      header: t('columns.actions'),
      cell: (row) => (
        <div className="flex items-center gap-1">
          {row.answeredAt ? null : <MarkAnsweredButton resource="contact-requests" id={row.id} name={row.name} />}
          <DeleteButton resource="contact-requests" id={row.id} label={row.name} />
        </div>
      ),
    },
  ];
  return (
    <AdminTable
      resource="contact-requests"
      section={t('tabs.contact')}
      columns={columns}
      rowKey={(row) => row.id}
      emptyText={t('contact.empty')}
      toolbar={assigned.control}
      filters={assigned.filters}
      detail={(row) => <p className="whitespace-pre-line">{row.message}</p>}
    />
  );
}
