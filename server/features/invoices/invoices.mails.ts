import type { InvoiceContent } from '#common/invoices/invoices.contract.ts';
import { formatExactMoney } from '#common/money.ts';
import type { NextStep } from '#common/payments/next-step.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import { panelAddress } from '#common/site-addresses.ts';

/**
 * The client's copy of each invoice, in the language it was issued in, with the PDF attached: put in
 * the outbox by the transaction that issues it, so it leaves once and only if the invoice exists.
 */
export function createInvoiceMails(config: Pick<AppConfig, 'appUrl' | 'firm'>, outbox: MailOutbox) {
  return {
    issued: (executor: Db | Tx, { content, clientName, nextStep, pdf }: { content: InvoiceContent; clientName: string; nextStep?: NextStep; pdf: Buffer }) => {
      const t = translator(content.language);
      const isRectifying = content.series === 'R';
      const vars = {
        name: typedText(clientName),
        number: content.number,
        total: formatExactMoney(Math.abs(content.totalCents), content.currency, content.language),
        brand: config.firm.brandName,
      };
      const { text, html } = renderMail(
        {
          greeting: t('invoices:mail.greeting', vars),
          // A payment's invoice also says what happens next for what was bought (the success page's words).
          paragraphs: [
            t(isRectifying ? 'invoices:mail.rectifyingIntro' : 'invoices:mail.intro', vars),
            ...(nextStep ? [t(`payments:result.next.${nextStep}`)] : []),
            t('invoices:mail.panel'),
          ],
          action: { label: t('invoices:mail.action'), url: `${config.appUrl}${panelAddress(content.language)}` },
          signature: t('invoices:mail.signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(executor, {
        to: content.buyer.email,
        subject: t(isRectifying ? 'invoices:mail.rectifyingSubject' : 'invoices:mail.subject', vars),
        text,
        html,
        attachments: [{ filename: `${content.number}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
      });
    },
  };
}

export type InvoiceMails = ReturnType<typeof createInvoiceMails>;
