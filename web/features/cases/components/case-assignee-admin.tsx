import { useId } from 'react';
import type { AdminCaseDetail } from '#common/cases/cases.contract.ts';
import { Select } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAssignCase, useCaseAssigneeChoices } from '../api/case-assignee.admin.queries.ts';

/** Who handles the case: shown to every staff member who reads it, changed by those who share out the work. */
export function CaseAssigneeAdmin({ detail }: { detail: AdminCaseDetail }) {
  const { t } = useTranslation('cases');
  const id = useId();
  const mayAssign = useMayUse('PUT /api/admin/cases/:id/assignee');
  const choices = useCaseAssigneeChoices();
  const assign = useAssignCase(detail.id, { failureTitle: t('assignee.error') });
  if (!mayAssign) return <p className="text-sm text-slate-700">{detail.handler ? t('assignee.current', { name: detail.handler.name }) : t('assignee.none')}</p>;
  return (
    <section className="space-y-2">
      <label htmlFor={id} className="block font-semibold text-brand-900">
        {t('assignee.label')}
      </label>
      <Select
        id={id}
        value={detail.handler?.id ?? ''}
        disabled={assign.isPending || !choices.data}
        onChange={(event) =>
          assign.mutate({ assigneeId: event.target.value || null }, { onSuccess: () => toast({ title: t('assignee.saved'), variant: 'success' }) })
        }
      >
        <option value="">{t('assignee.none')}</option>
        {(choices.data ?? (detail.handler ? [detail.handler] : [])).map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </Select>
    </section>
  );
}
