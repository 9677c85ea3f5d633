import { useTranslation } from 'react-i18next';
import { formatMoney } from '#common/money.ts';
import type { AdminPaymentRow } from '#common/payments/payments.contract.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useLanguage } from '#web/lib/use-language.ts';

export function PaymentsAdminTab() {
  const { t } = useTranslation(['admin', 'payments']);
  const date = useAdminDate();
  const language = useLanguage();
  const columns: Column<AdminPaymentRow>[] = [
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
    { header: t('columns.service'), cell: (row) => row.serviceTitle },
    {
      header: t('columns.amount'),
      cell: (row) => (
        <div className="whitespace-nowrap">
          {formatMoney(row.amountCents, row.currency, language)}
          {row.creditedCents > 0 ? (
            <p className="text-xs text-slate-700">{t('payments.credited', { amount: formatMoney(row.creditedCents, row.currency, language) })}</p>
          ) : null}
        </div>
      ),
    },
    {
      header: t('columns.status'),
      cell: (row) => <Badge tone={row.status === 'paid' ? 'green' : 'yellow'}>{t(`payments.status.${row.status}`)}</Badge>,
    },
  ];
  return <AdminTable resource="payments" section={t('tabs.payments')} columns={columns} rowKey={(row) => row.id} emptyText={t('payments.empty')} />;
}
