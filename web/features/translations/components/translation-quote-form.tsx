import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { honeypotField } from '#common/intake/fields.ts';
import { quoteDocumentsRule } from '#common/intake/uploads.ts';
import { quotePrefillParams } from '#common/translations/quote-prefill.ts';
import { translationQuoteSchema, type TranslationQuote } from '#common/translations/translations.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { FilePicker } from '#web/components/form/file-picker.tsx';
import { HoneypotField } from '#web/components/form/honeypot-field.tsx';
import { PersonFields } from '#web/components/form/person-fields.tsx';
import { intakeSubmitHandler } from '#web/lib/intake-submit.ts';
import { PrivacyConsentField } from '#web/components/form/privacy-consent-field.tsx';
import { RequiredNote } from '#web/components/form/required-note.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSendTranslationQuote } from '../api/translations.queries.ts';
import { LanguageSelect, optionalChoice } from './language-select.tsx';
import { TranslationTypeField } from './translation-type-field.tsx';
import { useFormWithoutScript } from '#web/lib/form-without-script.ts';

const emptyForm: Partial<TranslationQuote> = {
  name: '',
  phone: '',
  email: '',
  sourceLanguage: undefined,
  targetLanguage: undefined,
  translationType: 'sworn',
  comments: '',
  [honeypotField]: '',
};

/** The translation quote page (docs/product/rules.md): contact data, languages, type, documents and comments. */
export function TranslationQuoteForm() {
  const { t } = useTranslation('translations');
  const sending = useSendTranslationQuote({ failureTitle: t('quote.failure.title'), failureText: t('quote.failure.description') });
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const [search] = useSearchParams();
  const prefillCase = search.get(quotePrefillParams.caseId);
  const prefillDocument = search.get(quotePrefillParams.document);
  // A client's checklist links here for one document of a case: the comment names both for the firm.
  const comments = prefillCase && prefillDocument ? t('quote.prefilledComment', { caseId: prefillCase, document: prefillDocument }) : '';
  const form = useForm<TranslationQuote>({ resolver: zodResolver(translationQuoteSchema), defaultValues: { ...emptyForm, comments } });
  // The handler awaits the sending, so the form is submitting until the server has answered.
  const { errors, isSubmitting: isBusy } = form.formState;

  const onSubmit = intakeSubmitHandler(form, {
    send: (values) => {
      setFilesError(undefined);
      return sending.mutateAsync({ values, files });
    },
    success: { title: t('quote.success.title'), description: t('quote.success.description') },
    after: () => setFiles([]),
    onFailure: (error, onFields) => {
      // A refusal that is no field's is the documents' (type, size, count).
      if (error instanceof ApiError && !onFields && error.status < 500 && error.status !== 429) setFilesError(error.message);
    },
  });

  const withoutScript = useFormWithoutScript();
  return (
    <form {...withoutScript} onSubmit={onSubmit} noValidate className="relative space-y-5" aria-labelledby="quote-form-title">
      <h2 id="quote-form-title" className="text-xl font-bold text-slate-900">
        {t('quote.formTitle')}
      </h2>
      <RequiredNote />
      <PersonFields
        register={form.register}
        errors={errors}
        labels={{ name: t('fields.name'), email: t('fields.email'), phone: t('fields.phone'), phoneHint: t('fields.phoneHint') }}
        isPhoneRequired
        phonePlaceholder="+34600123456"
        isEmailOnOwnRow
      >
        <LanguageSelect
          label={t('fields.sourceLanguage')}
          registration={form.register('sourceLanguage', optionalChoice)}
          error={errors.sourceLanguage?.message}
        />
        <LanguageSelect
          label={t('fields.targetLanguage')}
          registration={form.register('targetLanguage', optionalChoice)}
          error={errors.targetLanguage?.message}
        />
      </PersonFields>
      <TranslationTypeField registration={form.register('translationType')} />
      <FilePicker
        label={t('fields.documents')}
        hint={t('fields.documentsHint')}
        rule={quoteDocumentsRule}
        files={files}
        onChange={(next) => {
          setFiles(next);
          setFilesError(undefined);
        }}
        error={filesError}
        namespace="translations"
      />
      <FormField label={t('fields.comments')} hint={t('fields.commentsHint')} error={errors.comments?.message}>
        {/* The prefill is in the server's HTML too: the form hydrates only when the visitor reaches for it. */}
        <Textarea rows={4} defaultValue={comments} {...form.register('comments')} />
      </FormField>
      <PrivacyConsentField registration={form.register('privacy')} error={errors.privacy?.message} />
      <HoneypotField registration={form.register(honeypotField)} />
      <Button type="submit" size="lg" isBusy={isBusy} busyLabel={t('quote.sending')}>
        {t('quote.submit')}
      </Button>
    </form>
  );
}
