import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { EmailRequest, Registration, ResetPassword, Session, SessionUser, SignIn } from '#common/auth/auth.contract.ts';
import { api } from '#web/lib/api.ts';

export const sessionQueryKey = ['session'] as const;

const post = (path: string, body: unknown) => api(path, { method: 'POST', body: JSON.stringify(body) });

/** Another person's data must not survive a change of account: drop every cached answer but the session. */
function startNewSession(queryClient: QueryClient, user: SessionUser | null) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData<Session>(sessionQueryKey, { user });
}

/** Who is signed in, checked at load and after every sign-in and sign-out. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: () => api<Session>('/api/account/session'),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

export function useSessionUser(): SessionUser | null {
  return useSession().data?.user ?? null;
}

export function useRegister() {
  return useMutation({ mutationFn: (input: Registration) => post('/api/account/register', input) });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignIn) => post('/api/account/sign-in', input) as Promise<{ user: SessionUser }>,
    onSuccess: ({ user }) => startNewSession(queryClient, user),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => post('/api/account/sign-out', {}),
    onSuccess: () => {
      startNewSession(queryClient, null);
      void navigate('/', { replace: true });
    },
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: (input: EmailRequest) => post('/api/account/confirmation/resend', input) });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (input: EmailRequest) => post('/api/account/password/forgot', input) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (input: ResetPassword) => post('/api/account/password/reset', input) });
}
