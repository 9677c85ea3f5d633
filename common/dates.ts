import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { enGB, es, fr, type Locale } from 'date-fns/locale';
import type { Language } from './i18n/languages.ts';
import { firmTimeZone } from './long-date.ts';

const locales: Record<Language, Locale> = { es, en: enGB, fr };

/** The admin's date and time: '21 nov 2026, 14:05'. */
export function formatAdminDateTime(value: string | Date, language: Language): string {
  return format(new TZDate(new Date(value), firmTimeZone), 'd MMM yyyy, HH:mm', { locale: locales[language] });
}

/** A calendar day ('2026-11-21') on the firm's clock. */
export function firmDay(value: Date): string {
  return format(new TZDate(value, firmTimeZone), 'yyyy-MM-dd');
}

/** The instant a calendar day ('2026-11-21') starts on the firm's clock. */
export function startOfFirmDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date, firmTimeZone).getTime());
}
