import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import type { AgendaEntry, AgendaRange } from '#common/agenda/agenda.contract.ts';
import type { Interval } from '#common/agenda/firm-hours.ts';
import type { MeetingMode } from '#common/consultations/consultations.contract.ts';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { firmDay } from '#common/dates.ts';
import { firmTimeZone } from '#common/long-date.ts';
import type { TodayWhose } from '#common/today/today.contract.ts';
import type { Db } from '#server/db/client.ts';
import { officialAppointmentsBetween } from '#server/features/official-appointments/official-appointments.service.ts';
import { AppError } from '#server/platform/app-error.ts';
import type { Actor } from '#server/platform/actor.ts';
import { deleteOwnEvent, insertEvent, listEventsOn, listOwnEvents, listTimedEvents, updateOwnEvent, type AgendaEventRow } from './agenda.repository.ts';

/** A consultation whose call is set, as the agenda shows it. */
type ScheduledCall = { id: string; clientName: string; meetingMode: MeetingMode | null; scheduledAt: Date; endsAt: Date };

/**
 * The agenda's read of the consultations' calls between two instants, handed in by the composition
 * root: the consultations feature books slots on the agenda's hours and events, so the agenda
 * importing it back would close a circle.
 */
export type ScheduledCalls = (from: Date, to: Date) => Promise<ScheduledCall[]>;

export type AgendaDeps = { db: Db; scheduledCalls: ScheduledCalls };

type EventValues = { date: string; time: string | null; title: string };

function toEntry(row: AgendaEventRow): AgendaEntry {
  return { id: row.id, kind: 'event', date: row.date, time: row.time?.slice(0, 5) ?? null, endTime: null, meetingMode: null, title: row.title };
}

/** Midnight of a calendar day on the firm's clock, as an instant. */
function startOfFirmDay(isoDate: string): Date {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new TZDate(year, month - 1, day, firmTimeZone);
}

/** The admin's own events, every consultation with a call set and not cancelled, and the cases' appointments with the administration, day by day. */
export async function agendaEntries({ db, scheduledCalls }: AgendaDeps, admin: Actor, range: AgendaRange): Promise<AgendaEntry[]> {
  const from = startOfFirmDay(range.from);
  const to = addDays(startOfFirmDay(range.to), 1);
  const [events, consultations, appointments] = await Promise.all([
    listOwnEvents(db, admin.id, range.from, range.to),
    scheduledCalls(from, to),
    officialAppointmentsBetween({ db }, from, to),
  ]);
  const official = appointments.map((appointment): AgendaEntry => {
    const at = new TZDate(appointment.startsAt, firmTimeZone);
    const displayId = caseDisplayId(appointment.caseId);
    return {
      id: displayId,
      kind: 'official',
      officialKind: appointment.kind,
      date: format(at, 'yyyy-MM-dd'),
      time: format(at, 'HH:mm'),
      endTime: null,
      meetingMode: null,
      title: `${displayId} · ${appointment.clientName}`,
    };
  });
  const calls = consultations.map((consultation): AgendaEntry => {
    const at = new TZDate(consultation.scheduledAt, firmTimeZone);
    return {
      id: consultation.id,
      kind: 'consultation',
      date: format(at, 'yyyy-MM-dd'),
      time: format(at, 'HH:mm'),
      endTime: format(new TZDate(consultation.endsAt, firmTimeZone), 'HH:mm'),
      meetingMode: consultation.meetingMode,
      title: consultation.clientName,
    };
  });
  return [...events.map(toEntry), ...calls, ...official].sort((a, b) => `${a.date}${a.time ?? ''}`.localeCompare(`${b.date}${b.time ?? ''}`));
}

/** The agenda's own events of a day (the "Hoy" view's): the person's, or with 'firm' everyone's, each with whose it is. */
export async function eventsOn({ db }: Pick<AgendaDeps, 'db'>, whose: TodayWhose, date: string) {
  const rows = await listEventsOn(db, date, whose === 'firm' ? undefined : whose.staffId);
  return rows.map((row) => ({ id: row.id, title: row.title, date: row.date, time: row.time?.slice(0, 5) ?? null, adminId: row.adminId }));
}

/** How long an event with a time keeps the firm busy; an event without one (a reminder, a day's note) keeps it free. */
const timedEventMinutes = 60;

/** When the firm's events keep it busy between two instants: each event with a time, for an hour from it. */
export async function busyEventIntervals({ db }: Pick<AgendaDeps, 'db'>, from: Date, to: Date): Promise<Interval[]> {
  // The firm's days around the window: a day on the firm's clock is at most two hours off UTC's.
  const rows = await listTimedEvents(db, firmDay(addDays(from, -1)), firmDay(addDays(to, 1)));
  return rows
    .map((row) => {
      const [year = 0, month = 1, day = 1] = row.date.split('-').map(Number);
      const [hours = 0, minutes = 0] = (row.time ?? '00:00').split(':').map(Number);
      const start = new Date(new TZDate(year, month - 1, day, hours, minutes, firmTimeZone).getTime());
      return { start, end: new Date(start.getTime() + timedEventMinutes * 60_000) };
    })
    .filter((interval) => interval.start < to && from < interval.end);
}

export async function createEvent({ db }: Pick<AgendaDeps, 'db'>, admin: Actor, values: EventValues): Promise<AgendaEntry> {
  return toEntry(await insertEvent(db, { ...values, adminId: admin.id }));
}

export async function editEvent({ db }: Pick<AgendaDeps, 'db'>, admin: Actor, id: string, values: EventValues): Promise<AgendaEntry> {
  const row = await updateOwnEvent(db, admin.id, id, values);
  if (!row) throw new AppError('notFound');
  return toEntry(row);
}

export async function removeEvent({ db }: Pick<AgendaDeps, 'db'>, admin: Actor, id: string): Promise<void> {
  if (!(await deleteOwnEvent(db, admin.id, id))) throw new AppError('notFound');
}
