import { z } from 'zod';
import { calendarDateSchema } from '#common/date-fields.ts';
import { requiredTextSchema } from '#common/intake/fields.ts';
import { documentFlagsSchema } from '#common/procedures/procedures.contract.ts';
import { caseDocumentSchema, caseParamsSchema } from './cases.contract.ts';

/**
 * A document request's states (docs/product/data-and-states.md): requested → received (the client
 * uploaded) → accepted, or rejected with a reason, until the next upload makes it received again.
 */
const caseRequestStatuses = ['requested', 'received', 'accepted', 'rejected'] as const;
export type CaseRequestStatus = (typeof caseRequestStatuses)[number];

const isoDate = calendarDateSchema;

/** A document the firm asks a case's client for, with its texts in the language asked for and the files that answer it. */
export const caseRequestSchema = documentFlagsSchema.extend({
  id: z.uuid(),
  caseId: z.number().int(),
  /** The family member it is asked of; null for the client's own. */
  familyMemberId: z.uuid().nullable(),
  title: z.string(),
  explanation: z.string(),
  status: z.enum(caseRequestStatuses),
  rejectionReason: z.string().nullable(),
  dueDate: z.string().nullable(),
  documents: z.array(caseDocumentSchema),
  createdAt: z.string(),
});
export type CaseRequest = z.infer<typeof caseRequestSchema>;
export const caseRequestListSchema = z.array(caseRequestSchema);

export const caseRequestParamsSchema = caseParamsSchema.extend({ requestId: z.uuid('validation:invalid') });

/**
 * An admin's own request (after a requerimiento…): the title in the admin's language stands for every
 * language; asked of the client, or of one of the case's family members.
 */
export const caseRequestInputSchema = z.object({
  title: requiredTextSchema(200),
  dueDate: isoDate.nullable(),
  familyMemberId: z.uuid('validation:invalid').nullable().default(null),
});
export type CaseRequestInput = z.infer<typeof caseRequestInputSchema>;

export const caseRequestRejectionSchema = z.object({ reason: requiredTextSchema(1000) });
export type CaseRequestRejection = z.infer<typeof caseRequestRejectionSchema>;

export const caseRequestDueDateSchema = z.object({ dueDate: isoDate.nullable() });

/** Adds another procedure's checklist to a case. */
export const applyProcedureSchema = z.object({ procedureId: z.string().trim().min(1, 'validation:required').max(100, 'validation:invalid') });
export type ApplyProcedure = z.infer<typeof applyProcedureSchema>;

/**
 * The client's checklist in the order to act on it: overdue first, then the others needing an
 * upload (due soonest first), then those waiting for the firm and the accepted ones.
 */
export function orderForClient(requests: CaseRequest[], today: string): CaseRequest[] {
  const rank = (request: CaseRequest) => {
    if (request.status === 'accepted') return 3;
    if (request.status === 'received') return 2;
    return request.dueDate !== null && request.dueDate < today ? 0 : 1;
  };
  return requests
    .map((request, index) => ({ request, index }))
    .sort(
      (a, b) =>
        rank(a.request) - rank(b.request) ||
        (a.request.dueDate ?? '9999-12-31').localeCompare(b.request.dueDate ?? '9999-12-31') ||
        a.index - b.index,
    )
    .map(({ request }) => request);
}
