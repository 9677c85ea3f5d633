import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import type { AgendaEntry, AgendaRange } from '#common/agenda/agenda.contract.ts';
import { firmTimeZone } from '#common/dates.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { scheduledConsultations } from '#server/features/consultations/consultations.admin.service.ts';
import type { Actor } from '#server/plugins/actor.ts';
import { deleteOwnEvent, insertEvent, listOwnEvents, updateOwnEvent, type AgendaEventRow } from './agenda.repository.ts';

export type AgendaDeps = { db: Db };

type EventValues = { date: string; time: string | null; title: string };

function toEntry(row: AgendaEventRow): AgendaEntry {
  return { id: row.id, kind: 'event', date: row.date, time: row.time?.slice(0, 5) ?? null, title: row.title };
}

/** Midnight of a calendar day on the firm's clock, as an instant. */
function startOfFirmDay(isoDate: string): Date {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new TZDate(year, month - 1, day, firmTimeZone);
}

/** The admin's own events and every consultation with a call set, day by day. */
export async function agendaEntries({ db }: AgendaDeps, admin: Actor, range: AgendaRange): Promise<AgendaEntry[]> {
  const [events, consultations] = await Promise.all([
    listOwnEvents(db, admin.id, range.from, range.to),
    scheduledConsultations({ db }, startOfFirmDay(range.from), addDays(startOfFirmDay(range.to), 1)),
  ]);
  const calls = consultations.map((consultation): AgendaEntry => {
    const at = new TZDate(consultation.scheduledAt, firmTimeZone);
    return {
      id: consultation.id,
      kind: 'consultation',
      date: format(at, 'yyyy-MM-dd'),
      time: format(at, 'HH:mm'),
      title: consultation.clientName,
    };
  });
  return [...events.map(toEntry), ...calls].sort((a, b) => `${a.date}${a.time ?? ''}`.localeCompare(`${b.date}${b.time ?? ''}`));
}

export async function createEvent({ db }: AgendaDeps, admin: Actor, values: EventValues): Promise<AgendaEntry> {
  return toEntry(await insertEvent(db, { ...values, adminId: admin.id }));
}

export async function editEvent({ db }: AgendaDeps, admin: Actor, id: string, values: EventValues): Promise<AgendaEntry> {
  const row = await updateOwnEvent(db, admin.id, id, values);
  if (!row) throw new AppError('notFound');
  return toEntry(row);
}

export async function removeEvent({ db }: AgendaDeps, admin: Actor, id: string): Promise<void> {
  if (!(await deleteOwnEvent(db, admin.id, id))) throw new AppError('notFound');
}
