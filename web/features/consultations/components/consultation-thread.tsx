import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  consultationAttachmentRule,
  consultationMessageInputSchema,
  type ConsultationMessageInput,
  type ConsultationThread as Thread,
} from '#common/consultations/consultation-thread.contract.ts';
import { FilePicker } from '#web/components/form/file-picker.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { consultationAttachmentUrl, useAskConsultationQuestion, useConsultationThread } from '../api/consultation-thread.queries.ts';
import { ConsultationThreadMessages } from './consultation-thread-messages.tsx';

/** The client's question (or a follow-up), with up to three files under the case documents' rules. */
function QuestionForm({ consultationId, isFollowUp }: { consultationId: string; isFollowUp: boolean }) {
  // The files' messages are the case documents' (consultationAttachmentRule): their catalog is loaded too.
  const { t } = useTranslation(['consultation-thread', 'cases']);
  const ask = useAskConsultationQuestion(consultationId);
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm<ConsultationMessageInput>({ resolver: zodResolver(consultationMessageInputSchema), defaultValues: { body: '' } });

  const onSubmit = form.handleSubmit((input) =>
    ask.mutate(
      { ...input, files },
      {
        onSuccess: () => {
          toast({ title: t('successTitle'), description: t('successDescription'), variant: 'success' });
          form.reset();
          setFiles([]);
        },
        onError: (error) => {
          if (!applyServerIssues(error, form.setError)) toast({ title: t('failureTitle'), description: error.message, variant: 'destructive' });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg bg-slate-50 p-4">
      <FormField label={isFollowUp ? t('followUp') : t('question')} error={form.formState.errors.body?.message} isRequired>
        <Textarea rows={5} {...form.register('body')} />
      </FormField>
      <FilePicker
        label={t('attachments')}
        hint={t('attachmentsHint')}
        rule={consultationAttachmentRule}
        files={files}
        onChange={setFiles}
        namespace="consultation-thread"
      />
      <Button type="submit" disabled={ask.isPending}>
        {ask.isPending ? t('sending') : t('submit')}
      </Button>
    </form>
  );
}

/** What the client is told above the form: write the question, wait for the answer, or the thread is closed. */
function threadNote(thread: Thread): 'empty' | 'waiting' | 'closed' | null {
  if (!thread.isOpen) return 'closed';
  if (thread.messages.length === 0) return 'empty';
  return thread.messages.at(-1)?.author === 'client' ? 'waiting' : null;
}

/**
 * The express consultation in writing, on the client's panel: the question form with its files
 * (a follow-up once asked, none once the consultation is closed), then the thread with the firm's answers.
 */
export function ConsultationThread({ consultationId }: { consultationId: string }) {
  const { t } = useTranslation('consultation-thread');
  const headingId = useId();
  const query = useConsultationThread(consultationId);
  const thread = query.data;
  const note = thread ? threadNote(thread) : null;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="font-semibold text-brand-900">
          {t('title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
      </div>
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
          {note ? <p className="text-sm text-slate-700">{t(note)}</p> : null}
          {thread.isOpen ? <QuestionForm consultationId={consultationId} isFollowUp={thread.messages.some((message) => message.author === 'client')} /> : null}
          {thread.messages.length > 0 ? (
            <ConsultationThreadMessages
              messages={thread.messages}
              side="client"
              authorName={(author) => (author === 'client' ? t('fromClient') : t('fromFirm'))}
              attachmentUrl={(attachmentId) => consultationAttachmentUrl(consultationId, attachmentId)}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
