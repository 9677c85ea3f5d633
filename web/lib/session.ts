import { matchQuery, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Session, SessionUser } from '#common/auth/auth.contract.ts';
import { api } from '#web/lib/api.ts';
import { useIsHydrating } from '#web/lib/hydration.ts';

export const sessionKeys = { all: ['session'] as const };

/** Another person's data must not survive a change of account: drop every cached answer but the session. */
export function startNewSession(queryClient: QueryClient, user: SessionUser | null) {
  queryClient.removeQueries({ predicate: (query) => !matchQuery({ queryKey: sessionKeys.all }, query) });
  queryClient.setQueryData<Session>(sessionKeys.all, { user });
}

/** Who is signed in, checked at load and after every sign-in and sign-out. */
export function useSession() {
  return useQuery(sessionQuery);
}

const sessionQuery = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: () => api<Session>('/api/account/session'),
  staleTime: 5 * 60_000,
  retry: 1,
});

/**
 * The signed-in person for a press: at once when the session has answered, else as soon as it
 * does. A control that acts differently for a visitor and a client, pressed while the page is still
 * asking, must not treat the client as a visitor; a session that cannot be asked is nobody.
 */
export function useSessionUserOnPress(): () => Promise<SessionUser | null> {
  const queryClient = useQueryClient();
  return async () => {
    const session = await queryClient.ensureQueryData(sessionQuery).catch(() => null);
    return session?.user ?? null;
  };
}

/**
 * The signed-in person, or null. While React hydrates a server-rendered page it is null too: the
 * server drew the page for nobody signed in, and a part that hydrates after the session has
 * answered (a route's lazy code, a namespace's texts) must draw that same HTML first; React then
 * renders it again with the person.
 */
export function useSessionUser(): SessionUser | null {
  const user = useSession().data?.user ?? null;
  return useIsHydrating() ? null : user;
}
