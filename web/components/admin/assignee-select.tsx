import type { AssignableKind } from '#common/assignees/assignees.contract.ts';
import { mayAssign } from '#common/assignees/assignable-work.ts';
import { Select } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useAssign, useAssigneeChoices } from '#web/lib/assignees.ts';
import { useSessionUser } from '#web/lib/session.ts';
import { useTranslation } from '#web/lib/translation.tsx';

type AssigneeSelectProps = {
  kind: AssignableKind;
  /** The admin resource whose tables reload after a change ('contact-requests'). */
  resource: string;
  /** The record's PUT …/assignee route. */
  path: string;
  assigneeId: string | null;
  /** Whose the record is, for the control's name in a table of many. */
  name: string;
};

/**
 * Who handles a record of a back-office list: a select of the active staff whose role does that
 * work, or the unassigned queue; shown only to whoever may share the work out (the server checks).
 */
export function AssigneeSelect({ kind, resource, path, assigneeId, name }: AssigneeSelectProps) {
  const { t } = useTranslation('assignees');
  const user = useSessionUser();
  const isAllowed = user ? mayAssign(user.role, kind) : false;
  const choices = useAssigneeChoices(kind, isAllowed);
  const assign = useAssign(resource, path, { failureTitle: t('error') });
  if (!isAllowed) return null;
  const isFormer = assigneeId !== null && choices.data !== undefined && !choices.data.some((choice) => choice.id === assigneeId);
  return (
    <Select
      aria-label={t('rowLabel', { name })}
      value={assigneeId ?? ''}
      disabled={assign.isPending || !choices.data}
      onChange={(event) => assign.mutate({ assigneeId: event.target.value || null }, { onSuccess: () => toast({ title: t('saved'), variant: 'success' }) })}
      className="w-auto min-w-36"
    >
      <option value="">{t('none')}</option>
      {isFormer ? <option value={assigneeId}>{t('formerStaff')}</option> : null}
      {choices.data?.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.name}
        </option>
      ))}
    </Select>
  );
}
