import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { contactRequestSchema, contactSubjects, type ContactRequest } from '#common/contact/contact.contract.ts';
import { honeypotField } from '#common/intake/fields.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Select, Textarea } from '#web/components/ui/input.tsx';
import { HoneypotField } from '#web/components/form/honeypot-field.tsx';
import { PersonFields } from '#web/components/form/person-fields.tsx';
import { intakeSubmitHandler } from '#web/lib/intake-submit.ts';
import { PrivacyConsentField } from '#web/components/form/privacy-consent-field.tsx';
import { RequiredNote } from '#web/components/form/required-note.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSendContactRequest } from '../api/contact.queries.ts';
import { useFormWithoutScript } from '#web/lib/form-without-script.ts';

const emptyForm = { name: '', email: '', phone: '', subject: undefined, message: '', [honeypotField]: '' };

export function ContactForm() {
  const { t } = useTranslation('contact');
  const sending = useSendContactRequest({ failureTitle: t('failure.title'), failureText: t('failure.description') });
  const form = useForm<ContactRequest>({ resolver: zodResolver(contactRequestSchema), defaultValues: emptyForm });
  // The handler awaits the sending, so the form is submitting until the server has answered.
  const { errors, isSubmitting: isBusy } = form.formState;

  const onSubmit = intakeSubmitHandler(form, {
    send: (input) => sending.mutateAsync(input),
    success: { title: t('success.title'), description: t('success.description') },
  });

  const withoutScript = useFormWithoutScript();
  return (
    <form {...withoutScript} onSubmit={onSubmit} noValidate className="relative space-y-5" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-xl font-bold text-slate-900">
        {t('form.title')}
      </h2>
      <RequiredNote />
      <PersonFields register={form.register} errors={errors} labels={{ name: t('form.name'), email: t('form.email'), phone: t('form.phone') }}>
        <FormField label={t('form.subject')} error={errors.subject?.message}>
          <Select {...form.register('subject', { setValueAs: (value: string) => value || undefined })}>
            <option value="">{t('form.subjectPlaceholder')}</option>
            {contactSubjects.map((subject) => (
              <option key={subject} value={subject}>
                {t(`subjects.${subject}`)}
              </option>
            ))}
          </Select>
        </FormField>
      </PersonFields>
      <FormField label={t('form.message')} error={errors.message?.message} isRequired>
        <Textarea rows={6} {...form.register('message')} />
      </FormField>
      <PrivacyConsentField registration={form.register('privacy')} error={errors.privacy?.message} />
      <HoneypotField registration={form.register(honeypotField)} />
      <Button type="submit" size="lg" isBusy={isBusy} busyLabel={t('form.sending')}>
        {t('form.submit')}
      </Button>
    </form>
  );
}
