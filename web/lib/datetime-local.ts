import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { firmTimeZone } from '#common/long-date.ts';

/** The value of a 'datetime-local' input ('2026-11-21T14:05') for an instant, on the firm's clock. */
export function toDateTimeLocal(value: Date | string): string {
  return format(new TZDate(new Date(value), firmTimeZone), "yyyy-MM-dd'T'HH:mm");
}

/** The instant (ISO) of a 'datetime-local' value read on the firm's clock. */
export function fromDateTimeLocal(value: string): string {
  const [day = '', time = '00:00'] = value.split('T');
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new TZDate(year, month - 1, date, hours, minutes, firmTimeZone).toISOString();
}
