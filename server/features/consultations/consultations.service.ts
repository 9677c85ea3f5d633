import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  expatriationConsultationType,
  expatriationObjectives,
  type ClientConsultation,
  type ExpatriationConsultation,
} from '#common/consultations/consultations.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import { isSpam, privacyPolicyVersion, type IntakeReceipt } from '#common/intake/fields.ts';
import type { Db } from '#server/db/client.ts';
import type { IntakeMails } from '#server/features/intake/intake.service.ts';
import { consultationAttachmentFiles } from './consultation-thread.repository.ts';
import { countConsultationsByClient, insertConsultation, listConsultationsAwaitingReply, listUserConsultations } from './consultations.repository.ts';

/** For the orphan sweep: the stored files the consultations' attachments name. */
export { consultationAttachmentFiles };

export type ConsultationsDeps = { db: Db; mails: IntakeMails; log: FastifyBaseLogger };

/**
 * The consultation's details as docs/product/data-and-states.md lists them: the whole form, with
 * snake_case names, and the language it was sent in (the firm's answer is mailed in it).
 */
function expatriationDetails(form: ExpatriationConsultation, language: Language) {
  return {
    name: form.name,
    email: form.email,
    phone: form.phone ?? '',
    origin_country: form.originCountry ?? '',
    destination_city: form.destinationCity ?? '',
    objectives: Object.fromEntries(expatriationObjectives.map((objective) => [objective, form.objectives?.[objective] === true])),
    arrival_date: form.arrivalDate ?? '',
    message: form.message ?? '',
    gdpr: form.privacy,
    language,
  };
}

/**
 * An expatriation consultation, pending until the firm answers it: the signed-in client's own (it
 * shows in their panel), or an anonymous one known by the e-mail it gives.
 */
export async function submitExpatriationConsultation(
  { db, mails, log }: ConsultationsDeps,
  form: ExpatriationConsultation,
  language: Language,
  userId: string | null,
): Promise<IntakeReceipt> {
  if (isSpam(form)) {
    log.warn({ form: 'expatriation' }, 'honeypot filled: request dropped');
    return { id: randomUUID() };
  }
  const details = expatriationDetails(form, language);
  const objectives = (t: (key: string) => string) =>
    expatriationObjectives
      .filter((objective) => details.objectives[objective])
      .map((objective) => t(`consultations:objectives.${objective}`))
      .join(', ');
  return db.transaction(async (tx) => {
    const row = await insertConsultation(tx, {
      userId,
      consultationType: expatriationConsultationType,
      status: 'pendiente',
      details,
      privacyConsentedAt: new Date(),
      privacyPolicyVersion,
    });
    await mails.notify(tx, {
      kind: 'expatriation',
      language,
      name: details.name,
      email: details.email,
      summary: (t) => [
        ['name', details.name],
        ['email', details.email],
        ['phone', details.phone],
        ['originCountry', details.origin_country],
        ['destinationCity', details.destination_city],
        ['objectives', objectives(t)],
        ['arrivalDate', details.arrival_date],
        ['message', details.message],
      ],
      receipt: (t) => [
        ['destinationCity', details.destination_city],
        ['objectives', objectives(t)],
        ['arrivalDate', details.arrival_date],
      ],
    });
    return { id: row.id };
  });
}

/**
 * The consultation a paid express or scheduled consultation opens, pending until the firm completes
 * it. Called by the payments feature inside the transaction that marks the payment paid.
 */
export async function openHiredConsultation({ db }: Pick<ConsultationsDeps, 'db'>, hired: { userId: string; serviceId: string; paymentId: string }): Promise<string> {
  const row = await insertConsultation(db, {
    userId: hired.userId,
    consultationType: hired.serviceId,
    status: 'pendiente',
    details: { service_id: hired.serviceId, payment_id: hired.paymentId },
  });
  return row.id;
}

/** The signed-in client's consultations, and nobody else's. */
export async function clientConsultations({ db }: Pick<ConsultationsDeps, 'db'>, userId: string, language: Language): Promise<ClientConsultation[]> {
  const rows = await listUserConsultations(db, userId, language);
  return rows.map(({ recommendedServiceId, recommendedTitle, ...row }) => ({
    ...row,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    recommendedService: recommendedServiceId ? { id: recommendedServiceId, title: recommendedTitle ?? recommendedServiceId } : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The consultations waiting for the firm's first answer, for their reply timers: who asked, and when. */
export async function consultationsAwaitingReply(
  { db }: Pick<ConsultationsDeps, 'db'>,
): Promise<Array<{ id: string; consultationType: string; name: string; receivedAt: Date; assigneeId: string | null }>> {
  return (await listConsultationsAwaitingReply(db)).map(({ consultation, userName }) => {
    const formName = (consultation.details as Record<string, unknown> | null)?.name;
    return {
      id: consultation.id,
      consultationType: consultation.consultationType,
      name: userName ?? (typeof formName === 'string' ? formName : ''),
      receivedAt: consultation.createdAt,
      assigneeId: consultation.assigneeId,
    };
  });
}

/** How many consultations each of these accounts has, for the back office's client list (none: 0). */
export async function consultationCountsByClient({ db }: { db: Db }, userIds: string[]): Promise<(userId: string) => number> {
  const counts = await countConsultationsByClient(db, userIds);
  return (userId) => counts.get(userId) ?? 0;
}
