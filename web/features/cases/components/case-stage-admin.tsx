import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  administrationCaseStages,
  caseFilingInputSchema,
  caseStageInputSchema,
  firmCaseStages,
  type AdminCaseDetail,
  type CaseFilingInput,
  type CaseStageInput,
} from '#common/cases/cases.contract.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
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
          {[
            { phase: 'firm', stages: firmCaseStages },
            { phase: 'administration', stages: administrationCaseStages },
          ].map(({ phase, stages }) => (
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

/** The stage of a case, the form that moves it (with an optional note for the client) and its timeline. */
export function CaseStageAdmin({ detail }: { detail: AdminCaseDetail }) {
  const { t } = useTranslation(['admin', 'cases']);
  const date = useAdminDate();
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-brand-900">{t('cases.stage')}</h2>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        {t('cases.currentStage')}: <Badge tone={caseStageTone(detail.stage)}>{t(`cases:stages.names.${detail.stage}`)}</Badge>
      </p>
      {/* Not keyed by the stage: a remount while the move settles would drop its callbacks (the toast). */}
      <StageForm detail={detail} />
      <h3 className="font-semibold text-brand-900">{t('cases.history')}</h3>
      <CaseTimeline history={detail.history} formatDate={date} />
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
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-brand-900">{t('cases.filing.title')}</h2>
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
          <Button type="submit" variant="outline" disabled={save.isPending}>
            {t('cases.filing.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
