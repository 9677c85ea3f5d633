import { z } from 'zod';
import { calendarDateSchema } from '#common/date-fields.ts';
import { optionalTextSchema, requiredTextSchema } from '#common/intake/fields.ts';
import { deadlineKinds } from './deadline-rules.ts';

/** The territories whose holidays count for a filing in Elche: Spain, the Valencian Community, Elche. */
export const holidayScopes = ['national', 'valencian_community', 'elche'] as const;

const isoDate = calendarDateSchema;

export const holidaySchema = z.object({ id: z.string(), date: z.string(), scope: z.enum(holidayScopes), name: z.string() });
export type Holiday = z.infer<typeof holidaySchema>;

export const holidayInputSchema = z.object({
  date: isoDate,
  scope: z.enum(holidayScopes, 'validation:invalid'),
  name: requiredTextSchema(100),
});
export type HolidayInput = z.infer<typeof holidayInputSchema>;

/** A case named as the firm writes it ('EXP-007', 'exp-7') or by its number ('7'). */
export const caseReferenceSchema = z
  .string('validation:required')
  .trim()
  .regex(/^(EXP-?)?0*[1-9]\d{0,8}$/i, 'deadlines:errors.caseReference')
  .transform((value) => Number(value.replace(/^EXP-?/i, '')));

export const deadlineStartSchema = z.object({
  kind: z.enum(deadlineKinds, 'validation:invalid'),
  /** The notification day (requerimiento, tie, oath, appeal) or the permit's expiry (renewal_window). */
  startDate: isoDate,
});
export type DeadlineStartInput = z.infer<typeof deadlineStartSchema>;

export const deadlineInputSchema = deadlineStartSchema.extend({ note: optionalTextSchema(500).transform((value) => value || null) });
/** A deadline to record, as parsed (an empty note is none). */
export type NewDeadline = z.output<typeof deadlineInputSchema>;

/** The dates a deadline would get, before it is saved; `isNationality` comes from the case's service. */
export const deadlinePreviewSchema = z.object({ dueDate: z.string(), opensOn: z.string().nullable(), isNationality: z.boolean() });
export type DeadlinePreview = z.infer<typeof deadlinePreviewSchema>;

export const caseDeadlineSchema = z.object({
  id: z.string(),
  caseId: z.number().int(),
  displayId: z.string(),
  kind: z.enum(deadlineKinds),
  startDate: z.string(),
  dueDate: z.string(),
  opensOn: z.string().nullable(),
  note: z.string().nullable(),
  doneAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CaseDeadline = z.infer<typeof caseDeadlineSchema>;

export const adminDeadlineSchema = caseDeadlineSchema.extend({ client: z.object({ name: z.string(), email: z.string() }) });
export type AdminDeadline = z.infer<typeof adminDeadlineSchema>;

/** How far ahead the admin's list looks: open deadlines due within this many days, and every overdue one. */
export const dueSoonDays = 30;

