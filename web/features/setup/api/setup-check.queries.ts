import { useQuery } from '@tanstack/react-query';
import type { SetupCheck } from '#common/setup/setup.contract.ts';
import { adminKeys } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';

const setupKeys = { check: [...adminKeys.all, 'setup-check'] as const };

/** What the production site still lacks; empty elsewhere. Asked again when the admin comes back to the tab. */
export function useSetupCheck() {
  return useQuery({
    queryKey: setupKeys.check,
    queryFn: () => api<SetupCheck>('/api/admin/setup-check'),
    staleTime: 60_000,
  });
}
