import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { DeadlineKind } from '#common/deadlines/deadline-rules.ts';
import type { CaseDeadline, DeadlinePreview, Holiday, HolidayInput, NewDeadline, NoticeKind } from '#common/deadlines/deadlines.contract.ts';
import { adminKeys, useAdminMutation, type AdminWriteFeedback } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { api } from '#web/lib/api.ts';

/** The admin resources of the Plazos tab, under /api/admin/. */
export const deadlinesResource = 'deadlines';
export const holidaysResource = 'holidays';

const deadlinesKeys = {
  admin: adminKeys.resource(deadlinesResource),
  preview: (caseId: number, start: PreviewStart) => [...deadlinesKeys.admin, 'preview', caseId, start] as const,
  adminOfCase: (caseId: number) => [...deadlinesKeys.admin, 'case', caseId] as const,
  holidays: adminKeys.resource(holidaysResource),
  ofCase: (caseId: number) => ['deadlines', 'case', caseId] as const,
};

/** What a preview is asked from: an electronic notification's opening day only once typed. */
type PreviewStart = { kind: DeadlineKind; startDate: string; notice: NoticeKind; openedOn: string };

/** The dates a deadline would get, asked of the server (it knows the holidays and the case's service). */
export function useDeadlinePreview(caseId: number | null, start: PreviewStart) {
  const { openedOn, ...rest } = start;
  const query = new URLSearchParams({ ...rest, ...(rest.notice === 'electronic' && openedOn !== '' ? { openedOn } : {}) });
  return useQuery({
    queryKey: deadlinesKeys.preview(caseId ?? 0, start),
    queryFn: () => api<DeadlinePreview>(`/api/admin/cases/${caseId}/deadlines/preview?${query}`),
    enabled: caseId !== null && start.startDate !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every deadline of one case, open and done, for its page; reloaded by every deadline write. */
export function useAdminCaseDeadlines(caseId: number) {
  return useQuery({ queryKey: deadlinesKeys.adminOfCase(caseId), queryFn: () => api<CaseDeadline[]>(`/api/admin/cases/${caseId}/deadlines`) });
}

export function useAddDeadline(meta?: FeedbackMeta) {
  return useAdminMutation<{ caseId: number; input: NewDeadline }, CaseDeadline>(deadlinesResource, ({ caseId, input }) => ({
    path: `/api/admin/cases/${caseId}/deadlines`,
    method: 'POST',
    // No note is sent as none: the contract reads an absent note, not null.
    body: { ...input, note: input.note ?? undefined },
  }), meta);
}

export function useCompleteDeadline(meta?: AdminWriteFeedback) {
  return useAdminMutation<string, CaseDeadline>(deadlinesResource, (id) => ({ path: `/api/admin/deadlines/${id}/done`, method: 'POST' }), meta);
}

/** Records the day an electronic notification recorded unopened was opened; the server computes the dates again. */
export function useMarkNoticeOpened(meta?: AdminWriteFeedback) {
  return useAdminMutation<{ id: string; openedOn: string }, CaseDeadline>(
    deadlinesResource,
    ({ id, openedOn }) => ({ path: `/api/admin/deadlines/${id}/opened`, method: 'POST', body: { openedOn } }),
    meta,
  );
}

export function useHolidays(meta?: FeedbackMeta) {
  return useQuery({ queryKey: deadlinesKeys.holidays, queryFn: () => api<Holiday[]>('/api/admin/holidays'), meta });
}

export function useAddHoliday(meta?: FeedbackMeta) {
  return useAdminMutation<HolidayInput, Holiday>(holidaysResource, (input) => ({ path: '/api/admin/holidays', method: 'POST', body: input }), meta);
}

/** The open deadlines of each of the client's cases, read-only. */
export function useCasesDeadlines(caseIds: number[]) {
  return useQueries({
    queries: caseIds.map((caseId) => ({ queryKey: deadlinesKeys.ofCase(caseId), queryFn: () => api<CaseDeadline[]>(`/api/cases/${caseId}/deadlines`) })),
  });
}
