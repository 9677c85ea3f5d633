import type { AuditEntry, AuditTermGroup, AuditValue } from '#common/audit/audit.contract.ts';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { formatAdminDateTime } from '#common/dates.ts';
import { formatLongDate } from '#common/long-date.ts';
import { intlLocales } from '#common/i18n/languages.ts';
import { formatMoney } from '#common/money.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

/** Where each list of words lives in the catalogs. */
const termKeys: Record<AuditTermGroup, string> = {
  consultationStatus: 'admin:consultations.status',
  caseStage: 'cases:stages.names',
  role: 'admin:clients.roles',
  consultationType: 'admin:consultations.types',
  deadlineKind: 'deadlines:kinds',
  holidayScope: 'deadlines:scopes',
  meetingMode: 'admin:audit.meetingModes',
  paymentMethod: 'invoices:methods',
  refundOutcome: 'admin:payments.outcomes',
};

function useValueText(): (value: AuditValue) => string {
  const { t } = useTranslation(['admin', 'cases', 'deadlines', 'invoices']);
  const language = useLanguage();
  return (value) => {
    switch (value.kind) {
      case 'text':
        return value.text;
      case 'instant':
        return formatAdminDateTime(value.at, language);
      case 'day':
        return formatLongDate(`${value.date}T12:00:00Z`, language);
      case 'number':
        return new Intl.NumberFormat(intlLocales[language]).format(value.number);
      case 'money':
        return formatMoney(value.cents, value.currency, language);
      case 'yesNo':
        return value.isYes ? t('audit.yes') : t('audit.no');
      case 'case':
        return caseDisplayId(value.caseId);
      case 'term':
        return t(`${termKeys[value.group]}.${value.term}`, { defaultValue: t('audit.none') });
      case 'none':
        return t('audit.none');
    }
  };
}

/** 'Consulta de Jean Dupont', 'Expediente EXP-012', or the kind of record when its name cannot be known. */
export function AuditTarget({ target }: { target: AuditEntry['target'] }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  if (!target.name) return <>{t(`audit.targetKinds.${target.kind}`)}</>;
  const name = target.kind === 'dayHours' && /^\d{4}-\d{2}-\d{2}$/.test(target.name) ? formatLongDate(`${target.name}T12:00:00Z`, language) : target.name;
  return <>{t(`audit.targets.${target.kind}`, { name })}</>;
}

/** The entry's details as labelled fields, a change written 'before → after'. */
export function AuditDetails({ details }: { details: AuditEntry['details'] }) {
  const { t } = useTranslation('admin');
  const valueText = useValueText();
  if (!details.length) return <>—</>;
  return (
    <dl className="space-y-1 text-xs">
      {details.map(({ field, value, previous }) => (
        <div key={field}>
          <dt className="inline font-medium text-slate-700">{t('audit.fieldLabel', { field: t(`audit.fields.${field}`) })}</dt>{' '}
          <dd className="inline whitespace-pre-line break-words text-slate-900">
            {previous ? t('audit.change', { before: valueText(previous), after: valueText(value) }) : valueText(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
