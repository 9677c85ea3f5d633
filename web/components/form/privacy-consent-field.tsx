import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { CheckboxField } from '#web/components/ui/form-field.tsx';
import { Trans, useTranslation } from '#web/lib/translation.tsx';

/** The consent every public form asks for: its wording authorises processing the data to answer the request. */
export function PrivacyConsentField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation('intake');
  return (
    <CheckboxField
      error={error}
      label={
        <Trans
          t={t}
          i18nKey="consent.label"
          components={{ policy: <Link to="/politica-de-privacidad" className="font-medium text-brand-700 underline" /> }}
        />
      }
    >
      <Checkbox aria-required {...registration} />
    </CheckboxField>
  );
}
