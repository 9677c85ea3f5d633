import { TZDate } from '@date-fns/tz';
import type { FastifyBaseLogger } from 'fastify';
import { freeSlots, type Interval } from '#common/agenda/firm-hours.ts';
import { type Booking, type FirmAppointment, type FreeSlots, type Reschedule, type SlotRange } from '#common/consultations/booking.contract.ts';
import { appointmentMinutes, clientChangeLimitHours, slotHoldMinutes } from '#common/consultations/booking-rules.ts';
import { firmTimeZone } from '#common/long-date.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { busyEventIntervals } from '#server/features/agenda/agenda.service.ts';
import { firmHours } from '#server/features/agenda/firm-hours.service.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import type { AppointmentMails } from './appointment.mails.ts';
import {
  deleteHold,
  endHolds,
  findConsultationForUpdate,
  findHold,
  insertHold,
  listAppointmentsAround,
  listLiveHolds,
  lockBookings,
  updateAppointment,
} from './booking.repository.ts';

/**
 * The booking of scheduled consultations: the free slots, the hold of a slot while its checkout is
 * open, and the appointment's later moves. Every change that takes a slot runs under one advisory
 * lock (lockBookings), so two clients never get the same one.
 */
export type BookingDeps = {
  db: Db;
  /** FIRM_HOURS, the consulting hours until the firm saves its own. */
  openingHours: string;
  now: Clock;
  mails: AppointmentMails;
  log: FastifyBaseLogger;
};

/** What booking needs besides the database and the clock: the hours and the appointment's mails (also handed to fulfilment). */
export type SlotBooking = Pick<BookingDeps, 'openingHours' | 'mails'>;

const minuteMs = 60_000;
const slotMs = appointmentMinutes * minuteMs;

const slotTaken = () => new AppError('validation', 'booking:errors.slotTaken');

/** Midnight of a calendar day on the firm's clock, as an instant. */
function firmMidnight(isoDate: string, plusDays = 0): Date {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, day + plusDays, firmTimeZone).getTime());
}

/** What keeps the firm busy in a window: its timed events, the appointments (but `exceptId`'s) and the live holds. */
async function busyBetween(db: Db, from: Date, to: Date, now: Date, exceptId?: string): Promise<Interval[]> {
  // One after another: inside a transaction they share its one connection.
  const events = await busyEventIntervals({ db }, from, to);
  const appointments = await listAppointmentsAround(db, from, to, slotMs, exceptId);
  const holds = await listLiveHolds(db, from, to, now);
  return [
    ...events,
    ...appointments.flatMap(({ scheduledAt }) => (scheduledAt ? [{ start: scheduledAt, end: new Date(scheduledAt.getTime() + slotMs) }] : [])),
    ...holds.map((hold) => ({ start: hold.startsAt, end: hold.endsAt })),
  ];
}

/** The free slots between two instants: within the hours, past the minimum notice, clear of anything busy. */
async function slotsBetween(deps: Pick<BookingDeps, 'db' | 'openingHours'>, from: Date, to: Date, now: Date, exceptId?: string): Promise<Date[]> {
  const { schedule, minimumNoticeHours } = await firmHours(deps);
  const busy = await busyBetween(deps.db, from, to, now, exceptId);
  return freeSlots(schedule, { from, to, minutes: appointmentMinutes, notBefore: new Date(now.getTime() + minimumNoticeHours * 60 * minuteMs), busy });
}

/** Whether `startsAt` is one of the free slots (the same rule as the list the client chose from). */
async function isFreeSlot(deps: Pick<BookingDeps, 'db' | 'openingHours'>, startsAt: Date, now: Date, exceptId?: string): Promise<boolean> {
  const slots = await slotsBetween(deps, startsAt, new Date(startsAt.getTime() + slotMs), now, exceptId);
  return slots.some((slot) => slot.getTime() === startsAt.getTime());
}

/** Whether an appointment from `startsAt` would overlap another (but `exceptId`'s) or an open checkout's hold, wherever the hours are. */
async function isTaken(db: Db, startsAt: Date, now: Date, exceptId: string): Promise<boolean> {
  const endsAt = new Date(startsAt.getTime() + slotMs);
  const appointments = await listAppointmentsAround(db, startsAt, endsAt, slotMs, exceptId);
  const holds = await listLiveHolds(db, startsAt, endsAt, now);
  return appointments.length > 0 || holds.length > 0;
}

