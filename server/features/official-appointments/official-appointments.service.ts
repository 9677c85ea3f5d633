import {
  officialAppointmentKinds,
  officialAppointmentReminderDays,
  type CaseOfficialAppointments,
  type NewOfficialAppointment,
  type OfficialAppointment,
} from '#common/official-appointments/official-appointments.contract.ts';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { firmDateTime } from '#common/dates.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { adminCase, ownCase } from '#server/features/cases/cases.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { translator } from '#server/platform/translator.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import type { AppointmentMailEvent, OfficialAppointmentMails } from './official-appointments.mails.ts';
import {
  appointmentClient,
  claimReminder,
  deleteAppointment,
  findAppointment,
  insertAppointment,
  listCaseAppointments,
  listAppointmentsBetween,
  listDueReminders,
  updateAppointment,
  type OfficialAppointmentRow,
  type ReminderColumn,
} from './official-appointments.repository.ts';

export type OfficialAppointmentsDeps = { db: Db; mails: OfficialAppointmentMails; now: Clock };

type Viewer = Pick<SessionUser, 'id' | 'role'>;

const dayMs = 24 * 60 * 60 * 1000;

/** Each reminder's column, by the days before the appointment it leaves. */
const reminderColumns: Record<(typeof officialAppointmentReminderDays)[number], ReminderColumn> = { 3: 'remindedThreeDaysAt', 1: 'remindedOneDayAt' };

function toAppointment(row: OfficialAppointmentRow): OfficialAppointment {
  return {
    id: row.id,
    caseId: row.caseId,
    kind: row.kind,
    startsAt: row.startsAt.toISOString(),
    office: row.office,
    officeAddress: row.officeAddress,
    reference: row.reference,
    whatToBring: row.whatToBring,
  };
}

/** What the firm typed, as the row keeps it: the day and time on the firm's clock, which must be to come. */
function details(input: NewOfficialAppointment, now: Date) {
  const startsAt = firmDateTime(input.day, input.time);
  if (startsAt.getTime() <= now.getTime()) throw new AppError('validation', 'official-appointments:errors.past');
  return { kind: input.kind, startsAt, office: input.office, officeAddress: input.officeAddress, reference: input.reference || null, whatToBring: input.whatToBring };
}

/** Mails the case's client about the appointment, in the caller's transaction. */
async function mailClient({ mails }: Pick<OfficialAppointmentsDeps, 'mails'>, tx: Tx, event: AppointmentMailEvent, row: OfficialAppointmentRow, stamp: Date) {
  const client = await appointmentClient(tx, row.caseId);
  if (client) await mails.send(tx, event, row, client, stamp);
}

function audit(tx: Tx, staff: Actor, action: 'APPOINTMENT_SET' | 'APPOINTMENT_CANCEL', row: OfficialAppointmentRow) {
  return recordAudit({ db: tx }, {
    actor: staff,
    action,
    targetTable: 'cases',
    targetId: String(row.caseId),
    details: { kind: row.kind, scheduledAt: row.startsAt.toISOString(), office: row.office, reference: row.reference },
  });
}

/** A case's appointments for its page, with what each kind asks to bring in the client's language (the form starts from it). */
export async function adminCaseAppointments({ db }: Pick<OfficialAppointmentsDeps, 'db'>, viewer: Viewer, caseId: number): Promise<CaseOfficialAppointments> {
  await adminCase({ db }, viewer, caseId);
  const [rows, client] = await Promise.all([listCaseAppointments(db, caseId), appointmentClient(db, caseId)]);
  const t = translator(client?.language ?? 'es');
  return {
    appointments: rows.map(toAppointment),
    whatToBring: Object.fromEntries(officialAppointmentKinds.map((kind) => [kind, t(`official-appointments:bring.${kind}`)])) as CaseOfficialAppointments['whatToBring'],
  };
}

