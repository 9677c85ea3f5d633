import { expatriationConsultationType, type ClientConsultation } from '#common/consultations/consultations.contract.ts';
import { firmTimeZone } from '#common/long-date.ts';
import { intlLocales } from '#common/i18n/languages.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

/** Whether the firm has offered a call in its answer to an expatriation request. */
export function hasExpatriationCall(consultation: ClientConsultation): boolean {
  return consultation.type === expatriationConsultationType && consultation.scheduledAt !== null;
}

/** The call the firm offers in its answer to an expatriation request, on Madrid's clock. */
export function ExpatriationCall({ consultation }: { consultation: ClientConsultation }) {
  const { t } = useTranslation('consultations');
  const language = useLanguage();
  if (!hasExpatriationCall(consultation) || !consultation.scheduledAt) return null;
  const when = new Intl.DateTimeFormat(intlLocales[language], { dateStyle: 'full', timeStyle: 'short', timeZone: firmTimeZone }).format(
    new Date(consultation.scheduledAt),
  );
  return <p className="font-medium text-brand-900">{t('panel.call', { date: when })}</p>;
}
