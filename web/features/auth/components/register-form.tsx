import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { registrationSchema, type Registration } from '#common/auth/auth.contract.ts';
import { returnPathFrom } from '#common/auth/site-path.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { Trans, useTranslation } from '#web/lib/translation.tsx';
import { useRegister } from '../api/auth.queries.ts';
import { registeredState } from './registered-notice.tsx';

export function RegisterForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  // Hiring while signed out leads here with the service's page: the confirmation link and the
  // sign-in page both bring the new client back to it.
  const returnTo = returnPathFrom(useSearchParams()[0]);
  const signInPath = returnTo ? `/acceder?redirect=${encodeURIComponent(returnTo)}` : '/acceder';
  const registration = useRegister({ failureTitle: t('register.errorTitle') });
  const form = useForm<Registration>({
    resolver: zodResolver(registrationSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) =>
    registration.mutate(returnTo ? { ...input, returnTo } : input, {
      // The sign-in page keeps saying what to do next (confirm the address), where a toast would vanish.
      onSuccess: () => void navigate(signInPath, { state: registeredState(input.email) }),
      onError: (error) => applyServerIssues(error, form.setError),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('fields.firstName')} error={errors.firstName?.message} isRequired>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label={t('fields.lastName')} error={errors.lastName?.message} isRequired>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label={t('fields.email')} error={errors.email?.message} isRequired>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label={t('fields.phone')} error={errors.phone?.message} isRequired>
        <Input type="tel" autoComplete="tel" {...form.register('phone')} />
      </FormField>
      <FormField label={t('fields.password')} error={errors.password?.message} hint={t('fields.passwordHint')} isRequired>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <CheckboxField
        error={errors.acceptTerms?.message}
        label={
          <Trans
            t={t}
            i18nKey="register.acceptTerms"
            components={{
              privacy: <Link to="/politica-de-privacidad" className="font-medium text-brand-700 underline" />,
              terms: <Link to="/condiciones-de-uso" className="font-medium text-brand-700 underline" />,
            }}
          />
        }
      >
        <Checkbox {...form.register('acceptTerms')} />
      </CheckboxField>
      <Button type="submit" className="w-full" isBusy={registration.isPending} busyLabel={t('register.busy')}>
        {t('register.submit')}
      </Button>
      <p className="text-center text-sm text-slate-700">
        {t('register.haveAccount')}{' '}
        <Link to={signInPath} className="font-medium text-brand-700 underline">
          {t('register.signIn')}
        </Link>
      </p>
    </form>
  );
}
