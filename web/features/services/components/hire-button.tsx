import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Booking } from '#common/consultations/booking.contract.ts';
import { meetingModes, type MeetingMode } from '#common/consultations/consultations.contract.ts';
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

/** The query parameters that carry a chosen slot through signing in or registering: '?cita=2026-12-15T09:30:00.000Z&modo=video'. */
const slotParam = 'cita';
const modeParam = 'modo';

/** The slot a visitor chose before signing in, back from the sign-in or registration page. */
function carriedBooking(search: URLSearchParams): Booking | null {
  const startsAt = search.get(slotParam);
  const mode = search.get(modeParam);
  if (!startsAt || Number.isNaN(Date.parse(startsAt)) || !meetingModes.includes(mode as MeetingMode)) return null;
  return { startsAt, meetingMode: mode as MeetingMode };
}

/** `returnTo` with the chosen slot in its query, before its #fragment. */
function returnWithBooking(returnTo: string, chosen: Booking): string {
  const target = new URL(returnTo, 'http://site.invalid');
  target.searchParams.set(slotParam, chosen.startsAt);
  target.searchParams.set(modeParam, chosen.meetingMode);
  return `${target.pathname}${target.search}${target.hash}`;
}

/**
 * Hires a service: signed out, a calm prompt offers to sign in or to create an account, both
 * coming back here afterwards; signed in, the client reads and accepts the engagement letter, then it
 * opens the checkout and goes to the payment page. A booked service shows its free slots first, to
 * anyone: the sign-in comes on "continue", and the chosen slot travels in the return address, so
 * that back here the letter and the checkout follow with it (the slot is held once the checkout opens).
 */
export function HireButton({ offer, label, returnTo, size = 'md', className, booking, extras }: HireButtonProps) {
  const { t } = useTranslation(['services', 'payments']);
  const user = useSessionUser();
  const userOnPress = useSessionUserOnPress();
  const checkout = useStartCheckout({ failureTitle: t('payments:checkout.startFailed') });
  const askTerms = useCheckoutTerms();
  const [search, setSearch] = useSearchParams();
  const [promptReturn, setPromptReturn] = useState<string | null>(null);
  const [isBookingOpen, setBookingOpenState] = useState(false);
  // The booking step's code loads when it is first opened, not with every page that offers the service.
  const [isBookingDrawn, setBookingDrawn] = useState(false);
  const setBookingOpen = (isOpen: boolean) => {
    if (isOpen) setBookingDrawn(true);
    setBookingOpenState(isOpen);
  };
  const [isAskingSession, setAskingSession] = useState(false);
  const hasCarried = useRef(false);
  // Stays busy while the browser leaves for the payment page.
  const isBusy = isAskingSession || checkout.isPending || checkout.isSuccess;

  async function signedInUser() {
    setAskingSession(true);
    const signedIn = await userOnPress();
    setAskingSession(false);
    return signedIn;
  }

  async function hire() {
    if (booking) {
      setBookingOpen(true);
      return;
    }
    const signedIn = await signedInUser();
    if (!signedIn) {
      setPromptReturn(returnTo);
      return;
    }
    const added = extras ? extras() : {};
    if (added === null) return;
    // The engagement letter of this checkout, read and accepted before anything else is asked or paid.
    const engagement = await askTerms({ service: { id: offer.id }, familyMembers: added.familyMembers, billing: added.billing });
    if (!engagement) return;
    checkout.mutate({ offer, user: signedIn, extras: { ...added, engagement } });
  }

  /** The slot chosen: sign in if need be (keeping it), accept the letter, open the checkout; a slot taken meanwhile opens the picker again. */
  async function continueBooking(chosen: Booking) {
    setBookingOpen(false);
    const signedIn = await signedInUser();
    if (!signedIn) {
      setPromptReturn(returnWithBooking(returnTo, chosen));
      return;
    }
    const engagement = await askTerms({ service: { id: offer.id } });
    if (!engagement) return;
    try {
      await checkout.mutateAsync({ offer, user: signedIn, booking: chosen, extras: { engagement } });
    } catch (error) {
      setBookingOpen(true);
      throw error;
    }
  }

  useEffect(() => {
    const carried = booking && user && !hasCarried.current ? carriedBooking(search) : null;
    if (!carried) return;
    hasCarried.current = true;
    const rest = new URLSearchParams(search);
    rest.delete(slotParam);
    rest.delete(modeParam);
    setSearch(rest, { replace: true, preventScrollReset: true });
    continueBooking(carried).catch(() => undefined);
    // Once, when the session is known: the carried slot is taken up and leaves the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  return (
    <>
      <Button size={size} className={cn('w-full', className)} isBusy={isBusy} busyLabel={t('services:hire.busy')} onClick={hire}>
        {label}
      </Button>
      {booking && isBookingDrawn ? booking({ isOpen: isBookingOpen, setOpen: setBookingOpen, start: continueBooking, isBusy }) : null}
      {promptReturn ? (
        <Suspense fallback={null}>
          <SignInPrompt returnTo={promptReturn} onClose={() => setPromptReturn(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
