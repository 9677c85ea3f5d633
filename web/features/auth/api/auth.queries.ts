import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { EmailRequest, Registration, ResetPassword, SignIn, UndoEmailChange, UndoneEmailChange } from '#common/auth/auth.contract.ts';
import type { SignInResult } from '#common/auth/two-factor.contract.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { startNewSession } from '#web/lib/session.ts';

const post = (path: string, body: unknown) => api(path, { method: 'POST', body: JSON.stringify(body) });

export function useRegister(meta?: FeedbackMeta) {
  return useMutation({ meta, mutationFn: (input: Registration) => post('/api/account/register', input) });
}

export function useSignIn(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: SignIn) => post('/api/account/sign-in', input) as Promise<SignInResult>,
    // With a second factor, the session starts only after the code (useSecondFactor).
    onSuccess: (result) => {
      if ('user' in result) startNewSession(queryClient, result.user);
    },
  });
}

export function useSignOut(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    meta,
    mutationFn: async () => {
      // This browser's notifications and caches go before the session does (ADR 059).
      await import('#web/lib/service-worker.ts').then(({ forgetThisDevice }) => forgetThisDevice()).catch(() => undefined);
      return post('/api/account/sign-out', {});
    },
    onSuccess: () => {
      startNewSession(queryClient, null);
      void navigate('/', { replace: true });
    },
  });
}

export function useResendConfirmation(meta?: FeedbackMeta) {
  return useMutation({ meta, mutationFn: (input: EmailRequest) => post('/api/account/confirmation/resend', input) });
}

export function useForgotPassword(meta?: FeedbackMeta) {
  return useMutation({ meta, mutationFn: (input: EmailRequest) => post('/api/account/password/forgot', input) });
}

export function useResetPassword(meta?: FeedbackMeta) {
  return useMutation({ meta, mutationFn: (input: ResetPassword) => post('/api/account/password/reset', input) });
}

/** Undoing an e-mail change ends every session of the account, this browser's too. */
export function useUndoEmailChange(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: UndoEmailChange) => post('/api/account/email-change/undo', input) as Promise<UndoneEmailChange>,
    onSuccess: () => startNewSession(queryClient, null),
  });
}
