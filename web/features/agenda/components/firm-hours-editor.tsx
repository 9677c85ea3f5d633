import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { firmHoursInputSchema, maxExpressFollowUps, maxMinimumNoticeHours, type FirmHoursView } from '#common/agenda/firm-hours.contract.ts';
import { weekday } from '#common/opening-hours.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useFirmHours, useSaveFirmHours } from '../api/firm-hours.queries.ts';
import { RangesInput } from './ranges-input.tsx';

type FormValues = z.input<typeof firmHoursInputSchema>;

/** The week's form, shown once the hours are loaded (its values follow them after each save). */
function WeekForm({ hours }: { hours: FirmHoursView }) {
  const { t } = useTranslation('firm-hours');
  const language = useLanguage();
  const save = useSaveFirmHours({ failureTitle: t('saveError') });
  const form = useForm<FormValues, unknown, z.output<typeof firmHoursInputSchema>>({
    resolver: zodResolver(firmHoursInputSchema),
    values: { weekly: hours.weekly, minimumNoticeHours: hours.minimumNoticeHours, expressFollowUps: hours.expressFollowUps },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast({ title: t('saved'), variant: 'success' }),
      onError: (error) => applyServerIssues(error, form.setError),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {hours.weekly.map((_, day) => {
          const name = weekday(day, language);
          return (
            <fieldset key={name} className="rounded-lg border border-slate-200 bg-white p-3">
              <legend className="px-1 text-sm font-semibold capitalize text-brand-900">{name}</legend>
              <Controller
                control={form.control}
                name={`weekly.${day}`}
                render={({ field }) => <RangesInput day={name} value={field.value} onChange={field.onChange} errors={errors.weekly?.[day]} />}
              />
            </fieldset>
          );
        })}
      </div>
      <FormField label={t('notice')} hint={t('noticeHint')} error={errors.minimumNoticeHours?.message} className="max-w-xs">
        <Input type="number" min={0} max={maxMinimumNoticeHours} step={1} {...form.register('minimumNoticeHours', { valueAsNumber: true })} />
      </FormField>
      <FormField label={t('followUps')} hint={t('followUpsHint')} error={errors.expressFollowUps?.message} className="max-w-xs">
        <Input type="number" min={0} max={maxExpressFollowUps} step={1} {...form.register('expressFollowUps', { valueAsNumber: true })} />
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        {t('save')}
      </Button>
    </form>
  );
}

/**
 * The firm's consulting hours: per weekday, zero or more time ranges in Madrid time, and how many
 * hours ahead a client must book. Until saved, the week shown is FIRM_HOURS's.
 */
export function FirmHoursEditor() {
  const { t } = useTranslation('firm-hours');
  const hours = useFirmHours({ failureTitle: t('loadError') });

  return (
    <section aria-labelledby="firm-hours-title" className="space-y-4">
      <div>
        <h3 id="firm-hours-title" className="text-xl font-semibold text-brand-900">
          {t('title')}
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t('intro')}</p>
        {hours.data?.isDefault ? <p className="mt-2 max-w-3xl text-sm text-slate-700">{t('isDefault')}</p> : null}
      </div>
      {hours.data ? <WeekForm hours={hours.data} /> : null}
    </section>
  );
}
