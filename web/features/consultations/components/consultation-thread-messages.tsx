import { Download, FileText } from 'lucide-react';
import type { ConsultationMessage } from '#common/consultations/consultation-thread.contract.ts';
import { formatAdminDateTime } from '#common/dates.ts';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

type ThreadMessagesProps = {
  messages: ConsultationMessage[];
  /** Whose side the reader is on: their own messages sit on the right. */
  side: 'client' | 'firm';
  /** Who wrote a message, in the reader's words. */
  authorName: (author: ConsultationMessage['author']) => string;
  /** Where a file is downloaded from: the client's route or the back office's. */
  attachmentUrl: (attachmentId: string) => string;
};

/** The messages of an express consultation, oldest first, each with its files to download. */
export function ConsultationThreadMessages({ messages, side, authorName, attachmentUrl }: ThreadMessagesProps) {
  const { t } = useTranslation('consultation-thread');
  const language = useLanguage();
  return (
    <ol aria-label={t('thread')} className="space-y-3">
      {messages.map((message) => (
        <li
          key={message.id}
          className={cn(
            'max-w-[85%] rounded-lg px-4 py-3 text-sm text-slate-900',
            message.author === side ? 'ml-auto bg-brand-50' : 'bg-slate-100',
          )}
        >
          <p className="flex flex-wrap justify-between gap-2 text-xs text-slate-700">
            <span className="font-semibold">{authorName(message.author)}</span>
            <time dateTime={message.createdAt}>{formatAdminDateTime(message.createdAt, language)}</time>
          </p>
          <p className="mt-1 whitespace-pre-line">{message.body}</p>
          {message.attachments.length > 0 ? (
            <ul className="mt-2 space-y-1">
              {message.attachments.map((attachment) => (
                <li key={attachment.id}>
                  <a
                    href={attachmentUrl(attachment.id)}
                    download={attachment.name}
                    aria-label={t('download', { name: attachment.name })}
                    className="inline-flex max-w-full items-center gap-2 rounded px-1 py-0.5 text-brand-800 underline underline-offset-2 hover:bg-white"
                  >
                    <FileText className="h-4 w-4 shrink-0" aria-hidden />
                    <span className="truncate">{attachment.name}</span>
                    <Download className="h-4 w-4 shrink-0" aria-hidden />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
