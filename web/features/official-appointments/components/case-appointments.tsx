import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useCasesAppointments } from '../api/official-appointments.queries.ts';
import { AppointmentDetails } from './appointment-details.tsx';

/** The client's appointments with the administration still to come (the server's answer), across their cases, with what to bring; nothing while there are none. */
export function CaseAppointments({ cases }: { cases: Array<{ id: number }> }) {
  const { t } = useTranslation('official-appointments');
  const results = useCasesAppointments(cases.map((item) => item.id));
  const appointments = results.flatMap((result) => result.data ?? []).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  if (appointments.length === 0) return null;
  return (
    <section aria-labelledby="case-appointments-title" className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="case-appointments-title" className="text-lg font-semibold text-brand-900">
        {t('client.title')}
      </h2>
      <ul className="mt-3 space-y-3">
        {appointments.map((appointment) => (
          <AppointmentDetails key={appointment.id} appointment={appointment} caseLabel={caseDisplayId(appointment.caseId)} />
        ))}
      </ul>
    </section>
  );
}
