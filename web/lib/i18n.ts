import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { minPasswordLength } from '#common/auth/password-policy.ts';
import { defaultLanguage, isLanguage, languages, type Language } from '#common/i18n/languages.ts';
import { safeStorage } from './storage.ts';

const languageStorageKey = 'lang';

// The mails' catalogs (mail, mail-intake) are the server's alone: no page loads them.
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>(['../../common/i18n/locales/*/*.json', '!../../common/i18n/locales/*/mail*.json']);

/** Loads one namespace of one language on demand, so a visitor downloads only their language. */
const lazyCatalogs = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, callback: (error: unknown, data?: Record<string, unknown>) => void) {
    const load = catalogs[`../../common/i18n/locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`missing catalog ${language}/${namespace}`));
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error),
    );
  },
};

export function storedLanguage(): Language {
  const stored = safeStorage.get(languageStorageKey);
  return isLanguage(stored) ? stored : defaultLanguage;
}

export function setupI18n(language: Language) {
  i18next.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  return i18next
    .use(lazyCatalogs)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      ns: ['common', 'errors', 'validation'],
      defaultNS: 'common',
      interpolation: { escapeValue: false, defaultVariables: { minPasswordLength } },
      react: { useSuspense: true },
    });
}

export function changeLanguage(language: Language) {
  safeStorage.set(languageStorageKey, language);
  return i18next.changeLanguage(language);
}
