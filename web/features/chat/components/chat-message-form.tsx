import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { chatMessageMaxLength, chatMessageSchema, type ChatEntry, type ChatMessage, type ChatMessageInput } from '#common/chat/chat.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useSessionUser } from '#web/lib/session.ts';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { Trans, useTranslation } from '#web/lib/translation.tsx';
import { useSendChatMessage } from '../api/chat.queries.ts';

type LastMessage = Extract<ChatEntry, { kind: 'message' }> | undefined;

/**
 * docs/product/rules.md: name and e-mail for a visitor (prefilled from their last message), the account's for a
 * client (name 'Usuario' when it has none); sending stays disabled while the message or the
 * e-mail is empty.
 */
export function ChatMessageForm({ lastMessage }: { lastMessage: LastMessage }) {
  const { t } = useTranslation('chat');
  const user = useSessionUser();
  const send = useSendChatMessage({ failureTitle: t('failure.title') });
  const form = useForm<ChatMessageInput, unknown, ChatMessage>({
    resolver: zodResolver(chatMessageSchema),
    defaultValues: user ? { name: user.firstName || t('form.defaultName'), email: user.email, message: '' } : { name: '', email: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [email = '', message = ''] = useWatch({ control: form.control, name: ['email', 'message'] });
  const isBusy = isSubmitting || send.isPending;
  const isSendDisabled = isBusy || email.trim() === '' || message.trim() === '';

  // Focus goes into the panel when it opens: to the first thing still to write.
  useEffect(() => {
    form.setFocus(user ? 'message' : 'name');
  }, [form, user]);

  // A returning visitor finds their name and e-mail as they last gave them.
  useEffect(() => {
    if (user || !lastMessage) return;
    if (!form.getValues('name')) form.setValue('name', lastMessage.senderName);
    if (!form.getValues('email')) form.setValue('email', lastMessage.senderEmail);
  }, [form, user, lastMessage]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await send.mutateAsync(input);
      toast({ title: t('success.title'), description: t('success.description'), variant: 'success' });
      form.resetField('message');
      form.setFocus('message');
    } catch (error) {
      applyServerIssues(error, form.setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 border-t border-slate-200 p-4">
      <div className="grid grid-cols-2 gap-3">
        <FormField label={t('form.name')} error={errors.name?.message} isRequired>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        {user ? (
          <FormField label={t('form.email')} hint={t('form.accountEmail')}>
            <Input type="email" readOnly {...form.register('email')} />
          </FormField>
        ) : (
          <FormField label={t('form.email')} error={errors.email?.message} isRequired>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
        )}
      </div>
      <FormField
        label={t('form.message')}
        error={errors.message?.message}
        hint={t('form.characters', { count: message.length, max: chatMessageMaxLength })}
        isRequired
      >
        <Textarea rows={3} maxLength={chatMessageMaxLength} {...form.register('message')} />
      </FormField>
      <p className="text-xs text-slate-700">
        <Trans t={t} i18nKey="form.privacy" components={{ policy: <Link to="/politica-de-privacidad" className="font-medium text-brand-700 underline" /> }} />
      </p>
      <Button type="submit" className="w-full" disabled={isSendDisabled} isBusy={isBusy} busyLabel={t('form.sending')}>
        {t('form.send')}
      </Button>
    </form>
  );
}
