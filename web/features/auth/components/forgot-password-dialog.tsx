import { useState } from 'react';
import { emailRequestSchema } from '#common/auth/auth.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useForgotPassword } from '../api/auth.queries.ts';

export function ForgotPasswordDialog({ isInitiallyOpen }: { isInitiallyOpen: boolean }) {
  const { t } = useTranslation('auth');
  const [isOpen, setOpen] = useState(isInitiallyOpen);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const forgot = useForgotPassword({ failureTitle: t('forgot.failure') });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = emailRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    forgot.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: t('forgot.successTitle'), description: t('forgot.successDescription'), variant: 'success' });
        setOpen(false);
        setEmail('');
      },
    });
  };

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button type="button" className="text-sm font-medium text-brand-700 underline">
          {t('login.forgot')}
        </button>
      </DialogTrigger>
      <DialogContent title={t('forgot.title')} description={t('forgot.description')}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('fields.email')} error={error} isRequired>
            <Input type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          </FormField>
          <Button type="submit" className="w-full" disabled={email.trim() === ''} isBusy={forgot.isPending} busyLabel={t('forgot.busy')}>
            {t('forgot.submit')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
