import { useQuery } from '@tanstack/react-query';
import type { ClosedDaysView, DayHours, DayOverrideInput, FirmHoursInput, FirmHoursView } from '#common/agenda/firm-hours.contract.ts';
import { adminKeys, useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { api } from '#web/lib/api.ts';

/** The admin resources of the hours editor, under /api/admin/: the week, and the days with their own hours. */
const hoursResource = 'agenda/hours';
export const daysResource = 'agenda/days';

export function useFirmHours(meta?: FeedbackMeta) {
  return useQuery({ queryKey: adminKeys.resource(hoursResource), queryFn: () => api<FirmHoursView>(`/api/admin/${hoursResource}`), meta });
}

export function useSaveFirmHours(meta?: FeedbackMeta) {
  return useAdminMutation<FirmHoursInput, FirmHoursView>(hoursResource, (input) => ({ path: `/api/admin/${hoursResource}`, method: 'PUT', body: input }), meta);
}

export function useClosedDays(meta?: FeedbackMeta) {
  return useQuery({ queryKey: adminKeys.resource(daysResource), queryFn: () => api<ClosedDaysView>(`/api/admin/${daysResource}`), meta });
}

/** Gives a day its own hours (none: a day off); removing them goes through the shared delete button. */
export function useSaveDayHours(meta?: FeedbackMeta) {
  return useAdminMutation<{ date: string; input: DayOverrideInput }, DayHours>(daysResource, ({ date, input }) => ({
    path: `/api/admin/${daysResource}/${date}`,
    method: 'PUT',
    body: input,
  }), meta);
}
