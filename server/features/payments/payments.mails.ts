import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import { formatMoney } from '#common/money.ts';
import type { NextStep } from '#common/payments/next-step.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import { panelAddress } from '#common/site-addresses.ts';

type PaidNotice = {
  client: { email: string; firstName: string; lastName: string; phone: string };
  /** The service's Spanish title: the firm's notice is in Spanish whatever the client's language. */
  serviceTitle: string;
  /** What the firm must now do for this purchase. */
  nextStep: NextStep;
  amountCents: number;
  creditedCents: number;
  currency: string;
  caseId: number | undefined;
};

type CreditGoneNotice = {
  client: { email: string; firstName: string; lastName: string; language: Language };
  serviceTitle: string;
  amountCents: number;
  currency: string;
};

/**
 * Tells the firm's inbox (FIRM_EMAIL), in Spanish, about each payment and what it must now do for it
 * (prepare a booked consultation, answer an express one in writing, call about a case, deliver a
 * translation): put in the outbox by the transaction that marks the payment paid.
 */
export function createPaymentMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, outbox: MailOutbox) {
  return {
    paid: (executor: Db | Tx, notice: PaidNotice) => {
      const t = translator(defaultLanguage);
      const name = typedText(`${notice.client.firstName} ${notice.client.lastName}`.trim());
      const money = (cents: number) => formatMoney(cents, notice.currency, defaultLanguage);
      const vars = { name, brand: config.firm.brandName, service: notice.serviceTitle, amount: money(notice.amountCents) };
      const { text, html } = renderMail(
        {
          greeting: t('payments:mail.firm.greeting'),
          paragraphs: [
            t(`payments:mail.firm.next.${notice.nextStep}`, vars),
            ...(notice.caseId ? [`${t('payments:mail.firm.case')}: ${caseDisplayId(notice.caseId)}`] : []),
            ...(notice.creditedCents > 0 ? [`${t('payments:mail.firm.credited')}: ${money(notice.creditedCents)}`] : []),
            `${t('payments:mail.firm.email')}: ${notice.client.email}`,
            ...(notice.client.phone ? [`${t('payments:mail.firm.phone')}: ${notice.client.phone}`] : []),
          ],
          action: { label: t('payments:mail.firm.action'), url: `${config.appUrl}/admin` },
          signature: t('payments:mail.firm.signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(executor, { to: config.mail.firmInbox, subject: t('payments:mail.firm.subject', vars), text, html, replyTo: notice.client.email });
    },
    /**
     * A checkout paid after the consultation fee it deducted was refunded or taken (decisions/020):
     * the client learns, in their language, that nothing was opened and the payment is given back
     * whole; the firm, that the refund is under way and to check it reached the provider.
     */
    creditGone: async (executor: Db | Tx, notice: CreditGoneNotice) => {
      const name = typedText(`${notice.client.firstName} ${notice.client.lastName}`.trim());
      for (const [to, language, audience] of [
        [notice.client.email, notice.client.language, 'client'],
        [config.mail.firmInbox, defaultLanguage, 'firm'],
      ] as const) {
        const t = translator(language);
        const vars = { name, brand: config.firm.brandName, service: notice.serviceTitle, amount: formatMoney(notice.amountCents, notice.currency, language) };
        const { text, html } = renderMail(
          {
            greeting: t('payments:mail.creditGone.greeting'),
            paragraphs: [t(`payments:mail.creditGone.${audience}.intro`, vars), t(`payments:mail.creditGone.${audience}.next`, vars)],
            action: audience === 'client' ? { label: t('payments:mail.creditGone.client.action'), url: `${config.appUrl}${panelAddress(language)}` } : { label: t('payments:mail.firm.action'), url: `${config.appUrl}/admin` },
            signature: t('payments:mail.creditGone.signature', vars),
          },
          config.firm,
        );
        await outbox.enqueue(executor, { to, subject: t(`payments:mail.creditGone.${audience}.subject`, vars), text, html });
      }
    },
  };
}

export type PaymentMails = ReturnType<typeof createPaymentMails>;
