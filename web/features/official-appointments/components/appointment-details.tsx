import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatAdminDateTime } from '#common/dates.ts';
import type { OfficialAppointment } from '#common/official-appointments/official-appointments.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

/** One appointment as both the client and the firm read it: what, when, where, its number and what to bring. */
export function AppointmentDetails({ appointment, caseLabel, actions }: { appointment: OfficialAppointment; caseLabel?: string; actions?: ReactNode }) {
  const { t } = useTranslation('official-appointments');
  const language = useLanguage();
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold text-brand-900">
          <CalendarClock className="h-4 w-4 shrink-0" aria-hidden />
          {caseLabel ? `${caseLabel} · ` : null}
          {t(`kinds.${appointment.kind}`)}: {formatAdminDateTime(appointment.startsAt, language)}
        </h3>
        {actions}
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('client.where')}</dt>
        <dd>
          {appointment.office}, {appointment.officeAddress}
        </dd>
        {appointment.reference ? (
          <>
            <dt className="font-medium">{t('client.reference')}</dt>
            <dd>{appointment.reference}</dd>
          </>
        ) : null}
        <dt className="font-medium">{t('client.bring')}</dt>
        <dd>
          <ul className="list-disc pl-5">
            {appointment.whatToBring.split('\n').map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </dd>
      </dl>
    </li>
  );
}
