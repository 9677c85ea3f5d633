import { lazy, Suspense, type ComponentProps } from 'react';

// The booking step (a calendar of free slots) is drawn when a visitor first asks to book: its code
// loads then, not with the page every visitor opens.
const ConsultationBookingDialog = lazy(() =>
  import('#web/features/consultations/components/consultation-booking-dialog.tsx').then((module) => ({ default: module.ConsultationBookingDialog })),
);

/** The step a hire button of the scheduled consultation shows before paying: choosing its slot. */
export function bookingStep(step: ComponentProps<typeof ConsultationBookingDialog>) {
  return (
    <Suspense fallback={null}>
      <ConsultationBookingDialog {...step} />
    </Suspense>
  );
}
