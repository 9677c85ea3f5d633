import { useId } from 'react';
import type { ConsultationThread as Thread } from '#common/consultations/consultation-thread.contract.ts';
import { intlLocales } from '#common/i18n/languages.ts';
import { firmTimeZone } from '#common/long-date.ts';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
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

/** What the client is told under the conversation: write the question, wait for the answer (by when), the questions left, or the thread is closed. */
function ThreadNote({ thread }: { thread: Thread }) {
  const { t } = useTranslation('consultation-thread');
  const language = useLanguage();
  if (!thread.isOpen) return <p className="text-sm text-slate-700">{t('closed')}</p>;
  if (thread.messages.length === 0) return <p className="text-sm text-slate-700">{t('empty')}</p>;
  const isWaiting = thread.messages.at(-1)?.author === 'client';
  const due = thread.answerDueAt
    ? new Intl.DateTimeFormat(intlLocales[language], { dateStyle: 'full', timeStyle: 'short', timeZone: firmTimeZone }).format(new Date(thread.answerDueAt))
    : null;
  return (
    <>
      {isWaiting ? <p className="text-sm font-medium text-brand-900">{due ? t('waitingUntil', { date: due }) : t('waiting')}</p> : null}
      <p className="text-sm text-slate-700">{thread.followUpsLeft > 0 ? t('followUpsLeft', { count: thread.followUpsLeft }) : t('noFollowUpsLeft')}</p>
    </>
  );
}

/**
 * The express consultation in writing, on the client's panel: the conversation first, so the
 * firm's answer is what a phone shows, then what happens next and the question form with its files
 * (a follow-up while the firm's number of them lasts, none once the consultation is closed).
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
          const hasAsked = thread.messages.some((message) => message.author === 'client');
          return (
            <>
              {thread.messages.length > 0 ? (
                <ConsultationThreadMessages
                  messages={thread.messages}
                  side="client"
                  authorName={(author) => (author === 'client' ? t('fromClient') : t('fromFirm'))}
                  attachmentUrl={(attachmentId) => consultationAttachmentUrl(consultationId, attachmentId)}
                />
              ) : null}
              <ThreadNote thread={thread} />
              {thread.isOpen && (!hasAsked || thread.followUpsLeft > 0) ? <QuestionForm consultationId={consultationId} isFollowUp={hasAsked} /> : null}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
