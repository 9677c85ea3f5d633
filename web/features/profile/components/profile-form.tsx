import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { profileFormSchema, type OwnProfile, type Profile, type ProfileInput } from '#common/auth/auth.contract.ts';
import { countryCodes } from '#common/billing/countries.ts';
import { buyerKinds } from '#common/invoices/tax-rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { errorCode } from '#web/lib/failure-toast.ts';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useSaveProfile } from '../api/profile.queries.ts';

type SaveState = 'idle' | 'saving' | 'success' | 'successWithEmail' | 'error';

function toFormValues({ hasPassword: _hasPassword, ...profile }: OwnProfile): ProfileInput {
  return {
    ...profile,
    currentPassword: '',
    passportNumber: profile.passportNumber ?? '',
    nie: profile.nie ?? '',
    address: profile.address ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    residenceCountry: profile.residenceCountry ?? '',
    businessName: profile.businessName ?? '',
    businessTaxId: profile.businessTaxId ?? '',
  };
}

/** The countries named in the reader's language, in its alphabetical order. */
function useCountryOptions() {
  const language = useLanguage();
  return useMemo(() => {
    const names = new Intl.DisplayNames(language, { type: 'region' });
    return countryCodes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, language));
  }, [language]);
}

export function ProfileForm({ profile }: { profile: OwnProfile }) {
  // The contract's messages live in the auth namespace.
  const { t } = useTranslation(['portal', 'auth']);
  const save = useSaveProfile({ failureTitle: t('profile.saveError') });
  const [state, setState] = useState<SaveState>('idle');
  const [pendingEmail, setPendingEmail] = useState('');
  const schema = useMemo(() => profileFormSchema({ email: profile.email, hasPassword: profile.hasPassword }), [profile.email, profile.hasPassword]);
  const form = useForm<ProfileInput, unknown, Profile>({ resolver: zodResolver(schema), defaultValues: toFormValues(profile) });
  const { errors } = form.formState;
  const today = new Date().toISOString().slice(0, 10);
  // A new e-mail asks for the current password (or, without one yet, to choose one first).
  const isEmailChanging = (useWatch({ control: form.control, name: 'email' }) ?? '').trim().toLowerCase() !== profile.email;
  const isBusiness = useWatch({ control: form.control, name: 'buyerKind' }) === 'business';
  const countries = useCountryOptions();

  const onSubmit = form.handleSubmit(({ currentPassword, ...input }) => {
    setState('saving');
    save.mutate(isEmailChanging ? { ...input, currentPassword } : input, {
      onSuccess: (result) => {
        form.reset(toFormValues(result.profile));
        if (result.isEmailChangePending) {
          setPendingEmail(input.email);
          setState('successWithEmail');
          toast({ title: t('profile.successTitle'), description: t('profile.successEmail', { email: input.email }), variant: 'success', duration: 9000 });
        } else {
          setState('success');
          toast({ title: t('profile.successTitle'), variant: 'success' });
        }
      },
      onError: (error) => {
        setState('error');
        if (errorCode(error) === 'wrongPassword') form.setError('currentPassword', { type: 'server', message: error.message });
        else applyServerIssues(error, form.setError);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('profile.fields.firstName')} error={errors.firstName?.message} isRequired>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label={t('profile.fields.lastName')} error={errors.lastName?.message} isRequired>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
        <FormField label={t('profile.fields.email')} error={errors.email?.message} hint={t('profile.emailHint')} isRequired>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        {isEmailChanging && profile.hasPassword ? (
          <FormField label={t('profile.fields.currentPassword')} error={errors.currentPassword?.message} hint={t('profile.currentPasswordHint')} isRequired>
            <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
        ) : null}
        {isEmailChanging && !profile.hasPassword ? (
          <div role="note" className="space-y-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950">
            <p>{t('auth:emailChange.noPassword')}</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/acceder?recuperar=1">{t('profile.choosePassword')}</Link>
            </Button>
          </div>
        ) : null}
        <FormField label={t('profile.fields.phone')} error={errors.phone?.message} isRequired>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField label={t('profile.fields.passportNumber')} error={errors.passportNumber?.message}>
          <Input autoComplete="off" {...form.register('passportNumber')} />
        </FormField>
        <FormField label={t('profile.fields.nie')} error={errors.nie?.message} hint={t('profile.nieHint')}>
          <Input autoComplete="off" {...form.register('nie')} />
        </FormField>
        <FormField label={t('profile.fields.address')} error={errors.address?.message} className="sm:col-span-2">
          <Input autoComplete="street-address" {...form.register('address')} />
        </FormField>
        <FormField label={t('profile.fields.dateOfBirth')} error={errors.dateOfBirth?.message}>
          <Input type="date" max={today} min="1900-01-01" autoComplete="bday" {...form.register('dateOfBirth')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {/* What the invoice prints and its IVA follows (common/invoices/tax-rules.ts): asked once, here. */}
        <p className="text-sm text-slate-700 sm:col-span-2">{t('profile.invoiceHint')}</p>
        <FormField label={t('profile.fields.residenceCountry')} error={errors.residenceCountry?.message}>
          <Select autoComplete="country" {...form.register('residenceCountry')}>
            <option value="">{t('profile.chooseCountry')}</option>
            {countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('profile.fields.buyerKind')} error={errors.buyerKind?.message}>
          <Select {...form.register('buyerKind', { setValueAs: (value: string | null) => value || null })}>
            <option value="">{t('profile.chooseBuyerKind')}</option>
            {buyerKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`profile.buyerKinds.${kind}`)}
              </option>
            ))}
          </Select>
        </FormField>
        {isBusiness ? (
          <>
            <FormField label={t('profile.fields.businessName')} error={errors.businessName?.message} isRequired>
              <Input autoComplete="organization" {...form.register('businessName')} />
            </FormField>
            <FormField label={t('profile.fields.businessTaxId')} error={errors.businessTaxId?.message} isRequired>
              <Input autoComplete="off" {...form.register('businessTaxId')} />
            </FormField>
          </>
        ) : null}
      </div>
      {state === 'successWithEmail' ? (
        <p role="status" className="rounded-md border border-green-600 bg-green-50 p-3 text-sm text-green-900">
          {t('profile.successEmail', { email: pendingEmail })}
        </p>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex max-w-md items-start gap-2 text-xs text-slate-700">
          <ShieldCheck className="h-4 w-4 shrink-0 text-brand-700" aria-hidden />
          {t('profile.dataProtection')}
        </p>
        <Button type="submit" disabled={state === 'saving'}>
          {state === 'saving' ? t('profile.saving') : t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
