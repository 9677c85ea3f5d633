import type { FastifyBaseLogger } from 'fastify';
import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import { translator } from '#server/i18n.ts';
import { renderMail } from '#server/integrations/mail/layout.ts';
import type { Mailer } from '#server/integrations/mail/mailer.ts';

type NewChatMessage = { name: string; email: string; text: string; language: Language; isSignedIn: boolean };

/** The firm's inbox (FIRM_EMAIL) hears about each visitor message, in Spanish, with a link to the admin panel. */
export function createChatMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, mailer: Mailer, log: FastifyBaseLogger) {
  return {
    /** Sent in the background: the visitor never waits for the mail, and a failed mail is only logged. */
    newMessage: (message: NewChatMessage): void => {
      const t = translator(defaultLanguage);
      const vars = { name: message.name, brand: config.firm.brandName };
      const { text, html } = renderMail(
        {
          greeting: t('chat:mail.greeting'),
          paragraphs: [
            t(message.isSignedIn ? 'chat:mail.introClient' : 'chat:mail.introVisitor'),
            `${t('chat:mail.fields.name')}: ${message.name}`,
            `${t('chat:mail.fields.email')}: ${message.email}`,
            `${t('chat:mail.fields.language')}: ${t(`chat:mail.languages.${message.language}`)}`,
            `${t('chat:mail.fields.message')}: ${message.text}`,
            t('chat:mail.replyHint'),
          ],
          action: { label: t('chat:mail.action'), url: `${config.appUrl}/admin` },
          signature: t('chat:mail.signature', vars),
        },
        config.firm,
      );
      Promise.resolve()
        .then(() => mailer.send({ to: config.mail.firmInbox, subject: t('chat:mail.subject', vars), text, html }))
        .catch((error: unknown) => log.error({ err: error }, 'chat notification mail failed'));
    },
  };
}

export type ChatMails = ReturnType<typeof createChatMails>;
