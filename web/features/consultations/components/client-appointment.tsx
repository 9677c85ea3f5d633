import { useState } from 'react';
import { clientChangeLimitHours, scheduledConsultationType } from '#common/consultations/booking-rules.ts';
import { expatriationConsultationType, type ClientConsultation } from '#common/consultations/consultations.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useCancelAppointment, useRescheduleAppointment } from '../api/booking.queries.ts';
import { appointmentClock, browserTimeZone, madridDate } from '../appointment-time.ts';
import { SlotPicker } from './slot-picker.tsx';

/** Whether a consultation has an appointment to show (an expatriation request's call is shown by its own strip). */
export function hasAppointment(consultation: ClientConsultation): boolean {
  return consultation.scheduledAt !== null && consultation.type !== expatriationConsultationType;
}

function RescheduleDialog({ consultation }: { consultation: ClientConsultation }) {
  const { t } = useTranslation('booking');
  const [isOpen, setOpen] = useState(false);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const reschedule = useRescheduleAppointment({ failureTitle: t('panel.failed') });
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        setStartsAt(null);
      }}
    >
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t('panel.reschedule')}
      </Button>
      <DialogContent title={t('panel.rescheduleTitle')} description={t('panel.rescheduleDescription')} width="lg">
        <form
          className="space-y-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (!startsAt) return;
            reschedule.mutate(
              { id: consultation.id, change: { startsAt } },
              {
                onSuccess: () => {
                  toast({ title: t('panel.rescheduled'), variant: 'success' });
                  setOpen(false);
                },
                onError: () => setStartsAt(null),
              },
            );
          }}
        >
          <SlotPicker value={startsAt} onChange={setStartsAt} />
          <div className="flex flex-col gap-3 sm:flex-row-reverse">
            <Button type="submit" disabled={!startsAt || reschedule.isPending}>
              {t('picker.confirm')}
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

function CancelDialog({ consultation }: { consultation: ClientConsultation }) {
  const { t } = useTranslation('booking');
  const [isOpen, setOpen] = useState(false);
  const cancel = useCancelAppointment({ failureTitle: t('panel.failed') });
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {t('panel.cancelAction')}
      </Button>
      <DialogContent title={t('panel.cancelTitle')} description={t('panel.cancelDescription')}>
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(consultation.id, {
                onSuccess: () => {
                  toast({ title: t('panel.cancelledToast'), variant: 'success' });
                  setOpen(false);
                },
              })
            }
          >
            {t('panel.cancelConfirm')}
          </Button>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('panel.keep')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The appointment under a consultation's row: the day, the time in Madrid (and in the client's zone
 * when it reads differently), how it meets, the video link; and, for a booked consultation up to 24
 * hours before, moving or cancelling it (the server checks the same rule).
 */
export function ClientAppointment({ consultation }: { consultation: ClientConsultation }) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const [zone] = useState(browserTimeZone);
  const [now] = useState(() => Date.now());
  if (!hasAppointment(consultation) || !consultation.scheduledAt) return null;
  const at = new Date(consultation.scheduledAt);
  const clock = appointmentClock(at, language, zone);
  const isCancelled = consultation.status === 'cancelada';
  const isChangeable = consultation.status === 'pendiente' && consultation.type === scheduledConsultationType;
  const isInTime = at.getTime() - now >= clientChangeLimitHours * 60 * 60 * 1000;
  const titleId = `appointment-${consultation.id}`;
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-4 text-slate-800">
      <h2 id={titleId} className="font-semibold text-brand-900">
        {t('panel.title')}
      </h2>
      <dl className={`mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr] ${isCancelled ? 'text-slate-500 line-through' : ''}`}>
        <dt className="text-slate-600">{t('panel.date')}</dt>
        <dd className="first-letter:uppercase">{madridDate(at, language, true)}</dd>
        <dt className="text-slate-600">{t('panel.time')}</dt>
        <dd>
          {t('panel.timeMadrid', { time: clock.madrid })}
          {clock.local ? <span className="block text-sm text-slate-600">{t('panel.yourTime', { time: clock.local.time, zone: clock.local.zone })}</span> : null}
        </dd>
        {consultation.meetingMode ? (
          <>
            <dt className="text-slate-600">{t('panel.mode')}</dt>
            <dd>{t(`modes.${consultation.meetingMode}`)}</dd>
          </>
        ) : null}
      </dl>
      {isCancelled ? <p className="mt-2">{t('panel.cancelledNote')}</p> : null}
      {!isCancelled && consultation.videoUrl ? (
        <p className="mt-2">
          <a href={consultation.videoUrl} target="_blank" rel="noreferrer noopener" className="font-semibold text-brand-800 underline underline-offset-2">
            {t('panel.videoLink')}
          </a>
        </p>
      ) : null}
      {!isCancelled && consultation.meetingMode === 'video' && !consultation.videoUrl ? <p className="mt-2 text-sm text-slate-600">{t('panel.videoPending')}</p> : null}
      {!isCancelled && consultation.status === 'pendiente' ? (
        <p className="mt-2">
          <a href={`/api/consultations/${consultation.id}/calendar`} download className="font-semibold text-brand-800 underline underline-offset-2">
            {t('panel.addToCalendar')}
          </a>
        </p>
      ) : null}
      {isChangeable ? (
        isInTime ? (
          <div className="mt-3 space-y-2">
            <p className="text-sm text-slate-600">{t('panel.changeLimit')}</p>
            <div className="flex flex-wrap gap-2">
              <RescheduleDialog consultation={consultation} />
              <CancelDialog consultation={consultation} />
            </div>
          </div>
        ) : (
          <p className="mt-3 text-sm text-slate-600">{t('panel.tooLateNote')}</p>
        )
      ) : null}
    </section>
  );
}
