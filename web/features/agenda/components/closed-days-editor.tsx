import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { dayOverrideInputSchema, type DayHours } from '#common/agenda/firm-hours.contract.ts';
import { formatDeadlineDay } from '#common/deadlines/deadline-dates.ts';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SimpleTable, type SimpleColumn } from '#web/components/ui/simple-table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { daysResource, useClosedDays, useSaveDayHours } from '../api/firm-hours.queries.ts';
import { RangesInput } from './ranges-input.tsx';

/** The contract, with the day the route's address carries. */
const dayFormSchema = dayOverrideInputSchema.extend({ date: z.string().min(1, 'validation:required').pipe(z.iso.date('validation:invalid')) });

const describeRanges = (ranges: DayHours['ranges']) => ranges.map((range) => `${range.opens}–${range.closes}`).join(', ');

/**
 * The days the firm closes or attends at other hours (a new day starts closed: add ranges for
 * other hours), and, read-only, the public holidays of the Plazos tab, on which it is closed too.
 */
export function ClosedDaysEditor() {
  const { t } = useTranslation('firm-hours');
  const language = useLanguage();
  const closed = useClosedDays({ failureTitle: t('loadError') });
  const save = useSaveDayHours({ failureTitle: t('saveError') });
  const form = useForm<z.input<typeof dayFormSchema>, unknown, z.output<typeof dayFormSchema>>({
    resolver: zodResolver(dayFormSchema),
    defaultValues: { date: '', ranges: [], note: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ date, ranges, note }) =>
    save.mutate(
      { date, input: { ranges, note: note ?? undefined } },
      {
        onSuccess: () => {
          toast({ title: t('days.saved'), variant: 'success' });
          form.reset({ date: '', ranges: [], note: '' });
        },
        onError: (error) => applyServerIssues(error, form.setError),
      },
    ),
  );

  const day = (date: string) => formatDeadlineDay(date, language);
  const columns: SimpleColumn<DayHours>[] = [
    { header: t('days.date'), cell: (row) => day(row.date), className: 'whitespace-nowrap' },
    { header: t('days.hours'), cell: (row) => (row.ranges.length === 0 ? t('days.dayOff') : describeRanges(row.ranges)) },
    { header: t('days.note'), cell: (row) => row.note ?? '—' },
    { header: t('days.actions'), cell: (row) => <DeleteButton resource={daysResource} id={row.date} label={day(row.date)} /> },
  ];
  const date = useWatch({ control: form.control, name: 'date' });

  return (
    <section aria-labelledby="closed-days-title" className="space-y-4">
      <div>
        <h3 id="closed-days-title" className="text-xl font-semibold text-brand-900">
          {t('days.title')}
        </h3>
        <p className="mt-1 text-sm text-slate-700">{t('days.intro')}</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-[auto_1fr]">
        <FormField label={t('days.date')} className="w-44" isRequired error={errors.date?.message}>
          <Input type="date" {...form.register('date')} />
        </FormField>
        <FormField label={t('days.note')} error={errors.note?.message}>
          <Input {...form.register('note')} />
        </FormField>
        <div className="md:col-span-2">
          <Controller
            control={form.control}
            name="ranges"
            render={({ field }) => (
              <RangesInput day={date ? day(date) : undefined} value={field.value} onChange={field.onChange} errors={errors.ranges} />
            )}
          />
        </div>
        <div className="md:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {t('days.save')}
          </Button>
        </div>
      </form>
      <SimpleTable caption={t('days.title')} columns={columns} rows={closed.data?.days ?? []} rowKey={(row) => row.date}>
        {closed.data && closed.data.days.length === 0 ? <p className="p-6 text-center text-slate-700">{t('days.empty')}</p> : null}
      </SimpleTable>

      <div className="space-y-2">
        <h4 className="text-lg font-semibold text-brand-900">{t('holidays.title')}</h4>
        <p className="text-sm text-slate-700">{t('holidays.intro')}</p>
        {closed.data && closed.data.holidays.length === 0 ? <p className="text-sm text-slate-700">{t('holidays.empty')}</p> : null}
        <ul className="grid gap-x-6 gap-y-1 text-sm text-slate-800 sm:grid-cols-2 lg:grid-cols-3">
          {closed.data?.holidays.map((holiday) => (
            <li key={holiday.date}>
              <span className="font-medium">{day(holiday.date)}</span> · {holiday.name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
