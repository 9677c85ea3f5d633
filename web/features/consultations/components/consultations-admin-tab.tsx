import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsultationRow } from '#common/consultations/consultations.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { fromDateTimeLocal, toDateTimeLocal } from '#web/lib/datetime-local.ts';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useChangeConsultation } from '../api/consultations.admin.queries.ts';
import { CompleteConsultationDialog } from './complete-consultation-dialog.tsx';

function ScheduleDialog({ row }: { row: ConsultationRow }) {
  const { t } = useTranslation('admin');
  const [isOpen, setOpen] = useState(false);
  const [value, setValue] = useState(row.scheduledAt ? toDateTimeLocal(row.scheduledAt) : '');
  const change = useChangeConsultation();
  const save = (scheduledAt: string | null) =>
    change.mutate(
      { id: row.id, change: { scheduledAt } },
      {
        onSuccess: () => {
          toast({ title: t('update.success'), variant: 'success' });
          setOpen(false);
        },
        onError: (error) => toast({ title: t('update.error'), description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={t('consultations.schedule', { name: row.client.name })}>
        <CalendarClock className="h-4 w-4" aria-hidden />
      </Button>
      <DialogContent title={t('consultations.scheduleTitle')} description={t('consultations.scheduleDescription', { name: row.client.name })}>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (value) save(fromDateTimeLocal(value));
          }}
        >
          <FormField label={t('consultations.scheduledAt')}>
            <Input type="datetime-local" value={value} onChange={(event) => setValue(event.target.value)} />
          </FormField>
          <div className="flex justify-end gap-2">
            {row.scheduledAt ? (
              <Button variant="outline" onClick={() => save(null)} disabled={change.isPending}>
                {t('consultations.unschedule')}
              </Button>
            ) : null}
            <Button type="submit" disabled={!value || change.isPending}>
              {t('consultations.saveSchedule')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function detailLines(details: Record<string, unknown>): string[] {
  return Object.entries(details)
    .filter(([key, value]) => !['name', 'email', 'gdpr'].includes(key) && value !== '' && value !== null && value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
}

export function ConsultationsAdminTab() {
  const { t } = useTranslation('admin');
  const date = useAdminDate();
  const columns: Column<ConsultationRow>[] = [
    { header: t('columns.date'), cell: (row) => <span className="whitespace-nowrap">{date(row.createdAt)}</span> },
    {
      header: t('columns.client'),
      cell: (row) => (
        <div>
          <p className="font-medium text-slate-900">{row.client.name || '—'}</p>
          <p className="text-slate-700">{row.client.email}</p>
        </div>
      ),
    },
    { header: t('columns.type'), cell: (row) => row.consultationType },
    {
      header: t('columns.status'),
      cell: (row) => (
        <Badge tone={row.status === 'completada' ? 'green' : 'yellow'}>{t(`consultations.status.${row.status}`)}</Badge>
      ),
    },
    { header: t('columns.scheduled'), cell: (row) => (row.scheduledAt ? <span className="whitespace-nowrap">{date(row.scheduledAt)}</span> : '—') },
    {
      header: t('columns.actions'),
      cell: (row) => (
        <div className="flex items-center gap-1">
          {row.status === 'pendiente' ? <CompleteConsultationDialog consultation={row} /> : null}
          <ScheduleDialog row={row} />
          <DeleteButton resource="consultations" id={row.id} label={row.client.name} />
        </div>
      ),
    },
  ];
  return (
    <AdminTable
      resource="consultations"
      section={t('tabs.consultations')}
      columns={columns}
      rowKey={(row) => row.id}
      emptyText={t('consultations.empty')}
      detail={(row) => {
        const lines = detailLines(row.details);
        return lines.length ? <p className="whitespace-pre-line text-xs">{lines.join('\n')}</p> : null;
      }}
    />
  );
}
