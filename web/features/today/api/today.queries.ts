import { useQuery } from '@tanstack/react-query';
import type { TodayList, TodayScope } from '#common/today/today.contract.ts';
import { adminKeys } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';

const todayKeys = { scope: (scope: TodayScope) => [...adminKeys.resource('today'), scope] as const };

/** The "Hoy" list, mine or (for who may see the team) the whole firm's; read again each minute, as the reply timers move with the clock. */
export function useToday(scope: TodayScope) {
  return useQuery({
    queryKey: todayKeys.scope(scope),
    queryFn: () => api<TodayList>(`/api/admin/today?${new URLSearchParams({ scope })}`),
    refetchInterval: 60_000,
  });
}
