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

/** The firm's wall-clock time on a calendar day ('2026-11-21', '09:30'), as an instant (a time skipped by a clock change moves forward). */
export function firmDateTime(day: string, time: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, date, hours, minutes, firmTimeZone).getTime());
}

/** The time of day ('09:30') of an instant on the firm's clock. */
export function firmTime(value: Date): string {
  return format(new TZDate(value, firmTimeZone), 'HH:mm');
}
