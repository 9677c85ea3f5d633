import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { firmDay } from '#common/dates.ts';
import { formatDeadlineDay } from '#common/deadlines/deadline-dates.ts';
import { deadlineKinds } from '#common/deadlines/deadline-rules.ts';
import { caseReferenceSchema, deadlineInputFields, noticeOpenedSchema, withNoticeRule, type CaseDeadline, type NoticeKind } from '#common/deadlines/deadlines.contract.ts';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import type { SimpleColumn } from '#web/components/ui/simple-table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { deadlinesResource, useAddDeadline, useCompleteDeadline, useDeadlinePreview, useMarkNoticeOpened } from '../api/deadlines.queries.ts';
import { NotificationLine } from './notification-line.tsx';

/** The contract plus the case as the firm writes it; an emptied date is called missing rather than invalid, an empty opening day none. */
const deadlineFormSchema = withNoticeRule(
  deadlineInputFields.extend({
    caseReference: caseReferenceSchema,
    startDate: z.string().min(1, 'validation:required').pipe(deadlineInputFields.shape.startDate),
    openedOn: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .pipe(deadlineInputFields.shape.openedOn),
  }),
);

type PreviewProps = { caseReference: string; kind: (typeof deadlineKinds)[number]; startDate: string; notice: NoticeKind; openedOn: string };

