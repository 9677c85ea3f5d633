import { z } from 'zod';
import { meetingModes } from '#common/consultations/consultations.contract.ts';
import { calendarDateSchema } from '#common/date-fields.ts';
import { officialAppointmentKinds } from '#common/official-appointments/official-appointments.contract.ts';

const isoDate = calendarDateSchema;

/** The days the calendar shows: at most 42 cells, so a range of up to six weeks. */
export const agendaRangeQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((range) => range.from <= range.to, 'validation:invalid')
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 <= 42, 'validation:invalid');
export type AgendaRange = z.infer<typeof agendaRangeQuerySchema>;

export const agendaEventInputSchema = z.object({
  date: isoDate,
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation:invalid')
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  title: z.string('validation:required').trim().min(1, 'validation:required').max(200, 'validation:tooLong'),
});
export type AgendaEventInput = z.input<typeof agendaEventInputSchema>;

/**
 * One entry of the calendar: an admin's own event, a consultation whose call has a date, with the
 * time it ends (45 minutes on) and how it meets, or a case's appointment with the administration
 * (its `title` the case and client, `id` the case's number, `officialKind` which appointment).
 */
export const agendaEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['event', 'consultation', 'official']),
  officialKind: z.enum(officialAppointmentKinds).optional(),
  date: z.string(),
  time: z.string().nullable(),
  endTime: z.string().nullable(),
  meetingMode: z.enum(meetingModes).nullable(),
  title: z.string(),
});
export type AgendaEntry = z.infer<typeof agendaEntrySchema>;
