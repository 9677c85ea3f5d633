import { z } from 'zod';
import type { UploadRule } from '#common/intake/uploads.ts';
import { requiredTextSchema } from '#common/intake/fields.ts';

/** The status a paid case opens with (docs/product/data-and-states.md); admins change it afterwards, in free text. */
export const openingCaseStatus = 'Pendiente de Documentación';

/** How cases are shown everywhere: EXP- plus the id padded to 3 digits (EXP-007, EXP-1234). */
export function caseDisplayId(id: number): string {
  return `EXP-${String(id).padStart(3, '0')}`;
}

/** Documents a client uploads to a case (docs/product/rules.md, uploads): one PDF, JPEG or PNG of up to 10 MB at a time. */
export const caseDocumentRule: UploadRule = {
  kinds: ['pdf', 'jpeg', 'png'],
  maxBytes: 10 * 1024 * 1024,
  maxFiles: 1,
  messages: {
    tooLarge: 'cases:documents.errors.tooLarge',
    type: 'cases:documents.errors.type',
    tooMany: 'cases:documents.errors.tooMany',
  },
};

export const caseParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const caseDocumentParamsSchema = caseParamsSchema.extend({ documentId: z.uuid() });

/** A message to the lawyer, or the firm's reply. */
export const caseMessageInputSchema = z.object({ body: requiredTextSchema(5000) });
export type CaseMessageInput = z.infer<typeof caseMessageInputSchema>;

/** An admin's new status for a case: free text (docs/product/data-and-states.md). */
export const caseStatusInputSchema = z.object({ status: requiredTextSchema(100) });
export type CaseStatusInput = z.infer<typeof caseStatusInputSchema>;

export const caseDocumentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type CaseDocument = z.infer<typeof caseDocumentSchema>;

export const caseMessageSchema = z.object({
  id: z.uuid(),
  /** Who wrote it: the client, or someone of the firm. */
  author: z.enum(['client', 'firm']),
  body: z.string(),
  createdAt: z.string(),
});
export type CaseMessage = z.infer<typeof caseMessageSchema>;

const caseStatusChangeSchema = z.object({ status: z.string(), createdAt: z.string() });

/** A case with everything the client's panel (or an admin) shows of it. */
export const caseDetailSchema = z.object({
  id: z.number().int(),
  displayId: z.string(),
  serviceId: z.string().nullable(),
  /** The service's title in the language asked for, or the free-text service of the case. */
  serviceTitle: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  history: z.array(caseStatusChangeSchema),
  documents: z.array(caseDocumentSchema),
  messages: z.array(caseMessageSchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const caseListSchema = z.array(caseDetailSchema);

/** A case as the admin's Expedientes tab lists it. */
export const adminCaseRowSchema = z.object({
  id: z.number().int(),
  displayId: z.string(),
  client: z.object({ name: z.string(), email: z.string() }),
  serviceTitle: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export type AdminCaseRow = z.infer<typeof adminCaseRowSchema>;

/** The statuses the admin is offered; any other text is allowed too (docs/product/data-and-states.md). */
export const suggestedCaseStatuses = ['Pendiente de Documentación', 'En Revisión', 'Completado'] as const;
