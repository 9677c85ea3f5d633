import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatAdminDateTime } from '#common/dates.ts';
import {
  answersSchemaFor,
  type QuestionField,
  type QuestionnaireAnswers,
  type QuestionnaireDefinition,
  type QuestionnaireVersion,
} from '#common/questionnaires/questionnaires.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { showRefusal } from '#web/lib/failure-toast.ts';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { dataSheetUrl, useAdminQuestionnaire, useCorrectQuestionnaire, useReviewQuestionnaire } from '../api/questionnaire.queries.ts';
import { errorsOf, QuestionnaireFields, type FieldErrors } from './questionnaire-fields.tsx';

/** A value as a person reads it: a choice, a country and a yes or no by their names. */
function useReadable() {
  const { t } = useTranslation('questionnaires');
  const language = useLanguage();
  return (field: QuestionField, value: string | undefined) => {
    if (!value) return t('admin.empty');
    if (field.kind === 'country') return new Intl.DisplayNames(language, { type: 'region' }).of(value) ?? value;
    if (field.kind === 'yesNo') return t(value === 'yes' ? 'form.yes' : 'form.no');
    if (field.kind === 'select') return field.options?.find((option) => option.value === value)?.label[language] ?? value;
    return value;
  };
}

function Answers({ definition, answers }: { definition: QuestionnaireDefinition; answers: QuestionnaireAnswers }) {
  const { t } = useTranslation('questionnaires');
  const language = useLanguage();
  const readable = useReadable();
  return (
    <div className="space-y-3">
      {definition.sections.map((section) => {
        const answer = answers[section.key];
        const sets = section.isRepeatable ? (Array.isArray(answer) ? answer : []) : [answer && !Array.isArray(answer) ? answer : {}];
        return (
          <div key={section.key}>
            <h3 className="text-sm font-semibold text-slate-900">{section.title[language]}</h3>
            {sets.length === 0 ? <p className="text-sm text-slate-600">{t('admin.empty')}</p> : null}
            {sets.map((set, index) => (
              <div key={index} className="mt-1">
                {section.isRepeatable ? <p className="text-sm text-slate-700">{t('form.item', { section: section.title[language], number: String(index + 1) })}</p> : null}
                <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-2 text-sm">
                  {section.fields.map((field) => (
                    <div key={field.key} className="contents">
                      <dt className="text-slate-600">{field.label[language]}</dt>
                      <dd className="break-words text-slate-900">{readable(field, set[field.key])}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}

function VersionLine({ version }: { version: QuestionnaireVersion }) {
  const { t } = useTranslation('questionnaires');
  const language = useLanguage();
  return (
    <>
      {t('admin.version', {
        version: String(version.version),
        status: t(`status.${version.status}`),
        who: version.savedBy ? (version.savedBy.isStaff ? version.savedBy.name : t('admin.client')) : t('admin.empty'),
        date: formatAdminDateTime(version.createdAt, language),
      })}
    </>
  );
}

function Correction({ caseId, definition, answers, onDone }: { caseId: number; definition: QuestionnaireDefinition; answers: QuestionnaireAnswers; onDone: () => void }) {
  const { t } = useTranslation('questionnaires');
  const [values, setValues] = useState(answers);
  const [errors, setErrors] = useState<FieldErrors>({});
  const correct = useCorrectQuestionnaire(caseId, { failureTitle: t('form.saveFailed') });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = answersSchemaFor(definition, 'draft').safeParse(values);
        if (!checked.success) {
          setErrors(errorsOf(checked.error.issues));
          showRefusal(t('form.saveFailed'), t('form.invalid'));
          return;
        }
        correct.mutate(checked.data as QuestionnaireAnswers, { onSuccess: onDone });
      }}
    >
      <QuestionnaireFields definition={definition} answers={values} errors={errors} onChange={setValues} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={correct.isPending}>
          {t('admin.saveCorrection')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The case page's questionnaire: the latest answers, who saved each version, a correction, the review and the data sheet. */
export function CaseQuestionnaireAdmin({ caseId }: { caseId: number }) {
  const { t } = useTranslation(['questionnaires', 'admin']);
  const query = useAdminQuestionnaire(caseId);
  const mayCorrect = useMayUse('PUT /api/admin/cases/:id/questionnaire');
  const mayReview = useMayUse('POST /api/admin/cases/:id/questionnaire/review');
  const mayDownload = useMayUse('GET /api/admin/cases/:id/questionnaire/data-sheet');
  const review = useReviewQuestionnaire(caseId, { failureTitle: t('form.saveFailed') });
  const [isCorrecting, setIsCorrecting] = useState(false);
  return (
    <section aria-labelledby="case-questionnaire-admin-title" className="space-y-3">
      <h2 id="case-questionnaire-admin-title" className="text-lg font-semibold text-brand-900">
        {t('admin.title')}
      </h2>
      <QueryState query={query} loading={t('admin:table.loading')} className="text-sm">
        {(questionnaire) => {
          if (!questionnaire) return <p className="text-sm text-slate-700">{t('admin.none')}</p>;
          const [latest, ...earlier] = questionnaire.versions;
          if (!latest) return <p className="text-sm text-slate-700">{t('admin.noAnswers')}</p>;
          return (
            <div className="space-y-3">
              <p className="text-sm font-medium text-slate-900">
                {questionnaire.definition.form} · <VersionLine version={latest} />
              </p>
              <div className="flex flex-wrap gap-2">
                {mayDownload ? (
                  <a className="inline-flex items-center gap-1 text-sm text-brand-800 underline" href={dataSheetUrl(caseId)} download>
                    <Download className="h-4 w-4" aria-hidden />
                    {t('admin.download')}
                  </a>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2">
                {mayReview && latest.status !== 'reviewed' ? (
                  <Button type="button" size="sm" disabled={review.isPending} onClick={() => review.mutate()}>
                    {t('admin.markReviewed')}
                  </Button>
                ) : null}
                {mayCorrect && !isCorrecting ? (
                  <Button type="button" size="sm" variant="outline" onClick={() => setIsCorrecting(true)}>
                    {t('admin.correct')}
                  </Button>
                ) : null}
              </div>
              {isCorrecting ? (
                <Correction caseId={caseId} definition={questionnaire.definition} answers={latest.answers} onDone={() => setIsCorrecting(false)} />
              ) : (
                <Answers definition={questionnaire.definition} answers={latest.answers} />
              )}
              {earlier.length > 0 ? (
                <ul className="space-y-1 text-xs text-slate-600">
                  {earlier.map((version) => (
                    <li key={version.version}>
                      <VersionLine version={version} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}
