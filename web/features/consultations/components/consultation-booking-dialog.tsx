import { useState } from 'react';
import type { Booking } from '#common/consultations/booking.contract.ts';
import { slotHoldMinutes } from '#common/consultations/booking-rules.ts';
import type { MeetingMode } from '#common/consultations/consultations.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useRefreshSlots } from '../api/booking.queries.ts';
import { MeetingModeField, SlotPicker } from './slot-picker.tsx';

type ConsultationBookingDialogProps = {
  isOpen: boolean;
  setOpen: (isOpen: boolean) => void;
  /** Opens the checkout with the slot held; rejects when the slot was taken meanwhile. */
  start: (booking: Booking) => Promise<unknown>;
  isBusy: boolean;
};

/** The step before paying the scheduled consultation: the slot and the way to meet. */
export function ConsultationBookingDialog({ isOpen, setOpen, start, isBusy }: ConsultationBookingDialogProps) {
  const { t } = useTranslation('booking');
  const refreshSlots = useRefreshSlots();
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [meetingMode, setMeetingMode] = useState<MeetingMode | null>(null);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogContent title={t('picker.title')} description={t('picker.description')} width="lg">
        <form
          className="space-y-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (!startsAt || !meetingMode) return;
            start({ startsAt, meetingMode }).catch(() => {
              setStartsAt(null);
              void refreshSlots();
            });
          }}
        >
          <SlotPicker value={startsAt} onChange={setStartsAt} />
          <MeetingModeField value={meetingMode} onChange={setMeetingMode} />
          <p className="text-sm text-slate-600">{t('picker.holdNote', { minutes: slotHoldMinutes })}</p>
          <div className="flex flex-col gap-3 sm:flex-row-reverse">
            <Button type="submit" disabled={!startsAt || !meetingMode || isBusy}>
              {t('picker.continue')}
            </Button>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t('picker.cancel')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
