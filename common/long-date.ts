import type { Language } from './i18n/languages.ts';

/** Every time is shown on the firm's clock. */
export const firmTimeZone = 'Europe/Madrid';

const longDateLocales: Record<Language, string> = { es: 'es', en: 'en-GB', fr: 'fr' };

// The browser's own Intl rather than date-fns: public pages (news) show long dates, and date-fns
// with its locales would weigh more than the rest of their page. Each format is made on its first
// use: making the three loads their locale data, tens of milliseconds of a page's start on a phone.
const longDateFormats = new Map<Language, Intl.DateTimeFormat>();

function longDateFormat(language: Language): Intl.DateTimeFormat {
  let format = longDateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(longDateLocales[language], { timeZone: firmTimeZone, day: 'numeric', month: 'long', year: 'numeric' });
    longDateFormats.set(language, format);
  }
  return format;
}

/** The long date of news and cases: '21 de noviembre de 2026', '21 November 2026', '21 novembre 2026'. */
export function formatLongDate(value: string | Date, language: Language): string {
  return longDateFormat(language).format(new Date(value));
}
