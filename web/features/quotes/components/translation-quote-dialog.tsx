import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { languages } from '#common/i18n/languages.ts';
import { translationUnits, translationUrgencies } from '#common/quotes/quote-vocabulary.ts';
import { sendTranslationQuoteSchema, type SendTranslationQuote } from '#common/quotes/quotes.contract.ts';
import { translationLanguages } from '#common/translations/translations.contract.ts';
import type { TranslationRequestRow } from '#common/translations/translations.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSendTranslationQuote } from '../api/quotes.admin.queries.ts';
import { defaultOffer, OfferFields } from './offer-fields.tsx';

type Request = Pick<TranslationRequestRow, 'id' | 'name' | 'email' | 'sourceLanguage' | 'destinationLanguage' | 'isSworn'>;

/** Whether the request named a language the quote can name too. */
const isQuoteLanguage = (code: string | null): code is (typeof translationLanguages)[number] =>
  (translationLanguages as readonly (string | null)[]).includes(code);

function TranslationQuoteForm({ request, onDone }: { request: Request; onDone: () => void }) {
  const { t } = useTranslation(['quotes', 'translations']);
  const send = useSendTranslationQuote(request.id, { failureTitle: t('send.failed') });
  const form = useForm<SendTranslationQuote>({
    resolver: zodResolver(sendTranslationQuoteSchema),
    defaultValues: {
      ...defaultOffer(),
      language: 'es',
      unit: 'pages',
      quantity: 1,
      sourceLanguage: isQuoteLanguage(request.sourceLanguage) ? request.sourceLanguage : undefined,
      targetLanguage: isQuoteLanguage(request.destinationLanguage) ? request.destinationLanguage : undefined,
      urgency: 'standard',
      isSworn: request.isSworn,
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((offer) =>
    send.mutate(offer, {
      onSuccess: () => {
        toast({ title: t('send.done', { email: request.email }), variant: 'success' });
        onDone();
      },
      onError: (error) => applyServerIssues(error, form.setError),
    }),
  );
  const languageOptions = translationLanguages.map((code) => (
    <option key={code} value={code}>
      {t(`translations:languages.${code}`)}
    </option>
  ));
  return (
    <FormProvider {...form}>
      <form className="space-y-4" noValidate onSubmit={onSubmit}>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={t('translation.sourceLanguage')} error={errors.sourceLanguage?.message} isRequired>
            <Select {...form.register('sourceLanguage')}>
              <option value="">{t('translation.choose')}</option>
              {languageOptions}
            </Select>
          </FormField>
          <FormField label={t('translation.targetLanguage')} error={errors.targetLanguage?.message} isRequired>
            <Select {...form.register('targetLanguage')}>
              <option value="">{t('translation.choose')}</option>
              {languageOptions}
            </Select>
          </FormField>
          <FormField label={t('translation.quantity')} error={errors.quantity?.message} isRequired>
            <Input type="number" min={1} step={1} inputMode="numeric" {...form.register('quantity', { valueAsNumber: true })} />
          </FormField>
          <FormField label={t('translation.unit')} error={errors.unit?.message} isRequired>
            <Select {...form.register('unit')}>
              {translationUnits.map((unit) => (
                <option key={unit} value={unit}>
                  {t(`translation.units.${unit}`)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t('translation.urgency')} error={errors.urgency?.message} isRequired>
            <Select {...form.register('urgency')}>
              {translationUrgencies.map((urgency) => (
                <option key={urgency} value={urgency}>
                  {t(`urgencies.${urgency}`)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t('translation.language')} hint={t('translation.languageHint')} error={errors.language?.message} isRequired>
            <Select {...form.register('language')}>
              {languages.map((language) => (
                <option key={language} value={language}>
                  {t(`translations:languages.${language}`)}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <CheckboxField label={t('translation.isSworn')} error={errors.isSworn?.message}>
          <Checkbox {...form.register('isSworn')} />
        </CheckboxField>
        <OfferFields />
        <div className="flex justify-end">
          <Button type="submit" disabled={send.isPending}>
            {t('send.submit')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * 'Enviar presupuesto' on a translation request: what the job is (unit, quantity, languages,
 * urgency, sworn), its price, last day and text, mailed in the chosen language with its link; the
 * request counts as answered.
 */
export function TranslationQuoteDialog({ request }: { request: Request }) {
  const { t } = useTranslation('quotes');
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={t('send.open', { name: request.name })}>
        <Send className="h-4 w-4" aria-hidden />
        {t('send.button')}
      </Button>
      <DialogContent title={t('translation.title')} description={t('send.description', { name: request.name, email: request.email })} width="lg">
        {isOpen ? <TranslationQuoteForm request={request} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
