import type { ConsultationAnswer } from '#common/consultations/consultation-row.contract.ts';
import type { ConsultationUpdate } from '#common/consultations/consultations.contract.ts';
import { useAdminMutation, type AdminWriteFeedback } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';

/** The firm's change to a consultation (its call's date, or done). */
export function useChangeConsultation(meta?: AdminWriteFeedback) {
  return useAdminMutation<{ id: string; change: ConsultationUpdate }>('consultations', ({ id, change }) => ({
    path: `/api/admin/consultations/${id}`,
    method: 'PATCH',
    body: change,
  }), meta);
}

/** The firm's answer to an expatriation request: its note, and the call's date or none. */
export function useAnswerConsultation(meta?: FeedbackMeta) {
  return useAdminMutation<{ id: string; answer: ConsultationAnswer }>('consultations', ({ id, answer }) => ({
    path: `/api/admin/consultations/${id}/answer`,
    method: 'PUT',
    body: answer,
  }), meta);
}
