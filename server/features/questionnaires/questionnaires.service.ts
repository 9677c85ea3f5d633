import type { OwnProfile, SessionUser } from '#common/auth/auth.contract.ts';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import {
  answersSchemaFor,
  profilePrefills,
  type AdminCaseQuestionnaire,
  type CaseQuestionnaire,
  type ProfilePrefill,
  type QuestionnaireAnswers,
  type QuestionnaireDefinition,
  type QuestionnaireStatus,
  type QuestionnaireVersion,
} from '#common/questionnaires/questionnaires.contract.ts';
import type { Db } from '#server/db/client.ts';
import { caseProcedureIds } from '#server/features/cases/case-requests.service.ts';
import { adminCase, ownCase } from '#server/features/cases/cases.service.ts';
import { defaultChecklist, procedureChecklist } from '#server/features/procedures/procedures.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import { AppError } from '#server/platform/app-error.ts';
import { renderDataSheet } from './data-sheet-pdf.ts';
import { insertVersion, listQuestionnaires, listVersions, upsertQuestionnaire, type VersionRow } from './questionnaires.repository.ts';

export type QuestionnairesDeps = { db: Db; clientProfile: (userId: string) => Promise<OwnProfile> };

type Viewer = Pick<SessionUser, 'id' | 'role'>;
type CaseRow = Awaited<ReturnType<typeof ownCase>>;

/** The questionnaire a case answers: that of the first procedure its checklist came from that has one, else its service's default procedure's. */
async function caseQuestionnaireDefinition({ db }: Pick<QuestionnairesDeps, 'db'>, row: CaseRow) {
  const ids = await caseProcedureIds({ db }, row.id);
  const fallback = row.serviceId ? (await defaultChecklist({ db }, row.serviceId))?.procedureId : undefined;
  const candidates = fallback && !ids.includes(fallback) ? [...ids, fallback] : ids;
  const found = await listQuestionnaires(db, candidates);
  for (const id of candidates) {
    const questionnaire = found.find((item) => item.procedureId === id);
    if (questionnaire) return questionnaire;
  }
  return null;
}

/** A version as shown: whoever saved it other than the case's client is the firm's staff. */
function toVersion(row: VersionRow, clientId: string): QuestionnaireVersion {
  return {
    version: row.version,
    status: row.status,
    answers: row.answers,
    savedBy: row.savedByName === null ? null : { name: row.savedByName, isStaff: row.savedBy !== clientId },
    createdAt: row.createdAt.toISOString(),
  };
}

/** The answers checked against the definition: formats always, required fields on submit; a refusal is a translated 400. */
function checkedAnswers(definition: QuestionnaireDefinition, answers: QuestionnaireAnswers, mode: 'draft' | 'submit'): QuestionnaireAnswers {
  const parsed = answersSchemaFor(definition, mode).safeParse(answers);
  if (!parsed.success) throw new AppError('validation', 'questionnaires:errors.incomplete');
  return parsed.data as QuestionnaireAnswers;
}

/** What the client's profile gives the fields that start from it. */
function profilePrefill(profile: OwnProfile): Partial<Record<ProfilePrefill, string>> {
  const values: Partial<Record<ProfilePrefill, string>> = {};
  for (const key of profilePrefills) {
    const value = profile[key];
    if (value) values[key] = value;
  }
  return values;
}

/** The client's questionnaire of their own case (another's: 404), with its latest version and what the profile prefills. */
export async function clientQuestionnaire(deps: QuestionnairesDeps, userId: string, caseId: number): Promise<CaseQuestionnaire> {
  const row = await ownCase(deps, userId, caseId);
  const questionnaire = await caseQuestionnaireDefinition(deps, row);
  if (!questionnaire) return null;
  const [[latest], profile] = await Promise.all([listVersions(deps.db, caseId, 1), deps.clientProfile(userId)]);
  return { procedureId: questionnaire.procedureId, definition: questionnaire.definition, current: latest ? toVersion(latest, row.userId) : null, prefill: profilePrefill(profile) };
}

