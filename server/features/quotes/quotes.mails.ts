import { formatLongDate } from '#common/long-date.ts';
import { defaultLanguage } from '#common/i18n/languages.ts';
import { formatMoney } from '#common/money.ts';
import { translationSummary } from '#common/quotes/translation-summary.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import type { QuoteRow } from './quotes.repository.ts';

/** The page a quote's mailed link opens; the secret in it is the only key to the quote without an account. */
const quotePagePath = '/presupuesto';

type Notice = { quote: QuoteRow; title: string };

/**
 * The quote's mails, each put in the outbox by the transaction of its cause: to the firm's inbox
 * (FIRM_EMAIL, in Spanish) when a client asks for one or declines one, and to the client, in the
 * quote's language, with the link to it when the firm sends it.
 */
export function createQuoteMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, outbox: MailOutbox) {
  function toFirm(executor: Db | Tx, kind: 'requested' | 'declined', { quote, title }: Notice, lines: string[]) {
    const t = translator(defaultLanguage);
    const vars = { name: typedText(quote.name), service: title, brand: config.firm.brandName };
    const { text, html } = renderMail(
      {
        greeting: t('quotes:mail.firm.greeting'),
        paragraphs: [t(`quotes:mail.${kind}.intro`, vars), ...lines, `${t('quotes:mail.firm.email')}: ${quote.email}`],
        action: { label: t('quotes:mail.firm.action'), url: `${config.appUrl}/admin?tab=presupuestos` },
        signature: t('quotes:mail.firm.signature', vars),
      },
      config.firm,
    );
    return outbox.enqueue(executor, { to: config.mail.firmInbox, subject: t(`quotes:mail.${kind}.subject`, vars), text, html, replyTo: quote.email });
  }

  return {
    requested: (executor: Db | Tx, notice: Notice) =>
      toFirm(executor, 'requested', notice, notice.quote.requestMessage ? [`${translator(defaultLanguage)('quotes:mail.requested.message')}: ${typedText(notice.quote.requestMessage)}`] : []),

    declined: (executor: Db | Tx, notice: Notice) => {
      const { priceCents, currency } = notice.quote;
      const price = priceCents === null ? [] : [`${translator(defaultLanguage)('quotes:mail.declined.price')}: ${formatMoney(priceCents, currency, defaultLanguage)}`];
      return toFirm(executor, 'declined', notice, price);
    },

    sent: (executor: Db | Tx, { quote, title, token }: Notice & { token: string }) => {
      const render = () => sentMail({ quote, title, token });
      // A quote asked for without an account answers that request: it has nobody's choices to honour.
      return quote.userId ? outbox.enqueueNotice(executor, { userId: quote.userId, language: quote.language, kinds: ['quotes'] }, render) : outbox.enqueue(executor, render());
    },
  };

  function sentMail({ quote, title, token }: Notice & { token: string }) {
    const t = translator(quote.language);
    const vars = { name: typedText(quote.name), service: title, brand: config.firm.brandName };
    const price = quote.priceCents === null ? '' : formatMoney(quote.priceCents, quote.currency, quote.language);
    const { text, html } = renderMail(
      {
        // Without an account, the name and address came from a public form and were never confirmed: no name.
        greeting: quote.userId ? t('quotes:mail.sent.greeting', vars) : t('mail:greetingWithoutName'),
        paragraphs: [
          t(`quotes:mail.sent.intro.${quote.kind}`, vars),
          ...(quote.translation ? [translationSummary(t, quote.translation)] : []),
          t('quotes:mail.sent.price', { price }),
          ...(quote.validUntil ? [t('quotes:mail.sent.validUntil', { date: formatLongDate(quote.validUntil, quote.language) })] : []),
          ...(quote.message ? [quote.message] : []),
          t('quotes:mail.sent.howTo'),
        ],
        action: { label: t('quotes:mail.sent.action'), url: `${config.appUrl}${quotePagePath}/${token}` },
        closing: [t('quotes:mail.sent.keepPrivate')],
        signature: t('quotes:mail.sent.signature', vars),
      },
      config.firm,
    );
    return { to: quote.email, subject: t('quotes:mail.sent.subject', vars), text, html };
  }
}

export type QuoteMails = ReturnType<typeof createQuoteMails>;
