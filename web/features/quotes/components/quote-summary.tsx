import { formatLongDate } from '#common/long-date.ts';
import { formatMoney } from '#common/money.ts';
import type { QuoteStatus } from '#common/quotes/quote-vocabulary.ts';
import type { Quote } from '#common/quotes/quotes.contract.ts';
import { translationSummary } from '#common/quotes/translation-summary.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

const statusTones: Record<QuoteStatus, BadgeTone> = { requested: 'grey', sent: 'yellow', accepted: 'green', declined: 'red', expired: 'grey' };

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation('quotes');
  return <Badge tone={statusTones[status]}>{t(`statuses.${status}`)}</Badge>;
}

/** The quote's price, its last day, what it covers and the words of each side. */
export function QuoteSummary({ quote }: { quote: Quote }) {
  const { t } = useTranslation(['quotes', 'translations']);
  const language = useLanguage();
  return (
    <dl className="space-y-3 text-slate-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <dt className="text-slate-700">{t('summary.price')}</dt>
        <dd className={quote.priceCents === null ? 'text-slate-700' : 'text-2xl font-bold text-brand-900'}>
          {quote.priceCents === null ? t('summary.waiting') : formatMoney(quote.priceCents, quote.currency, language)}
        </dd>
      </div>
      {quote.validUntil ? (
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="text-slate-700">{t('summary.validUntil')}</dt>
          <dd>{formatLongDate(quote.validUntil, language)}</dd>
        </div>
      ) : null}
      {quote.translation ? (
        <div>
          <dt className="text-slate-700">{t('summary.translation')}</dt>
          <dd className="font-medium">{translationSummary(t, quote.translation)}</dd>
        </div>
      ) : null}
      {quote.message ? (
        <div>
          <dt className="text-slate-700">{t('summary.message')}</dt>
          <dd className="whitespace-pre-line">{quote.message}</dd>
        </div>
      ) : null}
      {quote.requestMessage ? (
        <div>
          <dt className="text-slate-700">{t('summary.requestMessage')}</dt>
          <dd className="whitespace-pre-line">{quote.requestMessage}</dd>
        </div>
      ) : null}
    </dl>
  );
}
