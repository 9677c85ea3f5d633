import { and, count, desc, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Profile, Role } from '#common/auth/auth.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { containing, matchingAny, pageWindow } from '#server/db/paging.ts';
import { accountIdentifiers, users } from '#server/db/schema/auth.ts';

/**
 * The accounts as a subquery another feature's repository joins on `id` to show, search or page
 * by a client's name and contact details: still one query (Postgres plans it as a join of the
 * table), while only auth's repositories name the table.
 */
export const accountsToJoin = new QueryBuilder()
  .select({
    id: users.id,
    name: users.name,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    phone: users.phone,
    language: users.language,
  })
  .from(users)
  .as('account');

const profileColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  passportNumber: users.passportNumber,
  nie: users.nie,
  address: users.address,
  dateOfBirth: users.dateOfBirth,
  residenceCountry: users.residenceCountry,
  buyerKind: users.buyerKind,
  businessName: users.businessName,
  businessTaxId: users.businessTaxId,
};

export async function findProfile(db: Db, userId: string) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** Everything but the e-mail, which changes only through its confirmation link. */
export async function updateProfile(db: Db, userId: string, profile: Omit<Profile, 'email' | 'currentPassword'>) {
  const [row] = await db
    .update(users)
    .set({ ...profile, name: `${profile.firstName} ${profile.lastName}`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  return row;
}

/** One page of the accounts for the back office's client list, newest first, searched by name, e-mail or phone. */
export async function listAccounts(db: Db, query: AdminListQuery) {
  const { limit, offset } = pageWindow(query);
  const where = matchingAny(query.q, [users.name, users.email, users.phone]);
  const rows = await db.select().from(users).where(where).orderBy(desc(users.createdAt)).limit(limit).offset(offset);
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

/**
 * The back office's search of clients (not staff): name or e-mail containing the term, or NIE,
 * passport or phone containing it once both are reduced to letters and digits ("612 34 56" finds
 * "+34 612 345 678"). `compact` is the term so reduced (common/search identifierOf). Each test has
 * its trigram index (schema/auth.ts).
 */
export async function searchClientAccounts(db: Db, term: string, compact: string, limit: number) {
  const columns = { id: users.id, name: users.name, email: users.email, phone: users.phone, nie: users.nie, passportNumber: users.passportNumber, createdAt: users.createdAt };
  const clients = (match: SQL) => db.select(columns).from(users).where(and(eq(users.role, 'user'), match));
  // One select per test, joined by UNION: in a single OR the planner scans the (small) table and
  // computes every row's documents; apart, the documents' test reads its index.
  const byName = clients(or(ilike(users.name, containing(term)), ilike(users.email, containing(term)))!);
  const matches = compact.length >= 2 ? byName.union(clients(like(accountIdentifiers(users), `%${compact}%`))) : byName;
  return matches.orderBy(desc(users.createdAt)).limit(limit);
}
