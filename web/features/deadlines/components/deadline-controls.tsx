import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { firmDay } from '#common/dates.ts';
import { formatDeadlineDay } from '#common/deadlines/deadline-dates.ts';
import { deadlineKinds } from '#common/deadlines/deadline-rules.ts';
import { caseReferenceSchema, deadlineInputSchema, type CaseDeadline } from '#common/deadlines/deadlines.contract.ts';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import type { SimpleColumn } from '#web/components/ui/simple-table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { deadlinesResource, useAddDeadline, useCompleteDeadline, useDeadlinePreview } from '../api/deadlines.queries.ts';

/** The contract plus the case as the firm writes it; an emptied date is called missing rather than invalid. */
const deadlineFormSchema = deadlineInputSchema.extend({
  caseReference: caseReferenceSchema,
  startDate: z.string().min(1, 'validation:required').pipe(deadlineInputSchema.shape.startDate),
});

function PreviewLine({ caseReference, kind, startDate }: { caseReference: string; kind: (typeof deadlineKinds)[number]; startDate: string }) {
  const { t } = useTranslation('deadlines');
  const language = useLanguage();
  const reference = caseReferenceSchema.safeParse(caseReference);
  const preview = useDeadlinePreview(reference.success ? reference.data : null, kind, startDate);
  const isAsked = reference.success && startDate !== '';
  return (
    <p aria-live="polite" className="min-h-6 text-sm font-medium text-brand-900">
      {!isAsked ? null : preview.error ? (
        <span className="text-red-800">{t('admin.add.previewError', { message: preview.error.message })}</span>
      ) : preview.data ? (
        <>
          {preview.data.opensOn
            ? t('admin.add.previewWindow', { opensOn: formatDeadlineDay(preview.data.opensOn, language), dueDate: formatDeadlineDay(preview.data.dueDate, language) })
            : t('admin.add.preview', { dueDate: formatDeadlineDay(preview.data.dueDate, language) })}
          {preview.data.isNationality ? <span className="ml-2 font-normal text-slate-700">{t('admin.add.nationality')}</span> : null}
        </>
      ) : null}
    </p>
  );
}

/** Records a deadline with its computed dates shown before saving: on the case written in the form, or on `caseId` (a case's page). */
export function AddDeadlineForm({ caseId }: { caseId?: number }) {
  const { t } = useTranslation('deadlines');
  const add = useAddDeadline({ failureTitle: t('admin.add.error') });
  const caseReference = caseId === undefined ? '' : String(caseId);
  const form = useForm<z.input<typeof deadlineFormSchema>, unknown, z.output<typeof deadlineFormSchema>>({
    resolver: zodResolver(deadlineFormSchema),
    defaultValues: { caseReference, kind: 'requerimiento', startDate: '', note: '' },
  });
  const { errors } = form.formState;
  const [reference, kind, startDate] = useWatch({ control: form.control, name: ['caseReference', 'kind', 'startDate'] });
  const onSubmit = form.handleSubmit(({ caseReference: id, ...input }) =>
    add.mutate(
      { caseId: id, input },
      {
        onSuccess: () => {
          toast({ title: t('admin.add.saved'), variant: 'success' });
          form.reset({ caseReference, kind: input.kind, startDate: '', note: '' });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 className="text-lg font-semibold text-brand-900">{caseId === undefined ? t('admin.add.title') : t('admin.case.add')}</h3>
      <div className={caseId === undefined ? 'grid gap-4 md:grid-cols-4' : 'grid gap-4 sm:grid-cols-3'}>
        {caseId === undefined ? (
          <FormField label={t('admin.add.case')} isRequired error={errors.caseReference?.message}>
            <Input placeholder={t('admin.add.casePlaceholder')} autoComplete="off" {...form.register('caseReference')} />
          </FormField>
        ) : null}
        <FormField label={t('admin.add.kind')} isRequired error={errors.kind?.message}>
          <Select {...form.register('kind')}>
            {deadlineKinds.map((value) => (
              <option key={value} value={value}>
                {t(`kinds.${value}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={kind === 'renewal_window' ? t('admin.add.expiresOn') : t('admin.add.notifiedOn')} isRequired error={errors.startDate?.message}>
          <Input type="date" {...form.register('startDate')} />
        </FormField>
        <FormField label={t('admin.add.note')} error={errors.note?.message}>
          <Input {...form.register('note')} />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PreviewLine caseReference={reference} kind={kind} startDate={startDate} />
        <Button type="submit" isBusy={add.isPending} busyLabel={t('admin.add.saving')}>
          {t('admin.add.save')}
        </Button>
      </div>
    </form>
  );
}

function DoneButton({ id, item }: { id: string; item: string }) {
  const { t } = useTranslation('deadlines');
  const complete = useCompleteDeadline({ failureTitle: t('admin.doneError') });
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t('admin.markDoneLabel', { item })}
      disabled={complete.isPending}
      onClick={() =>
        complete.mutate(id, { onSuccess: () => toast({ title: t('admin.done'), variant: 'success' }) })
      }
    >
      <Check className="h-4 w-4" aria-hidden />
      {t('admin.markDone')}
    </Button>
  );
}

/**
 * The columns of a list of deadlines (due day with its state, kind, start, note, done and remove),
 * for the Plazos tab and a case's page; `item` names a row in its buttons' labels, `after` is a column
 * placed after the due day (the case, in the tab).
 */
export function useDeadlineColumns<T extends CaseDeadline>(item: (row: T) => string, after?: SimpleColumn<T>): SimpleColumn<T>[] {
  const { t } = useTranslation('deadlines');
  const language = useLanguage();
  const today = firmDay(new Date());
  return [
    {
      header: t('admin.columns.due'),
      cell: (row) => (
        <div className="whitespace-nowrap">
          <p>{formatDeadlineDay(row.dueDate, language)}</p>
          {row.doneAt ? (
            <Badge tone="green">{t('admin.case.doneOn', { date: formatDeadlineDay(firmDay(new Date(row.doneAt)), language) })}</Badge>
          ) : row.dueDate < today ? (
            <Badge tone="red">{t('admin.overdue')}</Badge>
          ) : row.dueDate === today ? (
            <Badge tone="yellow">{t('admin.dueToday')}</Badge>
          ) : null}
          {row.opensOn ? <p className="text-xs text-slate-700">{t('admin.opens', { date: formatDeadlineDay(row.opensOn, language) })}</p> : null}
        </div>
      ),
    },
    ...(after ? [after] : []),
    { header: t('admin.columns.kind'), cell: (row) => t(`kinds.${row.kind}`) },
    { header: t('admin.columns.start'), cell: (row) => formatDeadlineDay(row.startDate, language), className: 'whitespace-nowrap' },
    { header: t('admin.columns.note'), cell: (row) => row.note ?? '' },
    {
      header: t('admin.columns.actions'),
      cell: (row) => (
        <div className="flex items-center gap-1">
          {row.doneAt ? null : <DoneButton id={row.id} item={item(row)} />}
          <DeleteButton resource={deadlinesResource} id={row.id} label={item(row)} />
        </div>
      ),
    },
  ];
}
