import { z } from 'zod';

/**
 * The dates a person can mean: a birth in 1900 to a deadline in 2199. A day outside them (year 0,
 * 9999) is a typo or a probe, refused with the form's message before the database sees it.
 */
const earliestDay = '1900-01-01';
const latestDay = '2199-12-31';

/** A real calendar day ('2026-11-23'): '1990-02-30' is refused, not rolled over to March. */
export const calendarDateSchema = z.iso
  .date('validation:invalid')
  .refine((day) => day >= earliestDay && day <= latestDay, 'validation:invalid');

/** An instant with its offset ('2026-11-23T10:30:00+01:00'), within the same years. */
export const instantSchema = z.iso
  .datetime({ offset: true, error: 'validation:invalid' })
  .refine((value) => {
    // A value that is no date at all was refused by the check above; zod runs this one too.
    const time = Date.parse(value);
    if (Number.isNaN(time)) return true;
    const day = new Date(time).toISOString().slice(0, 10);
    return day >= earliestDay && day <= latestDay;
  }, 'validation:invalid');
