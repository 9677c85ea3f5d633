import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { rangesOn, type FirmSchedule } from '#common/agenda/firm-hours.ts';
import { firmDay } from '#common/dates.ts';
import { firmTimeZone } from '#common/long-date.ts';
import { consultationPromise, isOverdue, replyTimer, type ReplyPromise, type ReplyTimer } from '#common/reply-timers/promises.ts';
import type { ReplyTimerKind, ReplyTimers } from '#common/reply-timers/reply-timers.contract.ts';
import type { Db } from '#server/db/client.ts';
import { firmHours } from '#server/features/agenda/firm-hours.service.ts';
import { waitingChatConversations } from '#server/features/chat/chat.admin.service.ts';
import { consultationsAwaitingReply } from '#server/features/consultations/consultations.service.ts';
import { unansweredContactRequests } from '#server/features/contact/contact.admin.service.ts';
import { unansweredTranslationRequests } from '#server/features/translations/translations.admin.service.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import type { ReplyTimerMails } from './reply-timers.mails.ts';

/** `now` is the worker's clock, so that tests move the time instead of waiting for it. */
export type ReplyTimersDeps = { db: Db; openingHours: string; mails: ReplyTimerMails; now: Clock };

/**
 * A request waiting for the firm's first answer: its tab, its own id (a chat conversation's), the
 * rows it shows on in that tab, the promise it is under, who sent it, when its timer started and
 * who handles it (null: unassigned).
 */
type OpenRequest = { kind: ReplyTimerKind; id: string; rowIds: string[]; promise: ReplyPromise; name: string; since: Date; assigneeId: string | null };
type OpenTimer = OpenRequest & ReplyTimer;

async function openRequests(db: Db): Promise<OpenRequest[]> {
  const [contacts, translations, consultations, conversations] = await Promise.all([
    unansweredContactRequests({ db }),
    unansweredTranslationRequests({ db }),
    consultationsAwaitingReply({ db }),
    waitingChatConversations({ db }),
  ]);
  return [
    ...contacts.map((row) => ({ kind: 'contact' as const, id: row.id, rowIds: [row.id], promise: 'contact' as const, name: row.name, since: row.receivedAt, assigneeId: row.assigneeId })),
    ...translations.map((row) => ({
      kind: 'translation' as const,
      id: row.id,
      rowIds: [row.id],
      promise: 'translation' as const,
      name: row.name,
      since: row.receivedAt,
      assigneeId: row.assigneeId,
    })),
    ...consultations.flatMap((row) => {
      const promise = consultationPromise(row.consultationType);
      return promise ? [{ kind: 'consultation' as const, id: row.id, rowIds: [row.id], promise, name: row.name, since: row.receivedAt, assigneeId: row.assigneeId }] : [];
    }),
    ...conversations.map((conversation) => ({
      kind: 'chat' as const,
      id: conversation.conversationId,
      rowIds: conversation.messageIds,
      promise: 'chat' as const,
      name: conversation.name,
      since: conversation.waitingSince,
      assigneeId: conversation.assigneeId,
    })),
  ];
}

/** Every open request's timer at `now` on the firm's hours, the first due first. */
async function openReplyTimers(db: Db, schedule: FirmSchedule, now: Date): Promise<OpenTimer[]> {
  return (await openRequests(db))
    .flatMap((request) => {
      const timer = replyTimer(schedule, request.promise, request.since, now);
      return timer ? [{ ...request, ...timer }] : [];
    })
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

/** Every open request's timer now, the first due first, with who sent it and who handles it (the "Hoy" view's replies). */
export async function openTimers({ db, openingHours, now }: Pick<ReplyTimersDeps, 'db' | 'openingHours' | 'now'>) {
  const { schedule } = await firmHours({ db, openingHours });
  return (await openReplyTimers(db, schedule, now())).map(({ kind, id, promise, name, dueAt, businessMsLeft, assigneeId }) => ({
    kind,
    id,
    promise,
    name,
    dueAt,
    businessMsLeft,
    assigneeId,
  }));
}

/** The timers the admin tabs show on their rows, and how many requests each tab has overdue. */
export async function replyTimersView({ db, openingHours, now }: Pick<ReplyTimersDeps, 'db' | 'openingHours' | 'now'>): Promise<ReplyTimers> {
  const { schedule } = await firmHours({ db, openingHours });
  const timers = await openReplyTimers(db, schedule, now());
  const overdue = { contact: 0, translation: 0, consultation: 0, chat: 0 };
  for (const timer of timers) if (isOverdue(timer)) overdue[timer.kind] += 1;
  return {
    timers: timers.flatMap(({ kind, rowIds, promise, dueAt, businessMsLeft }) =>
      rowIds.map((id) => ({ kind, id, promise, dueAt: dueAt.toISOString(), businessMsLeft })),
    ),
    overdue,
  };
}

/** The morning mail's time on the firm's clock. */
const morningHour = 8;

/** The next 08:00 in Madrid after `after`: when the morning mail is next due. */
export function nextFirmMorning(after: Date): Date {
  const [year = 0, month = 1, day = 1] = firmDay(after).split('-').map(Number);
  const today = new TZDate(year, month - 1, day, morningHour, 0, firmTimeZone);
  return new Date((today > after ? today : new TZDate(year, month - 1, day + 1, morningHour, 0, firmTimeZone)).getTime());
}

/**
 * The morning mail to the firm (FIRM_EMAIL) listing the requests whose answer is overdue: on days
 * the firm is open, from 08:00 on its clock, and only when something is overdue. The worker runs
 * it once each morning, on one instance (scheduled_tasks). Says whether a mail was queued.
 */
export async function mailOverdueRequests({ db, openingHours, mails, now }: ReplyTimersDeps): Promise<boolean> {
  const at = now();
  const { schedule } = await firmHours({ db, openingHours });
  const isMorningOfOpenDay = rangesOn(schedule, firmDay(at)).length > 0 && Number(format(new TZDate(at, firmTimeZone), 'H')) >= morningHour;
  if (!isMorningOfOpenDay) return false;
  const overdue = (await openReplyTimers(db, schedule, at)).filter(isOverdue);
  if (overdue.length === 0) return false;
  await mails.overdueDigest(db, overdue);
  return true;
}
