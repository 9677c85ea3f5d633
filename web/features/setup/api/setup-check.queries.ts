import { useQuery } from '@tanstack/react-query';
import type { SetupCheck } from '#common/setup/setup.contract.ts';
import { api } from '#web/lib/api.ts';

/** What the production site still lacks; empty elsewhere. Asked again when the admin comes back to the tab. */
export function useSetupCheck() {
  return useQuery({
    queryKey: ['admin', 'setup-check'],
    queryFn: () => api<SetupCheck>('/api/admin/setup-check'),
    staleTime: 60_000,
  });
}
