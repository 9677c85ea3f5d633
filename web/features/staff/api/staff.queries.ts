import { useQuery } from '@tanstack/react-query';
import type { StaffRole } from '#common/auth/staff-roles.ts';
import type { Deactivation, StaffInvitationInput, StaffOverview } from '#common/staff/staff.contract.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys, useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';

export function useStaffOverview(meta?: FeedbackMeta) {
  return useQuery({ queryKey: adminKeys.resource('staff'), meta, queryFn: () => api<StaffOverview>('/api/admin/staff') });
}

export function useInviteStaff(meta?: FeedbackMeta) {
  return useAdminMutation<StaffInvitationInput>('staff', (body) => ({ path: '/api/admin/staff/invitations', method: 'POST', body }), meta);
}

export function useRevokeInvitation(meta?: FeedbackMeta) {
  return useAdminMutation<string>('staff', (id) => ({ path: `/api/admin/staff/invitations/${id}`, method: 'DELETE' }), meta);
}

export function useChangeStaffRole(userId: string, meta?: FeedbackMeta) {
  return useAdminMutation<StaffRole>('staff', (role) => ({ path: `/api/admin/staff/${userId}/role`, method: 'PUT', body: { role } }), meta);
}

export function useDeactivateStaff(meta?: FeedbackMeta) {
  return useAdminMutation<string, Deactivation>('staff', (id) => ({ path: `/api/admin/staff/${id}/deactivate`, method: 'POST' }), meta);
}
