import { Link } from 'react-router';
import { expatriationConsultationType } from '#common/consultations/consultations.contract.ts';
import type { ConsultationRow, ExpatriationAnswers } from '#common/consultations/consultation-row.contract.ts';
import { intlLocales } from '#common/i18n/languages.ts';
import { formatMoney } from '#common/money.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

/** The consultation's kind in the admin's language: the hired service's title, or the form's name. */
export function ConsultationTypeName({ row }: { row: ConsultationRow }) {
  const { t } = useTranslation('admin');
  if (row.typeTitle) return <>{row.typeTitle}</>;
  return <>{row.consultationType === expatriationConsultationType ? t('consultations.types.expatriacion') : t('consultations.types.other')}</>;
}

/** 'marzo de 2027' for the form's '2027-03'. */
function monthName(value: string, language: keyof typeof intlLocales): string {
  const [year = 0, month = 1] = value.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocales[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The expatriation form's answers (and the firm's answer once given) as labelled fields in the admin's language; what is blank is not listed. */
export function ExpatriationAnswersFields({ answers, firmNote }: { answers: ExpatriationAnswers; firmNote: string | null }) {
  const { t } = useTranslation(['admin', 'consultations']);
  const language = useLanguage();
  const fields: Array<[string, string]> = [
    [t('consultations.form.name'), answers.name],
    [t('consultations.form.email'), answers.email],
    [t('consultations.form.phone'), answers.phone],
    [t('consultations.form.originCountry'), answers.originCountry],
    [t('consultations.form.destinationCity'), answers.destinationCity],
    [t('consultations.form.objectives'), answers.objectives.map((objective) => t(`consultations:objectives.${objective}`)).join(', ')],
    [t('consultations.form.arrival'), answers.arrivalMonth ? monthName(answers.arrivalMonth, language) : ''],
    [t('consultations.form.message'), answers.message],
    [t('consultations.form.firmNote'), firmNote ?? ''],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {fields
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="whitespace-pre-line text-slate-900">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The payment that opened a hired consultation, linking to it in the Pagos tab (searched by the client's email). */
export function ConsultationPaymentLink({ row }: { row: ConsultationRow }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  if (!row.payment) return <>—</>;
  const label = t('consultations.payment', {
    amount: formatMoney(row.payment.amountCents, row.payment.currency, language),
    status: t(`payments.status.${row.payment.status}`),
  });
  return (
    <Link to={`/admin?${new URLSearchParams({ tab: 'pagos', q: row.client.email })}`} className="whitespace-nowrap font-medium text-brand-800 underline underline-offset-2">
      {label}
    </Link>
  );
}
