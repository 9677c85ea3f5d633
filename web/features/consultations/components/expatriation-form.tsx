import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  expatriationConsultationSchema,
  expatriationObjectives,
  type ExpatriationConsultation,
} from '#common/consultations/consultations.contract.ts';
import { honeypotField } from '#common/intake/fields.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { HoneypotField } from '#web/components/form/honeypot-field.tsx';
import { PersonFields } from '#web/components/form/person-fields.tsx';
import { intakeSubmitHandler } from '#web/lib/intake-submit.ts';
import { PrivacyConsentField } from '#web/components/form/privacy-consent-field.tsx';
import { RequiredNote } from '#web/components/form/required-note.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSendExpatriationConsultation } from '../api/consultations.queries.ts';
import { useFormWithoutScript } from '#web/lib/form-without-script.ts';

const emptyForm: Partial<ExpatriationConsultation> = {
  name: '',
  email: '',
  phone: '',
  originCountry: '',
  destinationCity: '',
  objectives: { work: false, studies: false, reunification: false, entrepreneurship: false, other: false },
  arrivalDate: '',
  message: '',
  [honeypotField]: '',
};

/** The expatriation consultation (docs/product/rules.md): name, email and consent required, the rest optional. */
export function ExpatriationForm() {
  const { t } = useTranslation('consultations');
  const sending = useSendExpatriationConsultation({ failureTitle: t('failure.title'), failureText: t('failure.description') });
  const form = useForm<ExpatriationConsultation>({ resolver: zodResolver(expatriationConsultationSchema), defaultValues: emptyForm });
  // The handler awaits the sending, so the form is submitting until the server has answered.
  const { errors, isSubmitting: isBusy } = form.formState;

  const onSubmit = intakeSubmitHandler(form, {
    send: (input) => sending.mutateAsync(input),
    success: { title: t('success.title'), description: t('success.description') },
  });

  const withoutScript = useFormWithoutScript();
  return (
    <form {...withoutScript} onSubmit={onSubmit} noValidate className="relative space-y-5" aria-labelledby="expatriation-form-title">
      <h2 id="expatriation-form-title" className="text-xl font-bold text-slate-900">
        {t('form.title')}
      </h2>
      <RequiredNote />
      <PersonFields
        register={form.register}
        errors={errors}
        labels={{ name: t('form.name'), email: t('form.email'), phone: t('form.phone'), phoneHint: t('form.phoneHint') }}
      >
        <FormField label={t('form.originCountry')} error={errors.originCountry?.message}>
          <Input autoComplete="country-name" {...form.register('originCountry')} />
        </FormField>
        <FormField label={t('form.destinationCity')} error={errors.destinationCity?.message}>
          <Input {...form.register('destinationCity')} />
        </FormField>
        <FormField label={t('form.arrivalDate')} hint={t('form.arrivalDateHint')} error={errors.arrivalDate?.message}>
          <Input type="month" {...form.register('arrivalDate')} />
        </FormField>
      </PersonFields>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">{t('form.objectives')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {expatriationObjectives.map((objective) => (
            <label key={objective} className="flex items-start gap-2 text-sm text-slate-800">
              <Checkbox {...form.register(`objectives.${objective}`)} />
              {t(`objectives.${objective}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField label={t('form.message')} error={errors.message?.message}>
        <Textarea rows={4} {...form.register('message')} />
      </FormField>
      <PrivacyConsentField registration={form.register('privacy')} error={errors.privacy?.message} />
      <HoneypotField registration={form.register(honeypotField)} />
      <Button type="submit" size="lg" isBusy={isBusy} busyLabel={t('form.sending')}>
        {t('form.submit')}
      </Button>
    </form>
  );
}
