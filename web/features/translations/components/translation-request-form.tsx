import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { honeypotField } from '#common/intake/fields.ts';
import { requestDocumentRule } from '#common/intake/uploads.ts';
import {
  isTranslationRequestComplete,
  translationRequestSchema,
  type TranslationRequest,
} from '#common/translations/translations.contract.ts';
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
import { showRefusal } from '#web/lib/failure-toast.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSendTranslationRequest } from '../api/translations.queries.ts';
import { LanguageSelect, optionalChoice } from './language-select.tsx';
import { TranslationTypeField } from './translation-type-field.tsx';
import { useFormWithoutScript } from '#web/lib/form-without-script.ts';

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

const isUploadRefusal = (error: unknown): error is ApiError => error instanceof ApiError && uploadRefusals.has(error.status);

/** The translation form of the services page (docs/product/rules.md): the text to translate or one document. */
export function TranslationRequestForm() {
  const { t } = useTranslation('translations');
  const sending = useSendTranslationRequest({
    failureTitle: (error) => t(isUploadRefusal(error) ? 'request.uploadFailure.title' : 'request.failure.title'),
  });
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const form = useForm<TranslationRequest>({ resolver: zodResolver(translationRequestSchema), defaultValues: emptyForm });
  // The handler awaits the sending, so the form is submitting until the server has answered.
  const { errors, isSubmitting: isBusy } = form.formState;

  const onSubmit = intakeSubmitHandler(form, {
    before: (values) => {
      setFilesError(undefined);
      if (isTranslationRequestComplete(values.text, files.length)) return true;
      showRefusal(t('request.incomplete.title'), t('request.incomplete.description'));
      return false;
    },
    send: (values) => sending.mutateAsync({ values, files }),
    success: { title: t('request.success.title'), description: t('request.success.description') },
    after: () => setFiles([]),
    onFailure: (error) => {
      if (isUploadRefusal(error)) setFilesError(error.message);
    },
  });

  const withoutScript = useFormWithoutScript();
  return (
    <form {...withoutScript} onSubmit={onSubmit} noValidate className="relative space-y-5" aria-labelledby="translation-request-title">
      <div>
        <h3 id="translation-request-title" className="text-xl font-bold text-slate-900">
          {t('request.title')}
        </h3>
        <p className="mt-1 text-slate-600">{t('request.intro')}</p>
      </div>
      <RequiredNote />
      <PersonFields
        register={form.register}
        errors={errors}
        labels={{ name: t('fields.name'), email: t('fields.email'), phone: t('fields.phone'), phoneHint: t('fields.phoneHint') }}
        isPhoneRequired
        phonePlaceholder="+34600123456"
      >
        <div className="hidden sm:block" />
        <LanguageSelect
          label={t('fields.sourceLanguage')}
          registration={form.register('sourceLanguage', optionalChoice)}
          error={errors.sourceLanguage?.message}
          isRequired
        />
        <LanguageSelect
          label={t('fields.targetLanguage')}
          registration={form.register('targetLanguage', optionalChoice)}
          error={errors.targetLanguage?.message}
          isRequired
        />
      </PersonFields>
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
      <Button type="submit" size="lg" isBusy={isBusy} busyLabel={t('request.sending')}>
        {t('request.submit')}
      </Button>
    </form>
  );
}
