import { z } from 'zod';

/** Every change the audit log records; each has a label in the admin's catalogs (audit.actions). */
export const auditActions = [
  'DELETE',
  'STATUS_CHANGE',
  'REPLY',
  'ROLE_CHANGE',
  'STAFF_INVITE',
  'STAFF_INVITE_REVOKE',
  'STAFF_INVITE_ACCEPT',
  'STAFF_DEACTIVATE',
  'EMAIL_CHANGE',
  'EMAIL_CHANGE_UNDO',
  'NEWS_CREATE',
  'NEWS_UPDATE',
  'SECTION_UPDATE',
  'NEWS_DELETE',
  'CONSULTATION_SCHEDULE',
  'CONSULTATION_VIDEO_LINK',
  'CONSULTATION_RESCHEDULE',
  'CONSULTATION_CANCEL',
  'MAIL_RESEND',
  'DEADLINE_CREATE',
  'DEADLINE_DONE',
  'DEADLINE_NOTICE_OPENED',
  'APPOINTMENT_SET',
  'APPOINTMENT_CANCEL',
  'HOLIDAY_CREATE',
  'STAGE_CHANGE',
  'NOTE_CREATE',
  'CASE_ASSIGN',
  'ASSIGN',
  'FILING_UPDATE',
  'PROCEDURE_CREATE',
  'PROCEDURE_UPDATE',
  'PROCEDURE_DELETE',
  'PROCEDURE_APPLY',
  'REQUEST_CREATE',
  'REQUEST_UPLOAD',
  'REQUEST_ACCEPT',
  'REQUEST_REJECT',
  'REQUEST_DUE_DATE',
  'REQUEST_DELETE',
  'HOURS_UPDATE',
  'DAY_HOURS_SET',
  'MARK_ANSWERED',
  'CONSULTATION_ANSWER',
  'SERVICE_UPDATE',
  'QUOTE_SEND',
  'PAYMENT_REFUND',
  'PAYMENT_RECORD',
  'INVOICE_CANCEL',
  'DATA_EXPORT',
  'ACCOUNT_DELETE',
  'RETENTION_ERASE',
  'ENGAGEMENT_LETTER_UPDATE',
  'ENGAGEMENT_ACCEPT',
  'ENGAGEMENT_WITHDRAW',
  'IDENTIFICATION_REVIEW',
  'NOTIFICATIONS_UNSUBSCRIBE',
  'NOTIFICATIONS_RESUBSCRIBE',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What the background worker does by itself: recorded without an account, shown as an automatic task. */
export const automaticAuditActions: readonly AuditAction[] = ['RETENTION_ERASE'];

/** What an entry is about, as the Auditoría tab names it ('Consulta de Jean Dupont', 'Expediente EXP-012'). */
export const auditTargetKinds = [
  'account',
  'case',
  'documentRequest',
  'deadline',
  'consultation',
  'contactMessage',
  'translationRequest',
  'chatMessage',
  'chatConversation',
  'mail',
  'news',
  'procedure',
  'holiday',
  'firmHours',
  'dayHours',
  'service',
  'quote',
  'payment',
  'record',
] as const;
export type AuditTargetKind = (typeof auditTargetKinds)[number];

/** The details an entry may show, in the order shown, each with a label in the admin's catalogs (audit.fields); any other is not shown. */
export const auditFields = [
  'caseId',
  'date',
  'consultationType',
  'kind',
  'scope',
  'name',
  'email',
  'title',
  'recipient',
  'subject',
  'status',
  'stage',
  'role',
  'isActive',
  'scheduledAt',
  'meetingMode',
  'videoUrl',
  'weeklyHours',
  'minimumNoticeHours',
  'hours',
  'isDayOff',
  'startDate',
  'dueDate',
  'opensOn',
  'doneAt',
  'fileNumber',
  'filedOn',
  'office',
  'items',
  'attachments',
  'documents',
  'note',
  'firmNote',
  'reason',
  'price',
  'amount',
  'method',
  'paidOn',
  'reference',
  'outcome',
  'invoice',
  'isFromPrice',
  'isOffered',
  'sortOrder',
  'version',
  'isEarlyStartRequested',
] as const;
export type AuditField = (typeof auditFields)[number];

/** The lists whose words a detail's value may be, each translated in the admin's catalogs. */
const auditTermGroups = [
  'consultationStatus',
  'caseStage',
  'role',
  'consultationType',
  'deadlineKind',
  'holidayScope',
  'meetingMode',
  'paymentMethod',
  'refundOutcome',
] as const;
export type AuditTermGroup = (typeof auditTermGroups)[number];

/** A detail's value, typed so the web writes it in the admin's language (dates, numbers, words from a list). */
const auditValueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('instant'), at: z.string() }),
  z.object({ kind: z.literal('day'), date: z.string() }),
  z.object({ kind: z.literal('number'), number: z.number() }),
  z.object({ kind: z.literal('money'), cents: z.number().int(), currency: z.string() }),
  z.object({ kind: z.literal('yesNo'), isYes: z.boolean() }),
  z.object({ kind: z.literal('case'), caseId: z.number().int() }),
  z.object({ kind: z.literal('term'), group: z.enum(auditTermGroups), term: z.string() }),
  z.object({ kind: z.literal('none') }),
]);
export type AuditValue = z.infer<typeof auditValueSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(auditActions),
  /** The record the change was made to: its kind and, when it can be known, whose or which it is. */
  target: z.object({ kind: z.enum(auditTargetKinds), name: z.string().nullable() }),
  /** What changed, as labelled fields; `previous` is the value before the change when the entry kept it. */
  details: z.array(z.object({ field: z.enum(auditFields), value: auditValueSchema, previous: auditValueSchema.optional() })),
  admin: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** The client address the admin acted from; null for entries recorded before it was kept. */
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
