import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useResendConfirmation } from '../api/auth.queries.ts';

/** What registration leaves in the sign-in page's history entry: the address to confirm, kept on a reload. */
export const registeredState = (email: string) => ({ registeredEmail: email });

export function registeredEmailIn(state: unknown): string | undefined {
  const email = (state as { registeredEmail?: unknown } | null)?.registeredEmail;
  return typeof email === 'string' ? email : undefined;
}

/** After registering: the address must be confirmed before signing in, and the mail can be sent again. */
export function RegisteredNotice({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendConfirmation();
  return (
    <section role="status" className="rounded-md border border-green-600 bg-green-50 p-4 text-sm text-green-900">
      <h2 className="font-semibold">{t('register.successTitle')}</h2>
      <p className="mt-1">{t('register.successDescription', { email })}</p>
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        isBusy={resend.isPending}
        busyLabel={t('register.resending')}
        onClick={() =>
          resend.mutate(
            { email },
            { onSuccess: () => toast({ title: t('login.resendSuccessTitle'), description: t('login.resendSuccessDescription'), variant: 'success' }) },
          )
        }
      >
        {t('login.resend')}
      </Button>
    </section>
  );
}
