import { formatLongDate } from '#common/long-date.ts';
import { formatMoney } from '#common/money.ts';
import type { AdminQuoteRow } from '#common/quotes/quotes.contract.ts';
import { translationSummary } from '#common/quotes/translation-summary.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { useAssignedFilter } from '#web/components/admin/assigned-filter.tsx';
import { AssigneeSelect } from '#web/components/admin/assignee-select.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useLanguage } from '#web/lib/use-language.ts';
import { quotesAdminResource } from '../api/quotes.admin.queries.ts';
import { QuoteStatusBadge } from './quote-summary.tsx';
import { SendQuoteDialog } from './send-quote-dialog.tsx';

/** What each side wrote: the client's request and the firm's text. */
function QuoteTexts({ quote }: { quote: AdminQuoteRow }) {
  const { t } = useTranslation('quotes');
  if (!quote.requestMessage && !quote.message) return null;
  return (
    <dl className="grid gap-3 md:grid-cols-2">
      {quote.requestMessage ? (
        <div>
          <dt className="font-medium text-slate-900">{t('admin.requestMessage')}</dt>
          <dd className="whitespace-pre-line">{quote.requestMessage}</dd>
        </div>
      ) : null}
      {quote.message ? (
        <div>
          <dt className="font-medium text-slate-900">{t('admin.message')}</dt>
          <dd className="whitespace-pre-line">{quote.message}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * The Presupuestos tab: the clients' requests waiting for a price first, then the quotes waiting
 * for an answer, then the rest; a request is answered with 'Enviar presupuesto'.
 */
export function QuotesAdminTab() {
  const { t } = useTranslation(['quotes', 'admin', 'translations', 'assignees']);
  const date = useAdminDate();
  const assigned = useAssignedFilter();
  const language = useLanguage();
  const columns: Column<AdminQuoteRow>[] = [
    {
      header: t('admin:columns.date'),
      cell: (row) => (
        <div>
          <p className="whitespace-nowrap">{date(row.createdAt)}</p>
          {row.sentAt ? <p className="text-xs text-slate-700">{t('admin.sentOn', { date: date(row.sentAt) })}</p> : null}
        </div>
      ),
    },
    {
      header: t('admin:columns.name'),
      cell: (row) => (
        <div>
          <p className="font-medium text-slate-900">{row.client.name}</p>
          <a className="text-brand-700 underline" href={`mailto:${row.client.email}`}>
            {row.client.email}
          </a>
          {row.hasAccount ? null : <p className="text-xs text-slate-700">{t('admin.noAccount')}</p>}
        </div>
      ),
    },
    {
      header: t('admin.service'),
      cell: (row) => (
        <div>
          <p>{row.title}</p>
          {row.translation ? <p className="text-xs text-slate-700">{translationSummary(t, row.translation)}</p> : null}
        </div>
      ),
    },
    { header: t('admin.status'), cell: (row) => <QuoteStatusBadge status={row.status} /> },
    {
      header: t('admin.price'),
      cell: (row) =>
        row.priceCents === null ? (
          '—'
        ) : (
          <div>
            <p className="whitespace-nowrap font-medium">{formatMoney(row.priceCents, row.currency, language)}</p>
            {row.validUntil ? <p className="text-xs text-slate-700">{t('admin.validUntil', { date: formatLongDate(row.validUntil, language) })}</p> : null}
          </div>
        ),
    },
    {
      header: t('assignees:label'),
      cell: (row) => (
        <AssigneeSelect
          kind={row.kind === 'translation' ? 'translation-quotes' : 'case-quotes'}
          resource={quotesAdminResource}
          path={`/api/admin/quotes/${row.id}/assignee`}
          assigneeId={row.assigneeId}
          name={row.client.name}
        />
      ),
    },
    { header: t('admin:columns.actions'), cell: (row) => (row.status === 'requested' ? <SendQuoteDialog quote={row} /> : null) },
  ];
  return (
    <AdminTable
      resource={quotesAdminResource}
      section={t('admin:tabs.quotes')}
      columns={columns}
      rowKey={(row) => row.id}
      emptyText={t('admin.empty')}
      toolbar={assigned.control}
      filters={assigned.filters}
      detail={(row) => <QuoteTexts quote={row} />}
    />
  );
}
