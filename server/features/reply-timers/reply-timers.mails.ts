import { formatAdminDateTime } from '#common/dates.ts';
import { defaultLanguage } from '#common/i18n/languages.ts';
import { timerReading, type ReplyPromise } from '#common/reply-timers/promises.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';

/** An overdue request as the mail lists it: what, who, received when, and how late in business time. */
type OverdueRequest = { promise: ReplyPromise; name: string; since: Date; businessMsLeft: number };

/** The firm's morning list of overdue requests, in Spanish (the firm's language), to its inbox (FIRM_EMAIL). */
export function createReplyTimerMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, outbox: MailOutbox) {
  const language = defaultLanguage;
  const t = translator(language);

  function line(timer: OverdueRequest) {
    const reading = timerReading(timer.businessMsLeft, language);
    return t('reply-timers:mail.item', {
      kind: t(`reply-timers:promises.${timer.promise}`),
      name: timer.name ? typedText(timer.name) : t('reply-timers:mail.noName'),
      received: formatAdminDateTime(timer.since, language),
      late: t(`reply-timers:reading.${reading.state}`, { time: reading.time }),
    });
  }

  return {
    overdueDigest: (db: Db, overdue: OverdueRequest[]) => {
      const count = overdue.length;
      const { text, html } = renderMail(
        {
          greeting: t('reply-timers:mail.greeting'),
          paragraphs: [t('reply-timers:mail.intro', { count }), ...overdue.map(line)],
          action: { label: t('reply-timers:mail.action'), url: `${config.appUrl}/admin` },
          signature: t('reply-timers:mail.signature', { brand: config.firm.brandName }),
        },
        config.firm,
      );
      return outbox.enqueue(db, { to: config.mail.firmInbox, subject: t('reply-timers:mail.subject', { count }), text, html });
    },
  };
}

export type ReplyTimerMails = ReturnType<typeof createReplyTimerMails>;
