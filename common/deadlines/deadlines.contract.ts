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

/**
 * How the notification came: 'read' (on paper, in person, or any whose notification day is known:
 * the day given is that day), or 'electronic' (the day given is when it was made available at the
 * Sede or DEHú; with `openedOn` when it was opened, art. 43 Ley 39/2015).
 */
const noticeKinds = ['read', 'electronic'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

const deadlineStartFields = z.object({
  kind: z.enum(deadlineKinds, 'validation:invalid'),
  /** The notification day (requerimiento, tie, oath, appeal), the day an electronic one was made available, or the permit's expiry (renewal_window). */
  startDate: isoDate,
  notice: z.enum(noticeKinds, 'validation:invalid').default('read'),
  /** The day an electronic notification was opened; absent while nobody opened it. */
  openedOn: isoDate.optional(),
});

/**
 * The rules between the fields: a permit's expiry is no notification, so it cannot be an electronic
 * one; only an electronic notification has an opening day, never before it was made available.
 */
export function withNoticeRule<T extends z.ZodType<{ kind: string; notice: string; startDate: string; openedOn?: string | undefined }>>(schema: T): T {
  return schema
    .refine((start) => !(start.kind === 'renewal_window' && start.notice === 'electronic'), { path: ['notice'], message: 'deadlines:errors.noticeForRenewal' })
    .refine((start) => start.openedOn === undefined || start.notice === 'electronic', { path: ['openedOn'], message: 'deadlines:errors.openedNotElectronic' })
    .refine((start) => start.openedOn === undefined || start.openedOn >= start.startDate, { path: ['openedOn'], message: 'deadlines:errors.openedBeforeAvailable' });
}

export const deadlineStartSchema = withNoticeRule(deadlineStartFields);
export type DeadlineStartInput = z.infer<typeof deadlineStartSchema>;

/** The fields of a deadline to record, which the Plazos form extends; `deadlineInputSchema` adds the rule between them. */
export const deadlineInputFields = deadlineStartFields.extend({ note: optionalTextSchema(500).transform((value) => value || null) });
export const deadlineInputSchema = withNoticeRule(deadlineInputFields);
/** A deadline to record, as parsed (an empty note is none). */
export type NewDeadline = z.output<typeof deadlineInputSchema>;

/** The dates a deadline would get, before it is saved; `isNationality` comes from the case's service. */
export const deadlinePreviewSchema = z.object({
  dueDate: z.string(),
  opensOn: z.string().nullable(),
  isNationality: z.boolean(),
  /** The legal day of notification: the day given, the day an electronic one was opened within 10 days, or the 10th day after it was made available. */
  notifiedOn: z.string(),
});
export type DeadlinePreview = z.infer<typeof deadlinePreviewSchema>;

export const caseDeadlineSchema = z.object({
  id: z.string(),
  caseId: z.number().int(),
  displayId: z.string(),
  kind: z.enum(deadlineKinds),
  startDate: z.string(),
  /** The day an electronic notification was made available; `startDate` is then its legal day (see `legalNotificationDay`). */
  madeAvailableOn: z.string().nullable(),
  /** The day that electronic notification was opened; null while nobody opened it. */
  openedOn: z.string().nullable(),
  dueDate: z.string(),
  opensOn: z.string().nullable(),
  note: z.string().nullable(),
  doneAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CaseDeadline = z.infer<typeof caseDeadlineSchema>;

/** The day an electronic notification recorded unopened was opened after all. */
export const noticeOpenedSchema = z.object({ openedOn: isoDate });
export type NoticeOpened = z.infer<typeof noticeOpenedSchema>;

export const adminDeadlineSchema = caseDeadlineSchema.extend({ client: z.object({ name: z.string(), email: z.string() }) });
export type AdminDeadline = z.infer<typeof adminDeadlineSchema>;

/** How far ahead the admin's list looks: open deadlines due within this many days, and every overdue one. */
export const dueSoonDays = 30;

