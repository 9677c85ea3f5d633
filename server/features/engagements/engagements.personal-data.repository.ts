import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { engagementAcceptances } from '#server/db/schema/engagements.ts';

export const personalTables = [engagementAcceptances];

export function readAcceptances(db: Db, userId: string) {
  return db
    .select({
      serviceTitle: engagementAcceptances.serviceTitle,
      version: engagementAcceptances.version,
      text: engagementAcceptances.text,
      textSha256: engagementAcceptances.textSha256,
      isEarlyStartRequested: engagementAcceptances.isEarlyStartRequested,
      clientAddress: engagementAcceptances.clientAddress,
      acceptedAt: engagementAcceptances.acceptedAt,
      contractedAt: engagementAcceptances.contractedAt,
      withdrawnAt: engagementAcceptances.withdrawnAt,
    })
    .from(engagementAcceptances)
    .where(eq(engagementAcceptances.userId, userId))
    .orderBy(asc(engagementAcceptances.acceptedAt));
}

/** Forgets where the person accepted and withdrew from; the letters themselves stay, as the contracts they are. */
export async function eraseAddresses(db: Db, userId: string): Promise<void> {
  await db.update(engagementAcceptances).set({ clientAddress: '', withdrawalAddress: null }).where(eq(engagementAcceptances.userId, userId));
}
