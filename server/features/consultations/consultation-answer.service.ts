import type { ConsultationAnswer } from '#common/consultations/consultation-row.contract.ts';
import { expatriationConsultationType } from '#common/consultations/consultations.contract.ts';
import { defaultLanguage, isLanguage, type Language } from '#common/i18n/languages.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { findConsultationToAnswer, saveConsultationAnswer } from './consultation-answer.repository.ts';
import type { ConsultationAnswerMails } from './consultation-answer.mails.ts';

export type ConsultationAnswerDeps = { db: Db; mails: ConsultationAnswerMails; now: Clock };

function detail(details: Record<string, unknown>, key: string): string {
  const value = details[key];
  return typeof value === 'string' ? value : '';
}

/** The language an anonymous request was sent in (Spanish for those kept before it was recorded). */
function requestLanguage(details: Record<string, unknown>): Language {
  const language = details.language;
  return isLanguage(language) ? language : defaultLanguage;
}

/**
 * The firm answers an expatriation request: its note for the person and, when it offers one, the
 * date of the call (or none). The first answer stops the reply timer (answered_at); a later one
 * replaces the note and date. Audited, and mailed in the person's language: to a client, that the
 * answer is in their panel; to an anonymous requester, the answer itself.
 */
export async function answerConsultation({ db, mails, now }: ConsultationAnswerDeps, admin: Actor, id: string, answer: ConsultationAnswer): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findConsultationToAnswer(tx, id);
    if (!row) throw new AppError('notFound');
    const { consultation, account } = row;
    if (consultation.consultationType !== expatriationConsultationType) throw new AppError('conflict', 'consultation-answer:errors.notExpatriation');
    const scheduledAt = answer.scheduledAt ? new Date(answer.scheduledAt) : null;
    await saveConsultationAnswer(tx, id, { firmNote: answer.note, scheduledAt, answeredAt: now() });
    await recordAudit({ db: tx }, {
      actor: admin,
      action: 'CONSULTATION_ANSWER',
      targetTable: 'consultations',
      targetId: id,
      details: { note: answer.note, scheduledAt: answer.scheduledAt },
    });
    if (account) {
      await mails.answerInPanel(tx, { email: account.email, firstName: account.firstName, language: account.language, scheduledAt });
    } else {
      const details = (consultation.details ?? {}) as Record<string, unknown>;
      await mails.answerByMail(tx, {
        email: detail(details, 'email'),
        language: requestLanguage(details),
        note: answer.note,
        scheduledAt,
      });
    }
  });
}
