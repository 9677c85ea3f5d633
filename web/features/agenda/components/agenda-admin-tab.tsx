import { zodResolver } from '@hookform/resolvers/zod';
import { addMonths, format, isSameMonth } from 'date-fns';
import { enGB, es, fr } from 'date-fns/locale';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { agendaEventInputSchema, type AgendaEntry } from '#common/agenda/agenda.contract.ts';
import { firmDay } from '#common/dates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useAgenda, useDeleteAgendaEvent, useSaveAgendaEvent } from '../api/agenda.queries.ts';
import { AgendaConsultationEntry } from './agenda-consultation-entry.tsx';
import { AgendaOfficialEntry } from './agenda-official-entry.tsx';
import { ClosedDaysEditor } from './closed-days-editor.tsx';
import { FirmHoursEditor } from './firm-hours-editor.tsx';
import { isoDay, monthGrid } from '../calendar-grid.ts';

const locales = { es, en: enGB, fr };

type Editing = { id?: string; date: string; time: string; title: string };

/** The contract, with an emptied date field called missing rather than invalid. */
const eventFormSchema = agendaEventInputSchema.extend({
  date: z.string().min(1, 'validation:required').pipe(agendaEventInputSchema.shape.date),
});

function EventDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveAgendaEvent(editing.id, { failureTitle: t('update.error') });
  const remove = useDeleteAgendaEvent({ failureTitle: t('update.error') });
  const form = useForm<z.input<typeof eventFormSchema>, unknown, z.output<typeof eventFormSchema>>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: { date: editing.date, time: editing.time || null, title: editing.title },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        toast({ title: t('agenda.saved'), variant: 'success' });
        onClose();
      },
    }),
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title={editing.id ? t('agenda.editEvent') : t('agenda.newEvent')}>
        <form className="space-y-4" noValidate onSubmit={onSubmit}>
          <FormField label={t('agenda.fields.title')} isRequired error={errors.title?.message}>
            <Input {...form.register('title')} />
          </FormField>
          <div className="grid grid-cols-2 gap-4">
            <FormField label={t('agenda.fields.date')} isRequired error={errors.date?.message}>
              <Input type="date" {...form.register('date')} />
            </FormField>
            <FormField label={t('agenda.fields.time')} error={errors.time?.message}>
              {/* An emptied time is no time (null), as the contract expects. */}
              <Input type="time" {...form.register('time', { setValueAs: (value: string | null) => value || null })} />
            </FormField>
          </div>
          <div className="flex justify-between gap-2">
            {editing.id ? (
              <Button
                variant="destructive"
                onClick={() =>
                  remove.mutate(editing.id as string, {
                    onSuccess: () => {
                      toast({ title: t('delete.success'), variant: 'success' });
                      onClose();
                    },
                  })
                }
              >
                {t('agenda.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={save.isPending}>
              {t('agenda.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function AgendaAdminTab() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const locale = locales[language];
  const [month, setMonth] = useState(() => new Date());
  const [editing, setEditing] = useState<Editing | null>(null);
  const days = monthGrid(month);
  const from = isoDay(days[0] as Date);
  const to = isoDay(days.at(-1) as Date);
  const agenda = useAgenda(from, to, { failureTitle: t('table.loadError', { section: t('tabs.agenda') }) });

  const today = firmDay(new Date());
  const byDay = new Map<string, AgendaEntry[]>();
  for (const entry of agenda.data ?? []) byDay.set(entry.date, [...(byDay.get(entry.date) ?? []), entry]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-xl font-semibold capitalize text-brand-900" aria-live="polite">
          {format(month, 'LLLL yyyy', { locale })}
        </h3>
        <div className="flex items-center gap-2">
          <Tooltip label={t('agenda.previous')}>
            <Button variant="outline" size="sm" onClick={() => setMonth((m) => addMonths(m, -1))} aria-label={t('agenda.previous')}>
              <ChevronLeft className="h-4 w-4" aria-hidden />
            </Button>
          </Tooltip>
          <Button variant="outline" size="sm" onClick={() => setMonth(new Date())}>
            {t('agenda.today')}
          </Button>
          <Tooltip label={t('agenda.next')}>
            <Button variant="outline" size="sm" onClick={() => setMonth((m) => addMonths(m, 1))} aria-label={t('agenda.next')}>
              <ChevronRight className="h-4 w-4" aria-hidden />
            </Button>
          </Tooltip>
          <Button size="sm" onClick={() => setEditing({ date: today, time: '', title: '' })}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('agenda.newEvent')}
          </Button>
        </div>
      </div>
      <div role="grid" aria-label={format(month, 'LLLL yyyy', { locale })} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <div role="row" className="grid grid-cols-7 bg-slate-50 text-center text-xs font-semibold uppercase text-slate-700">
          {days.slice(0, 7).map((day) => (
            <div role="columnheader" key={isoDay(day)} className="px-1 py-2">
              {format(day, 'EEE', { locale })}
            </div>
          ))}
        </div>
        {Array.from({ length: days.length / 7 }, (_, week) => (
          <div role="row" key={week} className="grid grid-cols-7 border-t border-slate-200">
            {days.slice(week * 7, week * 7 + 7).map((day) => {
              const key = isoDay(day);
              const entries = byDay.get(key) ?? [];
              return (
                <div
                  role="gridcell"
                  key={key}
                  aria-label={format(day, 'PPPP', { locale })}
                  className={cn('min-h-24 border-l border-slate-200 p-1 first:border-l-0', !isSameMonth(day, month) && 'bg-slate-50')}
                >
                  <button
                    type="button"
                    onClick={() => setEditing({ date: key, time: '', title: '' })}
                    aria-label={t('agenda.addOn', { day: format(day, 'PPP', { locale }) })}
                    className={cn(
                      'flex h-7 w-7 items-center justify-center rounded-full text-xs',
                      key === today ? 'bg-brand-800 font-bold text-white' : isSameMonth(day, month) ? 'text-slate-900' : 'text-slate-600',
                    )}
                  >
                    {format(day, 'd')}
                  </button>
                  <ul className="mt-1 space-y-1">
                    {entries.map((entry) => (
                      <li key={`${entry.kind}-${entry.id}-${entry.time ?? ''}`}>
                        {entry.kind === 'event' ? (
                          <button
                            type="button"
                            onClick={() => setEditing({ id: entry.id, date: entry.date, time: entry.time ?? '', title: entry.title })}
                            className="w-full truncate rounded bg-brand-100 px-1 py-0.5 text-left text-xs text-brand-900 hover:bg-brand-50"
                          >
                            {entry.time ? `${entry.time} ` : ''}
                            {entry.title}
                          </button>
                        ) : entry.kind === 'official' ? (
                          <AgendaOfficialEntry entry={entry} />
                        ) : (
                          <AgendaConsultationEntry entry={entry} />
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {agenda.data && agenda.data.length === 0 ? <p className="text-sm text-slate-700">{t('agenda.empty')}</p> : null}
      {editing ? <EventDialog editing={editing} onClose={() => setEditing(null)} /> : null}
      <div className="space-y-10 border-t border-slate-200 pt-8">
        <FirmHoursEditor />
        <ClosedDaysEditor />
      </div>
    </div>
  );
}
