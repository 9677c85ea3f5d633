import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { CaseStage } from '#common/cases/cases.contract.ts';
import type { Db } from '#server/db/client.ts';
import { caseDocuments, cases } from '#server/db/schema/cases.ts';

/**
 * When a case took its current stage: its last move, or its opening for a case with no timeline.
 * Spelled out in full: inside a one-table select Drizzle leaves column names unqualified.
 */
const stageSince = sql`coalesce((select max(case_stage_changes.created_at) from case_stage_changes where case_stage_changes.case_id = "cases"."id"), "cases"."created_at")`;

/** The cases in one of `stages` since before `before` that still hold a document uploaded before it; `caseId` narrows to one. */
export async function listCasesClosedBefore(db: Db, stages: readonly CaseStage[], before: Date, caseId?: number): Promise<number[]> {
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(
      and(
        caseId === undefined ? undefined : eq(cases.id, caseId),
        inArray(cases.stage, [...stages]),
        lt(stageSince, before),
        sql`exists (select 1 from case_documents where case_documents.case_id = "cases"."id" and case_documents.created_at < ${before})`,
      ),
    )
    .orderBy(cases.id);
  return rows.map((row) => row.id);
}

/** When each of `caseIds` that is in one of `stages` took its stage: when it closed, for another feature's retention. */
export async function listStageSince(db: Db, stages: readonly CaseStage[], caseIds: number[]): Promise<Array<{ id: number; since: Date }>> {
  if (caseIds.length === 0) return [];
  return db
    .select({ id: cases.id, since: sql<Date>`${stageSince}`.mapWith((value: string | Date) => new Date(value)) })
    .from(cases)
    .where(and(inArray(cases.id, caseIds), inArray(cases.stage, [...stages])));
}

/** Holds the case until the transaction ends, so that no stage move slips between the check and the erasure. */
export async function lockCase(db: Db, caseId: number): Promise<void> {
  await db.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).for('update');
}

/** Deletes the case's documents uploaded before `before`, answering where their files are stored. */
export async function deleteDocumentsBefore(db: Db, caseId: number, before: Date): Promise<string[]> {
  const rows = await db
    .delete(caseDocuments)
    .where(and(eq(caseDocuments.caseId, caseId), lt(caseDocuments.createdAt, before)))
    .returning({ key: caseDocuments.storagePath });
  return rows.map((row) => row.key);
}
