import { TZDate } from '@date-fns/tz';
import { firmTimeZone, formatLongDate } from '#common/long-date.ts';
import type { Language } from '#common/i18n/languages.ts';

/** A deadline's calendar day as the firm's long date ('21 de diciembre de 2026'): the day in Elche, whatever the reader's clock. */
export function formatDeadlineDay(day: string, language: Language): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return formatLongDate(new TZDate(year, month - 1, date, firmTimeZone), language);
}
