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
