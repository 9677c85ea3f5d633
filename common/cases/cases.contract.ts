import { z } from 'zod';
import { calendarDateSchema } from '#common/date-fields.ts';
import type { UploadRule } from '#common/intake/uploads.ts';
import { profileViewSchema } from '#common/auth/auth.contract.ts';
import { languages } from '#common/i18n/languages.ts';
import { optionalTextSchema, requiredTextSchema } from '#common/intake/fields.ts';
import { familyRelationships } from '#common/payments/family-package.contract.ts';
import { paymentStatuses } from '#common/payments/payments.contract.ts';

/**
 * The firm's stages of a case, in their usual order (docs/product/data-and-states.md); 'cancelled'
 * ends a case the firm gave up, as a refund that cancels it does.
 */
const firmCaseStages = ['initial_study', 'awaiting_documents', 'reviewing_documents', 'more_documents_requested', 'filed', 'cancelled'] as const;
/** The administration's stages after filing; 'oath' (jura) only happens in nationality cases. */
const administrationCaseStages = [
  'in_process',
  'requerimiento_received',
  'resolved_favourably',
  'resolved_unfavourably',
  'appeal_filed',
  'fingerprint_appointment',
  'tie_collected',
  'oath',
] as const;
export const caseStages = [...firmCaseStages, ...administrationCaseStages] as const;
export type CaseStage = (typeof caseStages)[number];

/**
 * The stages that close a case (ADR 021): the administration resolved it, either way; the TIE was
 * collected; the nationality oath was taken; or the firm cancelled it. A case moved on from one of
 * them (an appeal, a fingerprint appointment) is open again. A closed case's requests are no longer
 * reminded, and its documents' retention runs.
 */
export const closedCaseStages: readonly CaseStage[] = ['resolved_favourably', 'resolved_unfavourably', 'tie_collected', 'oath', 'cancelled'];

/**
 * What a client's notices mail tells of a case (case-notices.service.ts): a new request, a
 * rejection, a shared document, and the reminders of a request due within 3 days or overdue.
 */
export const caseNoticeKinds = ['request', 'rejection', 'shared', 'dueSoon', 'overdue'] as const;

/** The stages by phase, in order: the firm prepares the case, then the administration has it. */
export const caseStagePhases = [
  { phase: 'firm', stages: firmCaseStages },
  { phase: 'administration', stages: administrationCaseStages },
] as const;
export type CasePhase = (typeof caseStagePhases)[number]['phase'];

/** The phase a stage belongs to. */
export function phaseOfStage(stage: CaseStage): CasePhase {
  return (firmCaseStages as readonly CaseStage[]).includes(stage) ? 'firm' : 'administration';
}

/** The stage a paid case opens in: the client has documents to deliver. */
export const openingCaseStage: CaseStage = 'awaiting_documents';

/** The stage of a case the firm gave up (a refund that cancels it). */
export const cancelledCaseStage: CaseStage = 'cancelled';

/** How cases are shown everywhere: EXP- plus the id padded to 3 digits (EXP-007, EXP-1234). */
export function caseDisplayId(id: number): string {
  return `EXP-${String(id).padStart(3, '0')}`;
}

