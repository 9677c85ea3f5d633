import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { caseMessageInputSchema, type CaseDetail, type CaseMessageInput } from '#common/cases/cases.contract.ts';
import { formatAdminDateTime } from '#common/dates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { cn } from '#web/lib/cn.ts';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useSendCaseMessage } from '../api/cases.queries.ts';

/** The thread of a case with the firm, and the message to the lawyer, which is now really sent. */
export function CaseMessages({ caseItem }: { caseItem: CaseDetail }) {
  const { t } = useTranslation('cases');
  const language = useLanguage();
  const send = useSendCaseMessage(caseItem.id, { failureTitle: t('messages.failureTitle') });
  const form = useForm<CaseMessageInput>({ resolver: zodResolver(caseMessageInputSchema), defaultValues: { body: '' } });

  const onSubmit = form.handleSubmit((input) =>
    send.mutate(input, {
      onSuccess: () => {
        toast({ title: t('messages.successTitle'), description: t('messages.successDescription'), variant: 'success' });
        form.reset();
      },
      onError: (error) => applyServerIssues(error, form.setError),
    }),
  );

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">{t('messages.intro')}</p>
      {caseItem.messages.length === 0 ? (
        <p className="text-sm text-slate-600">{t('messages.empty')}</p>
      ) : (
        <ol aria-label={t('messages.thread')} className="space-y-3">
          {caseItem.messages.map((message) => (
            <li
              key={message.id}
              className={cn(
                'max-w-[85%] rounded-lg px-4 py-3 text-sm',
                message.author === 'client' ? 'ml-auto bg-brand-50 text-slate-900' : 'bg-slate-100 text-slate-900',
              )}
            >
              <p className="flex flex-wrap justify-between gap-2 text-xs text-slate-700">
                <span className="font-semibold">{message.author === 'client' ? t('messages.fromClient') : t('messages.fromFirm')}</span>
                <time dateTime={message.createdAt}>{formatAdminDateTime(message.createdAt, language)}</time>
              </p>
              <p className="mt-1 whitespace-pre-line">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <FormField label={t('messages.label')} error={form.formState.errors.body?.message} isRequired>
          <Textarea rows={4} {...form.register('body')} />
        </FormField>
        <Button type="submit" isBusy={send.isPending} busyLabel={t('messages.sending')}>
          {t('messages.submit')}
        </Button>
      </form>
    </div>
  );
}
