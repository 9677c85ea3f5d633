import { z } from 'zod';
import { adminListQuerySchema } from '#common/admin/paging.contract.ts';

/**
 * The work besides cases that belongs to a staff member (issue 29): each kind by the back-office
 * list it is worked from. A quote is a case quote (the lawyers') or a translation quote (the
 * translators'), so whom it may go to depends on which.
 */
const assignableKinds = ['consultations', 'case-quotes', 'translation-quotes', 'translation-requests', 'contact-requests', 'chat'] as const;
export type AssignableKind = (typeof assignableKinds)[number];

export const assigneeKindParamsSchema = z.object({ kind: z.enum(assignableKinds, { error: 'validation:invalid' }) });

/** Who handles a record: a staff member's account id, or null for the unassigned queue. */
export const assigneeInputSchema = z.object({ assigneeId: z.string().trim().min(1, 'validation:invalid').max(100, 'validation:tooLong').nullable() });
export type AssigneeInput = z.infer<typeof assigneeInputSchema>;

export const assigneeSchema = z.object({ assigneeId: z.string().nullable() });
export type Assignee = z.infer<typeof assigneeSchema>;

/** A back-office list, optionally only the signed-in staff member's records or the unassigned queue. */
export const assignedListQuerySchema = adminListQuerySchema.extend({ assigned: z.enum(['mine', 'unassigned'], { error: 'validation:invalid' }).optional() });
export type AssignedListQuery = z.infer<typeof assignedListQuerySchema>;

/** The staff members a kind of work may be assigned to (active, with a role that handles it), by name. */
export const assigneeChoicesSchema = z.array(z.object({ id: z.string(), name: z.string() }));
export type AssigneeChoices = z.infer<typeof assigneeChoicesSchema>;
