import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { formatDeadlineDay } from '#common/deadlines/deadline-dates.ts';
import type { DeadlineKind } from '#common/deadlines/deadline-rules.ts';
import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';

/** Which reminder of a deadline: its window opening, a week before, two days before, on the day. */
export type ReminderKind = 'opens' | 'week' | 'two_days' | 'due_day';

type Reminder = {
  reminder: ReminderKind;
  deadline: { caseId: number; kind: DeadlineKind; dueDate: string; opensOn: string | null };
  client: { email: string; firstName: string; lastName: string; language: Language };
};

/**
 * The reminder mails of a deadline: to the client in their language, and to the firm's inbox
 * (FIRM_EMAIL) in Spanish. Each is put in the outbox by the transaction that records it as sent.
 */
export function createDeadlineMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, outbox: MailOutbox) {
  const brand = config.firm.brandName;

  function render(language: Language, { reminder, deadline, client }: Reminder, audience: 'client' | 'firm') {
    const t = translator(language);
    const vars = {
      brand,
      name: typedText(audience === 'client' ? client.firstName : `${client.firstName} ${client.lastName}`.trim()),
      caseId: caseDisplayId(deadline.caseId),
      kind: t(`deadlines:kinds.${deadline.kind}`),
      dueDate: formatDeadlineDay(deadline.dueDate, language),
      opensOn: deadline.opensOn ? formatDeadlineDay(deadline.opensOn, language) : '',
    };
    const { text, html } = renderMail(
      {
        greeting: t(`deadlines:mail.${audience}.greeting`, vars),
        paragraphs: [t(`deadlines:mail.${audience}.${reminder}`, vars)],
        action: { label: t(`deadlines:mail.${audience}.action`), url: `${config.appUrl}/${audience === 'client' ? 'panel' : 'admin?tab=plazos'}` },
        signature: t('deadlines:mail.signature', vars),
      },
      config.firm,
    );
    return { subject: t(`deadlines:mail.subject.${reminder === 'opens' ? 'opens' : 'due'}`, vars), text, html };
  }

  return {
    toClient: (tx: Tx, reminder: Reminder) => outbox.enqueue(tx, { to: reminder.client.email, ...render(reminder.client.language, reminder, 'client') }),
    toFirm: (tx: Tx, reminder: Reminder) =>
      outbox.enqueue(tx, { to: config.mail.firmInbox, ...render(defaultLanguage, reminder, 'firm'), replyTo: reminder.client.email }),
  };
}

export type DeadlineMails = ReturnType<typeof createDeadlineMails>;
