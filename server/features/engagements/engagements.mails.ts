import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { formatAdminDateTime } from '#common/dates.ts';
import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import { panelAddress } from '#common/site-addresses.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';

type Client = { email: string; name: string; language: Language };

/**
 * The engagement letter's mails, each put in the outbox by the transaction that writes its cause: the
 * client's copy of the accepted letter (a PDF, the durable medium the TRLGDCU asks, art. 98.7) when the
 * payment makes the contract; and a withdrawal's acknowledgement to the client (art. 106.4) with the
 * firm's notice, which says a refund is due within 14 days.
 */
export function createEngagementMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, outbox: MailOutbox) {
  const panel = (language: Language) => `${config.appUrl}${panelAddress(language)}`;
  return {
    accepted: (executor: Db | Tx, { client, serviceTitle, pdf }: { client: Client; serviceTitle: string; pdf: Buffer }) => {
      const t = translator(client.language);
      const vars = { name: typedText(client.name), service: serviceTitle, brand: config.firm.brandName };
      const { text, html } = renderMail(
        {
          greeting: t('engagements:mail.accepted.greeting', vars),
          paragraphs: [t('engagements:mail.accepted.intro', vars), t('engagements:mail.accepted.withdrawal', vars)],
          action: { label: t('engagements:mail.accepted.action'), url: panel(client.language) },
          signature: t('engagements:mail.signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(executor, {
        to: client.email,
        subject: t('engagements:mail.accepted.subject', vars),
        text,
        html,
        attachments: [{ filename: `${t('engagements:pdf.fileName')}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
      });
    },
    withdrawn: async (executor: Db | Tx, { client, serviceTitle, caseId, withdrawnAt }: { client: Client; serviceTitle: string; caseId: number | null; withdrawnAt: Date }) => {
      const name = typedText(client.name);
      for (const [to, language, audience] of [
        [client.email, client.language, 'client'],
        [config.mail.firmInbox, defaultLanguage, 'firm'],
      ] as const) {
        const t = translator(language);
        const vars = { name, service: serviceTitle, brand: config.firm.brandName, at: formatAdminDateTime(withdrawnAt, language) };
        const { text, html } = renderMail(
          {
            greeting: t(`engagements:mail.withdrawn.${audience}.greeting`, vars),
            paragraphs: [
              t(`engagements:mail.withdrawn.${audience}.intro`, vars),
              ...(audience === 'firm' && caseId ? [t('engagements:mail.withdrawn.firm.case', { case: caseDisplayId(caseId) })] : []),
              t(`engagements:mail.withdrawn.${audience}.next`, vars),
            ],
            action: audience === 'client' ? { label: t('engagements:mail.accepted.action'), url: panel(language) } : { label: t('engagements:mail.withdrawn.firm.action'), url: `${config.appUrl}/admin` },
            signature: t('engagements:mail.signature', vars),
          },
          config.firm,
        );
        await outbox.enqueue(executor, { to, subject: t(`engagements:mail.withdrawn.${audience}.subject`, vars), text, html, ...(audience === 'firm' ? { replyTo: client.email } : {}) });
      }
    },
  };
}

export type EngagementMails = ReturnType<typeof createEngagementMails>;
