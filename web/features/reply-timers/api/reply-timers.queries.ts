import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReplyTimers } from '#common/reply-timers/reply-timers.contract.ts';
import { adminKeys } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';

const replyTimersKey = adminKeys.resource('reply-timers');

/** The timers of every request waiting for the firm, read again each minute: the time left moves with the clock. */
export function useReplyTimers() {
  return useQuery({
    queryKey: replyTimersKey,
    queryFn: () => api<ReplyTimers>('/api/admin/reply-timers'),
    refetchInterval: 60_000,
  });
}

/**
 * While the back office is open, reads the timers again after each write that succeeds, wherever
 * it is made: a chat reply, a call set, a 'Marcar como respondida' may each stop one.
 */
export function useReplyTimersAfterWrites() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') void queryClient.invalidateQueries({ queryKey: replyTimersKey });
      }),
    [queryClient],
  );
}
