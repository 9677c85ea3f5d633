import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { minPasswordLength } from '#common/auth/password-policy.ts';
import { defaultLanguage, languages, type Language } from '#common/i18n/languages.ts';
import { languageStorageKey, localizedPath, splitLanguagePrefix } from '#common/site-addresses.ts';
import { safeStorage } from './storage.ts';

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

/** What the browser's and the server's i18n instances share; the language comes from the address. */
export function i18nOptions(language: Language): InitOptions {
  return {
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    ns: ['common', 'errors', 'validation'],
    defaultNS: 'common',
    interpolation: { escapeValue: false, defaultVariables: { minPasswordLength } },
    react: { useSuspense: true },
  };
}

export function setupI18n(language: Language) {
  i18next.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  return i18next.use(lazyCatalogs).use(initReactI18next).init(i18nOptions(language));
}

/**
 * Each language has its own address (common/site-addresses.ts): the switcher remembers the choice
 * (index.html's first script takes a later visit to `/` there) and loads the same page in that language.
 */
export function changeLanguage(language: Language) {
  safeStorage.set(languageStorageKey, language);
  const { path } = splitLanguagePrefix(window.location.pathname);
  window.location.assign(localizedPath(path, language) + window.location.search + window.location.hash);
}
