import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { upsertConfirmedAccount } from '#server/features/auth/confirmed-account.ts';

let sequence = 0;

export type TestAccount = {
  user: { id: string; email: string; firstName: string; lastName: string; role: 'user' | 'admin' };
  password: string;
  /** A Cookie header value carrying the account's session, for app.inject. */
  cookie: string;
};

/** A confirmed account of the given role, signed in through the real sign-in route. */
export async function createAccount(
  t: { app: FastifyInstance; database: { db: Db } },
  options: { role?: 'user' | 'admin'; email?: string; firstName?: string; lastName?: string } = {},
): Promise<TestAccount> {
  sequence += 1;
  const email = options.email ?? `cliente${sequence}-${Date.now()}@example.com`;
  const password = 'Elche-Test-Password-2026';
  const firstName = options.firstName ?? 'Ana';
  const lastName = options.lastName ?? `García ${sequence}`;
  const role = options.role ?? 'user';
  const { id } = await upsertConfirmedAccount(t.app.auth, t.database.db, { email, password, firstName, lastName, role });

  const response = await t.app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { user: { id, email, firstName, lastName, role }, password, cookie };
}