async function addVersion(
  { db }: Pick<QuestionnairesDeps, 'db'>,
  row: CaseRow,
  by: Viewer,
  answers: QuestionnaireAnswers,
  status: QuestionnaireStatus,
  mode: 'draft' | 'submit',
): Promise<QuestionnaireVersion> {
  const questionnaire = await caseQuestionnaireDefinition({ db }, row);
  if (!questionnaire) throw new AppError('notFound', 'questionnaires:errors.noQuestionnaire');
  const checked = checkedAnswers(questionnaire.definition, answers, mode);
  await db.transaction((tx) => insertVersion(tx, { caseId: row.id, procedureId: questionnaire.procedureId, status, answers: checked, savedBy: by.id }));
  const [latest] = await listVersions(db, row.id, 1);
  if (!latest) throw new AppError('notFound');
  return toVersion(latest, row.userId);
}

/** The client saves a draft (formats checked) or submits (required fields too): either is a new version. */
export async function saveClientAnswers(deps: QuestionnairesDeps, user: Viewer, caseId: number, answers: QuestionnaireAnswers, mode: 'draft' | 'submit') {
  const row = await ownCase(deps, user.id, caseId);
  return addVersion(deps, row, user, answers, mode === 'submit' ? 'submitted' : 'draft', mode);
}

/** The firm's view of a case's questionnaire: every version, newest first. */
export async function adminQuestionnaire(deps: Pick<QuestionnairesDeps, 'db'>, viewer: Viewer, caseId: number): Promise<AdminCaseQuestionnaire> {
  const row = await adminCase(deps, viewer, caseId);
  const questionnaire = await caseQuestionnaireDefinition(deps, row);
  if (!questionnaire) return null;
  const versions = await listVersions(deps.db, caseId);
  return { procedureId: questionnaire.procedureId, definition: questionnaire.definition, versions: versions.map((version) => toVersion(version, row.userId)) };
}

/** A staff member's correction: a new version in their name, its formats checked. */
export async function correctAnswers(deps: Pick<QuestionnairesDeps, 'db'>, staff: Actor, caseId: number, answers: QuestionnaireAnswers) {
  const row = await adminCase(deps, staff, caseId);
  return addVersion(deps, row, staff, answers, 'corrected', 'draft');
}

/** Marks the latest answers reviewed: the same answers again, as a version in the reviewer's name. */
export async function reviewAnswers(deps: Pick<QuestionnairesDeps, 'db'>, staff: Actor, caseId: number) {
  const row = await adminCase(deps, staff, caseId);
  const [latest] = await listVersions(deps.db, caseId, 1);
  if (!latest) throw new AppError('conflict', 'questionnaires:errors.nothingToReview');
  return addVersion(deps, row, staff, latest.answers, 'reviewed', 'draft');
}

/** The case's data sheet (PDF) from its latest answers, for the firm to copy into the official form. */
export async function dataSheet(deps: Pick<QuestionnairesDeps, 'db'>, viewer: Viewer, caseId: number): Promise<Buffer> {
  const row = await adminCase(deps, viewer, caseId);
  const questionnaire = await caseQuestionnaireDefinition(deps, row);
  if (!questionnaire) throw new AppError('notFound', 'questionnaires:errors.noQuestionnaire');
  const [latest] = await listVersions(deps.db, caseId, 1);
  return renderDataSheet({
    definition: questionnaire.definition,
    caseDisplayId: caseDisplayId(caseId),
    version: latest ? { version: latest.version, status: latest.status, answers: latest.answers, createdAt: latest.createdAt } : null,
  });
}

/** The firm edits a procedure's questionnaire (the whole definition at once); an unknown procedure is a 404. */
export async function saveDefinition(deps: Pick<QuestionnairesDeps, 'db'>, procedureId: string, definition: QuestionnaireDefinition): Promise<QuestionnaireDefinition> {
  await procedureChecklist(deps, procedureId);
  return (await upsertQuestionnaire(deps.db, procedureId, definition)).definition;
}

/** A procedure's questionnaire for the firm to edit; null when it has none yet. */
export async function procedureQuestionnaire(deps: Pick<QuestionnairesDeps, 'db'>, procedureId: string): Promise<QuestionnaireDefinition | null> {
  await procedureChecklist(deps, procedureId);
  const [row] = await listQuestionnaires(deps.db, [procedureId]);
  return row?.definition ?? null;
}
