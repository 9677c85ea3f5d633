import { ShieldCheck } from 'lucide-react';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import type { CaseIdentification } from '#common/aml/aml.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useMyIdentifications } from '../api/aml.queries.ts';
import { IdentificationForm } from './identification-form.tsx';
import { IdentificationStatus } from './identification-status.tsx';

function CaseIdentificationCard({ item }: { item: CaseIdentification }) {
  const { t } = useTranslation('aml');
  const newest = item.submissions[0];
  const isOpen = item.status === 'required' || item.status === 'returned';
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{t('panel.case', { id: caseDisplayId(item.caseId) })}</h3>
        <IdentificationStatus status={item.status} />
      </div>
      {item.status === 'submitted' ? <p className="mt-2 text-sm text-slate-700">{t('panel.submittedText')}</p> : null}
      {item.status === 'accepted' ? <p className="mt-2 text-sm text-slate-700">{t('panel.acceptedText')}</p> : null}
      {item.status === 'returned' && newest?.reviewNote ? (
        <p role="note" className="mt-2 text-sm text-red-800">
          {t('panel.returnedText', { note: newest.reviewNote })}
        </p>
      ) : null}
      {isOpen ? <IdentificationForm caseId={item.caseId} /> : null}
    </li>
  );
}

/**
 * The panel's box for property work (Ley 10/2010): why the firm must identify the client, that the
 * records outlive the account, and each case's form or status. Nothing shows for a client with no such case.
 */
export function IdentificationRequests() {
  const { t } = useTranslation('aml');
  const identifications = useMyIdentifications();
  const items = identifications.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="identification-title" className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-6">
      <h2 id="identification-title" className="flex items-center gap-2 text-xl font-semibold text-brand-900">
        <ShieldCheck className="h-5 w-5 text-amber-800" aria-hidden />
        {t('panel.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-800">{t('panel.why')}</p>
      <p className="mt-2 text-sm text-slate-800">{t('panel.kept')}</p>
      <ul className="mt-4 space-y-4">
        {items.map((item) => (
          <CaseIdentificationCard key={item.caseId} item={item} />
        ))}
      </ul>
    </section>
  );
}
