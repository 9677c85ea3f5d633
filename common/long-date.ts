import type { Language } from './i18n/languages.ts';

/** Every time is shown on the firm's clock. */
export const firmTimeZone = 'Europe/Madrid';

// The browser's own Intl rather than date-fns: public pages (news) show long dates, and date-fns
// with its locales would weigh more than the rest of their page.
const longDateFormats: Record<Language, Intl.DateTimeFormat> = {
  es: new Intl.DateTimeFormat('es', { timeZone: firmTimeZone, day: 'numeric', month: 'long', year: 'numeric' }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: firmTimeZone, day: 'numeric', month: 'long', year: 'numeric' }),
  fr: new Intl.DateTimeFormat('fr', { timeZone: firmTimeZone, day: 'numeric', month: 'long', year: 'numeric' }),
};

/** The long date of news and cases: '21 de noviembre de 2026', '21 November 2026', '21 novembre 2026'. */
export function formatLongDate(value: string | Date, language: Language): string {
  return longDateFormats[language].format(new Date(value));
}
