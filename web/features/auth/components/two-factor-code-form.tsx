import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { twoFactorCodeInputSchema, type TwoFactorCodeInput } from '#common/auth/two-factor.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorCode } from '#web/lib/failure-toast.ts';
import { applyServerIssues, hasFieldIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** A refusal of the code, shown under its field rather than in a toast (the mutation's `isFailureInline`). */
export function isCodeRefusal(error: Error): boolean {
  return hasFieldIssues(error) || errorCode(error) === 'invalidCode';
}

/**
 * One code from the authenticator app (or a backup code), checked by the contract the route uses;
 * a refusal of the code shows under the field (`showError`), anything else in the mutation's failure toast.
 */
export function TwoFactorCodeForm({
  submitLabel,
  busyLabel,
  isBusy,
  onSubmit,
}: {
  submitLabel: string;
  busyLabel: string;
  isBusy: boolean;
  onSubmit: (input: TwoFactorCodeInput, showError: (error: Error) => void) => void;
}) {
  const { t } = useTranslation('auth');
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(twoFactorCodeInputSchema), defaultValues: { code: '' } });
  const showError = (error: Error) => {
    if (applyServerIssues(error, form.setError)) return;
    if (errorCode(error) === 'invalidCode') form.setError('code', { type: 'server', message: error.message });
  };
  const submit = form.handleSubmit((input) => onSubmit(input, showError));

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('twoFactor.code')} hint={t('twoFactor.codeHint')} error={form.formState.errors.code?.message} isRequired>
        <Input autoComplete="one-time-code" inputMode="text" autoCapitalize="none" spellCheck={false} {...form.register('code')} />
      </FormField>
      <Button type="submit" className="w-full sm:w-auto" isBusy={isBusy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </form>
  );
}
