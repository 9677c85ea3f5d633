import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { caseIdFromDisplayId } from '#common/cases/cases.contract.ts';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { IdentificationReviewAdmin } from '#web/features/aml/components/identification-review-admin.tsx';
import { AdminCasePage } from '#web/features/cases/components/admin-case-page.tsx';
import { CaseQuestionnaireAdmin } from '#web/features/cases/components/case-questionnaire-admin.tsx';
import { CaseDeadlinesAdmin } from '#web/features/deadlines/components/case-deadlines-admin.tsx';
import { CaseAppointmentsAdmin } from '#web/features/official-appointments/components/case-appointments-admin.tsx';
import { CaseEngagements } from '#web/features/engagements/components/case-engagements.tsx';
import { CaseFilingPackAdmin } from '#web/features/filing-packs/components/case-filing-pack-admin.tsx';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { StaffNotes } from '#web/features/notes/components/staff-notes.tsx';

/** /admin/expedientes/EXP-007: one case as one page for the firm, with its engagement letter, its appointments with the administration and its deadlines. */
export default function AdminCaseRoute() {
  const { t } = useTranslation('admin');
  const { displayId = '' } = useParams();
  const caseId = caseIdFromDisplayId(displayId);
  const maySeeDeadlines = useMayUse('GET /api/admin/cases/:id/deadlines');
  const maySeeAppointments = useMayUse('GET /api/admin/cases/:id/official-appointments');
  const maySeeIdentification = useMayUse('GET /api/admin/cases/:id/identification');
  const maySeeFilingPacks = useMayUse('GET /api/admin/cases/:id/filing-packs');
  const maySeeQuestionnaire = useMayUse('GET /api/admin/cases/:id/questionnaire');
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 md:py-14">
      <PageMeta title={t('casePage.title', { id: displayId })} description={t('casePage.description')} />
      <Link to="/admin?tab=expedientes" className="mb-6 inline-flex items-center gap-1 text-sm text-brand-800 underline">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t('casePage.back')}
      </Link>
      {caseId === null ? (
        <p role="status" className="text-sm text-slate-700">
          {t('casePage.notFound')}
        </p>
      ) : (
        <AdminCasePage
          caseId={caseId}
          aside={(detail) => (
            <>
              {maySeeIdentification ? <IdentificationReviewAdmin caseId={detail.id} /> : null}
              <CaseEngagements caseId={detail.id} />
              {maySeeAppointments ? <CaseAppointmentsAdmin caseId={detail.id} stage={detail.stage} /> : null}
              {maySeeQuestionnaire ? <CaseQuestionnaireAdmin caseId={detail.id} /> : null}
              {maySeeDeadlines ? <CaseDeadlinesAdmin caseId={detail.id} /> : null}
              {maySeeFilingPacks ? <CaseFilingPackAdmin caseId={detail.id} /> : null}
            </>
          )}
          notes={(detail) => <StaffNotes subject="cases" id={detail.id} />}
        />
      )}
    </section>
  );
}
