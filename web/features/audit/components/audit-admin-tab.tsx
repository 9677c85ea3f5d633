import { automaticAuditActions, type AuditEntry } from '#common/audit/audit.contract.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { AuditDetails, AuditTarget } from './audit-entry-parts.tsx';

export function AuditAdminTab() {
  const { t } = useTranslation('admin');
  const date = useAdminDate();
  const columns: Column<AuditEntry>[] = [
    { header: t('columns.date'), cell: (row) => <span className="whitespace-nowrap">{date(row.createdAt)}</span> },
    {
      header: t('columns.who'),
      cell: (row) => (
        <>
          {row.admin
            ? `${row.admin.name} (${row.admin.email})`
            : automaticAuditActions.includes(row.action)
              ? t('audit.automatic')
              : t('audit.deletedAccount')}
          {row.ipAddress ? <span className="block text-xs text-slate-500">{t('audit.from', { ip: row.ipAddress })}</span> : null}
        </>
      ),
    },
    { header: t('columns.action'), cell: (row) => t(`audit.actions.${row.action}`) },
    { header: t('columns.target'), cell: (row) => <AuditTarget target={row.target} /> },
    { header: t('columns.details'), cell: (row) => <AuditDetails details={row.details} /> },
  ];
  return <AdminTable resource="audit" section={t('tabs.audit')} columns={columns} rowKey={(row) => row.id} emptyText={t('audit.empty')} />;
}
