import type { Role } from '#common/auth/auth.contract.ts';
import type { Db } from '#server/db/client.ts';
import { confirmWithRole, findUserIdByEmail } from './auth.repository.ts';
import type { BetterAuth } from './better-auth.ts';

export type ConfirmedAccountInput = { email: string; password: string; firstName: string; lastName: string; phone?: string; role: Role };

/**
 * Creates a confirmed account with a password, or gives an existing account the role; for the
 * operator's admin:create and for tests, never reachable over HTTP.
 */
export async function upsertConfirmedAccount(auth: BetterAuth, db: Db, input: ConfirmedAccountInput): Promise<{ id: string; isNew: boolean }> {
  const email = input.email.trim().toLowerCase();
  const existingId = await findUserIdByEmail(db, email);
  if (existingId) {
    await confirmWithRole(db, existingId, input.role);
    return { id: existingId, isNew: false };
  }

  const ctx = await auth.$context;
  const created = await ctx.internalAdapter.createUser(
    {
      name: `${input.firstName} ${input.lastName}`.trim(),
      email,
      emailVerified: true,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? '',
    },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await ctx.password.hash(input.password),
  });
  await confirmWithRole(db, created.id, input.role);
  return { id: created.id, isNew: true };
}
