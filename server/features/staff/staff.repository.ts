import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { StaffRole } from '#common/auth/staff-roles.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { staffInvitations } from '#server/db/schema/staff.ts';

/** Replaces any open invitation to the address with this one. */
export async function insertInvitation(db: Tx, values: { email: string; role: StaffRole; tokenHash: string; invitedBy: string; expiresAt: Date }) {
  const now = new Date();
  await db
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(and(eq(staffInvitations.email, values.email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
  const [row] = await db.insert(staffInvitations).values(values).returning({ id: staffInvitations.id });
  return row;
}

const isOpen = (now: Date) => and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now));

export function listOpenInvitations(db: Db, now: Date) {
  return db
    .select({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role, expiresAt: staffInvitations.expiresAt })
    .from(staffInvitations)
    .where(isOpen(now))
    .orderBy(asc(staffInvitations.createdAt));
}

/** The open invitation whose link carries this secret. */
export async function findOpenInvitation(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role })
    .from(staffInvitations)
    .where(and(eq(staffInvitations.tokenHash, tokenHash), isOpen(now)));
  return row;
}

/** Marks the open invitation accepted in one statement, so two uses of its link cannot both pass; undefined for none. */
export async function claimInvitation(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(staffInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(staffInvitations.tokenHash, tokenHash), isOpen(now)))
    .returning({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role });
  return row;
}

/** Gives a claimed invitation back when its account could not be made. */
export async function unclaimInvitation(db: Db, id: string): Promise<void> {
  await db.update(staffInvitations).set({ acceptedAt: null }).where(eq(staffInvitations.id, id));
}

/** Revokes an open invitation; its address and role, or undefined for none. */
export async function revokeInvitation(db: Db | Tx, id: string, now: Date) {
  const [row] = await db
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(and(eq(staffInvitations.id, id), isOpen(now)))
    .returning({ email: staffInvitations.email, role: staffInvitations.role });
  return row;
}
