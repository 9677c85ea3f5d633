import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput, ProfileUpdateResult, ProfileView, Session } from '#common/auth/auth.contract.ts';
import { api } from '#web/lib/api.ts';
import { sessionQueryKey } from '#web/features/auth/api/session.queries.ts';

const profileQueryKey = ['profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: () => api<ProfileView>('/api/profile') });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api<ProfileUpdateResult>('/api/profile', { method: 'PUT', body: JSON.stringify(input) }),
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The header greets the client by name.
      queryClient.setQueryData<Session>(sessionQueryKey, (session) =>
        session?.user ? { user: { ...session.user, firstName: profile.firstName, lastName: profile.lastName } } : session,
      );
    },
  });
}