/** The case id in an address such as /admin/expedientes/EXP-007 (case-insensitive), or null. */
export function caseIdFromDisplayId(displayId: string): number | null {
  const match = /^EXP-0*([1-9]\d{0,8})$/i.exec(displayId);
  return match ? Number(match[1]) : null;
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
/** `?disposition=inline`: the back office's preview asks for a PDF or an image to be shown rather than saved. */
export const caseDocumentQuerySchema = z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') });

/** A message to the lawyer, or the firm's reply. */
export const caseMessageInputSchema = z.object({ body: requiredTextSchema(5000) });
export type CaseMessageInput = z.infer<typeof caseMessageInputSchema>;

const caseStageSchema = z.enum(caseStages, { error: 'cases:stages.errors.unknown' });

/** An admin's move of a case to a stage, with an optional note the client sees in the timeline. */
export const caseStageInputSchema = z.object({ stage: caseStageSchema, note: optionalTextSchema(1000) });
export type CaseStageInput = z.infer<typeof caseStageInputSchema>;

/** The filing data the admin records once the case is filed: the administration's file number, date and office. */
export const caseFilingInputSchema = z.object({
  fileNumber: optionalTextSchema(60),
  filedOn: z.union([z.literal(''), calendarDateSchema]).optional(),
  office: optionalTextSchema(200),
});
export type CaseFilingInput = z.infer<typeof caseFilingInputSchema>;

const caseFilingSchema = z.object({ fileNumber: z.string().nullable(), filedOn: z.string().nullable(), office: z.string().nullable() });

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

const caseStageChangeSchema = z.object({ stage: caseStageSchema, note: z.string().nullable(), createdAt: z.string() });
export type CaseStageChange = z.infer<typeof caseStageChangeSchema>;

/** A family member the case includes besides the client (the family package), in the order the client gave them. */
const caseFamilyMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  relationship: z.enum(familyRelationships),
  passport: z.string(),
});
export type CaseFamilyMember = z.infer<typeof caseFamilyMemberSchema>;

/** A case with everything the client's panel (or an admin) shows of it. */
const caseDetailSchema = z.object({
  id: z.number().int(),
  displayId: z.string(),
  serviceId: z.string().nullable(),
  /** The service's title in the language asked for, or the free-text service of the case. */
  serviceTitle: z.string().nullable(),
  stage: caseStageSchema,
  createdAt: z.string(),
  /** The stages the case went through, oldest first: the client's timeline. */
  history: z.array(caseStageChangeSchema),
  filing: caseFilingSchema,
  documents: z.array(caseDocumentSchema),
  messages: z.array(caseMessageSchema),
  familyMembers: z.array(caseFamilyMemberSchema),
  /** The staff member who handles the case (the client's panel shows the name); null: not assigned yet. */
  handler: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

/** A case on its client's panel: with how many of the firm's messages, stage moves and rejected documents they have not seen. */
const clientCaseSchema = caseDetailSchema.extend({ unread: z.number().int() });
export type ClientCase = z.infer<typeof clientCaseSchema>;
export const caseListSchema = z.array(clientCaseSchema);

/** How many cases have a client's message or upload the signed-in admin has not seen (the Expedientes tab's marker). */
export const adminUnreadCasesSchema = z.object({ cases: z.number().int() });
export type AdminUnreadCases = z.infer<typeof adminUnreadCasesSchema>;

/** What the firm changed on a client's case, as their panel's live stream tells it (GET /api/cases/stream). */
export const caseChangeKinds = ['stage', 'filing', 'message', 'document', 'request'] as const;
export type CaseChange = { caseId: number; kind: (typeof caseChangeKinds)[number] };

/** The case page of the back office: the case, its client's identity and the payments that opened it. */
export const adminCaseDetailSchema = caseDetailSchema.extend({
  /** The client's identity, and the language their account uses: the one the firm writes to them in. */
  client: profileViewSchema.extend({ language: z.enum(languages) }),
  payments: z.array(
    z.object({
      id: z.uuid(),
      amountCents: z.number().int(),
      creditedCents: z.number().int(),
      currency: z.string(),
      status: z.enum(paymentStatuses),
      createdAt: z.string(),
    }),
  ),
});
export type AdminCaseDetail = z.infer<typeof adminCaseDetailSchema>;

/** A case as the admin's Expedientes tab lists it. */
export const adminCaseRowSchema = z.object({
  id: z.number().int(),
  displayId: z.string(),
  client: z.object({ name: z.string(), email: z.string() }),
  serviceTitle: z.string().nullable(),
  stage: caseStageSchema,
  createdAt: z.string(),
  /** The client's messages and uploads the signed-in admin has not seen. */
  unread: z.number().int(),
});
export type AdminCaseRow = z.infer<typeof adminCaseRowSchema>;