/** The free 45-minute slots of the days asked for (on the firm's clock). */
export async function freeSlotList(deps: Pick<BookingDeps, 'db' | 'openingHours' | 'now'>, range: SlotRange): Promise<FreeSlots> {
  const slots = await slotsBetween(deps, firmMidnight(range.from), firmMidnight(range.to, 1), deps.now());
  return { slots: slots.map((slot) => slot.toISOString()) };
}

/**
 * Holds the chosen slot for a checkout being opened, in the transaction that writes its payment.
 * Under the booking lock, the holds of the client's other open checkouts and of any checkout from the
 * same address end first (one live hold per account and per address, decisions/016), so a client who
 * picks again gets the slot they had; then the slot must be free (a 400 otherwise, and nothing ended),
 * and stays taken until the payment settles or slotHoldMinutes pass.
 */
export async function holdSlot(
  deps: Pick<BookingDeps, 'db' | 'openingHours'>,
  { paymentId, booking, now, supersedes }: { paymentId: string; booking: Booking; now: Date; supersedes: { paymentIds: string[]; clientAddress: string } },
): Promise<void> {
  await lockBookings(deps.db);
  await endHolds(deps.db, { ...supersedes, now });
  const startsAt = new Date(booking.startsAt);
  if (!(await isFreeSlot(deps, startsAt, now))) throw slotTaken();
  await insertHold(deps.db, {
    paymentId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + slotMs),
    meetingMode: booking.meetingMode,
    expiresAt: new Date(now.getTime() + slotHoldMinutes * minuteMs),
    clientAddress: supersedes.clientAddress,
  });
}

/** Whether the checkout of this payment held a slot that has since been given up: its page must no longer take the payment. */
export async function hasHoldExpired({ db }: Pick<BookingDeps, 'db'>, paymentId: string, now: Date): Promise<boolean> {
  const hold = await findHold(db, paymentId);
  return Boolean(hold && hold.expiresAt <= now);
}

/** The slot and way this payment's checkout holds, shown on its payment page; null for a checkout without one. */
export async function heldSlot({ db }: Pick<BookingDeps, 'db'>, paymentId: string): Promise<Booking | null> {
  const hold = await findHold(db, paymentId);
  return hold ? { startsAt: hold.startsAt.toISOString(), meetingMode: hold.meetingMode } : null;
}

/** A checkout that was not paid gives its slot back. */
export async function releaseHold({ db }: Pick<BookingDeps, 'db'>, paymentId: string): Promise<void> {
  await deleteHold(db, paymentId);
}

/**
 * A paid checkout's hold becomes the consultation's appointment, the firm's answer to it, and its
 * mails. A payment that arrives after its hold lapsed (a late bank payment) keeps the slot only if
 * nobody took it meanwhile; otherwise the firm sets the time, as for an unbooked consultation.
 */
export async function bookHeldSlot(
  { db, mails, log }: Pick<BookingDeps, 'mails' | 'log'> & { db: Tx },
  { paymentId, consultationId, now }: { paymentId: string; consultationId: string; now: Date },
): Promise<void> {
  const hold = await deleteHold(db, paymentId);
  if (!hold) return;
  if (hold.expiresAt <= now) {
    await lockBookings(db);
    if (await isTaken(db, hold.startsAt, now, consultationId)) {
      log.warn({ paymentId, consultationId, startsAt: hold.startsAt }, 'paid after its slot hold lapsed and the slot was taken: the firm sets the time');
      return;
    }
  }
  await updateAppointment(db, consultationId, { scheduledAt: hold.startsAt, meetingMode: hold.meetingMode, answeredAt: now });
  await mails.booked(db, consultationId);
}

/** The client's own booked appointment, locked for the change; anyone else's is not found. */
async function ownAppointment(db: Db, client: Actor, id: string, now: Date) {
  const row = await findConsultationForUpdate(db, id);
  if (!row || row.userId !== client.id) throw new AppError('notFound');
  if (row.status !== 'pendiente' || !row.scheduledAt) throw new AppError('conflict', 'booking:errors.notBooked');
  if (row.scheduledAt.getTime() - now.getTime() < clientChangeLimitHours * 60 * minuteMs) throw new AppError('conflict', 'booking:errors.tooLate');
  return { ...row, scheduledAt: row.scheduledAt };
}

