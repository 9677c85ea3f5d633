import { z } from 'zod';

/**
 * The back office's "Hoy" (ADR 044): what each person of the firm does now. Each kind is answered
 * by the feature that owns its records: the four requests waiting for the firm's first answer whose
 * reply timer is overdue or due today (contact, translation, consultation, chat), the deadlines
 * overdue or due in the next 7 days, the documents received and waiting for review, today's calls
 * and agenda events, the case quotes waiting for their price, and the cases opened lately that
 * nobody handles yet.
 */
const todayKinds = ['contact', 'translation', 'consultation', 'chat', 'quote', 'deadline', 'document', 'call', 'event', 'newCase'] as const;
export type TodayKind = (typeof todayKinds)[number];

/** How the list is shown: each section's kinds, in the order of the page. */
export const todaySections = {
  replies: ['contact', 'translation', 'consultation', 'chat'],
  quotes: ['quote'],
  deadlines: ['deadline'],
  documents: ['document'],
  agenda: ['call', 'event'],
  newWork: ['newCase'],
} as const satisfies Record<string, readonly TodayKind[]>;
export type TodaySection = keyof typeof todaySections;

/** How far ahead the deadlines are listed, and how long a case opened with nobody on it counts as new. */
export const todayDeadlineDays = 7;
export const todayNewCaseDays = 30;
/** The most items a kind lists, the most urgent first: a longer backlog is read in its tab. */
export const todayLimitPerKind = 100;

export const todayQuerySchema = z.object({
  /** 'firm': the whole firm's list by person, with each person's load (who may see the team). */
  scope: z.enum(['mine', 'firm'], 'validation:invalid').default('mine'),
});
export type TodayScope = z.infer<typeof todayQuerySchema>['scope'];

/**
 * One thing to do, with the page that opens it. `detail` depends on the kind: a reply's promise
 * (common/reply-timers/promises.ts), a deadline's kind, the document asked for, a call's way of
 * meeting, the service of a new case; `at` is an instant (a reply due, a call, a document received)
 * and `day` a calendar day (a deadline, an event).
 */
const todayItemSchema = z.object({
  kind: z.enum(todayKinds),
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  caseId: z.number().int().nullable(),
  at: z.string().nullable(),
  day: z.string().nullable(),
  time: z.string().nullable(),
  isOverdue: z.boolean(),
  href: z.string(),
  assigneeId: z.string().nullable(),
});
export type TodayItem = z.infer<typeof todayItemSchema>;

const todayPersonSchema = z.object({ id: z.string(), name: z.string() });

/** A person's items, or (no assignee) the unassigned ones the asker's role may take. */
const todayGroupSchema = z.object({ assignee: todayPersonSchema.nullable(), items: z.array(todayItemSchema) });
export type TodayGroup = z.infer<typeof todayGroupSchema>;

const todayLoadSchema = z.object({
  assignee: todayPersonSchema.nullable(),
  counts: z.record(z.enum(Object.keys(todaySections) as [TodaySection, ...TodaySection[]]), z.number().int()),
  overdue: z.number().int(),
  total: z.number().int(),
});
export type TodayLoad = z.infer<typeof todayLoadSchema>;

export const todayListSchema = z.object({
  scope: z.enum(['mine', 'firm']),
  /** Today on the firm's clock (Europe/Madrid). */
  today: z.string(),
  groups: z.array(todayGroupSchema),
  /** Each person's load, and the unassigned queue's: only in the firm's scope. */
  loads: z.array(todayLoadSchema),
});
export type TodayList = z.infer<typeof todayListSchema>;

/** The section an item is shown in. */
export function sectionOf(kind: TodayKind): TodaySection {
  return (Object.keys(todaySections) as TodaySection[]).find((section) => (todaySections[section] as readonly TodayKind[]).includes(kind)) ?? 'newWork';
}

/** Whose items an owner feature answers: one person's and the unassigned ones, or the whole firm's. */
export type TodayWhose = { staffId: string } | 'firm';
