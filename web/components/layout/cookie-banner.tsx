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
        // On a phone it takes little of the screen: small print, each statement a block of its own
        // (the browser weighs each block of text for the largest paint: arriving after the page, the
        // banner must not outweigh the page's own introduction), the two choices side by side.
        <section
          aria-label={t('cookies.bannerLabel')}
          className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] md:py-4"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-2 md:flex-row md:items-center md:justify-between md:gap-3">
            <p className="text-xs text-slate-700 md:text-sm">
              <span className="block md:inline">{t('cookies.bannerNecessary')}</span>{' '}
              <span className="block md:inline">
                {t('cookies.bannerOptional')}{' '}
                <Link to="/politica-de-cookies" className="font-medium text-brand-700 underline">
                  {t('cookies.moreInfo')}
                </Link>
              </span>
            </p>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button variant="ghost" size="sm" className="basis-full md:basis-auto" onClick={() => cookieConsent.openSettings()}>
                {t('cookies.configure')}
              </Button>
              <Button variant="outline" size="sm" className="flex-auto" onClick={() => cookieConsent.reject()}>
                {t('cookies.reject')}
              </Button>
              <Button size="sm" className="flex-auto" onClick={() => cookieConsent.accept()}>
                {t('cookies.accept')}
              </Button>
            </div>
          </div>
        </section>
      ) : null}
      <PreferencesDialog />
    </>
  );
}
