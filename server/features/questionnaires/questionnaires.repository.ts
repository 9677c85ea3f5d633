import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { QuestionnaireAnswers, QuestionnaireDefinition, QuestionnaireStatus } from '#common/questionnaires/questionnaires.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { insertedRow } from '#server/db/returning.ts';
import { caseQuestionnaireVersions, procedureQuestionnaires } from '#server/db/schema/questionnaires.ts';
import { accountsToJoin as saver } from '#server/features/auth/accounts.service.ts';

export type QuestionnaireRow = typeof procedureQuestionnaires.$inferSelect;
export type VersionRow = typeof caseQuestionnaireVersions.$inferSelect & { savedByName: string | null };

/** The questionnaires of these procedures, those that have one. */
export function listQuestionnaires(db: Db, procedureIds: string[]): Promise<QuestionnaireRow[]> {
  if (procedureIds.length === 0) return Promise.resolve([]);
  return db.select().from(procedureQuestionnaires).where(inArray(procedureQuestionnaires.procedureId, procedureIds));
}

/** Writes a procedure's questionnaire, replacing the one it had. */
export async function upsertQuestionnaire(db: Db, procedureId: string, definition: QuestionnaireDefinition): Promise<QuestionnaireRow> {
  return insertedRow(
    await db
      .insert(procedureQuestionnaires)
      .values({ procedureId, definition })
      .onConflictDoUpdate({ target: procedureQuestionnaires.procedureId, set: { definition } })
      .returning(),
  );
}

const versionColumns = {
  id: caseQuestionnaireVersions.id,
  caseId: caseQuestionnaireVersions.caseId,
  procedureId: caseQuestionnaireVersions.procedureId,
  version: caseQuestionnaireVersions.version,
  status: caseQuestionnaireVersions.status,
  answers: caseQuestionnaireVersions.answers,
  savedBy: caseQuestionnaireVersions.savedBy,
  createdAt: caseQuestionnaireVersions.createdAt,
  savedByName: sql<string | null>`${saver.firstName} || ' ' || ${saver.lastName}`,
};

/** A case's versions of its answers, the newest first. */
export function listVersions(db: Db, caseId: number, limit?: number): Promise<VersionRow[]> {
  const query = db
    .select(versionColumns)
    .from(caseQuestionnaireVersions)
    .leftJoin(saver, eq(saver.id, caseQuestionnaireVersions.savedBy))
    .where(eq(caseQuestionnaireVersions.caseId, caseId))
    .orderBy(desc(caseQuestionnaireVersions.version));
  return limit ? query.limit(limit) : query;
}

/**
 * Adds the next version of a case's answers. A lock per case is taken first, so two saves at once
 * take the numbers one after the other (the unique index on case and version is the last guard).
 */
export async function insertVersion(
  tx: Tx,
  values: { caseId: number; procedureId: string; status: QuestionnaireStatus; answers: QuestionnaireAnswers; savedBy: string },
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('questionnaire'), ${values.caseId})`);
  const [last] = await tx
    .select({ version: sql<number>`coalesce(max(${caseQuestionnaireVersions.version}), 0)::int` })
    .from(caseQuestionnaireVersions)
    .where(eq(caseQuestionnaireVersions.caseId, values.caseId));
  const version = (last?.version ?? 0) + 1;
  await tx.insert(caseQuestionnaireVersions).values({ ...values, version });
  return version;
}
