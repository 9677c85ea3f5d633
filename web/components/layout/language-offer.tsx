import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { defaultLanguage, isLanguage, type Language } from '#common/i18n/languages.ts';
import { createTranslate, type Translate } from '#common/i18n/translate.ts';
import { languageStorageKey, localizedPath } from '#common/site-addresses.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fetchCatalog } from '#web/lib/i18n.ts';
import { safeStorage } from '#web/lib/storage.ts';
import { useLanguage } from '#web/lib/use-language.ts';

/** Where a visitor's "no thanks" is kept, so the offer is made once. */
const offerDismissedKey = 'language-offer-dismissed';

/**
 * The site's language the browser puts first, when it is not Spanish and the visitor has neither
 * chosen a language nor turned the offer down: only on an unprefixed (Spanish) page.
 */
function offeredLanguage(pageLanguage: Language): Language | null {
  if (pageLanguage !== defaultLanguage || safeStorage.get(languageStorageKey) || safeStorage.get(offerDismissedKey)) return null;
  const code = navigator.languages[0]?.split('-')[0]?.toLowerCase();
  return code && code !== defaultLanguage && isLanguage(code) ? code : null;
}

/**
 * Offers a browser that prefers English or French the same page in its language, in that
 * language: a notice, never a redirect, so every visitor and every search engine gets the same
 * page from the server. It comes with the late widgets, after hydration, and fixed on screen, so
 * its arrival moves nothing.
 */
export function LanguageOffer() {
  const { pathname, search, hash } = useLocation();
  const pageLanguage = useLanguage();
  const [language] = useState(() => offeredLanguage(pageLanguage));
  const [t, setT] = useState<Translate | null>(null);
  const [isDismissed, setIsDismissed] = useState(false);

  useEffect(() => {
    if (!language) return;
    let isCurrent = true;
    fetchCatalog(language, 'language-offer')
      .then((catalog) => {
        if (isCurrent) setT(() => createTranslate({ languages: [language], namespace: 'language-offer', catalogs: () => catalog }));
      })
      .catch((error: unknown) => console.error('Could not load the language offer', error));
    return () => {
      isCurrent = false;
    };
  }, [language]);

  if (!language || !t || isDismissed) return null;
  return (
    <section
      aria-label={t('label')}
      lang={language}
      className="fixed inset-x-4 top-20 z-40 mx-auto flex max-w-md flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-lg"
    >
      <p className="basis-full">{t('offer')}</p>
      <Button asChild size="sm">
        <a href={localizedPath(pathname, language) + search + hash} onClick={() => safeStorage.set(languageStorageKey, language)}>
          {t('switch')}
        </a>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          safeStorage.set(offerDismissedKey, 'true');
          setIsDismissed(true);
        }}
      >
        {t('dismiss')}
      </Button>
    </section>
  );
}
