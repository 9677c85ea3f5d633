import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileInput, ProfileUpdateResult, Session } from '#common/auth/auth.contract.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { sessionKeys } from '#web/lib/session.ts';

const profileKeys = { all: ['profile'] as const };

export function useProfile(meta?: FeedbackMeta) {
  return useQuery({ queryKey: profileKeys.all, queryFn: () => api<OwnProfile>('/api/profile'), meta });
}

export function useSaveProfile(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: ProfileInput) => api<ProfileUpdateResult>('/api/profile', { method: 'PUT', body: JSON.stringify(input) }),
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(profileKeys.all, profile);
      // The header greets the client by name.
      queryClient.setQueryData<Session>(sessionKeys.all, (session) =>
        session?.user ? { user: { ...session.user, firstName: profile.firstName, lastName: profile.lastName } } : session,
      );
    },
  });
}
