import { z } from 'zod';
import { caseDocumentRule } from '#common/cases/cases.contract.ts';
import { requiredTextSchema } from '#common/intake/fields.ts';
import type { UploadRule } from '#common/intake/uploads.ts';
import { consultationStatuses } from './consultations.contract.ts';

/** The only consultation answered in writing, and so the only one with a thread: the paid express consultation. */
export const expressConsultationType = 'express';

/**
 * The files sent with a question or an answer: the case documents' rule (PDF, JPEG or PNG of up to
 * 10 MB, docs/product/rules.md), a few at a time.
 */
export const consultationAttachmentRule: UploadRule = {
  ...caseDocumentRule,
  maxFiles: 3,
  messages: { ...caseDocumentRule.messages, tooMany: 'consultation-thread:errors.tooMany' },
};

/** The multipart field the files of a message are sent in. */
export const consultationAttachmentField = 'attachments';

export const consultationAttachmentParamsSchema = z.object({ id: z.uuid('validation:invalid'), attachmentId: z.uuid('validation:invalid') });

/** The text of a message: the client's question (or a follow-up), or the firm's answer; sent as a multipart field with the files. */
export const consultationMessageInputSchema = z.object({ body: requiredTextSchema(5000) });
export type ConsultationMessageInput = z.infer<typeof consultationMessageInputSchema>;

const consultationAttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type ConsultationAttachment = z.infer<typeof consultationAttachmentSchema>;

export const consultationMessageSchema = z.object({
  id: z.uuid(),
  author: z.enum(['client', 'firm']),
  body: z.string(),
  attachments: z.array(consultationAttachmentSchema),
  createdAt: z.string(),
});
export type ConsultationMessage = z.infer<typeof consultationMessageSchema>;

/** An express consultation's thread, oldest message first; it can be written to only while the consultation is pending. */
export const consultationThreadSchema = z.object({
  status: z.enum(consultationStatuses),
  /** When the firm first answered: the reply timer stopped there. */
  answeredAt: z.string().nullable(),
  /** When the firm's first answer is due (8 business hours from the payment); null once answered or closed. */
  answerDueAt: z.string().nullable(),
  isOpen: z.boolean(),
  /** How many more questions the client may ask after the first (the firm's number), none once closed. */
  followUpsLeft: z.number().int(),
  messages: z.array(consultationMessageSchema),
});
export type ConsultationThread = z.infer<typeof consultationThreadSchema>;
