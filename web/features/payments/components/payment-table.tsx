import { formatLongDate } from '#common/long-date.ts';
import { formatMoney } from '#common/money.ts';
import type { Payment } from '#common/payments/payments.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { InvoiceLinks } from './invoice-links.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { SimpleTable, type SimpleColumn } from '#web/components/ui/simple-table.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

/** The client's payments: paid in green, any other status in yellow, each with its invoices to download. */
export function PaymentTable({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation(['payments', 'invoices']);
  const language = useLanguage();
  const columns: SimpleColumn<Payment>[] = [
    { header: t('list.service'), cell: (row) => row.serviceTitle },
    { header: t('list.date'), cell: (row) => formatLongDate(row.createdAt, language), className: 'text-slate-700' },
    {
      header: t('list.amount'),
      cell: (row) => (
        <>
          {formatMoney(row.amountCents, row.currency, language)}
          {row.creditedCents > 0 ? (
            <span className="block text-xs text-slate-600">{t('list.credited', { amount: formatMoney(row.creditedCents, row.currency, language) })}</span>
          ) : null}
          {row.refundedCents > 0 ? (
            <span className="block text-xs text-slate-600">{t('list.refunded', { amount: formatMoney(row.refundedCents, row.currency, language) })}</span>
          ) : null}
        </>
      ),
    },
    { header: t('list.status'), cell: (row) => <Badge tone={row.status === 'paid' ? 'green' : 'yellow'}>{t(`list.statuses.${row.status}`)}</Badge> },
    { header: t('list.invoices'), cell: (row) => <InvoiceLinks invoices={row.invoices} /> },
  ];
  return <SimpleTable columns={columns} rows={payments} rowKey={(row) => row.id} />;
}
