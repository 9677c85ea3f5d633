import { useState } from 'react';
import { formatMoney } from '#common/money.ts';
import type { Quote } from '#common/quotes/quotes.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { formatLongDate } from '#common/long-date.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useSessionUser } from '#web/lib/session.ts';
import { useDeclineQuote, usePayQuote } from '../api/quotes.queries.ts';
import { QuoteStatusBadge, QuoteSummary } from './quote-summary.tsx';

/**
 * 'Rechazar', asked twice: declining is final. `decline` runs the call the page owns (from the panel
 * or from the mailed link).
 */
export function DeclineQuoteButton({ title, decline, isBusy }: { title: string; decline: () => Promise<unknown>; isBusy: boolean }) {
  const { t } = useTranslation('quotes');
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button variant="outline" disabled={isBusy} onClick={() => setOpen(true)}>
        {t('actions.decline')}
      </Button>
      <DialogContent title={t('decline.title')} description={t('decline.description', { title })}>
        <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
          <Button
            variant="destructive"
            disabled={isBusy}
            onClick={() =>
              decline().then(
                () => {
                  setOpen(false);
                  toast({ title: t('decline.done'), variant: 'success' });
                },
                // The decline's failure toast is its mutation's (web/lib/failures.ts); the dialog stays open to try again.
                () => undefined,
              )
            }
          >
            {t('decline.confirm')}
          </Button>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('decline.keep')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function OpenQuoteActions({ quote }: { quote: Quote }) {
  const { t } = useTranslation('quotes');
  const language = useLanguage();
  const user = useSessionUser();
  const pay = usePayQuote({ failureTitle: t('pay.failed') });
  const decline = useDeclineQuote({ failureTitle: t('decline.failed') });
  // Stays busy while the browser leaves for the payment page.
  const isPaying = pay.isPending || (pay.isSuccess && pay.data !== null);
  if (!user || quote.priceCents === null) return null;
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row">
      <Button
        disabled={isPaying}
        onClick={() =>
          pay.mutate({ quote, user })
        }
      >
        {isPaying ? t('pay.busy') : t('actions.accept', { price: formatMoney(quote.priceCents, quote.currency, language) })}
      </Button>
      <DeclineQuoteButton title={quote.title} decline={() => decline.mutateAsync(quote.id)} isBusy={decline.isPending || isPaying} />
    </div>
  );
}

/** The panel's quotes: each with its state, and while open, 'Aceptar y pagar' and 'Rechazar'. */
export function ClientQuotes({ quotes }: { quotes: Quote[] }) {
  const { t } = useTranslation('quotes');
  const language = useLanguage();
  return (
    <ul className="space-y-4">
      {quotes.map((quote) => (
        <li key={quote.id}>
          <article aria-labelledby={`quote-${quote.id}`} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 id={`quote-${quote.id}`} className="text-lg font-semibold text-slate-900">
                  {quote.title}
                </h2>
                <p className="text-sm text-slate-700">{t('panel.askedOn', { date: formatLongDate(quote.createdAt, language) })}</p>
              </div>
              <QuoteStatusBadge status={quote.status} />
            </div>
            <div className="mt-4">
              <QuoteSummary quote={quote} />
            </div>
            {quote.status === 'sent' ? <OpenQuoteActions quote={quote} /> : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
