import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '#common/money.ts';
import type { OpenPublicQuote, PublicQuote as PublicQuoteData } from '#common/quotes/quotes.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { showRefusal } from '#web/lib/failure-toast.ts';
import { useSession, useSessionUser } from '#web/lib/session.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useAcceptPublicQuote, useDeclinePublicQuote, usePayQuote, usePublicQuote } from '../api/quotes.queries.ts';
import { DeclineQuoteButton } from './client-quotes.tsx';
import { QuoteStatusBadge, QuoteSummary } from './quote-summary.tsx';

/**
 * How this browser accepts: pay at once (signed in to the quote's account), have the account made
 * and pay (nobody has one for the address), or sign in / out first.
 */
function Acceptance({ token, quote, signOut }: { token: string; quote: OpenPublicQuote; signOut: ReactNode }) {
  const { t } = useTranslation('quotes');
  const language = useLanguage();
  const session = useSession();
  const accept = useAcceptPublicQuote(token, { failureTitle: t('pay.failed') });
  const pay = usePayQuote({ failureTitle: t('pay.failed') });
  const decline = useDeclinePublicQuote(token, { failureTitle: t('decline.failed') });
  const isPaying = accept.isPending || pay.isPending || (pay.isSuccess && pay.data !== null);
  const price = quote.priceCents === null ? '' : formatMoney(quote.priceCents, quote.currency, language);

  async function acceptAndPay() {
    // A refused acceptance is told by its mutation's failure toast (web/lib/failures.ts).
    const isAccepted = await accept.mutateAsync().then(
      () => true,
      () => false,
    );
    if (!isAccepted) return;
    // Made and signed in just now, or signed in already: the checkout is the session's.
    const user = (await session.refetch()).data?.user;
    if (!user) return showRefusal(t('pay.failed'), t('pay.noSession'));
    pay.mutate({ quote, user });
  }

  const signInPath = `/acceder?redirect=${encodeURIComponent(`/presupuesto/${token}`)}`;
  const declineButton = <DeclineQuoteButton title={quote.title} decline={() => decline.mutateAsync()} isBusy={decline.isPending || isPaying} />;

  if (quote.acceptance === 'signIn' || quote.acceptance === 'otherAccount') {
    return (
      <div className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-800">
        <p>{t(`link.acceptance.${quote.acceptance}`, { email: quote.email })}</p>
        {quote.acceptance === 'signIn' ? <p className="mt-2 text-sm">{t('link.noPassword')}</p> : null}
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          {quote.acceptance === 'signIn' ? (
            <Button asChild>
              <Link to={signInPath}>{t('link.signInAction')}</Link>
            </Button>
          ) : (
            signOut
          )}
          {declineButton}
        </div>
      </div>
    );
  }
  return (
    <div className="mt-6">
      {quote.acceptance === 'createAccount' ? <p className="text-slate-700">{t('link.acceptance.createAccount', { email: quote.email })}</p> : null}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" disabled={isPaying} onClick={() => void acceptAndPay()}>
          {isPaying ? t('pay.busy') : t('actions.accept', { price })}
        </Button>
        {declineButton}
      </div>
    </div>
  );
}

/**
 * A paid, declined or expired quote's link: only that state (the server sends nothing else), and
 * where to go next: the client area for a paid one (signing in first), the firm for the others.
 */
function ClosedQuote({ status }: { status: Exclude<PublicQuoteData['status'], 'sent'> }) {
  const { t } = useTranslation('quotes');
  const user = useSessionUser();
  return (
    <div className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <p role="status" className="text-slate-800">
        {t(`link.closed.${status}`)}
      </p>
      {status === 'accepted' ? (
        <Button asChild className="mt-6">
          {user ? <Link to="/panel">{t('link.toPanel')}</Link> : <Link to={`/acceder?redirect=${encodeURIComponent('/panel')}`}>{t('link.signInToPanel')}</Link>}
        </Button>
      ) : (
        <Button asChild variant="outline" className="mt-6">
          <Link to="/contacto">{t('link.contact')}</Link>
        </Button>
      )}
    </div>
  );
}

/**
 * The quote a mailed link opens (/presupuesto/<secret>), whoever holds the link: while open, what it
 * offers and how to accept or decline it; once closed, only its state. `signOut` is offered to a
 * browser signed in to another account.
 */
export function PublicQuote({ token, signOut }: { token: string; signOut: ReactNode }) {
  const { t } = useTranslation('quotes');
  const quote = usePublicQuote(token);
  return (
    <QueryState
      query={quote}
      loading={t('link.loading')}
      failure={
        <div role="alert" className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-800">{t('link.unknown')}</p>
          <Button asChild variant="outline" className="mt-6">
            <Link to="/contacto">{t('link.contact')}</Link>
          </Button>
        </div>
      }
    >
      {(data) => (data.status === 'sent' ? <OpenQuote token={token} data={data} signOut={signOut} /> : <ClosedQuote status={data.status} />)}
    </QueryState>
  );
}

/** An open quote: what it offers, and how to accept or decline it. */
function OpenQuote({ token, data, signOut }: { token: string; data: OpenPublicQuote; signOut: ReactNode }) {
  const { t } = useTranslation('quotes');
  return (
    <article aria-labelledby="quote-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:p-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="quote-title" className="text-2xl font-bold text-brand-900">
            {data.title}
          </h2>
          <p className="mt-1 text-slate-700">{t('link.for', { name: data.name, email: data.email })}</p>
        </div>
        <QuoteStatusBadge status={data.status} />
      </div>
      <div className="mt-6">
        <QuoteSummary quote={data} />
      </div>
      <Acceptance token={token} quote={data} signOut={signOut} />
    </article>
  );
}
