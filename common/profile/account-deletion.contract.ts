import { z } from 'zod';
import { maxPasswordLength } from '#common/auth/password-policy.ts';

/** Deleting one's own account: the current password typed again, and the consequences explicitly accepted. */
export const accountDeletionSchema = z.object({
  password: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(maxPasswordLength, 'validation:tooLong'),
  isConfirmed: z.literal(true, { error: 'account-data:deletion.confirmRequired' }),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
