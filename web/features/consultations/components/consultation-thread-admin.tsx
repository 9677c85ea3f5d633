import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { adminConsultationAttachmentUrl, useAdminConsultationThread, useAnswerConsultation } from '../api/consultation-thread.queries.ts';
import { ConsultationThreadMessages } from './consultation-thread-messages.tsx';
import { ThreadMessageForm } from './thread-message-form.tsx';

function AnswerForm({ consultationId }: { consultationId: string }) {
  const { t } = useTranslation('consultation-thread');
  return (
    <ThreadMessageForm
      send={useAnswerConsultation(consultationId, { failureTitle: t('admin.error') })}
      texts={{ label: 'admin.answer', submit: 'admin.submit', success: { title: 'admin.success' } }}
      rows={4}
      className="space-y-3"
    />
  );
}

/**
 * An express consultation's thread in the Consultas tab, opened on demand: the client's questions
 * with their files, the firm's answers, and the answer form while the consultation is pending.
 */
export function ConsultationThreadAdmin({ consultationId }: { consultationId: string }) {
  const { t } = useTranslation('consultation-thread');
  const date = useAdminDate();
  const panelId = useId();
  const [isOpen, setOpen] = useState(false);
  const query = useAdminConsultationThread(consultationId, isOpen);

  return (
    <div className="space-y-3">
      <Button variant="outline" size="sm" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setOpen((open) => !open)}>
        {isOpen ? <ChevronUp className="h-4 w-4" aria-hidden /> : <ChevronDown className="h-4 w-4" aria-hidden />}
        {isOpen ? t('admin.hide') : t('admin.show')}
      </Button>
      {isOpen ? (
        <section id={panelId} aria-label={t('admin.title')} className="space-y-3">
          <QueryState query={query} loading={t('loading')} failure={t('loadError')} className="text-sm">
            {(thread) => (
              <>
                <p className="text-sm text-slate-700">
                  {thread.answeredAt ? t('admin.answeredAt', { date: date(thread.answeredAt) }) : t('admin.unanswered')}
                  {thread.isOpen ? null : ` ${t('admin.closed')}`}
                </p>
                {thread.messages.length === 0 ? (
                  <p className="text-sm text-slate-700">{t('admin.empty')}</p>
                ) : (
                  <ConsultationThreadMessages
                    messages={thread.messages}
                    side="firm"
                    authorName={(author) => (author === 'client' ? t('admin.fromClient') : t('admin.fromFirm'))}
                    attachmentUrl={(attachmentId) => adminConsultationAttachmentUrl(consultationId, attachmentId)}
                  />
                )}
                {thread.isOpen && thread.messages.some((message) => message.author === 'client') ? <AnswerForm consultationId={consultationId} /> : null}
              </>
            )}
          </QueryState>
        </section>
      ) : null}
    </div>
  );
}
