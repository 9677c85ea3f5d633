import { useMemo } from 'react';
import { countryCodes } from '#common/billing/countries.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { AnswerSet, QuestionField, QuestionnaireAnswers, QuestionnaireDefinition } from '#common/questionnaires/questionnaires.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

/** Each field's error by its path (`personal.name`, `entries.0.entryDate`), from the contract's issues. */
export type FieldErrors = Record<string, string>;

/** The countries named in the reader's language, in its alphabetical order. */
function useCountryOptions(language: Language) {
  return useMemo(() => {
    const names = new Intl.DisplayNames(language, { type: 'region' });
    return countryCodes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, language));
  }, [language]);
}

/** The control of one field; FormField hands it the id and the aria attributes that tie it to its label. */
function FieldControl({
  field,
  value,
  onChange,
  ...control
}: {
  field: QuestionField;
  value: string;
  onChange: (value: string) => void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  const { t } = useTranslation('questionnaires');
  const language = useLanguage();
  const countries = useCountryOptions(language);
  if (field.kind === 'date') return <Input {...control} type="date" value={value} onChange={(event) => onChange(event.target.value)} />;
  if (field.kind === 'text') return <Input {...control} value={value} maxLength={500} onChange={(event) => onChange(event.target.value)} />;
  const options =
    field.kind === 'country'
      ? countries.map((country) => ({ value: country.code, label: country.name }))
      : field.kind === 'yesNo'
        ? [
            { value: 'yes', label: t('form.yes') },
            { value: 'no', label: t('form.no') },
          ]
        : (field.options ?? []).map((option) => ({ value: option.value, label: option.label[language] }));
  return (
    <Select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('form.choose')}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

function AnswerSetFields({
  fields,
  set,
  path,
  errors,
  onChange,
}: {
  fields: QuestionField[];
  set: AnswerSet;
  path: string;
  errors: FieldErrors;
  onChange: (set: AnswerSet) => void;
}) {
  const language = useLanguage();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {fields.map((field) => (
        <FormField key={field.key} label={field.label[language]} isRequired={field.isRequired} error={errors[`${path}.${field.key}`]}>
          <FieldControl field={field} value={set[field.key] ?? ''} onChange={(value) => onChange({ ...set, [field.key]: value })} />
        </FormField>
      ))}
    </div>
  );
}

/**
 * A questionnaire's sections as a form in the reader's language: one set of answers per section, or
 * a list the person adds to and removes from (family members, entries to Spain). Controlled: the
 * caller keeps the answers and checks them with the contract's rule.
 */
export function QuestionnaireFields({
  definition,
  answers,
  errors,
  onChange,
}: {
  definition: QuestionnaireDefinition;
  answers: QuestionnaireAnswers;
  errors: FieldErrors;
  onChange: (answers: QuestionnaireAnswers) => void;
}) {
  const { t } = useTranslation('questionnaires');
  const language = useLanguage();
  return (
    <div className="space-y-6">
      {definition.sections.map((section) => {
        const answer = answers[section.key];
        const title = section.title[language];
        if (!section.isRepeatable) {
          const set = answer && !Array.isArray(answer) ? answer : {};
          return (
            <fieldset key={section.key} className="space-y-3">
              <legend className="text-base font-semibold text-slate-900">{title}</legend>
              <AnswerSetFields fields={section.fields} set={set} path={section.key} errors={errors} onChange={(next) => onChange({ ...answers, [section.key]: next })} />
            </fieldset>
          );
        }
        const sets = Array.isArray(answer) ? answer : [];
        const setList = (next: AnswerSet[]) => onChange({ ...answers, [section.key]: next });
        return (
          <fieldset key={section.key} className="space-y-3">
            <legend className="text-base font-semibold text-slate-900">{title}</legend>
            {sets.length === 0 ? <p className="text-sm text-slate-600">{t('form.emptyList')}</p> : null}
            {sets.map((set, index) => (
              <div key={index} className="space-y-3 rounded-lg border border-slate-200 p-3">
                <div className="flex items-center justify-between gap-2">
                  <h4 className="text-sm font-semibold text-slate-900">{t('form.item', { section: title, number: String(index + 1) })}</h4>
                  <Button type="button" variant="ghostDanger" size="sm" onClick={() => setList(sets.filter((_, at) => at !== index))}>
                    {t('form.remove')}
                  </Button>
                </div>
                <AnswerSetFields
                  fields={section.fields}
                  set={set}
                  path={`${section.key}.${index}`}
                  errors={errors}
                  onChange={(next) => setList(sets.map((item, at) => (at === index ? next : item)))}
                />
              </div>
            ))}
            <Button type="button" variant="outline" size="sm" onClick={() => setList([...sets, {}])}>
              {t('form.addItem', { section: title })}
            </Button>
          </fieldset>
        );
      })}
    </div>
  );
}

/** The contract's issues by field path, the first of each. */
export function errorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
