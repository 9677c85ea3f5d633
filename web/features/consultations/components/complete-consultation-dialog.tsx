import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { consultationOutcomeSchema, outcomeNoteMaxLength } from '#common/consultations/appointment.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Select, Textarea } from '#web/components/ui/input.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useCaseOffers } from '../api/appointment.admin.queries.ts';
import { useChangeConsultation } from '../api/consultations.admin.queries.ts';

type OutcomeForm = z.input<typeof consultationOutcomeSchema>;

function OutcomeForm({ consultationId, onDone }: { consultationId: string; onDone: () => void }) {
  const { t } = useTranslation('appointments');
  const offers = useCaseOffers();
  const change = useChangeConsultation({ failureTitle: t('complete.error'), successTitle: t('complete.success') });
  const form = useForm<OutcomeForm, unknown, z.output<typeof consultationOutcomeSchema>>({
    resolver: zodResolver(consultationOutcomeSchema),
    defaultValues: { firmNote: '', recommendedServiceId: null },
  });
  const { errors } = form.formState;
  const noteLength = useWatch({ control: form.control, name: 'firmNote' }).length;
  const onSubmit = form.handleSubmit((outcome) =>
    change.mutate(
      { id: consultationId, change: { status: 'completada', ...outcome } },
      { onSuccess: onDone },
    ),
  );
  return (
    <form className="space-y-4" noValidate onSubmit={onSubmit}>
      <FormField
        label={t('complete.note')}
        hint={t('complete.noteHint', { used: noteLength, max: outcomeNoteMaxLength })}
        error={errors.firmNote?.message}
        isRequired
      >
        <Textarea rows={7} maxLength={outcomeNoteMaxLength} {...form.register('firmNote')} />
      </FormField>
      <FormField label={t('complete.recommended')} hint={t('complete.recommendedHint')} error={errors.recommendedServiceId?.message}>
        <Select {...form.register('recommendedServiceId', { setValueAs: (value: string | null) => value || null })}>
          <option value="">{t('complete.noRecommendation')}</option>
          {(offers.data ?? []).map((offer) => (
            <option key={offer.id} value={offer.id}>
              {offer.title}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={change.isPending}>
          {t('complete.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Completada' on a pending consultation: the outcome note the client reads in their panel
 * (required) and, optionally, the case the firm recommends hiring next.
 */
export function CompleteConsultationDialog({ consultation }: { consultation: { id: string; client: { name: string } } }) {
  const { t } = useTranslation('appointments');
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={t('complete.open', { name: consultation.client.name })}>
        <Check className="h-4 w-4" aria-hidden />
        {t('complete.button')}
      </Button>
      <DialogContent title={t('complete.title')} description={t('complete.description', { name: consultation.client.name })}>
        {isOpen ? <OutcomeForm consultationId={consultation.id} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
