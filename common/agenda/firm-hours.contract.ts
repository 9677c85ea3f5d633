import { z } from 'zod';
import { calendarDateSchema } from '#common/date-fields.ts';
import { optionalTextSchema } from '#common/intake/fields.ts';
import type { TimeRange } from './firm-hours.ts';

/** The longest a client may be asked to book ahead of a slot: a week. */
export const maxMinimumNoticeHours = 168;

/** The most follow-up questions the firm may offer after an express consultation's first question. */
export const maxExpressFollowUps = 10;

/** At most this many ranges in one day (a morning, an afternoon, an evening… is plenty). */
const maxRangesPerDay = 6;

const timeSchema = z.string('validation:required').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'firm-hours:validation.time');

const timeRangeSchema = z
  .object({ opens: timeSchema, closes: timeSchema })
  .refine((range) => range.opens < range.closes, { message: 'firm-hours:validation.order', path: ['closes'] });

const byOpening = (a: TimeRange, b: TimeRange) => a.opens.localeCompare(b.opens);

/**
 * The ranges of one day, on the firm's clock (Europe/Madrid): each opens before it closes, none
 * overlaps another (one may close when the next opens); kept in time order, as the business-time
 * arithmetic reads them (common/agenda/firm-hours.ts). No range: closed.
 */
const dayRangesSchema = z
  .array(timeRangeSchema)
  .max(maxRangesPerDay, 'firm-hours:validation.tooMany')
  .superRefine((ranges, context) => {
    const ordered = ranges.map((range, index) => ({ range, index })).sort((a, b) => byOpening(a.range, b.range));
    for (let at = 1; at < ordered.length; at += 1) {
      const previous = ordered[at - 1];
      const current = ordered[at];
      if (previous && current && current.range.opens < previous.range.closes) {
        context.addIssue({ code: 'custom', message: 'firm-hours:validation.overlap', path: [current.index, 'opens'] });
      }
    }
  })
  .transform((ranges) => [...ranges].sort(byOpening));

/** The weekly hours, the booking notice and the express consultation's follow-ups the admin saves in the Agenda. */
export const firmHoursInputSchema = z.object({
  /** Seven days, Monday first. */
  weekly: z.array(dayRangesSchema).length(7, 'validation:invalid'),
  minimumNoticeHours: z
    .number('validation:required')
    .int('firm-hours:validation.notice')
    .min(0, 'firm-hours:validation.notice')
    .max(maxMinimumNoticeHours, 'firm-hours:validation.notice'),
  expressFollowUps: z
    .number('validation:required')
    .int('firm-hours:validation.followUps')
    .min(0, 'firm-hours:validation.followUps')
    .max(maxExpressFollowUps, 'firm-hours:validation.followUps'),
});
export type FirmHoursInput = z.input<typeof firmHoursInputSchema>;
/** The week as parsed: each day's ranges in time order. */
export type NewFirmHours = z.output<typeof firmHoursInputSchema>;

/** A day's own hours: no range is a day off; the note says why ('Inventario', 'Formación'). */
export const dayOverrideInputSchema = z.object({
  ranges: dayRangesSchema,
  note: optionalTextSchema(200).transform((value) => value || null),
});
export type DayOverrideInput = z.input<typeof dayOverrideInputSchema>;
/** A day's hours as parsed: in time order, an empty note is none. */
export type NewDayOverride = z.output<typeof dayOverrideInputSchema>;

export const dayOverrideParamsSchema = z.object({ date: calendarDateSchema });

const rangeSchema = z.object({ opens: z.string(), closes: z.string() });

/** What the Agenda's hours editor shows of the week. */
export const firmHoursViewSchema = z.object({
  weekly: z.array(z.array(rangeSchema)),
  /** True until the firm saves its own: the week is FIRM_HOURS's, the opening hours of the footer. */
  isDefault: z.boolean(),
  minimumNoticeHours: z.number().int(),
  expressFollowUps: z.number().int(),
});
export type FirmHoursView = z.infer<typeof firmHoursViewSchema>;

export const dayHoursSchema = z.object({ date: z.string(), ranges: z.array(rangeSchema), note: z.string().nullable() });
export type DayHours = z.infer<typeof dayHoursSchema>;

/** The days with their own hours and the public holidays (the Plazos tab's), both from today on, in date order. */
export const closedDaysViewSchema = z.object({
  days: z.array(dayHoursSchema),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
});
export type ClosedDaysView = z.infer<typeof closedDaysViewSchema>;
