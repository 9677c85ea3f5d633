import type { Page } from '#common/admin/paging.contract.ts';
import type { Assignee, AssignedListQuery, AssigneeInput } from '#common/assignees/assignees.contract.ts';
import type { ConsultationRow, ExpatriationAnswers } from '#common/consultations/consultation-row.contract.ts';
import { expatriationConsultationType, expatriationObjectives, type ConsultationUpdate } from '#common/consultations/consultations.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import { appointmentMinutes } from '#common/consultations/booking-rules.ts';
import { assignWork, type AssigneesDeps } from '#server/features/assignees/assignees.service.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { consultationNames, deleteConsultation, findConsultation, listConsultations, listScheduledConsultations, setConsultationAssignee } from './consultations.repository.ts';
import { completeConsultation, type AppointmentDeps } from './appointment.service.ts';
import { consultationAttachmentKeys, removeConsultationAttachments, type ConsultationThreadDeps } from './consultation-thread.service.ts';
import type { ConsultationsDeps } from './consultations.service.ts';

type Row = Awaited<ReturnType<typeof listConsultations>>['rows'][number];

function text(details: Record<string, unknown>, key: string): string {
  const value = details[key];
  return typeof value === 'string' ? value : '';
}

/** The expatriation form's answers, read from the details it was kept as (docs/product/data-and-states.md). */
function expatriationAnswers(details: Record<string, unknown>): ExpatriationAnswers {
  const ticked = (details.objectives ?? {}) as Record<string, unknown>;
  return {
    name: text(details, 'name'),
    email: text(details, 'email'),
    phone: text(details, 'phone'),
    originCountry: text(details, 'origin_country'),
    destinationCity: text(details, 'destination_city'),
    objectives: expatriationObjectives.filter((objective) => ticked[objective] === true),
    arrivalMonth: text(details, 'arrival_date'),
    message: text(details, 'message'),
  };
}

/** A client's consultation names its account; a form's names the person who filled it in. */
function toRow({ consultation, userName, userEmail, typeTitle, paymentAmountCents, paymentCurrency, paymentStatus }: Row): ConsultationRow {
  const details = (consultation.details ?? {}) as Record<string, unknown>;
  return {
    id: consultation.id,
    consultationType: consultation.consultationType,
    typeTitle,
    status: consultation.status,
    client: { name: userName ?? text(details, 'name'), email: userEmail ?? text(details, 'email') },
    form: consultation.consultationType === expatriationConsultationType ? expatriationAnswers(details) : null,
    payment:
      paymentAmountCents !== null && paymentCurrency !== null && paymentStatus !== null
        ? { amountCents: paymentAmountCents, currency: paymentCurrency, status: paymentStatus }
        : null,
    firmNote: consultation.firmNote,
    answeredAt: consultation.answeredAt?.toISOString() ?? null,
    scheduledAt: consultation.scheduledAt?.toISOString() ?? null,
    meetingMode: consultation.meetingMode,
    videoUrl: consultation.videoUrl,
    createdAt: consultation.createdAt.toISOString(),
    assigneeId: consultation.assigneeId,
  };
}

export async function consultationsPage({ db }: Pick<ConsultationsDeps, 'db'>, staff: Actor, query: AssignedListQuery, language: Language): Promise<Page<ConsultationRow>> {
  const { rows, total } = await listConsultations(db, query, language, staff.id);
  return adminPage(query, rows.map(toRow), total);
}

/** Who handles a consultation: assigned, reassigned or sent back to the unassigned queue (assignees.service.ts). */
export function assignConsultation({ assignees }: { assignees: AssigneesDeps }, staff: Actor, id: string, input: AssigneeInput): Promise<Assignee> {
  return assignWork(assignees, staff, { kind: 'consultations', id, set: (tx, assigneeId) => setConsultationAssignee(tx, id, assigneeId) }, input);
}

/** Whose these consultations are, by id, for the audit log's page: the account's name, or the name the form gave. */
export function namesOfConsultations({ db }: Pick<ConsultationsDeps, 'db'>, ids: string[]): Promise<Map<string, string>> {
  return consultationNames(db, ids);
}

/**
 * Completes a pending consultation (only while pendiente) with the outcome the client reads, or sets
 * its date, with the audit row.
 */
export async function changeConsultation({ db, mails, now }: AppointmentDeps, admin: Actor, id: string, change: ConsultationUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findConsultation(tx, id);
    if (!current) throw new AppError('notFound');
    await completeConsultation({ db: tx, mails, now }, admin, current, { firmNote: change.firmNote, recommendedServiceId: change.recommendedServiceId });
  });
}

/** Deletes the consultation with its audit row, then the files of its thread (an express consultation's). */
export async function removeConsultation({ db, storage, log }: Pick<ConsultationThreadDeps, 'db' | 'storage' | 'log'>, admin: Actor, id: string): Promise<void> {
  const storageKeys = await db.transaction(async (tx) => {
    const keys = await consultationAttachmentKeys({ db: tx }, id);
    const row = await deleteConsultation(tx, id);
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, { actor: admin, action: 'DELETE', targetTable: 'consultations', targetId: id, details: { consultationType: row.consultationType } });
    return keys;
  });
  await removeConsultationAttachments({ storage, log }, storageKeys);
}

/** The consultations whose call falls between two instants, but cancelled ones, for the agenda: who, how, and its span. */
export async function scheduledConsultations({ db }: Pick<ConsultationsDeps, 'db'>, from: Date, to: Date) {
  const rows = await listScheduledConsultations(db, from, to);
  return rows.map(({ consultation, userName }) => {
    const scheduledAt = consultation.scheduledAt as Date;
    return {
      id: consultation.id,
      consultationType: consultation.consultationType,
      clientName: userName ?? text((consultation.details ?? {}) as Record<string, unknown>, 'name'),
      meetingMode: consultation.meetingMode,
      scheduledAt,
      endsAt: new Date(scheduledAt.getTime() + appointmentMinutes * 60_000),
      assigneeId: consultation.assigneeId,
    };
  });
}

/** For the staff feature, when a person leaves: their consultations go back to the unassigned queue. */
export { releaseConsultationsOf } from './consultations.repository.ts';
