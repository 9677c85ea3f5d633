import { cloneElement, createContext, use, useMemo, type ReactElement, type ReactNode } from 'react';
import type { Language } from '#common/i18n/languages.ts';
import { createTranslate, type Catalog, type Translate } from '#common/i18n/translate.ts';

/**
 * The texts of one page: one language for the page's life (changing it loads another address).
 * The browser loads namespaces as components ask for them (lib/i18n.ts); the server's renderer
 * has them all (entry-server.tsx).
 */
export type Translations = {
  language: Language;
  /** A namespace's catalog, once loaded. */
  catalog(namespace: string): Catalog | undefined;
  /** Loads a namespace: the same promise until it is loaded. */
  load(namespace: string): Promise<unknown>;
};

export const TranslationsContext = createContext<Translations | null>(null);

export function useTranslations(): Translations {
  const translations = use(TranslationsContext);
  if (!translations) throw new Error('TranslationsContext is not provided');
  return translations;
}

/**
 * The component's translator. It suspends until every namespace named is loaded; a key that names
 * no namespace is looked up in the first, and `namespace:key` reaches any loaded one.
 */
export function useTranslation(namespaces: string | readonly string[] = 'common'): { t: Translate } {
  const translations = useTranslations();
  const names = typeof namespaces === 'string' ? [namespaces] : namespaces;
  const missing = names.filter((name) => !translations.catalog(name));
  // One use() for all of them: a retry after they arrive calls none, so React never pairs a
  // namespace's promise with another's from the suspended attempt.
  if (missing.length > 0) use(Promise.all(missing.map((name) => translations.load(name))));
  const [namespace] = names;
  const t = useMemo(
    () => createTranslate({ languages: [translations.language], namespace, catalogs: (_language, name) => translations.catalog(name) }),
    [translations, namespace],
  );
  return { t };
}

const taggedPart = /<([a-z]+)>(.*?)<\/\1>/g;

/** A text whose `<name>words</name>` parts are drawn by `components[name]` around the words, such as a link within a sentence. */
export function Trans({ t, i18nKey, components }: { t: Translate; i18nKey: string; components: Readonly<Record<string, ReactElement<{ children?: ReactNode }>>> }) {
  const text = t(i18nKey);
  const parts: ReactNode[] = [];
  let end = 0;
  for (const { 0: written, 1: name = '', 2: words, index } of text.matchAll(taggedPart)) {
    if (index > end) parts.push(text.slice(end, index));
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: index }, words) : words);
    end = index + written.length;
  }
  if (end < text.length) parts.push(text.slice(end));
  return parts;
}
