import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import { formatLongDate } from '#common/long-date.ts';
import { localizedPath } from '#common/site-addresses.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';

type NewChatMessage = { name: string; email: string; text: string; language: Language; isSignedIn: boolean };

type UnseenReplies = {
  /** An account's conversation: its replies are a notice the client may turn off (ADR 055). */
  userId: string | null;
  name: string;
  email: string;
  language: Language;
  replies: string[];
  /** The link's token that gives the conversation back to a visitor's browser; none for an account's conversation. */
  reopen?: { token: string; expiresAt: Date };
};

/**
 * The firm's inbox (FIRM_EMAIL) hears about each visitor message, in Spanish, with a link to the
 * admin panel; a visitor who left gets the firm's replies in their language, with a link to go on.
 */
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

    unseenReplies: (executor: Db | Tx, mail: UnseenReplies) => {
      const t = translator(mail.language);
      const brand = config.firm.brandName;
      // The token travels after '#': browsers never send it to a server, so it stays out of logs.
      const chat = mail.reopen ? `#chat=${mail.reopen.token}` : '#chat';
      const { text, html } = renderMail(
        {
          greeting: t('chat:replyMail.greeting', { name: typedText(mail.name) }),
          paragraphs: [
            t(mail.replies.length > 1 ? 'chat:replyMail.introMany' : 'chat:replyMail.intro'),
            ...mail.replies,
            mail.reopen
              ? t('chat:replyMail.continue', { date: formatLongDate(mail.reopen.expiresAt, mail.language) })
              : t('chat:replyMail.continueAccount'),
          ],
          action: { label: t('chat:replyMail.action'), url: `${config.appUrl}${localizedPath('/', mail.language)}${chat}` },
          signature: t('chat:replyMail.signature', { brand }),
        },
        config.firm,
      );
      const message = { to: mail.email, subject: t('chat:replyMail.subject', { brand }), text, html };
      return mail.userId ? outbox.enqueueNotice(executor, { userId: mail.userId, language: mail.language, kinds: ['replies'] }, () => message) : outbox.enqueue(executor, message);
    },
  };
}

export type ChatMails = ReturnType<typeof createChatMails>;
