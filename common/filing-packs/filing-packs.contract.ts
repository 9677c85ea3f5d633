import { z } from 'zod';
import { calendarDateSchema } from '#common/date-fields.ts';
import { requiredTextSchema } from '#common/intake/fields.ts';

/**
 * The filing pack (docs/product/filing-pack.md, ADR 057): the accepted documents of a case the firm
 * files with the administration's electronic registry (Mercurio for immigration), in the order the
 * firm chose, as a few PDFs within the registry's size limits, with an index in Spanish.
 */

const megabyte = 1024 * 1024;

/** The registry's limits until the firm sets its own: Mercurio's 10 MB a file and 50 MB a filing. */
export const defaultFilingLimits = { maxFileBytes: 10 * megabyte, maxTotalBytes: 50 * megabyte } as const;

/** What a filing may hold: enough for any registry, few enough to build in one request. */
const maxFilingDocuments = 60;

/** The kinds of stored document the pack turns into PDF pages: a PDF is merged as it is, a photo becomes a page. */
export const fileableContentTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** The limits the firm sets, in whole megabytes as people read them (0.5 MB to 100 MB a file, up to 500 MB a filing). */
export const filingLimitsSchema = z
  .object({
    maxFileBytes: z.number('validation:invalid').int('validation:invalid').min(megabyte / 2, 'filing-packs:errors.limitRange').max(100 * megabyte, 'filing-packs:errors.limitRange'),
    maxTotalBytes: z.number('validation:invalid').int('validation:invalid').min(megabyte / 2, 'filing-packs:errors.limitRange').max(500 * megabyte, 'filing-packs:errors.limitRange'),
  })
  .refine((limits) => limits.maxTotalBytes >= limits.maxFileBytes, { message: 'filing-packs:errors.totalBelowFile', path: ['maxTotalBytes'] });
export type FilingLimits = z.infer<typeof filingLimitsSchema>;

/** What the firm asks for: the documents in the filing's order, each possibly starting a new file. */
export const newFilingPackSchema = z.object({
  documents: z
    .array(z.object({ documentId: z.uuid('validation:invalid'), startsNewFile: z.boolean().default(false) }), 'validation:required')
    .min(1, 'filing-packs:errors.noDocuments')
    .max(maxFilingDocuments, 'filing-packs:errors.tooManyDocuments')
    .refine((documents) => new Set(documents.map((document) => document.documentId)).size === documents.length, 'filing-packs:errors.repeated'),
});
export type NewFilingPack = z.input<typeof newFilingPackSchema>;

/** The registry's date and receipt (justificante) once the firm has filed the pack. */
export const filingPackFiledSchema = z.object({
  filedOn: calendarDateSchema,
  receiptNumber: requiredTextSchema(100),
});
export type FilingPackFiled = z.output<typeof filingPackFiledSchema>;

/** An accepted document of the case the pack may hold: the request it answers names it. */
const fileableDocumentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  requestTitle: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** False for a kind the pack cannot turn into pages (a Word file): shown, not selectable. */
  isFileable: z.boolean(),
});
export type FileableDocument = z.infer<typeof fileableDocumentSchema>;

/** One output file: the index is number 0, the documents' files 1, 2…; each names its documents in order. */
const filingPackFileSchema = z.object({
  number: z.number().int(),
  name: z.string(),
  sizeBytes: z.number().int(),
  pageCount: z.number().int(),
  documents: z.array(z.object({ documentId: z.uuid(), title: z.string(), name: z.string(), pageCount: z.number().int() })),
});
export type FilingPackFile = z.infer<typeof filingPackFileSchema>;

export const filingPackSchema = z.object({
  id: z.uuid(),
  caseId: z.number().int(),
  files: z.array(filingPackFileSchema),
  totalBytes: z.number().int(),
  limits: z.object({ maxFileBytes: z.number().int(), maxTotalBytes: z.number().int() }),
  createdAt: z.iso.datetime({ offset: true }),
  createdByName: z.string().nullable(),
  filedOn: z.string().nullable(),
  receiptNumber: z.string().nullable(),
});
export type FilingPack = z.infer<typeof filingPackSchema>;

/** The case page's filing section: what may be filed, the packs made so far (newest first), the limits in force. */
export const caseFilingPacksSchema = z.object({
  documents: z.array(fileableDocumentSchema),
  packs: z.array(filingPackSchema),
  limits: z.object({ maxFileBytes: z.number().int(), maxTotalBytes: z.number().int() }),
});
export type CaseFilingPacks = z.infer<typeof caseFilingPacksSchema>;

export const filingPackFileParamsSchema = z.object({ id: z.uuid('validation:invalid'), number: z.coerce.number('validation:invalid').int('validation:invalid').min(0, 'validation:invalid').max(999, 'validation:invalid') });
