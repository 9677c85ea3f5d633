import { z } from 'zod';
import { roleSchema } from '#common/auth/auth.contract.ts';

/** An account as the admin's Clientes tab shows it, with what it holds. */
export const clientRowSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: roleSchema,
  isEmailVerified: z.boolean(),
  cases: z.number().int(),
  consultations: z.number().int(),
  payments: z.number().int(),
  createdAt: z.string(),
});
export type ClientRow = z.infer<typeof clientRowSchema>;

export const roleChangeSchema = z.object({ role: roleSchema });
export const clientParamsSchema = z.object({ id: z.string().min(1).max(100) });
