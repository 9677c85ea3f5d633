import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { invitationAcceptSchema, type InvitationAccept } from '#common/staff/staff.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAcceptInvitation, useInvitation } from '../api/invitation.queries.ts';

/**
 * The invitation link's form: the person's name, phone and first password make the account; the
 * page then signs them in (`onAccepted`), and the back office asks for the second factor first (ADR 029).
 */
export function InvitationAcceptForm({ token, onAccepted, isContinuing }: { token: string; onAccepted: (credentials: { email: string; password: string }) => void; isContinuing: boolean }) {
  const { t } = useTranslation(['staff', 'auth']);
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token, { failureTitle: t('accept.title') });
  const form = useForm<InvitationAccept>({ resolver: zodResolver(invitationAcceptSchema), defaultValues: { firstName: '', lastName: '', phone: '', password: '' } });
  const { errors } = form.formState;

  if (invitation.isError) {
    return (
      <p role="alert" className="text-slate-800">
        {t('accept.invalid')}
      </p>
    );
  }
  if (!invitation.data) return null;
  const { email, role } = invitation.data;

  const onSubmit = form.handleSubmit((input) =>
    accept.mutate(input, {
      onSuccess: () => onAccepted({ email, password: input.password }),
      onError: (error) => applyServerIssues(error, form.setError),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-slate-700">{t('accept.intro', { email, role: t(`roles.${role}`) })}</p>
      <FormField label={t('accept.firstName')} error={errors.firstName?.message} isRequired>
        <Input autoComplete="given-name" {...form.register('firstName')} />
      </FormField>
      <FormField label={t('accept.lastName')} error={errors.lastName?.message} isRequired>
        <Input autoComplete="family-name" {...form.register('lastName')} />
      </FormField>
      <FormField label={t('accept.phone')} error={errors.phone?.message} isRequired>
        <Input type="tel" autoComplete="tel" {...form.register('phone')} />
      </FormField>
      <FormField label={t('accept.password')} error={errors.password?.message} hint={t('auth:fields.passwordHint')} isRequired>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" className="w-full" isBusy={accept.isPending || isContinuing} busyLabel={t('accept.submit')}>
        {t('accept.submit')}
      </Button>
    </form>
  );
}
