import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import type { AccountSessions, BackupCodes, DisableTwoFactor, PasswordConfirmation, TwoFactorCodeInput, TwoFactorSetup } from '#common/auth/two-factor.contract.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { sessionKeys, startNewSession } from '#web/lib/session.ts';

const post = (path: string, body: unknown) => api(path, { method: 'POST', body: JSON.stringify(body) });

const accountSessionsKey = ['account-sessions'] as const;

/** The sign-in's second step: a code from the app or a backup code. */
export function useSecondFactor(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: TwoFactorCodeInput) => post('/api/account/sign-in/second-factor', input) as Promise<{ user: SessionUser }>,
    onSuccess: ({ user }) => startNewSession(queryClient, user),
  });
}

/** Starts turning the second factor on: the key for the app and the backup codes. */
export function useStartTwoFactor(meta?: FeedbackMeta) {
  return useMutation({ meta, mutationFn: (input: PasswordConfirmation) => post('/api/account/two-factor/enable', input) as Promise<TwoFactorSetup> });
}

/** The first code confirms the app; the session (now with the second factor) is read again. */
export function useConfirmTwoFactor(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: TwoFactorCodeInput) => post('/api/account/two-factor/confirm', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useDisableTwoFactor(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: DisableTwoFactor) => post('/api/account/two-factor/disable', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useRegenerateBackupCodes(meta?: FeedbackMeta) {
  return useMutation({ meta, mutationFn: (input: PasswordConfirmation) => post('/api/account/two-factor/backup-codes', input) as Promise<BackupCodes> });
}

/** Where the account is signed in. */
export function useAccountSessions() {
  return useQuery({ queryKey: accountSessionsKey, queryFn: () => api<AccountSessions>('/api/account/sessions') });
}

export function useEndSession(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (id: string) => api(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}

export function useEndOtherSessions(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: () => post('/api/account/sessions/end-others', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
