import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '#web/lib/translation.tsx';
import { useChatConversation, useChatStream, useReopenChat } from '../api/chat.queries.ts';
import { ChatConversationLog } from './chat-conversation-log.tsx';
import { ChatMessageForm } from './chat-message-form.tsx';

/**
 * The conversation a mailed link gives this browser, taken before the widget reads its own; answers
 * whether that is still under way.
 */
function useReopenedConversation(link: string | undefined): boolean {
  const { t } = useTranslation('chat');
  const { mutate, isIdle, isPending } = useReopenChat({ failureTitle: t('reopen.failure') });
  useEffect(() => {
    if (link) mutate(link);
  }, [link, mutate]);
  return link !== undefined && (isIdle || isPending);
}

/** The open widget: the intro, the conversation (loaded on opening, then live) and the form. */
export default function ChatPanel({ id, reopenLink }: { id: string; reopenLink?: string }) {
  const { t } = useTranslation('chat');
  const titleId = useId();
  const isReopening = useReopenedConversation(reopenLink);
  const conversation = useChatConversation(!isReopening);
  const entries = conversation.data?.entries ?? [];
  useChatStream(entries.length > 0, conversation.data?.cursor);

  // docs/product/messages.md: a failed load is only logged; the visitor can still write.
  useEffect(() => {
    if (conversation.error) console.error('Could not load the chat conversation', conversation.error);
  }, [conversation.error]);

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="flex max-h-[calc(100dvh-5rem-var(--chat-banner,0px))] w-[min(24rem,calc(100vw-2rem))] flex-col md:max-h-[calc(100dvh-var(--chat-bottom,1rem)-9rem)] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-2xl"
    >
      <h2 id={titleId} className="bg-brand-800 px-4 py-3 text-base font-semibold text-white">
        {t('widget.title')}
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <p className="border-b border-slate-200 bg-brand-50 px-4 py-3 text-sm text-slate-800">
          {t('widget.intro')}{' '}
          <Link to="/servicios#consultas" className="font-medium text-brand-700 underline">
            {t('widget.consultationsLink')}
          </Link>
        </p>
        <ChatConversationLog entries={entries} isLoading={conversation.isPending} />
      </div>
      <ChatMessageForm lastMessage={entries.findLast((entry) => entry.kind === 'message')} />
    </section>
  );
}
