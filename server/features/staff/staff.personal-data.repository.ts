import { asc, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { staffInvitations } from '#server/db/schema/staff.ts';

export const personalTables = [staffInvitations];

const sentTo = (email: string) => sql`lower(${staffInvitations.email}) = lower(${email})`;

/** The invitations to join the staff sent to their e-mail: never the link's secret, nor its hash. */
export function readInvitations(db: Db, email: string) {
  return db
    .select({
      email: staffInvitations.email,
      role: staffInvitations.role,
      createdAt: staffInvitations.createdAt,
      expiresAt: staffInvitations.expiresAt,
      acceptedAt: staffInvitations.acceptedAt,
      revokedAt: staffInvitations.revokedAt,
    })
    .from(staffInvitations)
    .where(sentTo(email))
    .orderBy(asc(staffInvitations.createdAt));
}

export async function eraseInvitations(db: Db, email: string): Promise<void> {
  await db.delete(staffInvitations).where(sentTo(email));
}
