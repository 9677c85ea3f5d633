import type { FastifyBaseLogger } from 'fastify';
import type { AdminListQuery, Page } from '#common/admin/paging.contract.ts';
import { mailFailureReasons, type FailedMail, type MailFailureReason } from '#common/mail/mail.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { NotificationKind } from '#common/notifications/notifications.contract.ts';
import { withFooterLink } from '#server/integrations/mail/layout.ts';
import type { Mailer, MailMessage } from '#server/integrations/mail/mailer.ts';
import { translator } from '#server/platform/translator.ts';
import type { Actor } from '#server/platform/actor.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import type { BackgroundWorker } from '#server/platform/worker/worker.plugin.ts';
import type { WorkerJob } from '#server/platform/worker/worker.ts';
import {
  claimNextMail,
  deleteSentMails,
  hasMail,
  insertMail,
  listFailedMails,
  markAttemptFailed,
  markSent,
  requeueFailedMail,
} from './mail.repository.ts';

const minute = 60 * 1000;
const hour = 60 * minute;

/** The wait before each new attempt after a failed one; after the last, the mail has failed for good. */
const mailRetryDelaysMs: readonly number[] = [minute, 5 * minute, 30 * minute, 2 * hour, 12 * hour];

/**
 * How long a claimed mail is its sender's: far beyond the SMTP transport's own time-outs
 * (server/integrations/mail/mailer.ts), so that nobody retakes a mail still being sent.
 */
const sendLeaseMs = 10 * minute;

/** Delivered mails are kept this long, to answer 'did it leave?', then forgotten. */
const sentMailRetentionMs = 7 * 24 * hour;

/** Who a notice the client may turn off is for, and which kinds of notice it carries (a gathered mail carries several). */
type MailNotice = { userId: string; language: Language; kinds: readonly NotificationKind[] };

/**
 * The client's choices, as the notifications feature keeps them (app.ts hands them in: the
 * platform reads no feature's tables): which of the kinds they still want by e-mail, and the
 * addresses that turn those kinds off without signing in (ADR 055).
 */
export type NoticePreferences = {
  wantedByEmail: (executor: Db | Tx, userId: string, kinds: readonly NotificationKind[]) => Promise<NotificationKind[]>;
  unsubscribeUrl: (userId: string, kinds: readonly NotificationKind[]) => string;
  /**
   * Queues the browser notification (Web Push, ADR 059) of the kinds the client wants by push, when
   * they allowed a browser, from the mail `render` builds of those kinds; says whether it queued one.
   */
  push: (executor: Db | Tx, notice: MailNotice, render: (wanted: readonly NotificationKind[]) => MailMessage) => Promise<boolean>;
};

export type MailOutbox = {
  /**
   * Keeps `message` for the background worker to deliver. Pass the transaction that writes what
   * the mail is about: the mail then exists, and leaves, only if that commits.
   */
  enqueue: (executor: Db | Tx, message: MailMessage) => Promise<void>;
  /**
   * Keeps a mail the client may turn off: the one place their choices are honoured. `render` is
   * given the kinds they still want (a gathered mail leaves out the lines of the others) and is not
   * called when they want none; the mail gets RFC 8058's one-click unsubscribe headers and a
   * footer link, in their language, to the page that confirms it. The kinds they want by push are
   * queued as a browser notification the same way.
   */
  enqueueNotice: (executor: Db | Tx, notice: MailNotice, render: (wanted: readonly NotificationKind[]) => MailMessage) => Promise<void>;
};

type Wakes = Pick<BackgroundWorker, 'now' | 'wake'>;

/** The background worker gives the clock and the wake-up call; only the delivery job uses the transport (`mailer`). */
export type MailDeps = { db: Db; worker: Wakes; mailer: Mailer; log: FastifyBaseLogger };

