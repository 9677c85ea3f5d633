import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { signInSchema, type SessionUser, type SignIn } from '#common/auth/auth.contract.ts';
import { returnPathFrom } from '#common/auth/site-path.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api.ts';
import { errorCode } from '#web/lib/failure-toast.ts';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useResendConfirmation, useSignIn } from '../api/auth.queries.ts';
import { useSecondFactor } from '../api/two-factor.queries.ts';
import { afterSignInPath } from '../home-for-role.ts';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { registeredEmailIn, RegisteredNotice } from './registered-notice.tsx';
import { isCodeRefusal, TwoFactorCodeForm } from './two-factor-code-form.tsx';

const longToast = 9000;

export function SignInForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const registeredEmail = registeredEmailIn(useLocation().state);
  const signIn = useSignIn({
    failureTitle: (error) => t(errorCode(error) === 'emailNotConfirmed' ? 'login.notConfirmedTitle' : 'login.errorTitle'),
    // The unconfirmed account's toast tells what to do next: it stays long enough to read.
    failureDuration: longToast,
  });
  const resend = useResendConfirmation();
  const form = useForm<SignIn>({ resolver: zodResolver(signInSchema), defaultValues: { email: registeredEmail ?? '', password: '' } });
  const { errors } = form.formState;

  const [isCodeStep, setIsCodeStep] = useState(false);
  const secondFactor = useSecondFactor({ failureTitle: t('login.errorTitle'), isFailureInline: isCodeRefusal });

  const goOn = (user: SessionUser) => {
    toast({ title: t('login.successTitle'), description: t('login.successDescription'), variant: 'success' });
    // A staff member still to set up the second factor goes to the back office, which asks for it first.
    void navigate(afterSignInPath(search, user.isTwoFactorSetupRequired ? 'owner' : user.role), { replace: true });
  };

  const onSubmit = form.handleSubmit((input) =>
    signIn.mutate(input, {
      onSuccess: (result) => ('user' in result ? goOn(result.user) : setIsCodeStep(true)),
      onError: (error) => applyServerIssues(error, form.setError),
    }),
  );

  const resendConfirmation = () => {
    const email = form.getValues('email');
    resend.mutate(
      { email },
      { onSuccess: () => toast({ title: t('login.resendSuccessTitle'), description: t('login.resendSuccessDescription'), variant: 'success' }) },
    );
  };
  if (isCodeStep) {
    return (
      <div className="space-y-4">
        <div>
          <h2 className="text-lg font-semibold text-brand-900">{t('login.secondFactorTitle')}</h2>
          <p className="mt-1 text-sm text-slate-700">{t('login.secondFactorDescription')}</p>
        </div>
        <TwoFactorCodeForm
          submitLabel={t('login.verify')}
          busyLabel={t('login.verifying')}
          isBusy={secondFactor.isPending}
          onSubmit={(code, showError) =>
            secondFactor.mutate(code, {
              onSuccess: ({ user }) => goOn(user),
              onError: (error) => {
                showError(error);
                // The challenge is spent or expired: the password again.
                if (errorCode(error) === 'secondFactorExpired') setIsCodeStep(false);
              },
            })
          }
        />
      </div>
    );
  }

  const returnTo = returnPathFrom(search);
  const isUnconfirmed = signIn.error instanceof ApiError && signIn.error.body.code === 'emailNotConfirmed';

  return (
    <div className="space-y-4">
      {search.get('confirmado') === '1' ? (
        <p role="status" className="rounded-md border border-green-600 bg-green-50 p-3 text-sm text-green-900">
          {t('login.confirmedElsewhere')}
        </p>
      ) : null}
      {registeredEmail && !isUnconfirmed ? <RegisteredNotice email={registeredEmail} /> : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label={t('fields.email')} error={errors.email?.message} isRequired>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label={t('fields.password')} error={errors.password?.message} isRequired>
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <Button type="submit" className="w-full" isBusy={signIn.isPending} busyLabel={t('login.busy')}>
          {t('login.submit')}
        </Button>
      </form>
      {isUnconfirmed ? (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p>{t('login.notConfirmedDescription')}</p>
          <Button variant="outline" size="sm" className="mt-3" disabled={resend.isPending} onClick={resendConfirmation}>
            {t('login.resend')}
          </Button>
        </div>
      ) : null}
      <div className="flex flex-col items-center gap-2 text-sm text-slate-700">
        <ForgotPasswordDialog isInitiallyOpen={search.get('recuperar') === '1'} />
        <p>
          {t('login.noAccount')}{' '}
          <Link to={returnTo ? `/registro?redirect=${encodeURIComponent(returnTo)}` : '/registro'} className="font-medium text-brand-700 underline">
            {t('login.register')}
          </Link>
        </p>
      </div>
    </div>
  );
}
