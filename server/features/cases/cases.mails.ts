import { caseDisplayId, type CaseStage } from '#common/cases/cases.contract.ts';
import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import { formatLongDate } from '#common/long-date.ts';
import type { NotificationKind } from '#common/notifications/notifications.contract.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import { panelAddress } from '#common/site-addresses.ts';

type CaseClient = { userId: string; email: string; firstName: string; lastName: string; language: Language };

/**
 * The mails of a case: a client's message goes to the staff member who handles the case, in their
 * language, or to the firm's inbox (FIRM_EMAIL) while nobody does; the hourly list of their uploads
 * goes to the firm's inbox; the firm's reply, each move to a new stage and the gathered notices of what the firm asked or shared go
 * to the client in their language. Each is put in the outbox by the
 * transaction that stores what it tells.
 */
export function createCaseMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, outbox: MailOutbox) {
  const brand = config.firm.brandName;

  return {
    clientMessage: (
      executor: Db | Tx,
      message: { caseId: number; client: CaseClient & { phone: string }; serviceTitle: string; body: string },
      assignee: { email: string; language: Language } | null,
    ) => {
      const t = translator(assignee?.language ?? defaultLanguage);
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
          action: { label: t('cases:mail.firm.action'), url: assignee ? `${config.appUrl}/admin/expedientes/${message.caseId}` : `${config.appUrl}/admin` },
          signature: t('cases:mail.firm.signature', vars),
        },
        config.firm,
      );
      const to = assignee?.email ?? config.mail.firmInbox;
      return outbox.enqueue(executor, { to, subject: t('cases:mail.firm.subject', vars), text, html, replyTo: message.client.email });
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

    firmReply: (executor: Db | Tx, reply: { caseId: number; client: CaseClient; body: string }) =>
      outbox.enqueueNotice(executor, noticeTo(reply.client, ['replies']), () => {
        const t = translator(reply.client.language);
        const vars = { name: typedText(reply.client.firstName), brand, caseId: caseDisplayId(reply.caseId) };
        const { text, html } = renderMail(
          {
            greeting: t('cases:mail.client.greeting', vars),
            paragraphs: [t('cases:mail.client.intro', vars), reply.body],
            action: { label: t('cases:mail.client.action'), url: `${config.appUrl}${panelAddress(reply.client.language, vars.caseId)}` },
            signature: t('cases:mail.client.signature', vars),
          },
          config.firm,
        );
        return { to: reply.client.email, subject: t('cases:mail.client.subject', vars), text, html };
      }),

    stageChanged: (executor: Db | Tx, change: { caseId: number; client: CaseClient; stage: CaseStage; note: string | null }) =>
      outbox.enqueueNotice(executor, noticeTo(change.client, ['stageChanges']), () => {
        const t = translator(change.client.language);
        const vars = { name: typedText(change.client.firstName), brand, caseId: caseDisplayId(change.caseId), stage: t(`cases:stages.names.${change.stage}`) };
        const { text, html } = renderMail(
          {
            greeting: t('cases:mail.status.greeting', vars),
            paragraphs: [t('cases:mail.status.intro', vars), ...(change.note ? [t('cases:mail.status.note', { note: change.note })] : [])],
            action: { label: t('cases:mail.status.action'), url: `${config.appUrl}${panelAddress(change.client.language, vars.caseId)}` },
            signature: t('cases:mail.status.signature', vars),
          },
          config.firm,
        );
        return { to: change.client.email, subject: t('cases:mail.status.subject', vars), text, html };
      }),

    /** What the firm has just asked of or given the client, and what is due, gathered into one mail in their language; only reminders read as one. */
    clientNotices: (executor: Db | Tx, batch: { caseId: number; client: CaseClient; items: ClientNoticeItem[] }) =>
      outbox.enqueueNotice(executor, noticeTo(batch.client, [...new Set(batch.items.map(noticeKind))]), (wanted) => {
        const items = batch.items.filter((item) => wanted.includes(noticeKind(item)));
        const t = translator(batch.client.language);
        const caseId = caseDisplayId(batch.caseId);
        const vars = { name: typedText(batch.client.firstName), brand, caseId };
        const wording = items.every((item) => item.kind === 'dueSoon' || item.kind === 'overdue') ? 'reminders' : 'news';
        const line = (item: ClientNoticeItem) => {
          if (item.kind === 'shared') return t('cases:mail.notices.shared', { name: typedText(item.name) });
          if (item.kind === 'rejection') return t('cases:mail.notices.rejection', { title: typedText(item.title), reason: typedText(item.reason) });
          if (item.kind === 'dueSoon' || item.kind === 'overdue') return t(`cases:mail.notices.${item.kind}`, { title: typedText(item.title), date: formatLongDate(item.dueDate, batch.client.language) });
          return item.dueDate
            ? t('cases:mail.notices.requestDue', { title: typedText(item.title), date: formatLongDate(item.dueDate, batch.client.language) })
            : t('cases:mail.notices.request', { title: typedText(item.title) });
        };
        const { text, html } = renderMail(
          {
            greeting: t('cases:mail.client.greeting', vars),
            paragraphs: [t(`cases:mail.notices.intro.${wording}`, vars), ...items.map((item) => `• ${line(item)}`)],
            action: { label: t('cases:mail.notices.action'), url: `${config.appUrl}${panelAddress(batch.client.language, caseId)}` },
            signature: t('cases:mail.client.signature', vars),
          },
          config.firm,
        );
        return { to: batch.client.email, subject: t(`cases:mail.notices.subject.${wording}`, vars), text, html };
      }),
  };
}

/** Who a notice the client may turn off is for, in their language. */
const noticeTo = (client: CaseClient, kinds: NotificationKind[]) => ({ userId: client.userId, language: client.language, kinds });

/** The kind of notice a line of the gathered mail is, as the client turns it off on /perfil. */
function noticeKind(item: ClientNoticeItem): NotificationKind {
  if (item.kind === 'rejection') return 'rejections';
  if (item.kind === 'shared') return 'sharedDocuments';
  return 'documentRequests';
}

/** One line of the client's notices mail. */
export type ClientNoticeItem =
  | { kind: 'request'; title: string; dueDate: string | null }
  | { kind: 'dueSoon' | 'overdue'; title: string; dueDate: string }
  | { kind: 'rejection'; title: string; reason: string }
  | { kind: 'shared'; name: string };

export type CaseMails = ReturnType<typeof createCaseMails>;
