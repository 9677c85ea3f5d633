import { z } from 'zod';
import { countryCodes } from '#common/billing/countries.ts';
import { calendarDateSchema } from '#common/date-fields.ts';

/**
 * A procedure's questionnaire (ADR 058, docs/product/questionnaires.md): data the firm edits, like
 * the checklists. Sections follow the official form's sections in its order; each field carries its
 * label in the three languages and the Spanish words of the form's box it fills, which the data sheet prints.
 */
const questionFieldKinds = ['text', 'date', 'select', 'country', 'yesNo'] as const;

/** What the client's profile already knows and a field starts from. */
export const profilePrefills = ['firstName', 'lastName', 'email', 'phone', 'address', 'dateOfBirth', 'passportNumber', 'nie'] as const;
export type ProfilePrefill = (typeof profilePrefills)[number];

/** The payer's boxes of the fee form (modelo 790), in its order. */
export const tasaBoxes = ['nie', 'passport', 'surname1', 'surname2', 'name', 'address', 'locality', 'postalCode', 'province', 'phone'] as const;
export type TasaBox = (typeof tasaBoxes)[number];

const localizedSchema = z.object({ es: z.string().min(1).max(300), en: z.string().min(1).max(300), fr: z.string().min(1).max(300) });
const keySchema = z.string().regex(/^[a-z][a-zA-Z0-9]{0,39}$/);

const questionFieldSchema = z.object({
  key: keySchema,
  kind: z.enum(questionFieldKinds),
  label: localizedSchema,
  /** The official form's box, in its Spanish words ("Primer apellido"): the data sheet's label. */
  formBox: z.string().min(1).max(200),
  isRequired: z.boolean(),
  options: z.array(z.object({ value: keySchema, label: localizedSchema })).max(30).optional(),
  prefill: z.enum(profilePrefills).optional(),
  /** The box of the fee form (790) it also fills. */
  tasaBox: z.enum(tasaBoxes).optional(),
});
export type QuestionField = z.infer<typeof questionFieldSchema>;

const questionSectionSchema = z.object({
  key: keySchema,
  title: localizedSchema,
  /** The official form's section, in its Spanish words ("1) DATOS DEL EXTRANJERO/A"). */
  formSection: z.string().min(1).max(200),
  /** A list the client adds to (family members, entries to Spain); otherwise one set of answers. */
  isRepeatable: z.boolean(),
  fields: z.array(questionFieldSchema).min(1).max(60),
});

/** The fee form (modelo 790) the procedure pays: its code and, where the firm knows it, the amount. */
const tasaSchema = z.object({
  code: z.string().regex(/^\d{3}$/),
  concept: z.string().min(1).max(300),
  amountCents: z.number().int().min(0).nullable(),
});

export const questionnaireDefinitionSchema = z.object({
  /** The official form ("EX-10") and its title in Spanish. */
  form: z.string().min(1).max(20),
  formTitle: z.string().min(1).max(300),
  tasa: tasaSchema.nullable(),
  sections: z.array(questionSectionSchema).min(1).max(30),
});
export type QuestionnaireDefinition = z.infer<typeof questionnaireDefinitionSchema>;

/** One set of answers: a field's key → its value, every value a string ('' when not given). */
const answerSetSchema = z.record(keySchema, z.string().max(500, 'validation:tooLong'));
/** Every section's answers: one set, or a list of them for a repeatable section. */
const questionnaireAnswersSchema = z.record(keySchema, z.union([answerSetSchema, z.array(answerSetSchema).max(20, 'validation:tooLong')]));
export type QuestionnaireAnswers = z.infer<typeof questionnaireAnswersSchema>;
export type AnswerSet = z.infer<typeof answerSetSchema>;

const knownCountries = new Set(countryCodes);

/** One field's rule: its kind's format, and on submit its presence when required. */
function fieldSchema(field: QuestionField, isSubmit: boolean) {
  const filled = (value: string) => value.trim() !== '';
  let schema = z.string().trim().max(500, 'validation:tooLong');
  if (isSubmit && field.isRequired) schema = schema.min(1, 'validation:required');
  const format: (value: string) => boolean =
    field.kind === 'date'
      ? (value) => calendarDateSchema.safeParse(value).success
      : field.kind === 'country'
        ? (value) => knownCountries.has(value)
        : field.kind === 'yesNo'
          ? (value) => value === 'yes' || value === 'no'
          : field.kind === 'select'
            ? (value) => (field.options ?? []).some((option) => option.value === value)
            : () => true;
  // A missing answer is '' and goes through the rules (a default would skip them).
  return z.preprocess((value) => value ?? '', schema.refine((value) => !filled(value) || format(value), 'validation:invalid'));
}

/**
 * The answers' rule derived from the definition, the same for the form and the route: formats always,
 * required fields only on submit (a draft may stop anywhere). Unknown sections and fields are dropped.
 */
export function answersSchemaFor(definition: QuestionnaireDefinition, mode: 'draft' | 'submit') {
  const isSubmit = mode === 'submit';
  const shape: Record<string, z.ZodType> = {};
  for (const section of definition.sections) {
    const set = z.object(Object.fromEntries(section.fields.map((field) => [field.key, fieldSchema(field, isSubmit)])));
    shape[section.key] = section.isRepeatable
      ? z.preprocess((value) => value ?? [], z.array(set).max(20, 'validation:tooLong'))
      : z.preprocess((value) => value ?? {}, set);
  }
  return z.object(shape);
}

export const questionnaireStatuses = ['draft', 'submitted', 'corrected', 'reviewed'] as const;
export type QuestionnaireStatus = (typeof questionnaireStatuses)[number];

/** One saved version: every save, submission, correction and review adds one, none is overwritten. */
export const questionnaireVersionSchema = z.object({
  version: z.number().int(),
  status: z.enum(questionnaireStatuses),
  answers: questionnaireAnswersSchema,
  /** Who saved it: the client, or the staff member who corrected or reviewed it. */
  savedBy: z.object({ name: z.string(), isStaff: z.boolean() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type QuestionnaireVersion = z.infer<typeof questionnaireVersionSchema>;

/** A case's questionnaire: null when its procedure has none. */
export const caseQuestionnaireSchema = z
  .object({
    procedureId: z.string(),
    definition: questionnaireDefinitionSchema,
    /** The latest version; null before the first save, when the form starts from the profile. */
    current: questionnaireVersionSchema.nullable(),
    /** What the profile gives the fields that start from it. */
    prefill: z.partialRecord(z.enum(profilePrefills), z.string()),
  })
  .nullable();
export type CaseQuestionnaire = z.infer<typeof caseQuestionnaireSchema>;

/** The staff's view adds the versions, newest first. */
export const adminCaseQuestionnaireSchema = z
  .object({
    procedureId: z.string(),
    definition: questionnaireDefinitionSchema,
    versions: z.array(questionnaireVersionSchema),
  })
  .nullable();
export type AdminCaseQuestionnaire = z.infer<typeof adminCaseQuestionnaireSchema>;

export const questionnaireSaveSchema = z.object({ answers: questionnaireAnswersSchema });
