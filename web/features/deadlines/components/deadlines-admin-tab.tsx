import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { firmDay } from '#common/dates.ts';
import { formatDeadlineDay } from '#common/deadlines/deadline-dates.ts';
import { deadlineKinds } from '#common/deadlines/deadline-rules.ts';
import { caseReferenceSchema, deadlineInputSchema, type AdminDeadline } from '#common/deadlines/deadlines.contract.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { deadlinesResource, useAddDeadline, useCompleteDeadline, useDeadlinePreview } from '../api/deadlines.queries.ts';
import { HolidaysSection } from './holidays-section.tsx';

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

function AddDeadlineForm() {
  const { t } = useTranslation('deadlines');
  const add = useAddDeadline();
  const form = useForm<z.input<typeof deadlineFormSchema>, unknown, z.output<typeof deadlineFormSchema>>({
    resolver: zodResolver(deadlineFormSchema),
    defaultValues: { caseReference: '', kind: 'requerimiento', startDate: '', note: '' },
  });
  const { errors } = form.formState;
  const [caseReference, kind, startDate] = useWatch({ control: form.control, name: ['caseReference', 'kind', 'startDate'] });
  const onSubmit = form.handleSubmit(({ caseReference: caseId, ...input }) =>
    add.mutate(
      { caseId, input },
      {
        onSuccess: () => {
          toast({ title: t('admin.add.saved'), variant: 'success' });
          form.reset({ caseReference: '', kind: input.kind, startDate: '', note: '' });
        },
        onError: (error) => toast({ title: t('admin.add.error'), description: error.message, variant: 'destructive' }),
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 className="text-lg font-semibold text-brand-900">{t('admin.add.title')}</h3>
      <div className="grid gap-4 md:grid-cols-4">
        <FormField label={t('admin.add.case')} isRequired error={errors.caseReference?.message}>
          <Input placeholder={t('admin.add.casePlaceholder')} autoComplete="off" {...form.register('caseReference')} />
        </FormField>
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
        <PreviewLine caseReference={caseReference} kind={kind} startDate={startDate} />
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t('admin.add.saving') : t('admin.add.save')}
        </Button>
      </div>
    </form>
  );
}

function DoneButton({ row }: { row: AdminDeadline }) {
  const { t } = useTranslation('deadlines');
  const complete = useCompleteDeadline();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t('admin.markDoneLabel', { caseId: row.displayId })}
      disabled={complete.isPending}
      onClick={() =>
        complete.mutate(row.id, {
          onSuccess: () => toast({ title: t('admin.done'), variant: 'success' }),
          onError: (error) => toast({ title: t('admin.doneError'), description: error.message, variant: 'destructive' }),
        })
      }
    >
      <Check className="h-4 w-4" aria-hidden />
      {t('admin.markDone')}
    </Button>
  );
}

/** The Plazos tab: what is overdue or due soon across every case, a way to record one, and the holidays the rules count with. */
export function DeadlinesAdminTab() {
  const { t } = useTranslation(['deadlines', 'admin']);
  const language = useLanguage();
  const today = firmDay(new Date());
  const columns: Column<AdminDeadline>[] = [
    {
      header: t('admin.columns.due'),
      cell: (row) => (
        <div className="whitespace-nowrap">
          <p>{formatDeadlineDay(row.dueDate, language)}</p>
          {row.dueDate < today ? <Badge tone="red">{t('admin.overdue')}</Badge> : row.dueDate === today ? <Badge tone="yellow">{t('admin.dueToday')}</Badge> : null}
          {row.opensOn ? <p className="text-xs text-slate-700">{t('admin.opens', { date: formatDeadlineDay(row.opensOn, language) })}</p> : null}
        </div>
      ),
    },
    {
      header: t('admin.columns.case'),
      cell: (row) => (
        <div>
          <p className="font-semibold text-brand-800">{row.displayId}</p>
          <p className="text-xs text-slate-700">{row.client.name}</p>
        </div>
      ),
    },
    { header: t('admin.columns.kind'), cell: (row) => t(`kinds.${row.kind}`) },
    { header: t('admin.columns.start'), cell: (row) => formatDeadlineDay(row.startDate, language), className: 'whitespace-nowrap' },
    { header: t('admin.columns.note'), cell: (row) => row.note ?? '' },
    {
      header: t('admin.columns.actions'),
      cell: (row) => (
        <div className="flex items-center gap-1">
          <DoneButton row={row} />
          <DeleteButton resource={deadlinesResource} id={row.id} label={t('admin.deleteLabel', { caseId: row.displayId })} />
        </div>
      ),
    },
  ];
  return (
    <div className="space-y-6">
      <p className="text-slate-700">{t('admin.intro')}</p>
      <AddDeadlineForm />
      <AdminTable resource={deadlinesResource} section={t('admin:tabs.deadlines')} columns={columns} rowKey={(row) => row.id} emptyText={t('admin.empty')} />
      <HolidaysSection />
    </div>
  );
}
