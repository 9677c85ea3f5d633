import { useQuery } from '@tanstack/react-query';
import type { AgendaEntry, AgendaEventInput } from '#common/agenda/agenda.contract.ts';
import { adminKeys, useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { api } from '#web/lib/api.ts';

const agendaResource = 'agenda';

const agendaKeys = {
  all: adminKeys.resource(agendaResource),
  range: (from: string, to: string) => [...agendaKeys.all, from, to] as const,
};

/** The calendar's entries between two days (ISO dates, both included). */
export function useAgenda(from: string, to: string, meta?: FeedbackMeta) {
  return useQuery({ queryKey: agendaKeys.range(from, to), queryFn: () => api<AgendaEntry[]>(`/api/admin/agenda?from=${from}&to=${to}`), meta });
}

/** Creates an event, or changes the one with `eventId`. */
export function useSaveAgendaEvent(eventId: string | undefined, meta?: FeedbackMeta) {
  return useAdminMutation<AgendaEventInput>(agendaResource, (input) =>
    eventId ? { path: `/api/admin/agenda/events/${eventId}`, method: 'PUT', body: input } : { path: '/api/admin/agenda/events', method: 'POST', body: input },
    meta,
  );
}

export function useDeleteAgendaEvent(meta?: FeedbackMeta) {
  return useAdminMutation<string>(agendaResource, (eventId) => ({ path: `/api/admin/agenda/events/${eventId}`, method: 'DELETE' }), meta);
}
