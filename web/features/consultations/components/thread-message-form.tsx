import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  consultationAttachmentRule,
  consultationMessageInputSchema,
  type ConsultationMessage,
  type ConsultationMessageInput,
} from '#common/consultations/consultation-thread.contract.ts';
import { FilePicker } from '#web/components/form/file-picker.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import type { ThreadMessageDraft } from '../api/consultation-thread.queries.ts';

type ThreadMessageFormProps = {
  send: UseMutationResult<ConsultationMessage, Error, ThreadMessageDraft>;
  /** Keys of the consultation-thread catalog: the field's label, the button, and the success toast (the failure's is `send`'s meta). */
  texts: { label: string; submit: string; success: { title: string; description?: string } };
  rows: number;
  className?: string;
};

/** One message of a consultation's thread, the client's or the firm's, with up to three files under the case documents' rules. */
export function ThreadMessageForm({ send, texts, rows, className }: ThreadMessageFormProps) {
  // The files' messages are the case documents' (consultationAttachmentRule): their catalog is loaded too.
  const { t } = useTranslation(['consultation-thread', 'cases']);
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm<ConsultationMessageInput>({ resolver: zodResolver(consultationMessageInputSchema), defaultValues: { body: '' } });
  const onSubmit = form.handleSubmit((input) =>
    send.mutate(
      { ...input, files },
      {
        onSuccess: () => {
          toast({ title: t(texts.success.title), description: texts.success.description && t(texts.success.description), variant: 'success' });
          form.reset();
          setFiles([]);
        },
        onError: (error) => applyServerIssues(error, form.setError),
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      <FormField label={t(texts.label)} error={form.formState.errors.body?.message} isRequired>
        <Textarea rows={rows} {...form.register('body')} />
      </FormField>
      <FilePicker
        label={t('attachments')}
        hint={t('attachmentsHint')}
        rule={consultationAttachmentRule}
        files={files}
        onChange={setFiles}
        namespace="consultation-thread"
      />
      <Button type="submit" isBusy={send.isPending} busyLabel={t('sending')}>
        {t(texts.submit)}
      </Button>
    </form>
  );
}
