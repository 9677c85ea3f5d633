import { useQuery } from '@tanstack/react-query';
import type { ReplyTimers } from '#common/reply-timers/reply-timers.contract.ts';
import { adminKeys } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';

/** Read again after every write (web/app/providers.tsx): a reply, a call set, a request marked answered may stop a timer. */
export const replyTimersKey = adminKeys.resource('reply-timers');

/** The timers of every request waiting for the firm, read again each minute: the time left moves with the clock. */
export function useReplyTimers() {
  return useQuery({
    queryKey: replyTimersKey,
    queryFn: () => api<ReplyTimers>('/api/admin/reply-timers'),
    refetchInterval: 60_000,
  });
}
