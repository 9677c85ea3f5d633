import type { ConsultationOutcome } from '#common/consultations/appointment.contract.ts';
import { defaultLanguage } from '#common/i18n/languages.ts';
import { contactOfferId } from '#common/services/offers.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { serviceOffer } from '#server/features/services/services.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { appointmentReminderLeadMs, type AppointmentMails } from './appointment.mails.ts';
import { claimAppointmentReminder, findAppointment, listAppointmentsToRemind, recordOutcome, updateVideoUrl } from './appointment.repository.ts';

/** `now` is the worker's clock, so that tests move the time instead of waiting for it. */
export type AppointmentDeps = { db: Db; mails: AppointmentMails; now: Clock };

/**
 * Mails the reminder of every appointment starting within the next 24 hours, to the client and to
 * the firm. The transaction that queues the mails records reminder_sent_at only where it was empty,
 * so each reminder leaves once however many instances or runs try; moving the appointment clears it.
 * Returns how many appointments were reminded.
 */
export async function sendAppointmentReminders({ db, mails, now }: AppointmentDeps): Promise<number> {
  const at = now();
  const due = await listAppointmentsToRemind(db, at, new Date(at.getTime() + appointmentReminderLeadMs));
  let reminded = 0;
  for (const appointment of due) {
    const isSent = await db.transaction(async (tx) => {
      if (!appointment.scheduledAt || !(await claimAppointmentReminder(tx, appointment.id, appointment.scheduledAt, at))) return false;
      await mails.reminder(tx, appointment.id);
      return true;
    });
    if (isSent) reminded += 1;
  }
  return reminded;
}

/**
 * The firm sets, changes or removes the video call's link of a video consultation, with its audit
 * row; a new link mails the client the updated invitation.
 */
export async function changeVideoLink({ db, mails }: Pick<AppointmentDeps, 'db' | 'mails'>, admin: Actor, id: string, videoUrl: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findAppointment(tx, id);
    if (!current) throw new AppError('notFound');
    if (current.meetingMode !== 'video' || current.status !== 'pendiente') throw new AppError('conflict', 'appointments:errors.notVideo');
    if (current.videoUrl === videoUrl) return;
    await updateVideoUrl(tx, id, videoUrl);
    await recordAudit({ db: tx }, { actor: admin, action: 'CONSULTATION_VIDEO_LINK', targetTable: 'consultations', targetId: id, details: { from: current.videoUrl, to: videoUrl } });
    if (videoUrl && current.scheduledAt) await mails.videoLink(tx, id);
  });
}

/**
 * Completes a pending consultation with the outcome the client reads and the case recommended,
 * inside the caller's transaction (`db`): completed now, answered now unless it was before, the
 * audit row, and the mail telling the client (a form's consultation, without an account, gets none).
 */
export async function completeConsultation(
  { db, mails, now }: AppointmentDeps,
  admin: Actor,
  current: { id: string; status: string },
  outcome: ConsultationOutcome,
): Promise<void> {
  if (current.status !== 'pendiente') throw new AppError('conflict');
  const recommendedServiceId = outcome.recommendedServiceId ?? null;
  if (recommendedServiceId) {
    const offer = await serviceOffer({ db }, recommendedServiceId, defaultLanguage).catch(() => null);
    if (offer?.kind !== 'case' || offer.id === contactOfferId) throw new AppError('validation', 'appointments:errors.notACase');
  }
  // Only while still pending: a completion that raced this one leaves it as that one made it.
  if (!(await recordOutcome(db, current.id, { firmNote: outcome.firmNote, recommendedServiceId, completedAt: now() }))) throw new AppError('conflict');
  await recordAudit(
    { db },
    {
      actor: admin,
      action: 'STATUS_CHANGE',
      targetTable: 'consultations',
      targetId: current.id,
      details: { from: current.status, to: 'completada', firmNote: outcome.firmNote, recommendedServiceId },
    },
  );
  await mails.completed(db, current.id);
}
