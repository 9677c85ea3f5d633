import { caseDisplayId, type CaseStage } from '#common/cases/cases.contract.ts';
import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/i18n.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';

type CaseClient = { email: string; firstName: string; lastName: string; language: Language };

/**
 * The mails of a case: a client's message and the hourly list of their uploads go to the firm's
 * inbox (FIRM_EMAIL), the firm's reply and each move to a new stage to the client in their language. Each is put in the outbox by the
 * transaction that stores what it tells.
 */
export function createCaseMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, outbox: MailOutbox) {
  const brand = config.firm.brandName;

  return {
    clientMessage: (executor: Db | Tx, message: { caseId: number; client: CaseClient & { phone: string }; serviceTitle: string; body: string }) => {
      const t = translator(defaultLanguage);
      const name = typedText(`${message.client.firstName} ${message.client.lastName}`.trim());
      const vars = { name, brand, caseId: caseDisplayId(message.caseId), service: message.serviceTitle };
      const { text, html } = renderMail(
        {
          greeting: t('cases:mail.firm.greeting'),
          paragraphs: [
            t('cases:mail.firm.intro', vars),
            typedText(message.body),
            `${t('cases:mail.firm.email')}: ${message.client.email}`,
            ...(message.client.phone ? [`${t('cases:mail.firm.phone')}: ${message.client.phone}`] : []),
            t('cases:mail.firm.replyHint'),
          ],
          action: { label: t('cases:mail.firm.action'), url: `${config.appUrl}/admin` },
          signature: t('cases:mail.firm.signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(executor, { to: config.mail.firmInbox, subject: t('cases:mail.firm.subject', vars), text, html, replyTo: message.client.email });
    },

    /** The files a client uploaded to a case since the last such mail, to the firm's inbox in Spanish. */
    newUploads: (executor: Db | Tx, batch: { caseId: number; client: CaseClient; serviceTitle: string; files: string[] }) => {
      const t = translator(defaultLanguage);
      const name = typedText(`${batch.client.firstName} ${batch.client.lastName}`.trim());
      const caseId = caseDisplayId(batch.caseId);
      const vars = { name, brand, caseId, service: batch.serviceTitle };
      const { text, html } = renderMail(
        {
          greeting: t('cases:mail.firm.greeting'),
          paragraphs: [t('cases:mail.uploads.intro', vars), ...batch.files.map((file) => `• ${typedText(file)}`)],
          action: { label: t('cases:mail.uploads.action'), url: `${config.appUrl}/admin/expedientes/${caseId}` },
          signature: t('cases:mail.firm.signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(executor, { to: config.mail.firmInbox, subject: t('cases:mail.uploads.subject', vars), text, html, replyTo: batch.client.email });
    },

    firmReply: (executor: Db | Tx, reply: { caseId: number; client: CaseClient; body: string }) => {
      const t = translator(reply.client.language);
      const vars = { name: typedText(reply.client.firstName), brand, caseId: caseDisplayId(reply.caseId) };
      const { text, html } = renderMail(
        {
          greeting: t('cases:mail.client.greeting', vars),
          paragraphs: [t('cases:mail.client.intro', vars), reply.body],
          action: { label: t('cases:mail.client.action'), url: `${config.appUrl}/panel` },
          signature: t('cases:mail.client.signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(executor, { to: reply.client.email, subject: t('cases:mail.client.subject', vars), text, html });
    },

    stageChanged: (executor: Db | Tx, change: { caseId: number; client: CaseClient; stage: CaseStage; note: string | null }) => {
      const t = translator(change.client.language);
      const vars = { name: typedText(change.client.firstName), brand, caseId: caseDisplayId(change.caseId), stage: t(`cases:stages.names.${change.stage}`) };
      const { text, html } = renderMail(
        {
          greeting: t('cases:mail.status.greeting', vars),
          paragraphs: [t('cases:mail.status.intro', vars), ...(change.note ? [t('cases:mail.status.note', { note: change.note })] : [])],
          action: { label: t('cases:mail.status.action'), url: `${config.appUrl}/panel` },
          signature: t('cases:mail.status.signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(executor, { to: change.client.email, subject: t('cases:mail.status.subject', vars), text, html });
    },
  };
}

export type CaseMails = ReturnType<typeof createCaseMails>;
