import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  consultationAttachmentRule,
  consultationMessageInputSchema,
  type ConsultationMessageInput,
} from '#common/consultations/consultation-thread.contract.ts';
import { FilePicker } from '#web/components/form/file-picker.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { adminConsultationAttachmentUrl, useAdminConsultationThread, useAnswerConsultation } from '../api/consultation-thread.queries.ts';
import { ConsultationThreadMessages } from './consultation-thread-messages.tsx';

function AnswerForm({ consultationId }: { consultationId: string }) {
  // The files' messages are the case documents' (consultationAttachmentRule): their catalog is loaded too.
  const { t } = useTranslation(['consultation-thread', 'cases']);
  const answer = useAnswerConsultation(consultationId);
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm<ConsultationMessageInput>({ resolver: zodResolver(consultationMessageInputSchema), defaultValues: { body: '' } });
  const onSubmit = form.handleSubmit((input) =>
    answer.mutate(
      { ...input, files },
      {
        onSuccess: () => {
          toast({ title: t('admin.success'), variant: 'success' });
          form.reset();
          setFiles([]);
        },
        onError: (error) => {
          if (!applyServerIssues(error, form.setError)) toast({ title: t('admin.error'), description: error.message, variant: 'destructive' });
        },
      },
    ),
  );
  return (
    <form className="space-y-3" noValidate onSubmit={onSubmit}>
      <FormField label={t('admin.answer')} error={form.formState.errors.body?.message} isRequired>
        <Textarea rows={4} {...form.register('body')} />
      </FormField>
      <FilePicker
        label={t('attachments')}
        hint={t('attachmentsHint')}
        rule={consultationAttachmentRule}
        files={files}
        onChange={setFiles}
        namespace="consultation-thread"
      />
      <Button type="submit" disabled={answer.isPending}>
        {answer.isPending ? t('sending') : t('admin.submit')}
      </Button>
    </form>
  );
}

/**
 * An express consultation's thread in the Consultas tab, opened on demand: the client's questions
 * with their files, the firm's answers, and the answer form while the consultation is pending.
 */
export function ConsultationThreadAdmin({ consultationId }: { consultationId: string }) {
  const { t } = useTranslation('consultation-thread');
  const date = useAdminDate();
  const panelId = useId();
  const [isOpen, setOpen] = useState(false);
  const query = useAdminConsultationThread(consultationId, isOpen);
  const thread = query.data;
  const hasQuestion = thread?.messages.some((message) => message.author === 'client') ?? false;

  return (
    <div className="space-y-3">
      <Button variant="outline" size="sm" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setOpen((open) => !open)}>
        {isOpen ? <ChevronUp className="h-4 w-4" aria-hidden /> : <ChevronDown className="h-4 w-4" aria-hidden />}
        {isOpen ? t('admin.hide') : t('admin.show')}
      </Button>
      {isOpen ? (
        <section id={panelId} aria-label={t('admin.title')} className="space-y-3">
          {query.isPending ? (
            <p role="status" className="text-sm text-slate-700">
              {t('loading')}
            </p>
          ) : null}
          {query.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {t('loadError')}
            </p>
          ) : null}
          {thread ? (
            <>
              <p className="text-sm text-slate-700">
                {thread.answeredAt ? t('admin.answeredAt', { date: date(thread.answeredAt) }) : t('admin.unanswered')}
                {thread.isOpen ? null : ` ${t('admin.closed')}`}
              </p>
              {thread.messages.length === 0 ? (
                <p className="text-sm text-slate-700">{t('admin.empty')}</p>
              ) : (
                <ConsultationThreadMessages
                  messages={thread.messages}
                  side="firm"
                  authorName={(author) => (author === 'client' ? t('admin.fromClient') : t('admin.fromFirm'))}
                  attachmentUrl={(attachmentId) => adminConsultationAttachmentUrl(consultationId, attachmentId)}
                />
              )}
              {thread.isOpen && hasQuestion ? <AnswerForm consultationId={consultationId} /> : null}
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
