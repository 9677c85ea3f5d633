import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Booking } from '#common/consultations/booking.contract.ts';
import type { EngagementAcceptance } from '#common/engagements/engagements.contract.ts';
import type { ServiceOffer } from '#common/services/services.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useCheckoutTerms } from '#web/lib/checkout-terms.tsx';
import { useSessionUser, useSessionUserOnPress } from '#web/lib/session.ts';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useStartCheckout, type CheckoutExtras } from '../api/checkout.queries.ts';

// Only a signed-out visitor who hires sees it: its dialog's code loads then, not with every page that offers a service.
const SignInPrompt = lazy(() => import('./sign-in-prompt.tsx').then((module) => ({ default: module.SignInPrompt })));

type HireButtonProps = {
  offer: ServiceOffer;
  label: string;
  /** Where signing in (or confirming a new account) brings the visitor back to. */
  returnTo: string;
  size?: 'md' | 'lg';
  className?: string;
  /**
   * A step before the checkout, for a service booked on a slot: drawn open when the signed-in
   * client hires, it starts the checkout with what was chosen (a rejection means the slot was lost).
   */
  booking?: (step: { isOpen: boolean; setOpen: (isOpen: boolean) => void; start: (booking: Booking) => Promise<unknown>; isBusy: boolean }) => ReactNode;
  /** What the page adds to the checkout; null when its fields are not right yet (they show why), and nothing starts. */
  extras?: () => CheckoutExtras | null;
};

/**
 * Hires a service: signed out, a calm prompt offers to sign in or to create an account, both
 * coming back here afterwards; signed in, the client reads and accepts the engagement letter, then it
 * opens the checkout (after the slot, for a booked service) and goes to the payment page.
 */
export function HireButton({ offer, label, returnTo, size = 'md', className, booking, extras }: HireButtonProps) {
  const { t } = useTranslation(['services', 'payments']);
  const user = useSessionUser();
  const userOnPress = useSessionUserOnPress();
  const checkout = useStartCheckout({ failureTitle: t('payments:checkout.startFailed') });
  const askTerms = useCheckoutTerms();
  const [isPromptOpen, setPromptOpen] = useState(false);
  const [isBookingOpen, setBookingOpen] = useState(false);
  const [isAskingSession, setAskingSession] = useState(false);
  /** The letter accepted before a slot is chosen, sent with the booked checkout. */
  const [accepted, setAccepted] = useState<EngagementAcceptance | null>(null);
  // Stays busy while the browser leaves for the payment page.
  const isBusy = isAskingSession || checkout.isPending || checkout.isSuccess;

  async function hire() {
    setAskingSession(true);
    const signedIn = await userOnPress();
    setAskingSession(false);
    if (!signedIn) {
      setPromptOpen(true);
      return;
    }
    const added = booking ? {} : extras ? extras() : {};
    if (added === null) return;
    // The engagement letter of this checkout, read and accepted before anything else is asked or paid.
    const engagement = await askTerms({ service: { id: offer.id }, familyMembers: added.familyMembers, billing: added.billing });
    if (!engagement) return;
    if (booking) {
      setAccepted(engagement);
      setBookingOpen(true);
      return;
    }
    checkout.mutate({ offer, user: signedIn, extras: { ...added, engagement } });
  }

  return (
    <>
      <Button size={size} className={cn('w-full', className)} isBusy={isBusy} busyLabel={t('services:hire.busy')} onClick={hire}>
        {label}
      </Button>
      {booking && user
        ? booking({
            isOpen: isBookingOpen,
            setOpen: setBookingOpen,
            start: (chosen) => checkout.mutateAsync({ offer, user, booking: chosen, extras: accepted ? { engagement: accepted } : {} }),
            isBusy,
          })
        : null}
      {isPromptOpen ? (
        <Suspense fallback={null}>
          <SignInPrompt returnTo={returnTo} onClose={() => setPromptOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
