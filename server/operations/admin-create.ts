import { z } from 'zod';
import { newPasswordSchema } from '#common/auth/auth.contract.ts';
import { emailSchema } from '#common/intake/fields.ts';
import { upsertConfirmedAccount } from '#server/features/auth/confirmed-account.ts';
import { translator } from '#server/platform/translator.ts';
import { OperatorInputError, type OperatorContext } from './context.ts';

const adminCreateInputSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: z.string().trim().min(1).max(100).default('Admin'),
  lastName: z.string().trim().max(100).default(''),
});

/** Creates a confirmed admin account (the firm's owner: every staff permission), or makes an existing account one (its password unchanged). */
export async function adminCreate(context: OperatorContext, input: unknown): Promise<string> {
  const parsed = adminCreateInputSchema.safeParse(input);
  if (!parsed.success) {
    const t = translator('en');
    throw new OperatorInputError(parsed.error.issues.map((issue) => `--${flagName(issue.path)}: ${t(issue.message)}`).join('\n'));
  }
  const { email, password, firstName, lastName } = parsed.data;
  const result = await upsertConfirmedAccount(context.auth, context.database.db, { email, password, firstName, lastName, role: 'owner' });
  return result.isNew
    ? `Created the admin account ${email}.`
    : `${email} already had an account: it is now an admin (its password is unchanged).`;
}

function flagName(path: PropertyKey[]): string {
  return String(path[0] ?? 'input').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
