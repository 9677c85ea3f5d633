import type { Role } from '#common/auth/auth.contract.ts';
import { useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';

/** Makes an account admin, or a client again. */
export function useChangeClientRole(clientId: string, meta?: FeedbackMeta) {
  return useAdminMutation<Role>('clients', (role) => ({ path: `/api/admin/clients/${clientId}/role`, method: 'PUT', body: { role } }), meta);
}
