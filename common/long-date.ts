import type { Language } from './i18n/languages.ts';

/** Every time is shown on the firm's clock. */
export const firmTimeZone = 'Europe/Madrid';

// The browser's own Intl rather than date-fns: public pages (news) show long dates, and date-fns
// with its locales would weigh more than the rest of their page. Same words as date-fns gave.
const longDateFormats: Record<Language, Intl.DateTimeFormat> = {
  es: new Intl.DateTimeFormat('es', { timeZone: firmTimeZone, day: 'numeric', month: 'long', year: 'numeric' }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: firmTimeZone, day: 'numeric', month: 'long', year: 'numeric' }),
  fr: new Intl.DateTimeFormat('fr', { timeZone: firmTimeZone, day: 'numeric', month: 'long', year: 'numeric' }),
};

/** The long date of news and cases: '21 de noviembre, 2026', '21 November 2026', '21 novembre 2026'. */
export function formatLongDate(value: string | Date, language: Language): string {
  const parts = new Map(longDateFormats[language].formatToParts(new Date(value)).map((part) => [part.type, part.value]));
  const [day, month, year] = [parts.get('day'), parts.get('month'), parts.get('year')];
  return language === 'es' ? `${day} de ${month}, ${year}` : `${day} ${month} ${year}`;
}
