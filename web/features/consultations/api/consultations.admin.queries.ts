import type { ConsultationAnswer } from '#common/consultations/consultation-row.contract.ts';
import type { ConsultationUpdate } from '#common/consultations/consultations.contract.ts';
import { useAdminMutation } from '#web/lib/admin-list.ts';

/** The firm's change to a consultation (its call's date, or done). */
export function useChangeConsultation() {
  return useAdminMutation<{ id: string; change: ConsultationUpdate }>('consultations', ({ id, change }) => ({
    path: `/api/admin/consultations/${id}`,
    method: 'PATCH',
    body: change,
  }));
}

/** The firm's answer to an expatriation request: its note, and the call's date or none. */
export function useAnswerConsultation() {
  return useAdminMutation<{ id: string; answer: ConsultationAnswer }>('consultations', ({ id, answer }) => ({
    path: `/api/admin/consultations/${id}/answer`,
    method: 'PUT',
    body: answer,
  }));
}
