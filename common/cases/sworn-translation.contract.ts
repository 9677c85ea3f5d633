import { z } from 'zod';

/** A document a client uploaded to a request flagged for a sworn translation: the translator's work. */
export const swornTranslationDocumentSchema = z.object({
  caseId: z.number().int(),
  displayId: z.string(),
  documentId: z.string(),
  name: z.string(),
  requestTitle: z.string(),
  uploadedAt: z.string(),
});
export type SwornTranslationDocument = z.infer<typeof swornTranslationDocumentSchema>;
