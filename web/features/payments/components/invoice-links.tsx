import { FileDown } from 'lucide-react';
import type { InvoiceLink } from '#common/invoices/invoices.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** A payment's invoices as PDF downloads, each named by its number; a dash while there is none. */
export function InvoiceLinks({ invoices }: { invoices: InvoiceLink[] }) {
  const { t } = useTranslation('invoices');
  if (invoices.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-1">
      {invoices.map((invoice) => (
        <li key={invoice.id}>
          <a
            href={`/api/invoices/${invoice.id}/pdf`}
            download={`${invoice.number}.pdf`}
            aria-label={t('download', { number: invoice.number })}
            className="inline-flex items-center gap-1 text-brand-800 underline underline-offset-2"
          >
            <FileDown className="h-4 w-4" aria-hidden />
            {invoice.number}
          </a>
        </li>
      ))}
    </ul>
  );
}
