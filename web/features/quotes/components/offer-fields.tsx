import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { firmDay } from '#common/dates.ts';
import { quoteMessageMaxLength as messageMaxLength, type SendQuote } from '#common/quotes/quotes.contract.ts';
import { EurosInput } from '#web/components/form/euros-input.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

/** How long a quote stays open unless the firm says otherwise. */
const defaultValidityDays = 15;

/** The fields every quote starts with: no price yet, open for a fortnight, no text. */
export const defaultOffer = (): { validUntil: string; message: string } => ({
  validUntil: firmDay(new Date(Date.now() + defaultValidityDays * 24 * 60 * 60 * 1000)),
  message: '',
});

/**
 * Price, last day and what the price covers: the same three fields in a case quote and a translation
 * quote, inside either form (FormProvider).
 */
export function OfferFields() {
  const { t } = useTranslation('quotes');
  const { control, register, formState } = useFormContext<SendQuote>();
  const { errors } = formState;
  const messageLength = (useWatch({ control, name: 'message' }) ?? '').length;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Controller
          control={control}
          name="priceCents"
          render={({ field }) => (
            <FormField label={t('send.price')} hint={t('send.priceHint')} error={errors.priceCents?.message} isRequired>
              <EurosInput value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} />
            </FormField>
          )}
        />
        <FormField label={t('send.validUntil')} hint={t('send.validUntilHint')} error={errors.validUntil?.message} isRequired>
          <Input type="date" {...register('validUntil')} />
        </FormField>
      </div>
      <FormField label={t('send.message')} hint={t('send.messageHint', { used: messageLength, max: messageMaxLength })} error={errors.message?.message} isRequired>
        <Textarea rows={6} maxLength={messageMaxLength} {...register('message')} />
      </FormField>
    </>
  );
}
