import { z } from 'zod';
import { requiredTextSchema } from '#common/intake/fields.ts';

/** A text written in each of the site's languages (a checklist item's title, a procedure's name). */
const localizedTextSchema = (max: number) => z.object({ es: requiredTextSchema(max), en: requiredTextSchema(max), fr: requiredTextSchema(max) });
export type LocalizedText = z.infer<ReturnType<typeof localizedTextSchema>>;

/** What the client is told about a document besides its title: the flags a checklist item carries. */
export const documentFlagsSchema = z.object({
  isApostilleRequired: z.boolean(),
  isSwornTranslationRequired: z.boolean(),
  /** Months the document stays valid from its issue date; null when it does not lapse. */
  validityMonths: z.number('validation:invalid').int('validation:invalid').min(1, 'validation:invalid').max(120, 'validation:invalid').nullable(),
  isPerFamilyMember: z.boolean(),
});

const procedureItemInputSchema = documentFlagsSchema.extend({
  title: localizedTextSchema(200),
  explanation: localizedTextSchema(1000),
});
export type ProcedureItemInput = z.infer<typeof procedureItemInputSchema>;

/** A procedure as the admin saves it: the whole checklist in its order, so one save adds, removes, reorders and rewords. */
export const procedureInputSchema = z.object({
  title: localizedTextSchema(150),
  /** The catalogue service it belongs to; null for one the admin applies to any case. */
  serviceId: z.string().trim().min(1, 'validation:invalid').max(60, 'validation:invalid').nullable(),
  /** The checklist a new case of its service opens with; only one per service. */
  isDefault: z.boolean(),
  items: z.array(procedureItemInputSchema).max(60, 'validation:tooLong'),
});
export type ProcedureInput = z.infer<typeof procedureInputSchema>;

export const procedureSchema = procedureInputSchema.extend({
  id: z.string(),
  items: z.array(procedureItemInputSchema.extend({ id: z.uuid() })),
});
export type Procedure = z.infer<typeof procedureSchema>;

export const procedureParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** A catalogue service a procedure may belong to, titled in the admin's language. */
const procedureServiceSchema = z.object({ id: z.string(), title: z.string() });
export const procedureServiceListSchema = z.array(procedureServiceSchema);
export type ProcedureService = z.infer<typeof procedureServiceSchema>;

/** A procedure as offered when applying one to a case: its name in the admin's language. */
const procedureChoiceSchema = z.object({ id: z.string(), title: z.string(), serviceId: z.string().nullable() });
export const procedureChoiceListSchema = z.array(procedureChoiceSchema);
export type ProcedureChoice = z.infer<typeof procedureChoiceSchema>;

/** A service whose documents a visitor reads before hiring it. */
export const serviceDocumentsParamsSchema = z.object({ serviceId: z.string().trim().min(1).max(100) });

/**
 * The documents a service's case will ask for, as the start page lists them before hiring: the titles
 * of its default procedure's checklist in the reader's language, in order (none without one).
 */
export const serviceDocumentsSchema = z.array(z.object({ title: z.string(), isPerFamilyMember: z.boolean() }));
export type ServiceDocuments = z.infer<typeof serviceDocumentsSchema>;
