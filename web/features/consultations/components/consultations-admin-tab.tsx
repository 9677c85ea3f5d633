import type { ReactNode } from 'react';
import { expressConsultationType } from '#common/consultations/consultation-thread.contract.ts';
import type { ConsultationRow } from '#common/consultations/consultation-row.contract.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { useAssignedFilter } from '#web/components/admin/assigned-filter.tsx';
import { AssigneeSelect } from '#web/components/admin/assignee-select.tsx';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { AppointmentDialog } from './appointment-dialog.tsx';
import { CompleteConsultationDialog } from './complete-consultation-dialog.tsx';
import { ConsultationAnswerDialog } from './consultation-answer-dialog.tsx';
import { ConsultationPaymentLink, ConsultationTypeName, ExpatriationAnswersFields } from './consultation-details-fields.tsx';
import { ConsultationThreadAdmin } from './consultation-thread-admin.tsx';
import { VideoLinkDialog } from './video-link-dialog.tsx';

/** `replyTimer` shows, beside a consultation's status, the time left to answer it, and `notes` opens its private notes (web/app composes both). */
export function ConsultationsAdminTab({ replyTimer, notes }: { replyTimer?: (id: string) => ReactNode; notes?: (row: ConsultationRow) => ReactNode }) {
  const { t } = useTranslation(['admin', 'assignees']);
  const date = useAdminDate();
  const assigned = useAssignedFilter();
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
    { header: t('columns.type'), cell: (row) => <ConsultationTypeName row={row} /> },
    { header: t('columns.payment'), cell: (row) => <ConsultationPaymentLink row={row} /> },
    {
      header: t('columns.status'),
      cell: (row) => (
        <div className="flex flex-col items-start">
          <Badge tone={row.status === 'completada' ? 'green' : 'yellow'}>{t(`consultations.status.${row.status}`)}</Badge>
          {replyTimer?.(row.id)}
        </div>
      ),
    },
    { header: t('columns.scheduled'), cell: (row) => (row.scheduledAt ? <span className="whitespace-nowrap">{date(row.scheduledAt)}</span> : '—') },
    {
      header: t('assignees:label'),
      cell: (row) => (
        <AssigneeSelect
          kind="consultations"
          resource="consultations"
          path={`/api/admin/consultations/${row.id}/assignee`}
          assigneeId={row.assigneeId}
          name={row.client.name || row.client.email}
        />
      ),
    },
    {
      header: t('columns.actions'),
      cell: (row) => (
        <div className="flex items-center gap-1">
          {row.form ? <ConsultationAnswerDialog row={row} /> : null}
          {row.status === 'pendiente' ? <CompleteConsultationDialog consultation={row} /> : null}
          {row.status === 'pendiente' && row.meetingMode === 'video' ? <VideoLinkDialog consultation={row} /> : null}
          <AppointmentDialog consultationId={row.id} clientName={row.client.name} scheduledAt={row.scheduledAt} />
          {notes?.(row)}
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
      toolbar={assigned.control}
      filters={assigned.filters}
      detail={(row) => {
        const answers = row.form ? <ExpatriationAnswersFields answers={row.form} firmNote={row.firmNote} /> : null;
        const thread = row.consultationType === expressConsultationType ? <ConsultationThreadAdmin consultationId={row.id} /> : null;
        return answers || thread ? (
          <div className="space-y-3">
            {answers}
            {thread}
          </div>
        ) : null;
      }}
    />
  );
}
