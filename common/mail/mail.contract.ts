import { z } from 'zod';

/** Why a mail could not be delivered, in words the firm can act on (admin:mails.reasons.*). */
export const mailFailureReasons = ['unreachable', 'authentication', 'rejected', 'deferred', 'other'] as const;
export type MailFailureReason = (typeof mailFailureReasons)[number];

/** A mail that failed for good, as the admin's Correo tab lists it. */
export const failedMailSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  reason: z.enum(mailFailureReasons),
  /** The mail server's or the network's own words, for whoever looks after the mail settings. */
  error: z.string(),
  createdAt: z.string(),
  lastAttemptAt: z.string(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;
