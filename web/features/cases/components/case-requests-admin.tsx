import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  caseRequestInputSchema,
  caseRequestRejectionSchema,
  type CaseRequest,
  type CaseRequestRejection,
} from '#common/cases/case-requests.contract.ts';
import type { CaseFamilyMember } from '#common/cases/cases.contract.ts';
import { formatLongDate } from '#common/long-date.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import type { AdminWriteFeedback } from '#web/lib/admin-list.ts';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import {
  useAcceptRequest,
  useAddRequest,
  useAdminCaseRequests,
  useApplyProcedure,
  useProcedureChoices,
  useRejectRequest,
  useRemoveRequest,
  useSetRequestDueDate,
} from '../api/case-requests.admin.queries.ts';
import { ChecklistGroups } from './case-family-members.tsx';
import { CaseFileAdmin, fileMarks } from './case-file-admin.tsx';
import { DocumentFlags, requestStatusTone } from './case-requests.tsx';

/** What every write of this panel says (web/lib/failures.ts): the title of its failure, and its success toast. */
function useFeedback(): AdminWriteFeedback {
  const { t } = useTranslation('case-requests');
  return { failureTitle: t('admin.saveFailed'), successTitle: t('admin.saved') };
}

/** Rejecting opens the reason's form in the row itself: the client reads it before uploading again. */
function RejectForm({ caseId, request }: { caseId: number; request: CaseRequest }) {
  const { t } = useTranslation('case-requests');
  const [isOpen, setOpen] = useState(false);
  const feedback = useFeedback();
  const reject = useRejectRequest(caseId, feedback);
  const form = useForm<CaseRequestRejection>({ resolver: zodResolver(caseRequestRejectionSchema), defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit((values) =>
    reject.mutate(
      { requestId: request.id, reason: values.reason },
      { onSuccess: () => setOpen(false) },
    ),
  );
  if (!isOpen) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={t('admin.rejectLabel', { title: request.title })}>
        <X className="h-4 w-4" aria-hidden />
        {t('admin.reject')}
      </Button>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('admin.rejectLabel', { title: request.title })} className="w-full space-y-2 rounded-lg bg-red-50 p-3">
      <FormField label={t('admin.reason')} error={form.formState.errors.reason?.message} isRequired>
        <Textarea rows={2} {...form.register('reason')} />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => setOpen(false)}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={reject.isPending}>
          {t('admin.confirmReject')}
        </Button>
      </div>
    </form>
  );
}

function DueDateForm({ caseId, request }: { caseId: number; request: CaseRequest }) {
  const { t } = useTranslation('case-requests');
  const feedback = useFeedback();
  const setDueDate = useSetRequestDueDate(caseId, feedback);
  const [value, setValue] = useState(request.dueDate ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDueDate.mutate({ requestId: request.id, dueDate: value || null });
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <Input type="date" value={value} onChange={(event) => setValue(event.target.value)} aria-label={t('admin.dueDate', { title: request.title })} className="w-40" />
      <Button type="submit" variant="outline" size="sm" className="whitespace-nowrap" disabled={setDueDate.isPending || value === (request.dueDate ?? '')}>
        {t('admin.saveDueDate')}
      </Button>
    </form>
  );
}

