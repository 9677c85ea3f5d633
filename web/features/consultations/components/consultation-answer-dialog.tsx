import { MessageSquareReply } from 'lucide-react';
import { useState } from 'react';
import { consultationAnswerSchema, type ConsultationRow } from '#common/consultations/consultation-row.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { fromDateTimeLocal, toDateTimeLocal } from '#web/lib/datetime-local.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAnswerConsultation } from '../api/consultations.admin.queries.ts';

/**
 * 'Responder' on an expatriation request: the firm's note and, optionally, the day and time of the
 * call (Madrid time). The client reads both in their panel; an anonymous requester gets them by mail.
 */
export function ConsultationAnswerDialog({ row }: { row: ConsultationRow }) {
  const { t } = useTranslation('admin');
  const [isOpen, setOpen] = useState(false);
  const [note, setNote] = useState(row.firmNote ?? '');
  const [when, setWhen] = useState(row.scheduledAt ? toDateTimeLocal(row.scheduledAt) : '');
  const [noteError, setNoteError] = useState<string | undefined>();
  const answer = useAnswerConsultation({ failureTitle: t('update.error') });

  const submit = () => {
    const parsed = consultationAnswerSchema.safeParse({ note, scheduledAt: when ? fromDateTimeLocal(when) : null });
    if (!parsed.success) {
      setNoteError(parsed.error.issues.find((issue) => issue.path[0] === 'note')?.message);
      return;
    }
    setNoteError(undefined);
    answer.mutate(
      { id: row.id, answer: parsed.data },
      {
        onSuccess: () => {
          toast({ title: t('consultations.answer.sent'), variant: 'success' });
          setOpen(false);
        },
      },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={t('consultations.answer.open', { name: row.client.name })}>
        <MessageSquareReply className="h-4 w-4" aria-hidden />
        {row.answeredAt ? t('consultations.answer.edit') : t('consultations.answer.button')}
      </Button>
      <DialogContent title={t('consultations.answer.title')} description={t('consultations.answer.description', { name: row.client.name })}>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormField label={t('consultations.answer.note')} error={noteError} isRequired>
            <Textarea rows={6} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormField>
          <FormField label={t('consultations.answer.call')} hint={t('consultations.answer.callHint')}>
            <Input type="datetime-local" value={when} onChange={(event) => setWhen(event.target.value)} />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={answer.isPending}>
              {t('consultations.answer.send')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
