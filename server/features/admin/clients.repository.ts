import { count, desc, eq, sql } from 'drizzle-orm';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Role } from '#common/auth/auth.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { matchingAny, pageWindow } from '#server/db/paging.ts';
import { users } from '#server/db/schema/auth.ts';
import { cases } from '#server/db/schema/cases.ts';
import { consultations } from '#server/db/schema/consultations.ts';
import { payments } from '#server/db/schema/payments.ts';

// Spelled out in full: inside a one-table select Drizzle leaves column names unqualified.
const countOf = (table: typeof cases | typeof consultations) =>
  sql<number>`(select count(*) from ${table} where ${table}.user_id = "users"."id")::int`;
// 'Pagos' counts what was paid: a cancelled or expired checkout is no payment.
const paidCount = sql<number>`(select count(*) from ${payments} where ${payments}.user_id = "users"."id" and ${payments}.payment_status = 'paid')::int`;

export async function listAccounts(db: Db, query: AdminListQuery) {
  const { limit, offset } = pageWindow(query);
  const where = matchingAny(query.q, [users.name, users.email, users.phone]);
  const rows = await db
    .select({
      user: users,
      cases: countOf(cases),
      consultations: countOf(consultations),
      payments: paidCount,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** The account's role and whether its e-mail is confirmed, locked until the transaction ends. */
export async function findAccountForRoleChange(tx: Tx, id: string) {
  const [row] = await tx
    .select({ role: users.role, isEmailVerified: users.emailVerified, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

export async function setRole(tx: Tx, id: string, role: Role): Promise<void> {
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}
