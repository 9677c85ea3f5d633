import { formatMoney } from '#common/money.ts';
import type { AdminPaymentRow } from '#common/payments/payments.contract.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useLanguage } from '#web/lib/use-language.ts';
import { InvoiceLinks } from './invoice-links.tsx';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';

const statusTones: Partial<Record<AdminPaymentRow['status'], BadgeTone>> = { paid: 'green', refunded: 'grey' };

/** Whether something of a paid payment is left to give back. */
const isRefundable = (row: AdminPaymentRow) => row.status === 'paid' && row.refundedCents < row.amountCents;

export function PaymentsAdminTab() {
  const { t } = useTranslation(['admin', 'payments', 'invoices', 'engagements']);
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
          <p className="text-xs text-slate-700">{t(`invoices:methods.${row.method}`)}</p>
          {row.creditedCents > 0 ? (
            <p className="text-xs text-slate-700">{t('payments.credited', { amount: formatMoney(row.creditedCents, row.currency, language) })}</p>
          ) : null}
          {row.refundedCents > 0 ? (
            <p className="text-xs font-medium text-red-800">{t('payments.refunded', { amount: formatMoney(row.refundedCents, row.currency, language) })}</p>
          ) : null}
          {row.withdrawnAt ? <p className="text-xs font-medium text-amber-800">{t('engagements:payments.withdrawn', { date: date(row.withdrawnAt) })}</p> : null}
        </div>
      ),
    },
    {
      header: t('columns.status'),
      cell: (row) => <Badge tone={statusTones[row.status] ?? 'yellow'}>{t(`payments.status.${row.status}`)}</Badge>,
    },
    { header: t('payments.invoices'), cell: (row) => <InvoiceLinks invoices={row.invoices} /> },
    { header: t('columns.actions'), cell: (row) => (isRefundable(row) ? <RefundDialog payment={row} /> : null) },
  ];
  return (
    <AdminTable
      resource="payments"
      section={t('tabs.payments')}
      columns={columns}
      rowKey={(row) => row.id}
      emptyText={t('payments.empty')}
      toolbar={<RecordPaymentDialog />}
    />
  );
}
