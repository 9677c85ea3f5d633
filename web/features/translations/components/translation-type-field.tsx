import type { UseFormRegisterReturn } from 'react-hook-form';
import { translationTypes } from '#common/translations/translations.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** Sworn or standard translation, as two radio buttons in a labelled group. */
export function TranslationTypeField({ registration }: { registration: UseFormRegisterReturn }) {
  const { t } = useTranslation('translations');
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">{t('fields.translationType')}</legend>
      <div className="flex flex-wrap gap-6">
        {translationTypes.map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" value={type} className="h-4 w-4 accent-brand-800" {...registration} />
            {t(`types.${type}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
