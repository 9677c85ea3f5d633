import { Mail, Phone } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { phaseOfStage, type AdminCaseDetail } from '#common/cases/cases.contract.ts';
import { languageNames } from '#common/i18n/languages.ts';
import { formatLongDate } from '#common/long-date.ts';
import { formatMoney } from '#common/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useLanguage } from '#web/lib/use-language.ts';
import { useAdminCaseRequests } from '../api/case-requests.admin.queries.ts';
import { useAdminCase, useMarkAdminCaseSeen } from '../api/cases.admin.queries.ts';
import { caseStageTone } from '../case-stage-tone.ts';
import { CaseAssigneeAdmin } from './case-assignee-admin.tsx';
import { CaseDocumentsAdmin } from './case-documents-admin.tsx';
import { fileMarks } from './case-file-admin.tsx';
import { CaseFamilyMembers } from './case-family-members.tsx';
import { CaseRequestsAdmin } from './case-requests-admin.tsx';
import { CaseFilingAdmin, CaseStageAdmin } from './case-stage-admin.tsx';
import { OfficialStatus } from './official-status.tsx';
import { CaseThreadAdmin } from './case-thread-admin.tsx';

function ClientIdentity({ client }: { client: AdminCaseDetail['client'] }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  // The name, e-mail and phone are in the page's header.
  const fields = [
    ['nie', client.nie],
    ['passportNumber', client.passportNumber],
    ['dateOfBirth', client.dateOfBirth ? formatLongDate(client.dateOfBirth, language) : null],
    ['address', client.address],
  ] as const;
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-brand-900">{t('casePage.client')}</h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {fields.map(([key, value]) => (
          <div key={key}>
            <dt className="text-slate-600">{t(`casePage.identity.${key}`)}</dt>
            <dd className="font-medium text-slate-900">{value || t('casePage.notGiven')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function CasePayments({ payments }: { payments: AdminCaseDetail['payments'] }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const date = useAdminDate();
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-brand-900">{t('casePage.payments')}</h2>
      {payments.length === 0 ? (
        <p className="text-sm text-slate-700">{t('payments.empty')}</p>
      ) : (
        <ul className="space-y-1 text-sm text-slate-800">
          {payments.map((payment) => (
            <li key={payment.id}>
              {date(payment.createdAt)} · {formatMoney(payment.amountCents, payment.currency, language)} · {t(`payments.status.${payment.status}`)}
              {payment.creditedCents > 0 ? ` · ${t('payments.credited', { amount: formatMoney(payment.creditedCents, payment.currency, language) })}` : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * What the firm needs before writing a line: who the client is and how to reach them, the language
 * their account uses (the one to write to them in), and the case's service, stage and who handles it.
 */
function CaseHeader({ data }: { data: AdminCaseDetail }) {
  const { t } = useTranslation(['admin', 'cases']);
  const { client } = data;
  return (
    <header className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-brand-900 md:text-3xl">
            {data.displayId} · {data.serviceTitle ?? t('casePage.noService')}
          </h1>
          <p className="text-lg font-semibold text-slate-900">
            {client.firstName} {client.lastName}
          </p>
          <p className="text-sm font-semibold text-brand-900">{t('casePage.clientLanguage', { language: languageNames[client.language] })}</p>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a href={`mailto:${client.email}`} className="inline-flex items-center gap-1 text-brand-700 underline">
              <Mail className="h-4 w-4" aria-hidden />
              {client.email}
            </a>
            <a href={`tel:${client.phone.replace(/[^\d+]/g, '')}`} className="inline-flex items-center gap-1 text-brand-700 underline">
              <Phone className="h-4 w-4" aria-hidden />
              {client.phone}
            </a>
          </p>
        </div>
        <div className="space-y-3 text-sm">
          <p className="flex flex-wrap items-center gap-2 text-slate-700">
            {t('cases.stage')}: <Badge tone={caseStageTone(data.stage)}>{t(`cases:stages.names.${data.stage}`)}</Badge>
            <span className="text-slate-600">{t(`cases:stages.phases.${phaseOfStage(data.stage)}`)}</span>
          </p>
          <CaseAssigneeAdmin detail={data} />
        </div>
      </div>
    </header>
  );
}

type Slot = (detail: AdminCaseDetail) => ReactNode;

/**
 * One case as one page for the firm, laid out for the work: the header (client, language, contact,
 * stage, assignee), then the thread beside the document requests, the stages by phase, and the rest
 * below; on a phone one column in that order. `aside` and `notes` are what the app composes from
 * other features (deadlines, private notes) for this case.
 */
export function AdminCasePage({ caseId, aside, notes }: { caseId: number; aside?: Slot | undefined; notes?: Slot | undefined }) {
  const { t } = useTranslation('admin');
  const detail = useAdminCase(caseId);
  // A mark nobody asked for: if it fails, the case only stays marked new.
  const { mutate: markSeen } = useMarkAdminCaseSeen(caseId, { isFailureInline: true });
  // Opening the page is seeing the case: its unread marker clears for this admin.
  useEffect(() => markSeen(), [markSeen]);
  return (
    <QueryState query={detail} loading={t('table.loading')} className="text-sm">
      {(data) => <CaseWorkspace data={data} aside={aside} notes={notes} />}
    </QueryState>
  );
}

/** The case's page once it is loaded. */
function CaseWorkspace({ data, aside, notes }: { data: AdminCaseDetail; aside?: Slot | undefined; notes?: Slot | undefined }) {
  // The requests panel reads the same list: the marks of superseded and rejected files come with it.
  const requests = useAdminCaseRequests(data.id);
  const marks = fileMarks(requests.data ?? []);
  return (
    <div className="space-y-8">
      <CaseHeader data={data} />
      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <CaseThreadAdmin detail={data} clientLanguage={data.client.language} />
        <CaseRequestsAdmin caseId={data.id} familyMembers={data.familyMembers} />
      </div>
      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <div className="space-y-8">
          <CaseStageAdmin detail={data} />
          <CaseFilingAdmin detail={data} />
          <OfficialStatus serviceId={data.serviceId} fileNumber={data.filing.fileNumber} isForStaff />
        </div>
        <div className="space-y-8">
          {aside?.(data)}
          {notes?.(data)}
        </div>
      </div>
      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <CaseDocumentsAdmin detail={data} marks={marks} />
        <div className="space-y-8">
          <ClientIdentity client={data.client} />
          <CaseFamilyMembers members={data.familyMembers} />
          <CasePayments payments={data.payments} />
        </div>
      </div>
    </div>
  );
}
