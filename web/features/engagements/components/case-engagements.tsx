import { FileText } from 'lucide-react';
import { formatLongDate } from '#common/long-date.ts';
import { Button } from '#web/components/ui/button.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { engagementPdfUrl, useCaseEngagements } from '../api/engagements.queries.ts';

/**
 * The case's engagement letter on the firm's case page: when it was accepted and in which version,
 * whether the client asked to start within the 14 days (if not, the work waits), the PDF, and a
 * withdrawal, which the firm answers with the payment's refund.
 */
export function CaseEngagements({ caseId }: { caseId: number }) {
  const { t } = useTranslation('engagements');
  const language = useLanguage();
  const adminDate = useAdminDate();
  const engagements = useCaseEngagements(caseId);
  return (
    <section className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200" aria-labelledby="case-engagement-title">
      <h2 id="case-engagement-title" className="text-base font-semibold text-brand-900">
        {t('case.title')}
      </h2>
      <div className="mt-2">
        <QueryState query={engagements} loading={t('step.loading')} failure={t('case.loadFailed')} empty={<p className="text-slate-700">{t('case.none')}</p>}>
          {(letters) => (
            <ul className="space-y-3">
              {letters.map((letter) => (
                <li key={letter.id} className="space-y-1">
                  <p className="text-slate-800">{t('case.accepted', { date: adminDate(letter.acceptedAt), version: String(letter.version) })}</p>
                  <p className="text-slate-800">{t(letter.isEarlyStartRequested ? 'case.earlyStart' : 'case.noEarlyStart')}</p>
                  {letter.withdrawnAt ? (
                    <p role="status" className="rounded-md bg-amber-50 p-2 font-medium text-amber-900 ring-1 ring-amber-200">
                      {t('case.withdrawn', { date: adminDate(letter.withdrawnAt) })}
                    </p>
                  ) : (
                    <p className="text-slate-700">{t('case.withdrawableUntil', { date: formatLongDate(letter.withdrawableUntil, language) })}</p>
                  )}
                  <Button asChild variant="outline" size="sm">
                    <a href={engagementPdfUrl(letter.id)} download>
                      <FileText className="h-4 w-4" aria-hidden />
                      {t('case.download')}
                    </a>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}
