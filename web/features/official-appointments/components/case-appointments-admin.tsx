import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { firmDay, firmTime } from '#common/dates.ts';
import type { CaseStage } from '#common/cases/cases.contract.ts';
import {
  appointmentKindOfStage,
  officialAppointmentInputSchema,
  officialAppointmentKinds,
  type CaseOfficialAppointments,
  type OfficialAppointment,
  type OfficialAppointmentKind,
} from '#common/official-appointments/official-appointments.contract.ts';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { officialAppointmentsResource, useAdminCaseAppointments, useSaveAppointment } from '../api/official-appointments.queries.ts';
import { AppointmentDetails } from './appointment-details.tsx';

type FormValues = z.input<typeof officialAppointmentInputSchema>;

function valuesOf(appointment: OfficialAppointment): FormValues {
  const startsAt = new Date(appointment.startsAt);
  return {
    kind: appointment.kind,
    day: firmDay(startsAt),
    time: firmTime(startsAt),
    office: appointment.office,
    officeAddress: appointment.officeAddress,
    reference: appointment.reference ?? '',
    whatToBring: appointment.whatToBring,
  };
}

/**
 * Records an appointment (or changes `editing`): what to bring starts from the kind's list in the
 * client's language, and follows the kind while nobody has edited it.
 */
function AppointmentForm({
  caseId,
  whatToBring,
  kind = 'fingerprints',
  editing,
  onDone,
}: {
  caseId: number;
  whatToBring: CaseOfficialAppointments['whatToBring'];
  kind?: OfficialAppointmentKind;
  editing?: OfficialAppointment;
  onDone: () => void;
}) {
  const { t } = useTranslation('official-appointments');
  const save = useSaveAppointment({ failureTitle: t('admin.failed'), successTitle: t('admin.saved') });
  const blank: FormValues = { kind, day: '', time: '', office: '', officeAddress: '', reference: '', whatToBring: whatToBring[kind] };
  const form = useForm<FormValues, unknown, z.output<typeof officialAppointmentInputSchema>>({
    resolver: zodResolver(officialAppointmentInputSchema),
    defaultValues: editing ? valuesOf(editing) : blank,
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { caseId, id: editing?.id, input },
      {
        onSuccess: () => {
          form.reset(blank);
          onDone();
        },
        onError: (error) => applyServerIssues(error, form.setError),
      },
    ),
  );
  const kindField = form.register('kind', {
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
      if (!form.getFieldState('whatToBring').isDirty) form.setValue('whatToBring', whatToBring[event.target.value as keyof typeof whatToBring]);
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="appointment-form-title" className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div>
        <h3 id="appointment-form-title" className="text-lg font-semibold text-brand-900">
          {t('admin.formTitle')}
        </h3>
        <p className="text-sm text-slate-700">{t('admin.formDescription')}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('admin.kind')} isRequired error={errors.kind?.message}>
          <Select defaultValue={form.formState.defaultValues?.kind} {...kindField}>
            {officialAppointmentKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('admin.day')} isRequired error={errors.day?.message}>
          <Input type="date" {...form.register('day')} />
        </FormField>
        <FormField label={t('admin.time')} isRequired error={errors.time?.message}>
          <Input type="time" {...form.register('time')} />
        </FormField>
        <FormField label={t('admin.office')} isRequired error={errors.office?.message}>
          <Input {...form.register('office')} />
        </FormField>
        <FormField label={t('admin.officeAddress')} isRequired error={errors.officeAddress?.message}>
          <Input autoComplete="off" {...form.register('officeAddress')} />
        </FormField>
        <FormField label={t('admin.reference')} error={errors.reference?.message}>
          <Input autoComplete="off" {...form.register('reference')} />
        </FormField>
      </div>
      <FormField label={t('admin.whatToBring')} hint={t('admin.whatToBringHint')} isRequired error={errors.whatToBring?.message}>
        <Textarea rows={5} {...form.register('whatToBring')} />
      </FormField>
      <div className="flex justify-end gap-2">
        {editing ? (
          <Button type="button" variant="outline" onClick={onDone}>
            {t('admin.cancelEdit')}
          </Button>
        ) : null}
        <Button type="submit" isBusy={save.isPending} busyLabel={t('admin.saving')}>
          {t('admin.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A case's appointments with the administration on its page, for the firm: each mailed to the client
 * when recorded, changed or cancelled. A case at a stage that is an appointment (`stage`) with none of
 * that kind asks for it, and the form starts on that kind.
 */
export function CaseAppointmentsAdmin({ caseId, stage }: { caseId: number; stage: CaseStage }) {
  const { t } = useTranslation(['official-appointments', 'admin', 'cases']);
  const stageKind = appointmentKindOfStage[stage];
  const appointments = useAdminCaseAppointments(caseId);
  const mayWrite = useMayUse('POST /api/admin/cases/:id/official-appointments');
  const [editing, setEditing] = useState<OfficialAppointment>();
  return (
    <section aria-labelledby="case-appointments-admin-title" className="space-y-3">
      <h2 id="case-appointments-admin-title" className="text-lg font-semibold text-brand-900">
        {t('admin.title')}
      </h2>
      <QueryState query={appointments} loading={t('admin:table.loading')} className="text-sm">
        {({ appointments: rows, whatToBring }) => (
          <>
            {stageKind && mayWrite && !rows.some((appointment) => appointment.kind === stageKind) ? (
              <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
                {t('admin.stageAsks', { stage: t(`cases:stages.names.${stage}`) })}
              </p>
            ) : null}
            {rows.length === 0 ? (
              <p className="text-sm text-slate-700">{t('admin.empty')}</p>
            ) : (
              <ul className="space-y-3">
                {rows.map((appointment) => (
                  <AppointmentDetails
                    key={appointment.id}
                    appointment={appointment}
                    actions={
                      mayWrite ? (
                        <div className="flex gap-1">
                          <Button variant="outline" size="sm" onClick={() => setEditing(appointment)} aria-label={t('admin.editLabel', { kind: t(`kinds.${appointment.kind}`) })}>
                            <Pencil className="h-4 w-4" aria-hidden />
                            {t('admin.edit')}
                          </Button>
                          <DeleteButton resource={officialAppointmentsResource} id={appointment.id} label={t(`kinds.${appointment.kind}`)} />
                        </div>
                      ) : null
                    }
                  />
                ))}
              </ul>
            )}
            {mayWrite ? <AppointmentForm key={editing?.id ?? 'new'} caseId={caseId} whatToBring={whatToBring} kind={stageKind} editing={editing} onDone={() => setEditing(undefined)} /> : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
