import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { honeypotField } from '#common/intake/fields.ts';
import { requestDocumentRule } from '#common/intake/uploads.ts';
import {
  isTranslationRequestComplete,
  requestSourceLanguages,
  requestTargetLanguages,
  translationRequestSchema,
  type TranslationRequest,
} from '#common/translations/translations.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { FilePicker } from '#web/components/form/file-picker.tsx';
import { HoneypotField } from '#web/components/form/honeypot-field.tsx';
import { intakeSubmitHandler } from '#web/lib/intake-submit.ts';
import { PrivacyConsentField } from '#web/components/form/privacy-consent-field.tsx';
import { RequiredNote } from '#web/components/form/required-note.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSendTranslationRequest } from '../api/translations.queries.ts';
import { LanguageSelect, optionalChoice } from './language-select.tsx';
import { TranslationTypeField } from './translation-type-field.tsx';

const emptyForm: Partial<TranslationRequest> = {
  name: '',
  email: '',
  phone: '',
  sourceLanguage: undefined,
  targetLanguage: undefined,
  translationType: 'sworn',
  text: '',
  [honeypotField]: '',
};

/** Statuses of an upload refusal (too large, wrong type, flagged by the virus scanner), titled 'Error al subir el documento'. */
const uploadRefusals = new Set([413, 415, 422]);

/** The translation form of the services page (docs/product/rules.md): the text to translate or one document. */
export function TranslationRequestForm() {
  const { t } = useTranslation('translations');
  const sending = useSendTranslationRequest();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const form = useForm<TranslationRequest>({ resolver: zodResolver(translationRequestSchema), defaultValues: emptyForm });
  // The handler awaits the sending, so the form is submitting until the server has answered.
  const { errors, isSubmitting: isBusy } = form.formState;

  const onSubmit = intakeSubmitHandler(form, {
    before: (values) => {
      setFilesError(undefined);
      if (isTranslationRequestComplete(values.text, files.length)) return true;
      toast({ title: t('request.incomplete.title'), description: t('request.incomplete.description'), variant: 'destructive' });
      return false;
    },
    send: (values) => sending.mutateAsync({ values, files }),
    success: { title: t('request.success.title'), description: t('request.success.description') },
    after: () => setFiles([]),
    failure: (error) => {
      const isUploadRefusal = error instanceof ApiError && uploadRefusals.has(error.status);
      if (isUploadRefusal) setFilesError(error.message);
      return {
        title: t(isUploadRefusal ? 'request.uploadFailure.title' : 'request.failure.title'),
        description: error instanceof Error ? error.message : undefined,
      };
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="relative space-y-5" aria-labelledby="translation-request-title">
      <div>
        <h3 id="translation-request-title" className="text-xl font-bold text-slate-900">
          {t('request.title')}
        </h3>
        <p className="mt-1 text-slate-600">{t('request.intro')}</p>
      </div>
      <RequiredNote />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('fields.name')} error={errors.name?.message} isRequired>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField label={t('fields.email')} error={errors.email?.message} isRequired>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label={t('fields.phone')} hint={t('fields.phoneHint')} error={errors.phone?.message} isRequired>
          <Input type="tel" autoComplete="tel" placeholder="+34600123456" {...form.register('phone')} />
        </FormField>
        <div className="hidden sm:block" />
        <LanguageSelect
          label={t('fields.sourceLanguage')}
          languages={requestSourceLanguages}
          registration={form.register('sourceLanguage', optionalChoice)}
          error={errors.sourceLanguage?.message}
          isRequired
        />
        <LanguageSelect
          label={t('fields.targetLanguage')}
          languages={requestTargetLanguages}
          registration={form.register('targetLanguage', optionalChoice)}
          error={errors.targetLanguage?.message}
          isRequired
        />
      </div>
      <TranslationTypeField registration={form.register('translationType')} />
      <FormField label={t('fields.text')} hint={t('fields.textHint')} error={errors.text?.message}>
        <Textarea rows={5} {...form.register('text')} />
      </FormField>
      <FilePicker
        label={t('fields.document')}
        hint={t('fields.documentHint')}
        rule={requestDocumentRule}
        files={files}
        onChange={(next) => {
          setFiles(next);
          setFilesError(undefined);
        }}
        error={filesError}
        namespace="translations"
      />
      <PrivacyConsentField registration={form.register('privacy')} error={errors.privacy?.message} />
      <HoneypotField registration={form.register(honeypotField)} />
      <Button type="submit" size="lg" disabled={isBusy}>
        {isBusy ? t('request.sending') : t('request.submit')}
      </Button>
    </form>
  );
}
