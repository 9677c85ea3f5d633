import { isStaffRole } from '#common/auth/staff-roles.ts';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { disableTwoFactorSchema, type DisableTwoFactor } from '#common/auth/two-factor.contract.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { errorCode } from '#web/lib/failure-toast.ts';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useSessionUser } from '#web/lib/session.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useDisableTwoFactor, useRegenerateBackupCodes } from '../api/two-factor.queries.ts';
import { isPasswordRefusal, PasswordStep } from './password-step.tsx';
import { isCodeRefusal } from './two-factor-code-form.tsx';
import { BackupCodeList, TwoFactorSetup } from './two-factor-setup.tsx';

function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const disable = useDisableTwoFactor({ isFailureInline: (error) => isPasswordRefusal(error) || isCodeRefusal(error) });
  const form = useForm<DisableTwoFactor>({ resolver: zodResolver(disableTwoFactorSchema), defaultValues: { password: '', code: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) =>
    disable.mutate(input, {
      onSuccess: () => {
        toast({ title: t('twoFactor.disabled'), variant: 'success' });
        onDone();
      },
      onError: (error) => {
        if (applyServerIssues(error, form.setError)) return;
        const code = errorCode(error);
        if (code === 'wrongPassword') form.setError('password', { type: 'server', message: error.message });
        if (code === 'invalidCode') form.setError('code', { type: 'server', message: error.message });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('twoFactor.password')} error={errors.password?.message} isRequired>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <FormField label={t('twoFactor.code')} hint={t('twoFactor.codeHint')} error={errors.code?.message} isRequired>
        <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...form.register('code')} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('twoFactor.cancel')}
        </Button>
        <Button type="submit" variant="destructive" isBusy={disable.isPending} busyLabel={t('twoFactor.disabling')}>
          {t('twoFactor.disable')}
        </Button>
      </div>
    </form>
  );
}

function RegenerateBackupCodes() {
  const { t } = useTranslation('auth');
  const regenerate = useRegenerateBackupCodes({ isFailureInline: isPasswordRefusal });
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) {
    return (
      <div className="space-y-2 text-sm text-slate-700">
        <p role="status">{t('twoFactor.regenerated')}</p>
        <BackupCodeList codes={codes} />
      </div>
    );
  }
  return (
    <PasswordStep
      submitLabel={t('twoFactor.regenerate')}
      busyLabel={t('twoFactor.regenerating')}
      isBusy={regenerate.isPending}
      onSubmit={(input, onError) => regenerate.mutate(input, { onSuccess: ({ backupCodes }) => setCodes(backupCodes), onError })}
    />
  );
}

/** 'Verificación en dos pasos' on /perfil: turn it on, make new backup codes, or (a client) turn it off. */
export function TwoFactorSection() {
  const { t } = useTranslation('auth');
  const user = useSessionUser();
  const [isDisabling, setIsDisabling] = useState(false);
  if (!user) return null;
  return (
    <section aria-labelledby="two-factor-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-3">
        <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden />
        <h2 id="two-factor-title" className="text-lg font-semibold text-brand-900">
          {t('twoFactor.title')}
        </h2>
        <Badge tone={user.hasTwoFactor ? 'green' : 'grey'}>{user.hasTwoFactor ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}</Badge>
      </div>
      <p className="mt-2 text-sm text-slate-700">{t('twoFactor.description')}</p>
      <div className="mt-4">
        {!user.hasTwoFactor ? (
          <TwoFactorSetup />
        ) : (
          <div className="space-y-4">
            <RegenerateBackupCodes />
            {isStaffRole(user.role) ? (
              <p className="text-sm text-slate-600">{t('twoFactor.adminRequired')}</p>
            ) : (
              <Dialog open={isDisabling} onOpenChange={setIsDisabling}>
                <Button variant="outline" onClick={() => setIsDisabling(true)}>
                  {t('twoFactor.disable')}
                </Button>
                <DialogContent title={t('twoFactor.disable')}>
                  <DisableForm onDone={() => setIsDisabling(false)} />
                </DialogContent>
              </Dialog>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
