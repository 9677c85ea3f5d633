import { Link } from 'react-router';
import type { ClientConsultation } from '#common/consultations/consultations.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { ExpatriationCall, hasExpatriationCall } from './expatriation-call.tsx';
import { ClientAppointment, hasAppointment } from './client-appointment.tsx';

/** The firm's note to the client, and the procedure it recommends hiring next. */
function FirmNote({ consultation }: { consultation: ClientConsultation }) {
  const { t } = useTranslation('consultations');
  const recommended = consultation.recommendedService;
  if (!consultation.firmNote && !recommended) return null;
  return (
    <section className="rounded-lg bg-brand-50 p-4 text-slate-800">
      <h2 className="font-semibold text-brand-900">{t('panel.note.firmNote')}</h2>
      {consultation.firmNote ? <p className="mt-1 whitespace-pre-line">{consultation.firmNote}</p> : null}
      {recommended ? (
        <Link
          to={`/iniciar-tramite?servicio=${encodeURIComponent(recommended.id)}`}
          className="mt-2 inline-block font-semibold text-brand-800 underline underline-offset-2"
        >
          {t('panel.note.recommendedCase', { title: recommended.title })}
        </Link>
      ) : null}
    </section>
  );
}

/** Whether a consultation has anything to show under its row (an empty strip is not shown). */
export function hasConsultationDetail(consultation: ClientConsultation): boolean {
  return Boolean(consultation.firmNote ?? consultation.recommendedService) || hasExpatriationCall(consultation) || hasAppointment(consultation);
}

/** Everything under one consultation's row in the client's panel. */
export function ClientConsultationDetail({ consultation }: { consultation: ClientConsultation }) {
  return (
    <div className="space-y-4">
      <ClientAppointment consultation={consultation} />
      <ExpatriationCall consultation={consultation} />
      <FirmNote consultation={consultation} />
    </div>
  );
}
