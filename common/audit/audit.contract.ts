import { z } from 'zod';

const auditActions = [
  'DELETE',
  'STATUS_CHANGE',
  'REPLY',
  'ROLE_CHANGE',
  'NEWS_CREATE',
  'NEWS_UPDATE',
  'NEWS_DELETE',
  'CONSULTATION_SCHEDULE',
  'CONSULTATION_VIDEO_LINK',
  'CONSULTATION_RESCHEDULE',
  'CONSULTATION_CANCEL',
  'MAIL_RESEND',
  'DEADLINE_CREATE',
  'DEADLINE_DONE',
  'HOLIDAY_CREATE',
  'STAGE_CHANGE',
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
  'CONSULTATION_ANSWER',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(auditActions),
  targetTable: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  admin: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** The client address the admin acted from; null for entries recorded before it was kept. */
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
