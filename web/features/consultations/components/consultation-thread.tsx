import { useId } from 'react';
import type { ConsultationThread as Thread } from '#common/consultations/consultation-thread.contract.ts';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { consultationAttachmentUrl, useAskConsultationQuestion, useConsultationThread } from '../api/consultation-thread.queries.ts';
import { ConsultationThreadMessages } from './consultation-thread-messages.tsx';
import { ThreadMessageForm } from './thread-message-form.tsx';

/** The client's question (or a follow-up). */
function QuestionForm({ consultationId, isFollowUp }: { consultationId: string; isFollowUp: boolean }) {
  const { t } = useTranslation('consultation-thread');
  return (
    <ThreadMessageForm
      send={useAskConsultationQuestion(consultationId, { failureTitle: t('failureTitle') })}
      texts={{
        label: isFollowUp ? 'followUp' : 'question',
        submit: 'submit',
        success: { title: 'successTitle', description: 'successDescription' },
      }}
      rows={5}
      className="space-y-3 rounded-lg bg-slate-50 p-4"
    />
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

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="font-semibold text-brand-900">
          {t('title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
      </div>
      <QueryState query={query} loading={t('loading')} failure={t('loadError')} className="text-sm">
        {(thread) => {
          const note = threadNote(thread);
          return (
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
          );
        }}
      </QueryState>
    </section>
  );
}
