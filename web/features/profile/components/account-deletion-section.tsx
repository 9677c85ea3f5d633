import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountDeletionSchema, type AccountDeletion } from '#common/profile/account-deletion.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { errorCode } from '#web/lib/failure-toast.ts';
import { applyServerIssues, hasFieldIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useDeleteAccount } from '../api/account-data.queries.ts';

const longToast = 9000;

function DeletionForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('account-data');
  const deletion = useDeleteAccount({
    failureTitle: t('deletion.errorTitle'),
    // Why the account stays (a payment under way, the only admin) takes a moment to read.
    failureDuration: longToast,
    isFailureInline: (error) => hasFieldIssues(error) || errorCode(error) === 'wrongPassword',
  });
  const form = useForm<AccountDeletion>({ resolver: zodResolver(accountDeletionSchema), defaultValues: { password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) =>
    deletion.mutate(input, {
      onSuccess: () => toast({ title: t('deletion.successTitle'), description: t('deletion.successDescription'), variant: 'success', duration: longToast }),
      onError: (error) => {
        if (applyServerIssues(error, form.setError)) return;
        if (errorCode(error) === 'wrongPassword') form.setError('password', { type: 'server', message: error.message });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="space-y-3 text-sm text-slate-700">
        <div>
          <h3 className="font-semibold text-slate-900">{t('deletion.erasedTitle')}</h3>
          <p>{t('deletion.erased')}</p>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">{t('deletion.keptTitle')}</h3>
          <p>{t('deletion.kept')}</p>
          <p className="mt-2">{t('deletion.keptIdentification')}</p>
        </div>
      </div>
      <FormField label={t('deletion.password')} error={errors.password?.message} isRequired>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <CheckboxField label={t('deletion.confirm')} error={errors.isConfirmed?.message}>
        <Checkbox {...form.register('isConfirmed')} />
      </CheckboxField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('deletion.cancel')}
        </Button>
        <Button type="submit" variant="destructive" isBusy={deletion.isPending} busyLabel={t('deletion.busy')}>
          {t('deletion.submit')}
        </Button>
      </div>
    </form>
  );
}

/** 'Eliminar mi cuenta': what is erased and what the law keeps, then the password and an explicit yes. */
export function AccountDeletionSection() {
  const { t } = useTranslation('account-data');
  const [isOpen, setOpen] = useState(false);
  return (
    <section aria-labelledby="account-deletion-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-red-200">
      <h2 id="account-deletion-title" className="text-lg font-semibold text-red-800">
        {t('deletion.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t('deletion.description')}</p>
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <Button variant="destructive" className="mt-4" onClick={() => setOpen(true)}>
          <Trash2 className="h-4 w-4" aria-hidden />
          {t('deletion.open')}
        </Button>
        <DialogContent title={t('deletion.dialogTitle')} description={t('deletion.dialogDescription')}>
          {isOpen ? <DeletionForm onCancel={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
