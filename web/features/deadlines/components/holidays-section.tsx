import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatDeadlineDay } from '#common/deadlines/deadline-dates.ts';
import { holidayInputSchema, holidayScopes, type Holiday } from '#common/deadlines/deadlines.contract.ts';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { SimpleTable, type SimpleColumn } from '#web/components/ui/simple-table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { holidaysResource, useAddHoliday, useHolidays } from '../api/deadlines.queries.ts';

const holidayFormSchema = holidayInputSchema.extend({
  date: z.string().min(1, 'validation:required').pipe(holidayInputSchema.shape.date),
});

/** The non-working days the deadline rules count with: the seeded calendars, and what the firm adds as each year's are published. */
export function HolidaysSection() {
  const { t } = useTranslation('deadlines');
  const language = useLanguage();
  const holidays = useHolidays({ failureTitle: t('admin.holidays.loadError') });
  const add = useAddHoliday({ failureTitle: t('admin.holidays.addError') });
  const form = useForm<z.input<typeof holidayFormSchema>, unknown, z.output<typeof holidayFormSchema>>({
    resolver: zodResolver(holidayFormSchema),
    defaultValues: { date: '', scope: 'elche', name: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: () => {
        toast({ title: t('admin.holidays.added'), variant: 'success' });
        form.reset({ date: '', scope: input.scope, name: '' });
      },
    }),
  );

  const columns: SimpleColumn<Holiday>[] = [
    { header: t('admin.holidays.date'), cell: (row) => formatDeadlineDay(row.date, language), className: 'whitespace-nowrap' },
    { header: t('admin.holidays.scope'), cell: (row) => t(`scopes.${row.scope}`) },
    { header: t('admin.holidays.name'), cell: (row) => row.name },
    {
      header: t('admin.columns.actions'),
      cell: (row) => <DeleteButton resource={holidaysResource} id={row.id} label={`${row.name} (${formatDeadlineDay(row.date, language)})`} />,
    },
  ];

  return (
    <section aria-labelledby="holidays-title" className="space-y-4">
      <h3 id="holidays-title" className="text-xl font-semibold text-brand-900">
        {t('admin.holidays.title')}
      </h3>
      <p className="text-slate-700">{t('admin.holidays.intro')}</p>
      <form noValidate onSubmit={onSubmit} className="grid items-end gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-4">
        <FormField label={t('admin.holidays.date')} isRequired error={errors.date?.message}>
          <Input type="date" {...form.register('date')} />
        </FormField>
        <FormField label={t('admin.holidays.scope')} isRequired error={errors.scope?.message}>
          <Select {...form.register('scope')}>
            {holidayScopes.map((scope) => (
              <option key={scope} value={scope}>
                {t(`scopes.${scope}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('admin.holidays.name')} isRequired error={errors.name?.message}>
          <Input {...form.register('name')} />
        </FormField>
        <Button type="submit" disabled={add.isPending}>
          <Plus className="h-4 w-4" aria-hidden />
          {t('admin.holidays.add')}
        </Button>
      </form>
      <SimpleTable caption={t('admin.holidays.title')} columns={columns} rows={holidays.data ?? []} rowKey={(row) => row.id}>
        {holidays.data && holidays.data.length === 0 ? <p className="p-6 text-center text-slate-700">{t('admin.holidays.empty')}</p> : null}
      </SimpleTable>
    </section>
  );
}
