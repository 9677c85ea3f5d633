import { useTranslation } from 'react-i18next';
import type { ContactRequestRow } from '#common/contact/contact.contract.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';

export function ContactAdminTab() {
  const { t } = useTranslation(['admin', 'contact']);
  const date = useAdminDate();
  const columns: Column<ContactRequestRow>[] = [
    { header: t('columns.date'), cell: (row) => <span className="whitespace-nowrap">{date(row.createdAt)}</span> },
    { header: t('columns.name'), cell: (row) => <span className="font-medium text-slate-900">{row.name}</span> },
    { header: t('columns.email'), cell: (row) => <a className="text-brand-700 underline" href={`mailto:${row.email}`}>{row.email}</a> },
    { header: t('columns.phone'), cell: (row) => row.phone ?? '—' },
    { header: t('columns.subject'), cell: (row) => (row.subject ? t(`contact:subjects.${row.subject}`) : '—') },
    { header: t('columns.actions'), cell: (row) => <DeleteButton resource="contact-requests" id={row.id} label={row.name} /> },
  ];
  return (
    <AdminTable
      resource="contact-requests"
      section={t('tabs.contact')}
      columns={columns}
      rowKey={(row) => row.id}
      emptyText={t('contact.empty')}
      detail={(row) => <p className="whitespace-pre-line">{row.message}</p>}
    />
  );
}