function PreviewLine({ caseReference, ...start }: PreviewProps) {
  const { t } = useTranslation('deadlines');
  const language = useLanguage();
  const reference = caseReferenceSchema.safeParse(caseReference);
  const preview = useDeadlinePreview(reference.success ? reference.data : null, start);
  const { startDate, notice } = start;
  const isAsked = reference.success && startDate !== '';
  return (
    <p aria-live="polite" className="min-h-6 text-sm font-medium text-brand-900">
      {!isAsked ? null : preview.error ? (
        <span className="text-red-800">{t('admin.add.previewError', { message: preview.error.message })}</span>
      ) : preview.data ? (
        <>
          {notice === 'electronic' ? <span className="mr-2">{t('admin.add.deemedNotified', { date: formatDeadlineDay(preview.data.notifiedOn, language) })}</span> : null}
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
    defaultValues: { caseReference, kind: 'requerimiento', startDate: '', notice: 'read', openedOn: '', note: '' },
  });
  const { errors } = form.formState;
  const [reference, kind, startDate, notice, openedOn] = useWatch({ control: form.control, name: ['caseReference', 'kind', 'startDate', 'notice', 'openedOn'] });
  const isElectronic = kind !== 'renewal_window' && notice === 'electronic';
  const setNotice = (value: NoticeKind) => {
    form.setValue('notice', value, { shouldValidate: form.formState.isSubmitted });
    if (value === 'read') form.setValue('openedOn', '');
  };
  const onSubmit = form.handleSubmit(({ caseReference: id, ...input }) =>
    add.mutate(
      { caseId: id, input },
      {
        onSuccess: () => {
          toast({ title: t('admin.add.saved'), variant: 'success' });
          form.reset({ caseReference, kind: input.kind, startDate: '', notice: 'read', openedOn: '', note: '' });
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
          <Select {...form.register('kind', { onChange: (event) => event.target.value === 'renewal_window' && setNotice('read') })}>
            {deadlineKinds.map((value) => (
              <option key={value} value={value}>
                {t(`kinds.${value}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label={kind === 'renewal_window' ? t('admin.add.expiresOn') : isElectronic ? t('admin.add.madeAvailableOn') : t('admin.add.notifiedOn')}
          isRequired
          error={errors.startDate?.message ?? errors.notice?.message}
        >
          <Input type="date" {...form.register('startDate')} />
        </FormField>
        <FormField label={t('admin.add.note')} error={errors.note?.message}>
          <Input {...form.register('note')} />
        </FormField>
      </div>
      {kind === 'renewal_window' ? null : (
        <div className="space-y-3">
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-0.5 h-4 w-4" checked={notice === 'electronic'} onChange={(event) => setNotice(event.target.checked ? 'electronic' : 'read')} />
            <span>{t('admin.add.electronic')}</span>
          </label>
          {isElectronic ? (
            <FormField label={t('admin.add.openedOn')} error={errors.openedOn?.message} className="max-w-xs">
              <Input type="date" {...form.register('openedOn')} />
            </FormField>
          ) : null}
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PreviewLine caseReference={reference} kind={kind} startDate={startDate} notice={isElectronic ? 'electronic' : 'read'} openedOn={openedOn ?? ''} />
        <Button type="submit" isBusy={add.isPending} busyLabel={t('admin.add.saving')}>
          {t('admin.add.save')}
        </Button>
      </div>
    </form>
  );
}

function DoneButton({ id, item }: { id: string; item: string }) {
  const { t } = useTranslation('deadlines');
  const complete = useCompleteDeadline({ failureTitle: t('admin.doneError'), successTitle: t('admin.done') });
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t('admin.markDoneLabel', { item })}
      disabled={complete.isPending}
      onClick={() => complete.mutate(id)}
    >
      <Check className="h-4 w-4" aria-hidden />
      {t('admin.markDone')}
    </Button>
  );
}

/** The opening day of an electronic notification recorded unopened: a button, then the day asked for. */
const openedFormSchema = z.object({ openedOn: z.string().min(1, 'validation:required').pipe(noticeOpenedSchema.shape.openedOn) });

function MarkOpened({ id, item }: { id: string; item: string }) {
  const { t } = useTranslation('deadlines');
  const [isAsking, setIsAsking] = useState(false);
  const mark = useMarkNoticeOpened({ failureTitle: t('admin.opened.error'), successTitle: t('admin.opened.saved') });
  const form = useForm<z.input<typeof openedFormSchema>, unknown, z.output<typeof openedFormSchema>>({
    resolver: zodResolver(openedFormSchema),
    defaultValues: { openedOn: '' },
  });
  if (!isAsking) {
    return (
      <Button variant="outline" size="sm" className="mt-1" onClick={() => setIsAsking(true)}>
        {t('admin.opened.mark')}
      </Button>
    );
  }
  const onSubmit = form.handleSubmit(({ openedOn }) => mark.mutate({ id, openedOn }, { onSuccess: () => setIsAsking(false) }));
  return (
    <form noValidate onSubmit={onSubmit} className="mt-1 flex flex-wrap items-end gap-2">
      <FormField label={t('admin.opened.label', { item })} isRequired error={form.formState.errors.openedOn?.message}>
        <Input type="date" {...form.register('openedOn')} />
      </FormField>
      <Button type="submit" size="sm" isBusy={mark.isPending} busyLabel={t('admin.opened.saving')}>
        {t('admin.opened.save')}
      </Button>
    </form>
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
  // The actions only for a role that may complete and remove deadlines (accounting reads a case's).
  const mayAct = useMayUse('POST /api/admin/deadlines/:id/done');
  const mayMarkOpened = useMayUse('POST /api/admin/deadlines/:id/opened');
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
    {
      header: t('admin.columns.start'),
      cell: (row) => (
        <div>
          <p className="whitespace-nowrap">{formatDeadlineDay(row.startDate, language)}</p>
          {row.madeAvailableOn ? <NotificationLine deadline={row} className="max-w-xs text-xs text-slate-700" /> : null}
          {row.madeAvailableOn && row.openedOn === null && row.doneAt === null && mayMarkOpened ? <MarkOpened id={row.id} item={item(row)} /> : null}
        </div>
      ),
    },
    { header: t('admin.columns.note'), cell: (row) => row.note ?? '' },
    ...(mayAct
      ? [
          {
            header: t('admin.columns.actions'),
            cell: (row: T) => (
              <div className="flex items-center gap-1">
                {row.doneAt ? null : <DoneButton id={row.id} item={item(row)} />}
                <DeleteButton resource={deadlinesResource} id={row.id} label={item(row)} />
              </div>
            ),
          },
        ]
      : []),
  ];
}
