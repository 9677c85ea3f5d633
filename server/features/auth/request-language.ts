import { AsyncLocalStorage } from 'node:async_hooks';
import type { Language } from '#common/i18n/languages.ts';

const storage = new AsyncLocalStorage<Language>();

/**
 * Better Auth calls our mail senders deep inside its own code; this carries the language of the
 * request that caused the mail down to them.
 */
export function withRequestLanguage<T>(language: Language, run: () => Promise<T>): Promise<T> {
  return storage.run(language, run);
}

export function requestLanguage(): Language | undefined {
  return storage.getStore();
}
