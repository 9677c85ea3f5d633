import { useTranslation } from 'react-i18next';
import type { ServiceOffer } from '#common/services/services.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useSessionUser } from '#web/features/auth/api/session.queries.ts';
import { cn } from '#web/lib/cn.ts';
import { useStartCheckout } from '../api/services.queries.ts';

type HireButtonProps = {
  offer: ServiceOffer;
  label: string;
  /** Where sign-in brings the visitor back to. */
  returnTo: string;
  size?: 'md' | 'lg';
  className?: string;
};

/**
 * Hires a service: signed out, it says sign-in is needed and links to it with the way back;
 * signed in, it opens the checkout and goes to the payment page.
 */
export function HireButton({ offer, label, returnTo, size = 'md', className }: HireButtonProps) {
  const { t } = useTranslation(['services', 'payments']);
  const user = useSessionUser();
  const checkout = useStartCheckout();
  // Stays busy while the browser leaves for the payment page.
  const isBusy = checkout.isPending || checkout.isSuccess;

  function hire() {
    if (!user) {
      toast({
        title: t('services:hire.signInTitle'),
        description: t('services:hire.signInDescription'),
        variant: 'destructive',
        action: { label: t('services:hire.signInAction'), href: `/acceder?redirect=${encodeURIComponent(returnTo)}` },
      });
      return;
    }
    checkout.mutate(
      { offer, user },
      { onError: (error) => toast({ title: t('payments:checkout.startFailed'), description: error.message, variant: 'destructive' }) },
    );
  }

  return (
    <Button size={size} className={cn('w-full', className)} disabled={isBusy} onClick={hire}>
      {isBusy ? t('services:hire.busy') : label}
    </Button>
  );
}
