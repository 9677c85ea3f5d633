import { useQueries, useQuery } from '@tanstack/react-query';
import type { CaseOfficialAppointments, NewOfficialAppointment, OfficialAppointment } from '#common/official-appointments/official-appointments.contract.ts';
import { adminKeys, useAdminMutation, type AdminWriteFeedback } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';

/** The admin resource of the appointments with the administration, under /api/admin/ (its DELETE is the cancellation). */
export const officialAppointmentsResource = 'official-appointments';

const keys = {
  adminOfCase: (caseId: number) => [...adminKeys.resource(officialAppointmentsResource), 'case', caseId] as const,
  ofCase: (caseId: number) => ['official-appointments', 'case', caseId] as const,
};

/** A case's appointments for its page, with what each kind asks to bring in the client's language. */
export function useAdminCaseAppointments(caseId: number) {
  return useQuery({ queryKey: keys.adminOfCase(caseId), queryFn: () => api<CaseOfficialAppointments>(`/api/admin/cases/${caseId}/official-appointments`) });
}

/** Records a new appointment of the case (`id` absent) or changes one; the server mails the client either way. */
export function useSaveAppointment(feedback?: AdminWriteFeedback) {
  return useAdminMutation<{ caseId: number; id?: string; input: NewOfficialAppointment }, OfficialAppointment>(officialAppointmentsResource, ({ caseId, id, input }) =>
    id === undefined
      ? { path: `/api/admin/cases/${caseId}/official-appointments`, method: 'POST', body: input }
      : { path: `/api/admin/official-appointments/${id}`, method: 'PUT', body: input },
  feedback);
}

/** The appointments of each of the client's cases, read-only. */
export function useCasesAppointments(caseIds: number[]) {
  return useQueries({
    queries: caseIds.map((caseId) => ({ queryKey: keys.ofCase(caseId), queryFn: () => api<OfficialAppointment[]>(`/api/cases/${caseId}/official-appointments`) })),
  });
}
