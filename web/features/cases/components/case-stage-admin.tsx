import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  caseFilingInputSchema,
  caseStageInputSchema,
  caseStagePhases,
  phaseOfStage,
  type AdminCaseDetail,
  type CasePhase,
  type CaseStageChange,
  type CaseFilingInput,
  type CaseStageInput,
} from '#common/cases/cases.contract.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useMoveCaseStage, useSaveCaseFiling } from '../api/cases.admin.queries.ts';
import { caseStageTone } from '../case-stage-tone.ts';
import { CaseTimeline } from './case-timeline.tsx';

function StageForm({ detail }: { detail: AdminCaseDetail }) {
  const { t } = useTranslation(['admin', 'cases']);
  const move = useMoveCaseStage(detail.id, { failureTitle: t('update.error') });
  const form = useForm<CaseStageInput>({ resolver: zodResolver(caseStageInputSchema), defaultValues: { stage: detail.stage, note: '' } });
  const onSubmit = form.handleSubmit((input) =>
    move.mutate(input, {
      onSuccess: () => {
        toast({ title: t('update.success'), variant: 'success' });
        form.reset({ stage: input.stage, note: '' });
      },
    }),
  );
  return (
    <form className="space-y-3" noValidate onSubmit={onSubmit}>
      <FormField label={t('cases.newStage')} error={form.formState.errors.stage?.message}>
        <Select {...form.register('stage')}>
          {caseStagePhases.map(({ phase, stages }) => (
            <optgroup key={phase} label={t(`cases:stages.phases.${phase}`)}>
              {stages.map((stage) => (
                <option key={stage} value={stage}>
                  {t(`cases:stages.names.${stage}`)}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </FormField>
      <FormField label={t('cases.stageNote')} hint={t('cases.stageNoteHint')} error={form.formState.errors.note?.message}>
        <Textarea rows={2} {...form.register('note')} />
      </FormField>
      <Button type="submit" disabled={move.isPending}>
        {t('cases.moveStage')}
      </Button>
    </form>
  );
}

/** The timeline cut where it passes from one phase to the other (files go back and forth), oldest first. */
function phaseRuns(history: CaseStageChange[]): { phase: CasePhase; changes: CaseStageChange[] }[] {
  const runs: { phase: CasePhase; changes: CaseStageChange[] }[] = [];
  for (const change of history) {
    const phase = phaseOfStage(change.stage);
    const last = runs.at(-1);
    if (last?.phase === phase) last.changes.push(change);
    else runs.push({ phase, changes: [change] });
  }
  return runs;
}

/** The stage of a case, the form that moves it (with an optional note for the client) and its timeline, grouped by phase. */
export function CaseStageAdmin({ detail }: { detail: AdminCaseDetail }) {
  const { t } = useTranslation(['admin', 'cases']);
  const date = useAdminDate();
  const mayMove = useMayUse('PUT /api/admin/cases/:id/stage');
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-brand-900">{t('cases.stage')}</h2>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {t('cases.currentStage')}: <Badge tone={caseStageTone(detail.stage)}>{t(`cases:stages.names.${detail.stage}`)}</Badge>
        <span className="text-slate-600">{t(`cases:stages.phases.${phaseOfStage(detail.stage)}`)}</span>
      </p>
      {/* Not keyed by the stage: a remount while the move settles would drop its callbacks (the toast). */}
      {mayMove ? <StageForm detail={detail} /> : null}
      <h3 className="font-semibold text-brand-900">{t('cases.history')}</h3>
      <ol className="space-y-3">
        {phaseRuns(detail.history).map((run) => (
          <li key={`${run.phase}-${run.changes[0]?.createdAt ?? ''}`} className="border-l-2 border-brand-200 pl-3">
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t(`cases:stages.phases.${run.phase}`)}</p>
            <CaseTimeline history={run.changes} formatDate={date} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The filing data: the administration's file number, the filing date and the office. */
export function CaseFilingAdmin({ detail }: { detail: AdminCaseDetail }) {
  const { t } = useTranslation('admin');
  const save = useSaveCaseFiling(detail.id, { failureTitle: t('update.error') });
  const form = useForm<CaseFilingInput>({
    resolver: zodResolver(caseFilingInputSchema),
    defaultValues: { fileNumber: detail.filing.fileNumber ?? '', filedOn: detail.filing.filedOn ?? '', office: detail.filing.office ?? '' },
  });
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, { onSuccess: () => toast({ title: t('update.success'), variant: 'success' }) }),
  );
  const mayEdit = useMayUse('PUT /api/admin/cases/:id/filing');
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-brand-900">{t('cases.filing.title')}</h2>
      <fieldset disabled={!mayEdit} className="m-0 min-w-0 border-0 p-0">
        <form className="grid gap-3 md:grid-cols-3" noValidate onSubmit={onSubmit}>
          <FormField label={t('cases.filing.fileNumber')} hint={t('cases.filing.fileNumberHint')} error={form.formState.errors.fileNumber?.message}>
            <Input {...form.register('fileNumber')} />
          </FormField>
          <FormField label={t('cases.filing.filedOn')} error={form.formState.errors.filedOn?.message}>
            <Input type="date" {...form.register('filedOn')} />
          </FormField>
          <FormField label={t('cases.filing.office')} error={form.formState.errors.office?.message}>
            <Input {...form.register('office')} />
          </FormField>
          <div className="md:col-span-3">
            {mayEdit ? (
              <Button type="submit" variant="outline" disabled={save.isPending}>
                {t('cases.filing.save')}
              </Button>
            ) : null}
          </div>
        </form>
      </fieldset>
    </section>
  );
}
