import type { UseFormRegisterReturn } from 'react-hook-form';
import { translationLanguages } from '#common/translations/translations.contract.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Select } from '#web/components/ui/input.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

export function LanguageSelect({
  label,
  registration,
  error,
  isRequired,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  isRequired?: boolean;
}) {
  const { t } = useTranslation('translations');
  return (
    <FormField label={label} error={error} isRequired={isRequired}>
      <Select {...registration}>
        <option value="">{t('fields.languagePlaceholder')}</option>
        {translationLanguages.map((language) => (
          <option key={language} value={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** An empty choice is no answer. */
export const optionalChoice = { setValueAs: (value: string) => value || undefined };
