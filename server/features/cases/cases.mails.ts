import type { FastifyBaseLogger } from 'fastify';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import { translator } from '#server/i18n.ts';
import { renderMail } from '#server/integrations/mail/layout.ts';
import type { Mailer } from '#server/integrations/mail/mailer.ts';

type CaseClient = { email: string; firstName: string; lastName: string; language: Language };

/**
 * The mails of a case's thread: a client's message goes to the firm's inbox (FIRM_EMAIL), the firm's
 * reply to the client in their language. The message is already stored, so a failed mail is logged.
 */
export function createCaseMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, mailer: Mailer, log: FastifyBaseLogger) {
  const brand = config.firm.brandName;

  const deliver = (send: () => Promise<void>, mail: string, caseId: number) =>
    send().catch((error: unknown) => log.error({ err: error, mail, caseId }, 'case mail failed'));

  return {
    clientMessage: (message: { caseId: number; client: CaseClient & { phone: string }; serviceTitle: string; body: string }) =>
      deliver(
        async () => {
          const t = translator(defaultLanguage);
          const name = `${message.client.firstName} ${message.client.lastName}`.trim();
          const vars = { name, brand, caseId: caseDisplayId(message.caseId), service: message.serviceTitle };
          const { text, html } = renderMail(
            {
              greeting: t('cases:mail.firm.greeting'),
              paragraphs: [
                t('cases:mail.firm.intro', vars),
                message.body,
                `${t('cases:mail.firm.email')}: ${message.client.email}`,
                ...(message.client.phone ? [`${t('cases:mail.firm.phone')}: ${message.client.phone}`] : []),
                t('cases:mail.firm.replyHint'),
              ],
              action: { label: t('cases:mail.firm.action'), url: `${config.appUrl}/admin` },
              signature: t('cases:mail.firm.signature', vars),
            },
            config.firm,
          );
          await mailer.send({ to: config.mail.firmInbox, subject: t('cases:mail.firm.subject', vars), text, html, replyTo: message.client.email });
        },
        'client-message',
        message.caseId,
      ),

    firmReply: (reply: { caseId: number; client: CaseClient; body: string }) =>
      deliver(
        async () => {
          const t = translator(reply.client.language);
          const vars = { name: reply.client.firstName, brand, caseId: caseDisplayId(reply.caseId) };
          const { text, html } = renderMail(
            {
              greeting: t('cases:mail.client.greeting', vars),
              paragraphs: [t('cases:mail.client.intro', vars), reply.body],
              action: { label: t('cases:mail.client.action'), url: `${config.appUrl}/panel` },
              signature: t('cases:mail.client.signature', vars),
            },
            config.firm,
          );
          await mailer.send({ to: reply.client.email, subject: t('cases:mail.client.subject', vars), text, html });
        },
        'firm-reply',
        reply.caseId,
      ),

    statusChanged: (change: { caseId: number; client: CaseClient; status: string }) =>
      deliver(
        async () => {
          const t = translator(change.client.language);
          const vars = { name: change.client.firstName, brand, caseId: caseDisplayId(change.caseId), status: change.status };
          const { text, html } = renderMail(
            {
              greeting: t('cases:mail.status.greeting', vars),
              paragraphs: [t('cases:mail.status.intro', vars)],
              action: { label: t('cases:mail.status.action'), url: `${config.appUrl}/panel` },
              signature: t('cases:mail.status.signature', vars),
            },
            config.firm,
          );
          await mailer.send({ to: change.client.email, subject: t('cases:mail.status.subject', vars), text, html });
        },
        'status-changed',
        change.caseId,
      ),
  };
}

export type CaseMails = ReturnType<typeof createCaseMails>;
