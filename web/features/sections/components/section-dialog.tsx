import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useFieldArray, useForm, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { defaultLanguage, languages, type Language } from '#common/i18n/languages.ts';
import { sectionInputSchema, type AdminSection, type SectionInput } from '#common/sections/sections.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSaveSection } from '../api/sections.admin.queries.ts';

type SectionForm = z.input<typeof sectionInputSchema>;
type TextsForm = NonNullable<SectionForm['texts']['en']>;

const blankTexts: TextsForm = { title: '', summary: '', audience: '', requirements: '', approach: '', faq: [] };

/** The form's fields for a page: a language it lacks is blank fields and no question. */
function formValues(section: AdminSection): SectionForm {
  return { texts: { es: section.texts.es, en: section.texts.en ?? blankTexts, fr: section.texts.fr ?? blankTexts } };
}

const longFields = ['audience', 'requirements', 'approach'] as const;

function FaqFields({ language, control, register, errors }: { language: Language; control: Control<SectionForm, unknown, SectionInput>; register: UseFormRegister<SectionForm>; errors: FieldErrors<TextsForm> | undefined }) {
  const { t } = useTranslation('sections');
  const { fields, append, remove } = useFieldArray({ control, name: `texts.${language}.faq` });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{t('admin.fields.faq')}</legend>
      {fields.map((field, index) => (
        <div key={field.id} className="space-y-2 rounded-md bg-slate-50 p-3">
          <FormField label={t('admin.question', { number: index + 1 })} error={errors?.faq?.[index]?.question?.message}>
            <Input lang={language} {...register(`texts.${language}.faq.${index}.question`)} />
          </FormField>
          <FormField label={t('admin.answer', { number: index + 1 })} error={errors?.faq?.[index]?.answer?.message}>
            <Textarea lang={language} rows={3} {...register(`texts.${language}.faq.${index}.answer`)} />
          </FormField>
          <Button variant="ghostDanger" size="sm" onClick={() => remove(index)}>
            <Trash2 className="h-4 w-4" aria-hidden />
            {t('admin.removeQuestion', { number: index + 1 })}
          </Button>
        </div>
      ))}
      {errors?.faq?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errors.faq.message)}
        </p>
      ) : null}
      <Button variant="outline" size="sm" onClick={() => append({ question: '', answer: '' })}>
        <Plus className="h-4 w-4" aria-hidden />
        {t('admin.addQuestion')}
      </Button>
    </fieldset>
  );
}

/** Edits one section page's words in the three languages, Spanish required; the page shows them as soon as they are saved. */
export function SectionDialog({ section, trigger }: { section: AdminSection; trigger: (open: () => void) => ReactNode }) {
  const { t } = useTranslation(['sections', 'admin']);
  const [isOpen, setOpen] = useState(false);
  const save = useSaveSection(section.id, { failureTitle: t('admin:update.error') });
  const form = useForm<SectionForm, unknown, SectionInput>({ resolver: zodResolver(sectionInputSchema), defaultValues: formValues(section) });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: t('admin.saved'), variant: 'success' });
        setOpen(false);
      },
      onError: (error) => applyServerIssues(error, form.setError),
    }),
  );

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {trigger(() => {
        form.reset(formValues(section));
        setOpen(true);
      })}
      <DialogContent title={t('admin.editTitle', { path: section.path })} width="xl">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {languages.map((language) => {
            const textErrors = errors.texts?.[language] as FieldErrors<TextsForm> | undefined;
            const name = t(`admin:news.languages.${language}`);
            const isRequired = language === defaultLanguage;
            return (
              <fieldset key={language} className="space-y-3 rounded-lg border border-slate-200 p-3">
                <legend className="px-1 text-sm font-semibold text-slate-900">{t(isRequired ? 'admin.versionRequired' : 'admin.versionOptional', { language: name })}</legend>
                {isRequired ? null : <p className="text-sm text-slate-600">{t('admin.optionalHint')}</p>}
                <FormField label={`${t('admin.fields.title')} (${name})`} error={textErrors?.title?.message} isRequired={isRequired}>
                  <Input lang={language} {...form.register(`texts.${language}.title`)} />
                </FormField>
                <FormField label={`${t('admin.fields.summary')} (${name})`} error={textErrors?.summary?.message} isRequired={isRequired}>
                  <Textarea lang={language} rows={2} {...form.register(`texts.${language}.summary`)} />
                </FormField>
                {longFields.map((field) => (
                  <FormField
                    key={field}
                    label={`${t(`admin.fields.${field}`)} (${name})`}
                    error={textErrors?.[field]?.message}
                    hint={t('admin.bodyHint')}
                    isRequired={isRequired}
                  >
                    <Textarea lang={language} rows={isRequired ? 6 : 4} {...form.register(`texts.${language}.${field}`)} />
                  </FormField>
                ))}
                <FaqFields language={language} control={form.control} register={form.register} errors={textErrors} />
              </fieldset>
            );
          })}
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {t('admin.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
