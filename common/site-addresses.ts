import { defaultLanguage, isLanguage, languages, type Language } from './i18n/languages.ts';

/**
 * Each language's site lives at its own address: Spanish at the root, the others under their
 * code (`/servicios`, `/en/servicios`, `/fr/servicios`), the same path after the prefix, so that a
 * search engine can show each language and the switcher keeps the page.
 */
export function localizedPath(path: string, language: Language): string {
  if (language === defaultLanguage) return path;
  return path === '/' ? `/${language}/` : `/${language}${path}`;
}

/** The language an address belongs to and its path without the prefix (`/en/servicios` → en, `/servicios`). */
export function splitLanguagePrefix(pathname: string): { language: Language; path: string } {
  const [, first = '', ...rest] = pathname.split('/');
  if (first !== defaultLanguage && isLanguage(first)) return { language: first, path: `/${rest.join('/')}` };
  return { language: defaultLanguage, path: pathname };
}

/** The same page in every language, for hreflang alternates and the sitemap. */
export function pageInEveryLanguage(path: string): Record<Language, string> {
  return Object.fromEntries(languages.map((language) => [language, localizedPath(path, language)])) as Record<Language, string>;
}

/**
 * The client's panel at the address of their language, opened at one of their cases when one is
 * named: what a mail to a client links to (a signed-out reader signs in first, then lands there).
 */
export function panelAddress(language: Language, caseDisplayId?: string): string {
  const path = localizedPath('/panel', language);
  return caseDisplayId ? `${path}?expediente=${caseDisplayId}` : path;
}

/** The router's basename for a language: the prefix every in-site link gets (`/en`), none for Spanish. */
export function languageBasename(language: Language): string | undefined {
  return language === defaultLanguage ? undefined : `/${language}`;
}

/** Where the browser keeps the visitor's chosen language (localStorage), read before the first paint. */
export const languageStorageKey = 'lang';
