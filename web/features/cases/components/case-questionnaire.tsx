import { useState } from 'react';
import {
  answersSchemaFor,
  type CaseQuestionnaire as Questionnaire,
  type QuestionnaireAnswers,
} from '#common/questionnaires/questionnaires.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { showRefusal } from '#web/lib/failure-toast.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useCaseQuestionnaire, useSaveQuestionnaire } from '../api/questionnaire.queries.ts';
import { errorsOf, QuestionnaireFields, type FieldErrors } from './questionnaire-fields.tsx';

/** Where the form starts: the latest version, or else what the profile knows. */
function startingAnswers(questionnaire: NonNullable<Questionnaire>): QuestionnaireAnswers {
  if (questionnaire.current) return questionnaire.current.answers;
  const answers: QuestionnaireAnswers = {};
  for (const section of questionnaire.definition.sections) {
    if (section.isRepeatable) continue;
    const set: Record<string, string> = {};
    for (const field of section.fields) {
      const value = field.prefill ? questionnaire.prefill[field.prefill] : undefined;
      if (value) set[field.key] = value;
    }
    answers[section.key] = set;
  }
  return answers;
}

function QuestionnaireForm({ caseId, questionnaire }: { caseId: number; questionnaire: NonNullable<Questionnaire> }) {
  const { t } = useTranslation('questionnaires');
  const [answers, setAnswers] = useState(() => startingAnswers(questionnaire));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveQuestionnaire(caseId, { failureTitle: t('form.saveFailed') });

  function send(mode: 'draft' | 'submit') {
    const checked = answersSchemaFor(questionnaire.definition, mode).safeParse(answers);
    if (!checked.success) {
      setErrors(errorsOf(checked.error.issues));
      showRefusal(t('form.saveFailed'), t('form.invalid'));
      return;
    }
    setErrors({});
    save.mutate(
      { answers: checked.data as QuestionnaireAnswers, mode },
      { onSuccess: (version) => toast({ title: t(mode === 'submit' ? 'form.submitted' : 'form.saved', { version: String(version.version) }), variant: 'success' }) },
    );
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        send('submit');
      }}
    >
      <QuestionnaireFields definition={questionnaire.definition} answers={answers} errors={errors} onChange={setAnswers} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={save.isPending} onClick={() => send('draft')}>
          {t('form.saveDraft')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}

/** A case's questionnaire for its client, in their language: nothing when the procedure has none. */
export function CaseQuestionnaire({ caseId }: { caseId: number }) {
  const { t } = useTranslation('questionnaires');
  const query = useCaseQuestionnaire(caseId);
  const [isOpen, setIsOpen] = useState(false);
  const questionnaire = query.data;
  if (!questionnaire) return null;
  const titleId = `questionnaire-${caseId}`;
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {t('form.title')}
      </h3>
      <p className="text-sm text-slate-700">{t('form.intro', { form: questionnaire.definition.form })}</p>
      {questionnaire.current ? (
        <p className="text-sm text-slate-700">
          {t('form.current', { version: String(questionnaire.current.version), status: t(`status.${questionnaire.current.status}`) })}
        </p>
      ) : null}
      <Button type="button" variant="outline" aria-expanded={isOpen} onClick={() => setIsOpen(!isOpen)}>
        {t(isOpen ? 'form.close' : 'form.open')}
      </Button>
      {isOpen ? <QuestionnaireForm caseId={caseId} questionnaire={questionnaire} /> : null}
    </section>
  );
}
