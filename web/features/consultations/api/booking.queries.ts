import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FirmAppointment, FreeSlots, Reschedule, SlotRange } from '#common/consultations/booking.contract.ts';
import { api } from '#web/lib/api.ts';
import { useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { consultationsKeys } from './consultations.queries.ts';

const bookingKeys = {
  all: ['booking'] as const,
  slots: (range: SlotRange) => [...bookingKeys.all, 'slots', range.from, range.to] as const,
};

/** The free slots of the scheduled consultation on the days asked for (fresh each time: others book too). */
export function useFreeSlots(range: SlotRange, isEnabled = true) {
  return useQuery({
    queryKey: bookingKeys.slots(range),
    queryFn: () => api<FreeSlots>(`/api/consultations/slots?${new URLSearchParams(range)}`),
    enabled: isEnabled,
    staleTime: 0,
  });
}

/** The client's own moves of their appointment; their consultations and the free slots reload after each. */
function useAppointmentChange<TInput>(request: (input: TInput) => { path: string; body?: unknown }, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: TInput) => {
      const { path, body } = request(input);
      return api<void>(path, { method: 'POST', body: JSON.stringify(body ?? {}) });
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: consultationsKeys.all }), queryClient.invalidateQueries({ queryKey: bookingKeys.all })]),
  });
}

export function useRescheduleAppointment(meta?: FeedbackMeta) {
  return useAppointmentChange(({ id, change }: { id: string; change: Reschedule }) => ({ path: `/api/consultations/${id}/reschedule`, body: change }), meta);
}

export function useCancelAppointment(meta?: FeedbackMeta) {
  return useAppointmentChange((id: string) => ({ path: `/api/consultations/${id}/cancel` }), meta);
}

/** The firm sets or moves a consultation's appointment. */
export function useSetAppointment(meta?: FeedbackMeta) {
  return useAdminMutation<{ id: string; appointment: FirmAppointment }>('consultations', ({ id, appointment }) => ({
    path: `/api/admin/consultations/${id}/appointment`,
    method: 'PUT',
    body: appointment,
  }), meta);
}

/** Asks for the free slots again, after a slot was taken under the client's eyes. */
export function useRefreshSlots() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
}