/** The client moves their appointment to another free slot, up to 24 hours before it. */
export async function rescheduleByClient(deps: BookingDeps, client: Actor, id: string, input: Reschedule): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await lockBookings(tx);
    const row = await ownAppointment(tx, client, id, now);
    const startsAt = new Date(input.startsAt);
    if (startsAt.getTime() === row.scheduledAt.getTime()) return;
    if (!(await isFreeSlot({ db: tx, openingHours: deps.openingHours }, startsAt, now, id))) throw slotTaken();
    await updateAppointment(tx, id, { scheduledAt: startsAt });
    await recordAudit({ db: tx }, {
      actor: client,
      action: 'CONSULTATION_RESCHEDULE',
      targetTable: 'consultations',
      targetId: id,
      details: { from: { scheduledAt: row.scheduledAt.toISOString() }, to: { scheduledAt: startsAt.toISOString() } },
    });
    await deps.mails.rescheduled(tx, id);
  });
}

/**
 * The client cancels their appointment, up to 24 hours before it: the consultation is cancelled and
 * its paid fee stays, to be deducted from a later case (findUnusedConsultationCredit counts it).
 */
export async function cancelByClient(deps: Pick<BookingDeps, 'db' | 'now' | 'mails'>, client: Actor, id: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await ownAppointment(tx, client, id, now);
    await updateAppointment(tx, id, { status: 'cancelada', cancelledAt: now });
    await recordAudit({ db: tx }, {
      actor: client,
      action: 'CONSULTATION_CANCEL',
      targetTable: 'consultations',
      targetId: id,
      details: { scheduledAt: row.scheduledAt.toISOString() },
    });
    await deps.mails.cancelled(tx, id);
  });
}

/** A completed consultation cannot be cancelled any more (409); one gone or already cancelled needs nothing. */
export async function checkCancellableByFirm({ db }: Pick<BookingDeps, 'db'>, id: string): Promise<void> {
  const row = await findConsultationForUpdate(db, id);
  if (row?.status === 'completada') throw new AppError('conflict', 'booking:errors.completed');
}

/**
 * The firm cancels a pending consultation in the caller's transaction, as a refund that gives it up
 * does: 'cancelada' now, audited with the reason; an appointment leaves the agenda (its slot is free
 * again) and its cancellation is mailed to the client and the firm. One already cancelled, or gone,
 * is left as it is.
 */
export async function cancelByFirm(
  { db, mails }: Pick<BookingDeps, 'mails'> & { db: Tx },
  admin: Actor,
  id: string,
  { reason, now }: { reason: string; now: Date },
): Promise<void> {
  await checkCancellableByFirm({ db }, id);
  const row = await findConsultationForUpdate(db, id);
  if (!row || row.status === 'cancelada') return;
  await updateAppointment(db, id, { status: 'cancelada', cancelledAt: now });
  await recordAudit({ db }, {
    actor: admin,
    action: 'CONSULTATION_CANCEL',
    targetTable: 'consultations',
    targetId: id,
    details: { reason, scheduledAt: row.scheduledAt?.toISOString() ?? null },
  });
  if (row.userId && row.scheduledAt) await mails.cancelled(db, id);
}

/**
 * The firm sets or moves an appointment at any time, to a free slot or any time it chooses, as long
 * as it overlaps no other appointment nor an open checkout's hold; the client is mailed.
 */
export async function setAppointmentByFirm(deps: BookingDeps, admin: Actor, id: string, input: FirmAppointment): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await lockBookings(tx);
    const row = await findConsultationForUpdate(tx, id);
    if (!row) throw new AppError('notFound');
    if (row.status === 'cancelada') throw new AppError('conflict', 'booking:errors.cancelled');
    const startsAt = new Date(input.startsAt);
    if (await isTaken(tx, startsAt, now, id)) throw new AppError('conflict', 'booking:errors.overlaps');
    const meetingMode = input.meetingMode ?? row.meetingMode;
    await updateAppointment(tx, id, { scheduledAt: startsAt, meetingMode, answeredAt: row.answeredAt ?? now });
    await recordAudit({ db: tx }, {
      actor: admin,
      action: 'CONSULTATION_SCHEDULE',
      targetTable: 'consultations',
      targetId: id,
      details: {
        from: { scheduledAt: row.scheduledAt?.toISOString() ?? null, meetingMode: row.meetingMode },
        to: { scheduledAt: startsAt.toISOString(), meetingMode },
      },
    });
    if (row.userId) await (row.scheduledAt ? deps.mails.rescheduled(tx, id) : deps.mails.booked(tx, id));
  });
}
