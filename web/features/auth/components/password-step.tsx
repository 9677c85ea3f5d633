import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { passwordConfirmationSchema, type PasswordConfirmation } from '#common/auth/two-factor.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { errorCode } from '#web/lib/failure-toast.ts';
import { applyServerIssues, hasFieldIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** A refusal of the password, shown under its field rather than in a toast (the mutation's `isFailureInline`). */
export function isPasswordRefusal(error: Error): boolean {
  return hasFieldIssues(error) || errorCode(error) === 'wrongPassword';
}

/** The current password typed again before a change to the second factor; a wrong one shows under the field. */
export function PasswordStep({
  submitLabel,
  busyLabel,
  isBusy,
  onSubmit,
}: {
  submitLabel: string;
  busyLabel: string;
  isBusy: boolean;
  onSubmit: (input: PasswordConfirmation, onError: (error: Error) => void) => void;
}) {
  const { t } = useTranslation('auth');
  const form = useForm<PasswordConfirmation>({ resolver: zodResolver(passwordConfirmationSchema), defaultValues: { password: '' } });
  const onError = (error: Error) => {
    if (applyServerIssues(error, form.setError)) return;
    if (errorCode(error) === 'wrongPassword') form.setError('password', { type: 'server', message: error.message });
  };
  const submit = form.handleSubmit((input) => onSubmit(input, onError));
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('twoFactor.password')} error={form.formState.errors.password?.message} isRequired>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" isBusy={isBusy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </form>
  );
}
