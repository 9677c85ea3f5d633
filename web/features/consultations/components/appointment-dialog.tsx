import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import type { MeetingMode } from '#common/consultations/consultations.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { fromDateTimeLocal, toDateTimeLocal } from '#web/lib/datetime-local.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useSetAppointment } from '../api/booking.queries.ts';
import { MeetingModeField, SlotPicker } from './slot-picker.tsx';

type AppointmentDialogProps = { consultationId: string; clientName: string; scheduledAt: string | null };

/**
 * The firm sets or moves a consultation's appointment: one of the free slots, or any time it
 * chooses (Madrid time), and how it meets; the server refuses a time that overlaps another.
 */
export function AppointmentDialog({ consultationId, clientName, scheduledAt }: AppointmentDialogProps) {
  const { t } = useTranslation(['booking', 'admin']);
  const date = useAdminDate();
  const name = useId();
  const [isOpen, setOpen] = useState(false);
  const [how, setHow] = useState<'slot' | 'any'>('slot');
  const [slot, setSlot] = useState<string | null>(null);
  const [anyTime, setAnyTime] = useState(scheduledAt ? toDateTimeLocal(scheduledAt) : '');
  const [meetingMode, setMeetingMode] = useState<MeetingMode | null>(null);
  const save = useSetAppointment({ failureTitle: t('admin:update.error') });
  const startsAt = how === 'slot' ? slot : anyTime ? fromDateTimeLocal(anyTime) : null;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Tooltip label={t('booking:admin.open', { name: clientName })}>
        <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={t('booking:admin.open', { name: clientName })}>
          <CalendarClock className="h-4 w-4" aria-hidden />
        </Button>
      </Tooltip>
      <DialogContent title={t('booking:admin.title')} description={t('booking:admin.description', { name: clientName })} width="lg">
        <form
          className="space-y-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (!startsAt) return;
            save.mutate(
              { id: consultationId, appointment: { startsAt, ...(meetingMode ? { meetingMode } : {}) } },
              {
                onSuccess: () => {
                  toast({ title: t('admin:update.success'), variant: 'success' });
                  setOpen(false);
                },
              },
            );
          }}
        >
          {scheduledAt ? <p className="text-slate-800">{t('booking:admin.current', { when: date(scheduledAt) })}</p> : null}
          <fieldset>
            <legend className="mb-2 font-medium text-slate-900">{t('booking:admin.how')}</legend>
            <div className="flex flex-wrap gap-4">
              {(['slot', 'any'] as const).map((option) => (
                <label key={option} className="flex items-center gap-2 text-slate-800">
                  <input type="radio" name={name} value={option} checked={how === option} onChange={() => setHow(option)} className="h-4 w-4 accent-brand-800" />
                  {t(option === 'slot' ? 'booking:admin.freeSlot' : 'booking:admin.anyTime')}
                </label>
              ))}
            </div>
          </fieldset>
          {how === 'slot' ? (
            <SlotPicker value={slot} onChange={setSlot} />
          ) : (
            <FormField label={t('booking:admin.dateTime')}>
              <Input type="datetime-local" value={anyTime} onChange={(event) => setAnyTime(event.target.value)} />
            </FormField>
          )}
          <MeetingModeField value={meetingMode} onChange={setMeetingMode} />
          <div className="flex justify-end">
            <Button type="submit" disabled={!startsAt || save.isPending}>
              {t('booking:admin.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
