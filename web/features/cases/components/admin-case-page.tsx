import { useEffect, type ReactNode } from 'react';
import type { AdminCaseDetail } from '#common/cases/cases.contract.ts';
import { formatLongDate } from '#common/long-date.ts';
import { formatMoney } from '#common/money.ts';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useLanguage } from '#web/lib/use-language.ts';
import { useAdminCase, useMarkAdminCaseSeen } from '../api/cases.admin.queries.ts';
import { CaseDocumentsAdmin } from './case-documents-admin.tsx';
import { CaseFamilyMembers } from './case-family-members.tsx';
import { CaseRequestsAdmin } from './case-requests-admin.tsx';
import { CaseFilingAdmin, CaseStageAdmin } from './case-stage-admin.tsx';
import { CaseThreadAdmin } from './case-thread-admin.tsx';

function ClientIdentity({ client }: { client: AdminCaseDetail['client'] }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const fields = [
    ['name', `${client.firstName} ${client.lastName}`],
    ['email', client.email],
    ['phone', client.phone],
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
 * One case as one page for the firm: the client's identity, the stage and its timeline, the filing
 * data, payments, the document requests, documents and thread; `aside` is what the app composes from other features
 * (deadlines) for this case.
 */
export function AdminCasePage({ caseId, aside }: { caseId: number; aside?: (detail: AdminCaseDetail) => ReactNode }) {
  const { t } = useTranslation('admin');
  const detail = useAdminCase(caseId);
  // A mark nobody asked for: if it fails, the case only stays marked new.
  const { mutate: markSeen } = useMarkAdminCaseSeen(caseId, { isFailureInline: true });
  // Opening the page is seeing the case: its unread marker clears for this admin.
  useEffect(() => markSeen(), [markSeen]);
  return (
    <QueryState query={detail} loading={t('table.loading')} className="text-sm">
      {(data) => <CaseWorkspace data={data} aside={aside} />}
    </QueryState>
  );
}

/** The case's page once it is loaded: who the client is, the case's stage, filing, documents and messages. */
function CaseWorkspace({ data, aside }: { data: AdminCaseDetail; aside?: (detail: AdminCaseDetail) => ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold text-brand-900">
          {data.displayId} · {data.serviceTitle ?? t('casePage.noService')}
        </h1>
        <p className="mt-2 text-slate-700">
          {data.client.firstName} {data.client.lastName} · {data.client.email}
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="space-y-8">
          <ClientIdentity client={data.client} />
          <CaseFamilyMembers members={data.familyMembers} />
          <CaseStageAdmin detail={data} />
          <CaseFilingAdmin detail={data} />
          <CasePayments payments={data.payments} />
        </div>
        <div className="space-y-8">
          {aside?.(data)}
          <CaseRequestsAdmin caseId={data.id} familyMembers={data.familyMembers} />
          <CaseDocumentsAdmin detail={data} />
          <CaseThreadAdmin detail={data} />
        </div>
      </div>
    </div>
  );
}
