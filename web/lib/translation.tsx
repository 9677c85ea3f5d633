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
  /** Loads a namespace: always the same promise, marked by `settledMark` so `use()` reads it at once when loaded. */
  load(namespace: string): Promise<unknown>;
};

/** A promise as React's `use()` marks the ones it has seen: settled, it is read without suspending. */
type MarkedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * Marks a promise as React does once it settles, so a component that asks for it after it has
 * loaded, even for the first time, renders at once instead of suspending for a tick.
 */
export function settledMark<T>(promise: Promise<T>): Promise<T> {
  const marked: MarkedPromise<T> = promise;
  marked.status = 'pending';
  promise.then(
    (value) => Object.assign(marked, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(marked, { status: 'rejected', reason }),
  );
  return marked;
}

/** A promise already marked as fulfilled with this value. */
export function fulfilled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}

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
  // Every render reads each namespace's one promise with use(), loaded or not, in the same order:
  // React resumes a first render that suspended by replaying its use() calls, and a replay that
  // skipped them would meet the hooks after them as updates of a component never mounted (React
  // error 467). All loads start before the first read suspends.
  const loads = names.map((name) => translations.load(name));
  for (const load of loads) use(load);
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
