import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { twoFactorCodeInputSchema, type TwoFactorCodeInput } from '#common/auth/two-factor.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/lib/api.ts';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/**
 * One code from the authenticator app (or a backup code), checked by the contract the route uses;
 * a refusal of the code shows under the field, anything else goes to `onOtherError`.
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
  onSubmit: (input: TwoFactorCodeInput, showError: (error: Error) => boolean) => void;
}) {
  const { t } = useTranslation('auth');
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(twoFactorCodeInputSchema), defaultValues: { code: '' } });
  const showError = (error: Error) => {
    if (applyServerIssues(error, form.setError)) return true;
    if (error instanceof ApiError && error.body.code === 'invalidCode') {
      form.setError('code', { type: 'server', message: error.message });
      return true;
    }
    return false;
  };
  const submit = form.handleSubmit((input) => onSubmit(input, showError));

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('twoFactor.code')} hint={t('twoFactor.codeHint')} error={form.formState.errors.code?.message} isRequired>
        <Input autoComplete="one-time-code" inputMode="text" autoCapitalize="none" spellCheck={false} {...form.register('code')} />
      </FormField>
      <Button type="submit" className="w-full sm:w-auto" disabled={isBusy}>
        {isBusy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
