import { firmTimeZone } from '#common/long-date.ts';
import { intlLocales, type Language } from '#common/i18n/languages.ts';

/** The browser's own time zone ('America/Bogota'), read when asked, never while prerendering. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const timeOf = (instant: Date, language: Language, timeZone: string) =>
  new Intl.DateTimeFormat(intlLocales[language], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(instant);

/** 'miércoles, 25 de noviembre' (with the year when `withYear`), on the firm's clock. */
export function madridDate(instant: Date, language: Language, withYear = false): string {
  return new Intl.DateTimeFormat(intlLocales[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: firmTimeZone,
  }).format(instant);
}

/** The day picker's compact label, 'mar. 15 déc.', on the firm's clock: a row of days fits a phone's width. */
export function shortMadridDay(instant: Date, language: Language): { weekday: string; day: string } {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(intlLocales[language], { ...options, timeZone: firmTimeZone }).format(instant);
  return { weekday: part({ weekday: 'short' }), day: part({ day: 'numeric', month: 'short' }) };
}

/**
 * The time of an instant in Madrid ('10:30'), and in the browser's zone when that reads differently
 * ('03:30' in America/Bogota, with the day when it is another: 'mar 24, 23:30'), so a client abroad sees both.
 */
export function appointmentClock(instant: Date, language: Language, zone: string): { madrid: string; local: { time: string; zone: string } | null } {
  const madrid = timeOf(instant, language, firmTimeZone);
  if (zone === firmTimeZone) return { madrid, local: null };
  const local = timeOf(instant, language, zone);
  const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  if (dayIn(zone) === dayIn(firmTimeZone)) return { madrid, local: local === madrid ? null : { time: local, zone } };
  const withDay = new Intl.DateTimeFormat(intlLocales[language], { weekday: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(instant);
  return { madrid, local: { time: withDay, zone } };
}
