import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/i18n.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';

type NewChatMessage = { name: string; email: string; text: string; language: Language; isSignedIn: boolean };

/** The firm's inbox (FIRM_EMAIL) hears about each visitor message, in Spanish, with a link to the admin panel. */
export function createChatMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, outbox: MailOutbox) {
  return {
    /** Put in the outbox by the transaction that keeps the message; the visitor never waits for the delivery. */
    newMessage: (executor: Db | Tx, message: NewChatMessage) => {
      const t = translator(defaultLanguage);
      const name = typedText(message.name);
      const vars = { name, brand: config.firm.brandName };
      const { text, html } = renderMail(
        {
          greeting: t('chat:mail.greeting'),
          paragraphs: [
            t(message.isSignedIn ? 'chat:mail.introClient' : 'chat:mail.introVisitor'),
            `${t('chat:mail.fields.name')}: ${name}`,
            `${t('chat:mail.fields.email')}: ${message.email}`,
            `${t('chat:mail.fields.language')}: ${t(`chat:mail.languages.${message.language}`)}`,
            `${t('chat:mail.fields.message')}: ${typedText(message.text)}`,
            t('chat:mail.replyHint'),
          ],
          action: { label: t('chat:mail.action'), url: `${config.appUrl}/admin` },
          signature: t('chat:mail.signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(executor, { to: config.mail.firmInbox, subject: t('chat:mail.subject', vars), text, html });
    },
  };
}

export type ChatMails = ReturnType<typeof createChatMails>;