/** Records an appointment of the case; its client is mailed it with the calendar invitation. */
export async function recordAppointment(deps: OfficialAppointmentsDeps, staff: Actor, caseId: number, input: NewOfficialAppointment): Promise<OfficialAppointment> {
  await adminCase(deps, staff, caseId);
  const now = deps.now();
  const values = details(input, now);
  return deps.db.transaction(async (tx) => {
    const row = await insertAppointment(tx, { ...values, caseId, createdBy: staff.id });
    await audit(tx, staff, 'APPOINTMENT_SET', row);
    await mailClient(deps, tx, 'booked', row, now);
    return toAppointment(row);
  });
}

/** The staff member's appointment, once they may see its case: another's is unknown (404). */
async function appointmentOfCase(db: Db, viewer: Viewer, id: string): Promise<OfficialAppointmentRow> {
  const row = await findAppointment(db, id);
  if (!row) throw new AppError('notFound');
  await adminCase({ db }, viewer, row.caseId);
  return row;
}

/** Changes an appointment; its client gets the new version (a new day or time is reminded again). */
export async function changeAppointment(deps: OfficialAppointmentsDeps, staff: Actor, id: string, input: NewOfficialAppointment): Promise<OfficialAppointment> {
  await appointmentOfCase(deps.db, staff, id);
  const now = deps.now();
  const values = details(input, now);
  return deps.db.transaction(async (tx) => {
    const changed = await updateAppointment(tx, id, values);
    if (!changed) throw new AppError('notFound');
    await audit(tx, staff, 'APPOINTMENT_SET', changed.after);
    await mailClient(deps, tx, 'moved', changed.after, now);
    return toAppointment(changed.after);
  });
}

/** Cancels an appointment; its client gets the cancellation for their calendar. */
export async function cancelAppointment(deps: OfficialAppointmentsDeps, staff: Actor, id: string): Promise<void> {
  await appointmentOfCase(deps.db, staff, id);
  await deps.db.transaction(async (tx) => {
    const row = await deleteAppointment(tx, id);
    if (!row) throw new AppError('notFound');
    await audit(tx, staff, 'APPOINTMENT_CANCEL', row);
    await mailClient(deps, tx, 'cancelled', row, deps.now());
  });
}

/** The appointments still to come of a case of the client's own; another's case is unknown (404). */
export async function clientCaseAppointments({ db, now }: Pick<OfficialAppointmentsDeps, 'db' | 'now'>, userId: string, caseId: number): Promise<OfficialAppointment[]> {
  await ownCase({ db }, userId, caseId);
  return (await listCaseAppointments(db, caseId, now())).map(toAppointment);
}

/**
 * The worker's pass: the reminder 3 days before (while more than a day remains) and the one a day
 * before, each once: claimed in the transaction that mails it, so two instances never both send it.
 * Answers how many left.
 */
export async function sendAppointmentReminders(deps: OfficialAppointmentsDeps): Promise<number> {
  const now = deps.now();
  let sent = 0;
  for (const days of officialAppointmentReminderDays) {
    const column = reminderColumns[days];
    const isLastReminder = days === Math.min(...officialAppointmentReminderDays);
    // An appointment already inside the next reminder's window gets that one, not this.
    const from = isLastReminder ? now : new Date(now.getTime() + Math.min(...officialAppointmentReminderDays) * dayMs);
    for (const row of await listDueReminders(deps.db, column, from, new Date(now.getTime() + days * dayMs))) {
      const isSent = await deps.db.transaction(async (tx) => {
        if (!(await claimReminder(tx, row.id, column, now))) return false;
        await mailClient(deps, tx, 'reminder', row, now);
        return true;
      });
      if (isSent) sent += 1;
    }
  }
  return sent;
}

/** The firm's appointments with the administration between two instants, for the agenda: which, when, and whose case. */
export async function officialAppointmentsBetween({ db }: Pick<OfficialAppointmentsDeps, 'db'>, from: Date, to: Date) {
  const rows = await listAppointmentsBetween(db, from, to);
  return rows.map((row) => ({ caseId: row.caseId, kind: row.kind, startsAt: row.startsAt, clientName: `${row.firstName} ${row.lastName}`.trim() }));
}
