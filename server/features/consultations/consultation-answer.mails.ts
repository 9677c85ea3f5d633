import { intlLocales, type Language } from '#common/i18n/languages.ts';
import { firmTimeZone } from '#common/long-date.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import { panelAddress } from '#common/site-addresses.ts';

/** The call's day and time in the reader's language, on the firm's clock ('martes, 1 de diciembre de 2026, 10:30'). */
function callTime(at: Date, language: Language): string {
  return new Intl.DateTimeFormat(intlLocales[language], { dateStyle: 'full', timeStyle: 'short', timeZone: firmTimeZone }).format(at);
}

/**
 * The mails of the firm's answer to an expatriation request, in the reader's language: a client
 * with an account is told the answer waits in their panel; an anonymous requester gets the answer
 * itself at the address they gave. Each is put in the outbox by the transaction that keeps the answer.
 */
export function createConsultationAnswerMails(config: Pick<AppConfig, 'appUrl' | 'firm'>, outbox: MailOutbox) {
  const brand = config.firm.brandName;
  const callLine = (t: ReturnType<typeof translator>, scheduledAt: Date | null, language: Language) =>
    scheduledAt ? [t('consultation-answer:mail.call', { date: callTime(scheduledAt, language) })] : [];

  return {
    answerInPanel: (executor: Db | Tx, answer: { email: string; firstName: string; language: Language; scheduledAt: Date | null }) => {
      const t = translator(answer.language);
      const vars = { name: typedText(answer.firstName), brand };
      const { text, html } = renderMail(
        {
          greeting: t('consultation-answer:mail.greeting', vars),
          paragraphs: [t('consultation-answer:mail.inPanel'), ...callLine(t, answer.scheduledAt, answer.language)],
          action: { label: t('consultation-answer:mail.action'), url: `${config.appUrl}${panelAddress(answer.language)}` },
          signature: t('consultation-answer:mail.signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(executor, { to: answer.email, subject: t('consultation-answer:mail.subject', vars), text, html });
    },

    /** To someone without an account: the name and address were typed in a public form and never confirmed, so the greeting leaves the name out. */
    answerByMail: (executor: Db | Tx, answer: { email: string; language: Language; note: string; scheduledAt: Date | null }) => {
      const t = translator(answer.language);
      const vars = { brand };
      const { text, html } = renderMail(
        {
          greeting: t('mail:greetingWithoutName'),
          paragraphs: [t('consultation-answer:mail.intro'), answer.note, ...callLine(t, answer.scheduledAt, answer.language)],
          signature: t('consultation-answer:mail.signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(executor, { to: answer.email, subject: t('consultation-answer:mail.subject', vars), text, html });
    },
  };
}

export type ConsultationAnswerMails = ReturnType<typeof createConsultationAnswerMails>;
