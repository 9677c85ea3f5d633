import { useState } from 'react';
import { Link } from 'react-router';
import { billingPartySchema } from '#common/billing/billing.contract.ts';
import type { BillingParty } from '#common/billing/billing-vocabulary.ts';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

type CompanyFields = { name: string; taxId: string; address: string };
type FieldErrors = Partial<Record<keyof CompanyFields, string>>;

/**
 * Who the invoice is made out to, chosen before paying: the client, with the NIE or passport of
 * their profile, or a company with its CIF and address. `billing()` answers the party to send with
 * the checkout (undefined for the client themselves), or null after showing what is wrong.
 */
export function useBillingParty() {
  const [isCompany, setCompany] = useState(false);
  const [company, setCompanyFields] = useState<CompanyFields>({ name: '', taxId: '', address: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  function billing(): BillingParty | undefined | null {
    if (!isCompany) return undefined;
    const parsed = billingPartySchema.safeParse({ ...company, taxIdKind: 'cif' });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
    return null;
  }

  const fields = <BillingPartyFields isCompany={isCompany} onCompanyChange={setCompany} company={company} onChange={setCompanyFields} errors={errors} />;
  return { billing, fields };
}

function BillingPartyFields({
  isCompany,
  onCompanyChange,
  company,
  onChange,
  errors,
}: {
  isCompany: boolean;
  onCompanyChange: (isCompany: boolean) => void;
  company: CompanyFields;
  onChange: (company: CompanyFields) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation('payments');
  const set = (field: keyof CompanyFields) => (event: React.ChangeEvent<HTMLInputElement>) => onChange({ ...company, [field]: event.target.value });
  return (
    <fieldset className="mt-6 space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-slate-900">{t('billing.title')}</legend>
      <p className="text-sm text-slate-700">
        {t('billing.intro')}{' '}
        <Link to="/perfil" className="font-semibold text-brand-800 underline underline-offset-2">
          {t('billing.profileLink')}
        </Link>
      </p>
      <CheckboxField label={t('billing.asCompany')}>
        <Checkbox checked={isCompany} onChange={(event) => onCompanyChange(event.target.checked)} />
      </CheckboxField>
      {isCompany ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('billing.companyName')} error={errors.name} isRequired className="sm:col-span-2">
            <Input value={company.name} onChange={set('name')} autoComplete="organization" />
          </FormField>
          <FormField label={t('billing.cif')} error={errors.taxId} isRequired>
            <Input value={company.taxId} onChange={set('taxId')} />
          </FormField>
          <FormField label={t('billing.address')} error={errors.address} isRequired>
            <Input value={company.address} onChange={set('address')} autoComplete="street-address" />
          </FormField>
        </div>
      ) : null}
    </fieldset>
  );
}
