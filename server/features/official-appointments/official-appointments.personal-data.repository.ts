import { asc, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { officialAppointments } from '#server/db/schema/official-appointments.ts';

export const personalTables = [officialAppointments];

export function readAppointments(db: Db, caseIds: number[]) {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      caseId: officialAppointments.caseId,
      kind: officialAppointments.kind,
      startsAt: officialAppointments.startsAt,
      office: officialAppointments.office,
      officeAddress: officialAppointments.officeAddress,
      reference: officialAppointments.reference,
      whatToBring: officialAppointments.whatToBring,
    })
    .from(officialAppointments)
    .where(inArray(officialAppointments.caseId, caseIds))
    .orderBy(asc(officialAppointments.startsAt));
}

export async function eraseAppointments(db: Db, caseIds: number[]): Promise<void> {
  if (caseIds.length === 0) return;
  await db.delete(officialAppointments).where(inArray(officialAppointments.caseId, caseIds));
}
