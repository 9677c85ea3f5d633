import { useMutation, useQuery } from '@tanstack/react-query';
import type { InvitationAccept, InvitationView } from '#common/staff/staff.contract.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';

/** What an invitation link makes: its address and role; an unknown, used or expired link fails. */
export function useInvitation(token: string) {
  return useQuery({ queryKey: ['staff-invitation', token], queryFn: () => api<InvitationView>(`/api/staff-invitations/${encodeURIComponent(token)}`), retry: false });
}

export function useAcceptInvitation(token: string, meta?: FeedbackMeta) {
  return useMutation({
    meta,
    mutationFn: (input: InvitationAccept) =>
      api<{ email: string }>(`/api/staff-invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', body: JSON.stringify(input) }),
  });
}
