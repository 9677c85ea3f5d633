import { useEffect, useRef } from 'react';
import type { ChatEntry } from '#common/chat/chat.contract.ts';
import { formatAdminDateTime } from '#common/dates.ts';
import { cn } from '#web/lib/cn.ts';
import { useFirm } from '#web/lib/firm.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

/** The messages and the firm's replies, as plain text, newest at the bottom; screen readers hear new ones. */
export function ChatConversationLog({ entries, isLoading }: { entries: ChatEntry[]; isLoading: boolean }) {
  const { t } = useTranslation('chat');
  const firm = useFirm();
  const language = useLanguage();
  const endRef = useRef<HTMLLIElement>(null);
  const count = entries.length;

  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  return (
    <div role="log" aria-live="polite" aria-label={t('widget.conversation')} tabIndex={0} className="px-4 py-3 focus-visible:outline-offset-[-2px]">
      {isLoading ? (
        <p className="text-sm text-slate-700">{t('widget.loading')}</p>
      ) : count === 0 ? (
        <p className="text-sm text-slate-700">{t('widget.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {entries.map((entry, index) => {
            const isOwn = entry.kind === 'message';
            return (
              <li
                key={`${entry.kind}:${entry.id}`}
                ref={index === count - 1 ? endRef : undefined}
                className={cn('max-w-[85%] rounded-lg px-3 py-2 text-sm', isOwn ? 'self-end bg-brand-800 text-white' : 'self-start bg-slate-100 text-slate-900')}
              >
                <p className="text-xs font-semibold">{isOwn ? t('widget.you') : t('widget.firm', { brand: firm.brandName })}</p>
                <p className="whitespace-pre-wrap break-words">{entry.text}</p>
                <time dateTime={entry.createdAt} className={cn('mt-1 block text-xs', isOwn ? 'text-brand-100' : 'text-slate-700')}>
                  {formatAdminDateTime(entry.createdAt, language)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
