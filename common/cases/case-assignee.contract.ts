import { z } from 'zod';
import { adminListQuerySchema } from '#common/admin/paging.contract.ts';

/** Who handles a case: a staff member's account id, or null for the unassigned queue. */
export const caseAssigneeInputSchema = z.object({ assigneeId: z.string().trim().min(1, 'validation:invalid').max(100, 'validation:tooLong').nullable() });
export type CaseAssigneeInput = z.infer<typeof caseAssigneeInputSchema>;

export const caseAssigneeSchema = z.object({ assigneeId: z.string().nullable() });

/** The Expedientes list, optionally only the signed-in staff member's cases or the unassigned queue. */
export const adminCasesQuerySchema = adminListQuerySchema.extend({ assigned: z.enum(['mine', 'unassigned'], { error: 'validation:invalid' }).optional() });
export type AdminCasesQuery = z.infer<typeof adminCasesQuerySchema>;

/** The staff members a case may be assigned to (active, allowed to read cases), by name. */
export const caseAssigneeChoicesSchema = z.array(z.object({ id: z.string(), name: z.string() }));
export type CaseAssigneeChoices = z.infer<typeof caseAssigneeChoicesSchema>;
