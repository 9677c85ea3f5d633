import { useState } from 'react';
import type { TwoFactorSetup as Setup } from '#common/auth/two-factor.contract.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useConfirmTwoFactor, useStartTwoFactor } from '../api/two-factor.queries.ts';
import { KeyQrCode } from './key-qr-code.tsx';
import { isPasswordRefusal, PasswordStep } from './password-step.tsx';
import { isCodeRefusal, TwoFactorCodeForm } from './two-factor-code-form.tsx';

/** The backup codes, shown once, for the person to keep. */
export function BackupCodeList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('auth');
  return (
    <ul aria-label={t('twoFactor.backupCodes')} className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 font-mono text-sm text-slate-900">
      {codes.map((code) => (
        <li key={code}>{code}</li>
      ))}
    </ul>
  );
}

/**
 * Turning the second factor on: the password, then the key for the authenticator app (as a QR
 * code to scan, as text, and as an otpauth link a phone opens in its app) with the backup codes,
 * then a first code.
 */
export function TwoFactorSetup() {
  const { t } = useTranslation('auth');
  const start = useStartTwoFactor({ isFailureInline: isPasswordRefusal });
  const confirm = useConfirmTwoFactor({ isFailureInline: isCodeRefusal });
  const [setup, setSetup] = useState<Setup | null>(null);

  if (!setup) {
    return (
      <PasswordStep
        submitLabel={t('twoFactor.start')}
        busyLabel={t('twoFactor.starting')}
        isBusy={start.isPending}
        onSubmit={(input, onError) => start.mutate(input, { onSuccess: setSetup, onError })}
      />
    );
  }
  return (
    <div className="space-y-4 text-sm text-slate-700">
      <p>{t('twoFactor.step1')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <KeyQrCode uri={setup.totpUri} />
        <code aria-label={t('twoFactor.key')} className="break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-base tracking-wider text-slate-900">
          {setup.secret}
        </code>
        <a href={setup.totpUri} className="font-medium text-brand-700 underline">
          {t('twoFactor.openInApp')}
        </a>
      </div>
      <p>{t('twoFactor.step2')}</p>
      <BackupCodeList codes={setup.backupCodes} />
      <p>{t('twoFactor.step3')}</p>
      <TwoFactorCodeForm
        submitLabel={t('twoFactor.confirm')}
        busyLabel={t('twoFactor.confirming')}
        isBusy={confirm.isPending}
        onSubmit={(input, showError) =>
          confirm.mutate(input, {
            onSuccess: () => toast({ title: t('twoFactor.enabled'), variant: 'success' }),
            onError: showError,
          })
        }
      />
    </div>
  );
}
