import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import { createTranslate, type Catalog, type TranslationValues } from '#common/i18n/translate.ts';
import { languageStorageKey, localizedPath, splitLanguagePrefix } from '#common/site-addresses.ts';
import { catalogsUrl } from 'virtual:catalogs';
import { safeStorage } from './storage.ts';
import { settledMark, type Translations } from './translation.tsx';

/** One catalog of the build's (vite.config.ts, catalogs), in any language. */
export async function fetchCatalog(language: Language, namespace: string): Promise<Catalog> {
  const response = await fetch(`${catalogsUrl}/${language}/${namespace}.json`);
  if (!response.ok) throw new Error(`missing catalog ${language}/${namespace} (${response.status})`);
  return (await response.json()) as Catalog;
}

/** What the first render needs; a component's own namespaces load when it first renders. */
const firstNamespaces = ['common', 'errors', 'validation'];

/**
 * Loads each namespace of the page's language on demand, so a visitor downloads only their
 * language. No other language stands in for a missing text: every catalog holds the same keys in
 * es, en and fr (common/i18n/catalogs.test.ts).
 */
function loadedOnDemand(language: Language): Translations {
  const catalogs = new Map<string, Catalog>();
  const loads = new Map<string, Promise<unknown>>();
  return {
    language,
    catalog: (namespace) => catalogs.get(namespace),
    load(namespace) {
      let loading = loads.get(namespace);
      if (!loading) {
        loading = settledMark(fetchCatalog(language, namespace).then((catalog) => catalogs.set(namespace, catalog)));
        loads.set(namespace, loading);
      }
      return loading;
    },
  };
}

// setupI18n replaces it with the address's language before the first render.
let page = loadedOnDemand(defaultLanguage);

/** The page's translations, once what the first render needs is loaded. */
export async function setupI18n(language: Language): Promise<Translations> {
  page = loadedOnDemand(language);
  document.documentElement.lang = language;
  await Promise.all(firstNamespaces.map((namespace) => page.load(namespace)));
  return page;
}

/** The page's language, for requests made outside components. */
export function pageLanguage(): Language {
  return page.language;
}

/** A text outside components (an API failure's message), from what the first render loaded. */
export function translate(key: string, values?: TranslationValues): string {
  return createTranslate({ languages: [page.language], namespace: 'common', catalogs: (_language, namespace) => page.catalog(namespace) })(key, values);
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
