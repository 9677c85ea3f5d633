import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { newPasswordFormSchema } from '#common/auth/auth.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { showRefusal } from '#web/lib/failure-toast.ts';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useResetPassword } from '../api/auth.queries.ts';

type NewPassword = z.infer<typeof newPasswordFormSchema>;

export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword({ failureTitle: t('updatePassword.errorTitle') });
  const form = useForm<NewPassword>({ resolver: zodResolver(newPasswordFormSchema), defaultValues: { password: '', confirmation: '' } });
  const { errors } = form.formState;

  const onInvalid = (invalid: typeof errors) => {
    if (invalid.password?.message === 'auth:validation.passwordTooShort') {
      showRefusal(t('updatePassword.tooShortTitle'), t('updatePassword.tooShortDescription'));
    }
  };

  const onSubmit = form.handleSubmit(
    ({ password }) =>
      reset.mutate(
        { token, password },
        {
          onSuccess: () => {
            toast({ title: t('updatePassword.successTitle'), description: t('updatePassword.successDescription'), variant: 'success' });
            void navigate('/acceder', { replace: true });
          },
          // A used or expired link is told by the server's reason: 'El enlace puede haber expirado…'.
          onError: (error) => applyServerIssues(error, form.setError),
        },
      ),
    onInvalid,
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label={t('fields.newPassword')} error={errors.password?.message} hint={t('fields.passwordHint')} isRequired>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label={t('fields.confirmation')} error={errors.confirmation?.message} isRequired>
        <PasswordInput autoComplete="new-password" {...form.register('confirmation')} />
      </FormField>
      <Button type="submit" className="w-full" isBusy={reset.isPending} busyLabel={t('updatePassword.busy')}>
        {t('updatePassword.submit')}
      </Button>
    </form>
  );
}
