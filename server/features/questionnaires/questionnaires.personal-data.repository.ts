import { asc, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { caseQuestionnaireVersions } from '#server/db/schema/questionnaires.ts';

export const personalTables = [caseQuestionnaireVersions];

/** Every version of the answers of these cases, oldest first. */
export function readVersions(db: Db, caseIds: number[]) {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      caseId: caseQuestionnaireVersions.caseId,
      procedureId: caseQuestionnaireVersions.procedureId,
      version: caseQuestionnaireVersions.version,
      status: caseQuestionnaireVersions.status,
      answers: caseQuestionnaireVersions.answers,
      createdAt: caseQuestionnaireVersions.createdAt,
    })
    .from(caseQuestionnaireVersions)
    .where(inArray(caseQuestionnaireVersions.caseId, caseIds))
    .orderBy(asc(caseQuestionnaireVersions.caseId), asc(caseQuestionnaireVersions.version));
}

export async function eraseVersions(db: Db, caseIds: number[]): Promise<void> {
  if (caseIds.length === 0) return;
  await db.delete(caseQuestionnaireVersions).where(inArray(caseQuestionnaireVersions.caseId, caseIds));
}
