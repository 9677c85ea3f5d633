import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { cookieConsent, useCookieConsent, type ConsentPreferences } from '#web/lib/cookie-consent.ts';
import { useTranslation } from '#web/lib/translation.tsx';

function PreferenceRow({
  title,
  description,
  checked,
  disabled,
  onCheckedChange,
}: {
  title: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 border-b border-slate-200 py-3 last:border-0">
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {title}
        </label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
      />
    </div>
  );
}

/** Mounted each time the dialog opens, so it starts from the stored preferences. */
function PreferencesForm({ initial }: { initial: ConsentPreferences }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ConsentPreferences>(initial);
  return (
    <>
      <PreferenceRow title={t('cookies.preferences.necessary')} description={t('cookies.preferences.necessaryDescription')} checked disabled />
      <PreferenceRow
        title={t('cookies.preferences.analytics')}
        description={t('cookies.preferences.analyticsDescription')}
        checked={draft.analytics}
        onCheckedChange={(analytics) => setDraft((d) => ({ ...d, analytics }))}
      />
      <PreferenceRow
        title={t('cookies.preferences.marketing')}
        description={t('cookies.preferences.marketingDescription')}
        checked={draft.marketing}
        onCheckedChange={(marketing) => setDraft((d) => ({ ...d, marketing }))}
      />
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => cookieConsent.reject()}>
          {t('cookies.reject')}
        </Button>
        <Button onClick={() => cookieConsent.configure(draft)}>{t('cookies.preferences.save')}</Button>
      </div>
    </>
  );
}

function PreferencesDialog() {
  const { t } = useTranslation();
  const { isDialogOpen, preferences } = useCookieConsent();
  return (
    <Dialog open={isDialogOpen} onOpenChange={(open) => (open ? cookieConsent.openSettings() : cookieConsent.closeSettings())}>
      <DialogContent title={t('cookies.preferences.title')} description={t('cookies.preferences.description')}>
        <PreferencesForm initial={preferences} />
      </DialogContent>
    </Dialog>
  );
}

/** Shown only until a choice is stored; the footer's link reopens the preferences. */
export function CookieBanner() {
  const { t } = useTranslation();
  const { choice } = useCookieConsent();
  return (
    <>
      {choice === null ? (
        <section
          aria-label={t('cookies.bannerLabel')}
          className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-center md:justify-between">
            <p className="text-sm text-slate-700">
              {t('cookies.bannerText')}{' '}
              <Link to="/politica-de-cookies" className="font-medium text-brand-700 underline">
                {t('cookies.moreInfo')}
              </Link>
            </p>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button variant="ghost" onClick={() => cookieConsent.openSettings()}>
                {t('cookies.configure')}
              </Button>
              <Button variant="outline" onClick={() => cookieConsent.reject()}>
                {t('cookies.reject')}
              </Button>
              <Button onClick={() => cookieConsent.accept()}>{t('cookies.accept')}</Button>
            </div>
          </div>
        </section>
      ) : null}
      <PreferencesDialog />
    </>
  );
}
