import { z } from 'zod';
import type { CaseStage } from '#common/cases/cases.contract.ts';
import type { UploadRule } from '#common/intake/uploads.ts';
import { requiredTextSchema } from '#common/intake/fields.ts';

/**
 * The identification the anti-money-laundering law (Ley 10/2010) asks of a client whose case is
 * property work (a service flagged `requires_aml_identification`): an identity document (art. 3),
 * and for a purchase the origin of the funds and the purpose of the operation (arts. 5 and 6).
 * The firm reviews each submission: it accepts it, or asks for it again with a note.
 */
export const identificationStatuses = ['submitted', 'accepted', 'returned'] as const;
export type IdentificationStatus = (typeof identificationStatuses)[number];

export const identityDocumentKinds = ['passport', 'nie', 'dni', 'otherId'] as const;

/** How long the records stay after the business relationship ends (Ley 10/2010, art. 25). */
export const identificationRetentionYears = 10;

/**
 * The stages a case may take before its identification is accepted: where it opens, and its
 * cancellation. Any other move is the work starting, which the law puts after the identification.
 */
export const stagesBeforeIdentification: readonly CaseStage[] = ['initial_study', 'awaiting_documents', 'cancelled'];

/** The identity document's scan: one or two files (both sides of a card), PDF, JPEG or PNG, 10 MB each. */
export const identityDocumentRule: UploadRule = {
  kinds: ['pdf', 'jpeg', 'png'],
  maxBytes: 10 * 1024 * 1024,
  maxFiles: 2,
  messages: {
    tooLarge: 'aml:form.errors.tooLarge',
    type: 'aml:form.errors.type',
    tooMany: 'aml:form.errors.tooMany',
  },
};

/** The form's text fields, sent with the document's files as one multipart form. */
export const identificationInputSchema = z.object({
  fullName: requiredTextSchema(200),
  documentKind: z.enum(identityDocumentKinds, { error: 'aml:form.errors.documentKind' }),
  documentNumber: requiredTextSchema(40),
  fundsOrigin: requiredTextSchema(2000),
  purpose: requiredTextSchema(2000),
});
export type IdentificationInput = z.infer<typeof identificationInputSchema>;

const identificationFileSchema = z.object({ id: z.uuid(), name: z.string(), contentType: z.string(), sizeBytes: z.number().int() });

/** One submission as its client and the firm see it. */
const identificationSchema = z.object({
  id: z.uuid(),
  caseId: z.number().int(),
  status: z.enum(identificationStatuses),
  fullName: z.string(),
  documentKind: z.enum(identityDocumentKinds),
  documentNumber: z.string(),
  fundsOrigin: z.string(),
  purpose: z.string(),
  files: z.array(identificationFileSchema),
  reviewNote: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Identification = z.infer<typeof identificationSchema>;

/** A client's case that asks for identification, with its submissions, newest first. */
export const caseIdentificationSchema = z.object({
  caseId: z.number().int(),
  /** 'notRequired' for a case of a service that asks none (the firm's case page asks of every case); 'required' until a first submission; then the newest submission's status. */
  status: z.enum(['notRequired', 'required', ...identificationStatuses]),
  submissions: z.array(identificationSchema),
});
export type CaseIdentification = z.infer<typeof caseIdentificationSchema>;
export const caseIdentificationListSchema = z.array(caseIdentificationSchema);

/** The firm's review: accept, or ask again saying what is missing (the client reads the note). */
export const identificationReviewSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('accept') }),
  z.object({ decision: z.literal('return'), note: requiredTextSchema(1000) }),
]);
export type IdentificationReview = z.infer<typeof identificationReviewSchema>;

export const caseIdentificationParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const identificationParamsSchema = caseIdentificationParamsSchema.extend({ identificationId: z.uuid() });
export const identificationFileParamsSchema = identificationParamsSchema.extend({ fileId: z.uuid() });