export function createMailOutbox({ worker, preferences }: Pick<MailDeps, 'worker'> & { preferences: NoticePreferences }): MailOutbox {
  const enqueue: MailOutbox['enqueue'] = async (executor, message) => {
    await insertMail(executor, {
      recipient: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      replyTo: message.replyTo ?? null,
      attachments: message.attachments ?? null,
      headers: message.headers ?? null,
      nextAttemptAt: worker.now(),
    });
    await worker.wake(executor);
  };
  return {
    enqueue,
    enqueueNotice: async (executor, notice, render) => {
      const isPushed = await preferences.push(executor, notice, render);
      const wanted = await preferences.wantedByEmail(executor, notice.userId, notice.kinds);
      if (wanted.length === 0) {
        if (isPushed) await worker.wake(executor);
        return;
      }
      const url = preferences.unsubscribeUrl(notice.userId, wanted);
      const message = render(wanted);
      const footer = withFooterLink(message, { label: translator(notice.language)('notifications:mail.unsubscribe'), url });
      await enqueue(executor, { ...message, ...footer, headers: { ...message.headers, 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    },
  };
}

const unreachableCodes = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);

/** Sorts a transport's error (nodemailer's `code` and SMTP `responseCode`) into what the firm can act on. */
export function failureReason(error: unknown): MailFailureReason {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'authentication';
  if (typeof responseCode === 'number' && responseCode >= 500) return 'rejected';
  if (typeof responseCode === 'number' && responseCode >= 400) return 'deferred';
  if (typeof code === 'string' && unreachableCodes.has(code)) return 'unreachable';
  return 'other';
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * The worker's mail job: claims one due mail, hands it to the transport (SMTP, or the .eml
 * outbox), and records the outcome, retrying after growing delays.
 */
export function createMailDelivery(
  { db, worker, mailer, log }: MailDeps,
  retryDelaysMs: readonly number[] = mailRetryDelaysMs,
): WorkerJob {
  return {
    name: 'mail-delivery',
    step: async () => {
      const attemptedAt = worker.now();
      const mail = await claimNextMail(db, attemptedAt, new Date(attemptedAt.getTime() + sendLeaseMs));
      if (!mail) return false;
      try {
        await mailer.send({
          to: mail.recipient,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
          replyTo: mail.replyTo ?? undefined,
          attachments: mail.attachments ?? undefined,
          headers: mail.headers ?? undefined,
        });
      } catch (error) {
        const delay = retryDelaysMs[mail.attempts - 1];
        const retryAt = delay === undefined ? undefined : new Date(attemptedAt.getTime() + delay);
        const reason = failureReason(error);
        await markAttemptFailed(db, mail, { retryAt, reason, error: errorText(error) });
        const context = { err: error, mailId: mail.id, attempts: mail.attempts, reason };
        if (retryAt) log.warn({ ...context, retryAt }, 'mail delivery failed; will retry');
        else log.error(context, 'mail delivery failed for good; listed in the admin panel');
        return true;
      }
      await markSent(db, mail, worker.now());
      return true;
    },
  };
}

export async function purgeSentMails({ db, worker }: Pick<MailDeps, 'db' | 'worker'>): Promise<void> {
  await deleteSentMails(db, new Date(worker.now().getTime() - sentMailRetentionMs));
}

const asReason = (value: string | null): MailFailureReason =>
  mailFailureReasons.includes(value as MailFailureReason) ? (value as MailFailureReason) : 'other';

export async function failedMailsPage({ db }: Pick<MailDeps, 'db'>, query: AdminListQuery): Promise<Page<FailedMail>> {
  const { rows, total } = await listFailedMails(db, query);
  return adminPage(
    query,
    rows.map((row) => ({
      id: row.id,
      recipient: row.recipient,
      subject: row.subject,
      attempts: row.attempts,
      reason: asReason(row.lastErrorReason),
      error: row.lastError ?? '',
      createdAt: row.createdAt.toISOString(),
      lastAttemptAt: (row.lastAttemptAt ?? row.createdAt).toISOString(),
    })),
    total,
  );
}

/** An admin sends a failed mail again: queued as new, with its audit row, and every worker told. */
export async function resendFailedMail({ db, worker }: Pick<MailDeps, 'db' | 'worker'>, admin: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const mail = await requeueFailedMail(tx, id, worker.now());
    if (!mail) throw new AppError((await hasMail(tx, id)) ? 'conflict' : 'notFound');
    await recordAudit({ db: tx }, { actor: admin, action: 'MAIL_RESEND', targetTable: 'mail_outbox', targetId: id, details: { ...mail } });
    await worker.wake(tx);
  });
}
