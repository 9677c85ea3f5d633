import { defaultLanguage } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Tx } from '#server/db/client.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import type { SubjectInfo } from './notes.service.ts';

/**
 * The mail to a staff member named with `@` in a private note, in Spanish (the firm's language),
 * through the durable outbox in the transaction that stores the note. It names what the note is
 * about and its author, not the note: the note is read in the back office.
 */
export function createNoteMails(config: Pick<AppConfig, 'appUrl' | 'firm'>, outbox: MailOutbox) {
  return {
    mention: (tx: Tx, to: { email: string; firstName: string }, note: { subject: SubjectInfo; author: string }) => {
      const t = translator(defaultLanguage);
      const about = t(`notes:mail.about.${note.subject.kind}`, { name: typedText(note.subject.name) });
      const vars = { brand: config.firm.brandName, name: typedText(to.firstName), author: typedText(note.author), about };
      const { text, html } = renderMail(
        {
          greeting: t('notes:mail.greeting', vars),
          paragraphs: [t('notes:mail.intro', vars)],
          action: { label: t('notes:mail.action'), url: `${config.appUrl}${note.subject.path}` },
          signature: t('mail:signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(tx, { to: to.email, subject: t('notes:mail.subject', vars), text, html });
    },
  };
}

export type NoteMails = ReturnType<typeof createNoteMails>;
