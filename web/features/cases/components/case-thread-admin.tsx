import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { caseMessageInputSchema, type CaseDetail, type CaseMessageInput } from '#common/cases/cases.contract.ts';
import { languageNames, type Language } from '#common/i18n/languages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useReplyToCase } from '../api/cases.admin.queries.ts';

/** The case's thread for the firm, with the reply form (which reminds the language the client reads, when given). */
export function CaseThreadAdmin({ detail, clientLanguage }: { detail: CaseDetail; clientLanguage?: Language }) {
  const { t } = useTranslation('admin');
  const date = useAdminDate();
  const reply = useReplyToCase(detail.id, { failureTitle: t('chatReply.error') });
  const form = useForm<CaseMessageInput>({ resolver: zodResolver(caseMessageInputSchema), defaultValues: { body: '' } });
  // An empty or whitespace reply is not sent (docs/product/rules.md): the contract refuses it.
  const onSubmit = form.handleSubmit((input) =>
    reply.mutate(input, {
      onSuccess: () => {
        toast({ title: t('chatReply.success'), variant: 'success' });
        form.reset();
      },
    }),
  );
  const mayReply = useMayUse('POST /api/admin/cases/:id/messages');
  const list = useRef<HTMLOListElement>(null);
  const headingId = useId();
  const count = detail.messages.length;
  useEffect(() => {
    if (count > 0 && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [count]);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-brand-900">
        {t('cases.thread')}
      </h2>
      {detail.messages.length === 0 ? (
        <p className="text-sm text-slate-700">{t('cases.noMessages')}</p>
      ) : (
        // The thread keeps its height beside the requests; it opens on the newest message, at its end.
        <ol ref={list} tabIndex={0} aria-label={t('casePage.threadList')} className="max-h-[32rem] space-y-2 overflow-y-auto rounded-md border border-slate-200 p-2">
          {detail.messages.map((message) => (
            <li key={message.id} className={message.author === 'firm' ? 'ml-8 rounded-md bg-brand-50 p-3' : 'mr-8 rounded-md bg-slate-100 p-3'}>
              <p className="text-xs font-semibold text-slate-700">
                {message.author === 'firm' ? t('cases.fromFirm') : t('cases.fromClient')} · {date(message.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-line text-sm text-slate-900">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      {mayReply ? (
        <form className="space-y-2" noValidate onSubmit={onSubmit}>
          <FormField
            label={t('cases.reply')}
            hint={clientLanguage ? t('casePage.replyLanguage', { language: languageNames[clientLanguage] }) : undefined}
            error={form.formState.errors.body?.message}
          >
            <Textarea rows={3} {...form.register('body')} />
          </FormField>
          <Button type="submit" disabled={reply.isPending}>
            {t('cases.sendReply')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
