import { MessageSquareReply } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { chatReplyMaxLength, type AdminChatMessage } from '#common/chat/chat.contract.ts';
import { formatAdminDateTime } from '#common/dates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useAdminChatThread, useSendAdminReply } from '../api/chat.admin.queries.ts';

function Thread({ message }: { message: AdminChatMessage }) {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  const thread = useAdminChatThread(message.id, true);
  return (
    <QueryState query={thread} loading={t('admin.threadLoading')} className="text-sm">
      {({ entries }) => (
        <section aria-label={t('admin.thread')} className="max-h-64 overflow-y-auto rounded-md border border-slate-200 p-3" tabIndex={0}>
          <ol className="flex flex-col gap-2">
            {entries.map((entry) => (
              <li key={`${entry.kind}:${entry.id}`} className={cn('rounded-md px-3 py-2 text-sm', entry.kind === 'reply' ? 'bg-brand-50' : 'bg-slate-100')}>
                <p className="text-xs font-semibold text-slate-800">
                  {entry.kind === 'reply' ? t('admin.firm') : t('admin.visitor', { name: entry.senderName })} ·{' '}
                  <time dateTime={entry.createdAt}>{formatAdminDateTime(entry.createdAt, language)}</time>
                </p>
                <p className="whitespace-pre-wrap break-words text-slate-900">{entry.text}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </QueryState>
  );
}

/** The reply form of one message, with its conversation above it. An empty or whitespace reply is ignored (docs/product/rules.md). */
export function AdminChatReplyDialog({ message }: { message: AdminChatMessage }) {
  const { t } = useTranslation('chat');
  const [isOpen, setOpen] = useState(false);
  const [text, setText] = useState('');
  const fieldId = useId();
  const send = useSendAdminReply(message.id, { failureTitle: t('admin.replyFailure') });
  const isEmpty = text.trim() === '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty || send.isPending) return;
    send.mutate(text, {
      onSuccess: () => {
        toast({ title: t('admin.replySuccess'), variant: 'success' });
        setText('');
        setOpen(false);
      },
    });
  };

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <MessageSquareReply className="h-4 w-4" aria-hidden />
          {t('admin.reply')}
          <span className="sr-only">{` · ${message.senderName}`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('admin.replyTitle', { name: message.senderName })}
        description={t('admin.replyDescription', { email: message.senderEmail })}
        width="lg"
      >
        <div className="space-y-4">
          {isOpen ? <Thread message={message} /> : null}
          <form onSubmit={onSubmit} className="space-y-3">
            <label htmlFor={fieldId} className="block text-sm font-medium text-slate-900">
              {t('admin.replyLabel')}
            </label>
            <Textarea id={fieldId} rows={5} maxLength={chatReplyMaxLength} value={text} onChange={(event) => setText(event.target.value)} />
            <div className="flex justify-end">
              <Button type="submit" disabled={isEmpty} isBusy={send.isPending} busyLabel={t('admin.sending')}>
                {t('admin.send')}
              </Button>
            </div>
          </form>
        </div>
      </DialogContent>
    </Dialog>
  );
}
