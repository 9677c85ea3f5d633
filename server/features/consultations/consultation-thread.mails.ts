import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import { panelAddress } from '#common/site-addresses.ts';

type ThreadClient = { email: string; firstName: string; lastName: string; phone: string; language: Language };

/**
 * The mails of an express consultation's thread: the client's question (or follow-up) goes to the
 * firm's inbox (FIRM_EMAIL) in Spanish, the firm's answer to the client in their language. The
 * files stay in the app, behind its checks: a mail names them only. Each is put in the outbox by
 * the transaction that stores the message.
 */
export function createConsultationThreadMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, outbox: MailOutbox) {
  const brand = config.firm.brandName;

  return {
    clientQuestion: (executor: Db | Tx, question: { client: ThreadClient; body: string; files: string[]; isFollowUp: boolean }) => {
      const t = translator(defaultLanguage);
      const name = typedText(`${question.client.firstName} ${question.client.lastName}`.trim());
      const vars = { name, brand };
      const kind = question.isFollowUp ? 'followUp' : 'question';
      const { text, html } = renderMail(
        {
          greeting: t('consultation-thread:mail.firm.greeting'),
          paragraphs: [
            t(`consultation-thread:mail.firm.${kind}Intro`, vars),
            typedText(question.body),
            ...(question.files.length ? [t('consultation-thread:mail.firm.files'), ...question.files.map((file) => `• ${typedText(file)}`)] : []),
            `${t('consultation-thread:mail.firm.email')}: ${question.client.email}`,
            ...(question.client.phone ? [`${t('consultation-thread:mail.firm.phone')}: ${question.client.phone}`] : []),
            t('consultation-thread:mail.firm.replyHint'),
          ],
          action: { label: t('consultation-thread:mail.firm.action'), url: `${config.appUrl}/admin` },
          signature: t('consultation-thread:mail.firm.signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(executor, {
        to: config.mail.firmInbox,
        subject: t(`consultation-thread:mail.firm.${kind}Subject`, vars),
        text,
        html,
        replyTo: question.client.email,
      });
    },

    firmAnswer: (executor: Db | Tx, answer: { client: ThreadClient; body: string; files: string[] }) => {
      const t = translator(answer.client.language);
      const vars = { name: typedText(answer.client.firstName), brand };
      const { text, html } = renderMail(
        {
          greeting: t('consultation-thread:mail.client.greeting', vars),
          paragraphs: [
            t('consultation-thread:mail.client.intro', vars),
            answer.body,
            ...(answer.files.length ? [t('consultation-thread:mail.client.files'), ...answer.files.map((file) => `• ${file}`)] : []),
            t('consultation-thread:mail.client.followUp'),
          ],
          action: { label: t('consultation-thread:mail.client.action'), url: `${config.appUrl}${panelAddress(answer.client.language)}` },
          signature: t('consultation-thread:mail.client.signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(executor, { to: answer.client.email, subject: t('consultation-thread:mail.client.subject', vars), text, html });
    },
  };
}

export type ConsultationThreadMails = ReturnType<typeof createConsultationThreadMails>;