function RequestRow({ caseId, request }: { caseId: number; request: CaseRequest }) {
  const { t } = useTranslation(['case-requests', 'admin']);
  const language = useLanguage();
  const feedback = useFeedback();
  const accept = useAcceptRequest(caseId, feedback);
  const remove = useRemoveRequest(caseId, feedback);
  const mayReview = useMayUse('POST /api/admin/cases/:id/requests/:requestId/accept');
  const mayManage = useMayUse('DELETE /api/admin/cases/:id/requests/:requestId');
  const marks = fileMarks([request]);
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="font-medium text-slate-900">{request.title}</span>
        <span className="flex items-center gap-2">
          {request.dueDate ? <span className="text-xs text-slate-700">{t('due', { date: formatLongDate(request.dueDate, language) })}</span> : null}
          <Badge tone={requestStatusTone[request.status]}>{t(`status.${request.status}`)}</Badge>
        </span>
      </div>
      <DocumentFlags request={request} />
      {request.rejectionReason ? <p className="text-sm text-red-900">{t('rejectedReason', { reason: request.rejectionReason })}</p> : null}
      {request.documents.length === 0 ? (
        <p className="text-sm text-slate-600">{t('admin.noFiles')}</p>
      ) : (
        <ul className="space-y-1">
          {request.documents.map((document) => (
            <CaseFileAdmin key={document.id} caseId={caseId} document={document} mark={marks.get(document.id)} />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {request.status === 'received' && mayReview ? (
          <>
            <Button size="sm" onClick={() => accept.mutate(request.id)} disabled={accept.isPending} aria-label={t('admin.acceptLabel', { title: request.title })}>
              <Check className="h-4 w-4" aria-hidden />
              {t('admin.accept')}
            </Button>
            <RejectForm caseId={caseId} request={request} />
          </>
        ) : null}
        {request.status === 'accepted' || !mayManage ? null : <DueDateForm caseId={caseId} request={request} />}
        {mayManage ? (
          <Tooltip label={t('admin.remove', { title: request.title })}>
            <Button variant="ghost" size="sm" onClick={() => remove.mutate(request.id)} disabled={remove.isPending} aria-label={t('admin.remove', { title: request.title })}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </Tooltip>
        ) : null}
      </div>
    </li>
  );
}

/** The contract's new request, with the fields' empty values for "no due date" and "the client". */
const newRequestFormSchema = caseRequestInputSchema.extend({
  dueDate: z.union([z.literal(''), z.iso.date('validation:invalid')]),
  familyMemberId: z.union([z.literal(''), z.uuid('validation:invalid')]),
});
type NewRequestForm = z.infer<typeof newRequestFormSchema>;

function NewRequestForm({ caseId, familyMembers }: { caseId: number; familyMembers: CaseFamilyMember[] }) {
  const { t } = useTranslation(['case-requests', 'family-package']);
  const feedback = useFeedback();
  const add = useAddRequest(caseId, feedback);
  const form = useForm<NewRequestForm>({ resolver: zodResolver(newRequestFormSchema), defaultValues: { title: '', dueDate: '', familyMemberId: '' } });
  const onSubmit = form.handleSubmit((values) =>
    add.mutate(
      { title: values.title, dueDate: values.dueDate || null, familyMemberId: values.familyMemberId || null },
      { onSuccess: () => form.reset() },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2 rounded-lg bg-slate-50 p-3">
      <h3 className="text-sm font-semibold text-slate-900">{t('admin.newRequest')}</h3>
      <div className="flex flex-wrap items-end gap-2">
        <FormField label={t('admin.newTitle')} error={form.formState.errors.title?.message} isRequired className="min-w-56 flex-1">
          <Input {...form.register('title')} />
        </FormField>
        <FormField label={t('admin.newDueDate')} error={form.formState.errors.dueDate?.message}>
          <Input type="date" {...form.register('dueDate')} />
        </FormField>
        {familyMembers.length > 0 ? (
          <FormField label={t('family-package:case.forWhom')} error={form.formState.errors.familyMemberId?.message}>
            <Select {...form.register('familyMemberId')}>
              <option value="">{t('family-package:case.client')}</option>
              {familyMembers.map((member) => (
                <option key={member.id} value={member.id}>
                  {t('family-package:case.member', { name: member.name, relationship: t(`family-package:relationships.${member.relationship}`) })}
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        <Button type="submit" variant="outline" disabled={add.isPending}>
          {t('admin.add')}
        </Button>
      </div>
    </form>
  );
}

function ApplyProcedureForm({ caseId }: { caseId: number }) {
  const { t } = useTranslation('case-requests');
  const choices = useProcedureChoices();
  const feedback = useFeedback();
  const apply = useApplyProcedure(caseId, feedback);
  const [procedureId, setProcedureId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (procedureId) apply.mutate({ procedureId });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <FormField label={t('admin.procedure')} className="min-w-56 flex-1">
        <Select value={procedureId} onChange={(event) => setProcedureId(event.target.value)}>
          <option value="">{t('admin.chooseProcedure')}</option>
          {(choices.data ?? []).map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.title}
            </option>
          ))}
        </Select>
      </FormField>
      <Button type="submit" variant="outline" disabled={!procedureId || apply.isPending}>
        {t('admin.apply')}
      </Button>
    </form>
  );
}

/**
 * The firm's side of a case's checklist, self-contained by case id: each request with its files
 * (the client's own, then each family member's as a group of its own), accept or reject with a
 * reason, due dates, a new request, another procedure's checklist.
 */
export function CaseRequestsAdmin({ caseId, familyMembers }: { caseId: number; familyMembers: CaseFamilyMember[] }) {
  const { t } = useTranslation(['case-requests', 'admin']);
  const requests = useAdminCaseRequests(caseId);
  const headingId = useId();
  const mayAdd = useMayUse('POST /api/admin/cases/:id/requests');
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-brand-900">
        {t('admin.title')}
      </h2>
      <QueryState query={requests} loading={t('admin:table.loading')} empty={<p className="text-sm text-slate-700">{t('admin.empty')}</p>} className="text-sm">
        {(loaded) => (
          // On a wide screen the list keeps about the height of the thread beside it, and scrolls (by the keyboard too, for a role with no button in it).
          <div role="group" aria-labelledby={headingId} tabIndex={0} className="lg:max-h-[40rem] lg:overflow-y-auto lg:pr-2">
            <ChecklistGroups
              headingLevel={3}
              requests={loaded}
              members={familyMembers}
              renderList={(group) => (
                <ul className="divide-y divide-slate-200">
                  {group.map((request) => (
                    <RequestRow key={request.id} caseId={caseId} request={request} />
                  ))}
                </ul>
              )}
            />
          </div>
        )}
      </QueryState>
      {mayAdd ? (
        <>
          <NewRequestForm caseId={caseId} familyMembers={familyMembers} />
          <ApplyProcedureForm caseId={caseId} />
        </>
      ) : null}
    </section>
  );
}
