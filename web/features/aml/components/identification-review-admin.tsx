import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { identificationReviewSchema, type Identification } from '#common/aml/aml.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { identificationFileUrl, useCaseIdentification, useReviewIdentification } from '../api/aml.queries.ts';
import { IdentificationStatus } from './identification-status.tsx';

/** Accept the submission, or ask for it again with a note the client reads. */
function ReviewForm({ caseId, submission }: { caseId: number; submission: Identification }) {
  const { t } = useTranslation('aml');
  const [isReturning, setReturning] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const accept = useReviewIdentification(caseId, { failureTitle: t('admin.failureTitle'), successTitle: t('admin.acceptedTitle') });
  const giveBack = useReviewIdentification(caseId, { failureTitle: t('admin.failureTitle'), successTitle: t('admin.returnedTitle') });

  function sendReturn(event: FormEvent) {
    event.preventDefault();
    const parsed = identificationReviewSchema.safeParse({ decision: 'return', note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    giveBack.mutate({ identificationId: submission.id, review: parsed.data });
  }

  return (
    <div className="mt-4 space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button type="button" isBusy={accept.isPending} busyLabel={t('admin.busy')} onClick={() => accept.mutate({ identificationId: submission.id, review: { decision: 'accept' } })}>
          {t('admin.accept')}
        </Button>
        <Button type="button" variant="outline" aria-expanded={isReturning} onClick={() => setReturning((open) => !open)}>
          {t('admin.return')}
        </Button>
      </div>
      {isReturning ? (
        <form onSubmit={sendReturn} noValidate className="space-y-2">
          <FormField label={t('admin.note')} error={error} isRequired>
            <Textarea rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
          <Button type="submit" variant="outline" isBusy={giveBack.isPending} busyLabel={t('admin.busy')}>
            {t('admin.sendReturn')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function Submission({ caseId, submission, isNewest }: { caseId: number; submission: Identification; isNewest: boolean }) {
  const { t } = useTranslation('aml');
  const date = useAdminDate();
  const mayReview = useMayUse('POST /api/admin/cases/:id/identification/:identificationId/review');
  const rows = [
    ['fullName', submission.fullName],
    ['documentKind', `${t(`form.kinds.${submission.documentKind}`)} · ${submission.documentNumber}`],
    ['fundsOrigin', submission.fundsOrigin],
    ['purpose', submission.purpose],
  ] as const;
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-slate-700">{t('admin.submittedAt', { date: date(submission.createdAt) })}</span>
        <IdentificationStatus status={submission.status} />
      </div>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-medium text-slate-900">{t(`admin.fields.${key}`)}</dt>
            <dd className="whitespace-pre-line text-slate-800">{value}</dd>
          </div>
        ))}
        <dt className="font-medium text-slate-900">{t('admin.fields.files')}</dt>
        <dd>
          <ul className="space-y-1">
            {submission.files.map((file) => (
              <li key={file.id}>
                <a
                  href={identificationFileUrl('admin', caseId, submission.id, file.id)}
                  download={file.name}
                  aria-label={t('admin.download', { name: file.name })}
                  className="inline-flex items-center gap-1 text-brand-800 underline"
                >
                  <Download className="h-4 w-4" aria-hidden />
                  {file.name}
                </a>
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      {submission.reviewNote ? <p className="mt-2 text-sm text-red-800">{submission.reviewNote}</p> : null}
      {isNewest && submission.status === 'submitted' && mayReview ? <ReviewForm caseId={caseId} submission={submission} /> : null}
    </li>
  );
}

/**
 * The case page's identification under Ley 10/2010, for a case of a service that asks it: what the
 * client sent, newest first, and the review that lets the work start. Nothing for any other case.
 */
export function IdentificationReviewAdmin({ caseId }: { caseId: number }) {
  const { t } = useTranslation('aml');
  const identification = useCaseIdentification(caseId);
  const data = identification.data;
  if (!data || data.status === 'notRequired') return null;
  return (
    <section aria-labelledby="case-identification-title" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="case-identification-title" className="text-lg font-semibold text-brand-900">
          {t('admin.title')}
        </h2>
        <IdentificationStatus status={data.status} />
      </div>
      <p className="text-sm text-slate-800">{t('admin.intro')}</p>
      <p className="text-xs text-slate-700">{t('admin.retention')}</p>
      {data.submissions.length === 0 ? (
        <p className="text-sm text-slate-700">{t('admin.none')}</p>
      ) : (
        <ul className="space-y-3">
          {data.submissions.map((submission, index) => (
            <Submission key={submission.id} caseId={caseId} submission={submission} isNewest={index === 0} />
          ))}
        </ul>
      )}
    </section>
  );
}
