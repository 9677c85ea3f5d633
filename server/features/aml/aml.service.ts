import { subYears } from 'date-fns';
import type { FastifyBaseLogger } from 'fastify';
import {
  identificationRetentionYears,
  stagesBeforeIdentification,
  type CaseIdentification,
  type Identification,
  type IdentificationInput,
  type IdentificationReview,
} from '#common/aml/aml.contract.ts';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { mayUse } from '#common/auth/permissions.ts';
import type { CaseStage } from '#common/cases/cases.contract.ts';
import type { Db } from '#server/db/client.ts';
import { clientCaseIdsOfServices, findAnyCase } from '#server/features/cases/cases.service.ts';
import { caseClosings } from '#server/features/cases/document-retention.service.ts';
import { amlServiceIds } from '#server/features/services/services.service.ts';
import type { Storage } from '#server/integrations/storage/storage.ts';
import type { Actor } from '#server/platform/actor.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { StoredUpload } from '#server/platform/upload.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import {
  deleteCaseIdentifications,
  findIdentification,
  findIdentificationFile,
  hasAcceptedIdentification,
  identificationFiles,
  insertIdentification,
  listIdentificationFiles,
  listIdentifications,
  listRetentionCandidates,
  reviewIdentification,
  type IdentificationRow,
} from './aml.repository.ts';

/** For the orphan sweep: the stored files the identification records name. */
export { identificationFiles };

export type AmlDeps = { db: Db; storage: Storage; log: FastifyBaseLogger; now: Clock };

type Viewer = Pick<SessionUser, 'id' | 'role'>;

/** The back-office route whose row in the permission table says who on the staff reviews identifications. */
const reviewRoute = 'GET /api/admin/cases/:id/identification';

/** A case of a property service (or any the firm flags): whether the law asks its client's identification. */
async function asksIdentification(db: Db, serviceId: string | null): Promise<boolean> {
  return serviceId !== null && (await amlServiceIds({ db })).includes(serviceId);
}

/**
 * The case, if the viewer may reach its identification: its client, or staff whose role the
 * permission table lets review it. Any other case, or one that asks no identification, is
 * unknown (404), so ids cannot be probed.
 */
async function identifiedCase(db: Db, viewer: Viewer, caseId: number) {
  const found = await reachableCase(db, viewer, caseId);
  if (!(await asksIdentification(db, found.serviceId))) throw new AppError('notFound');
  return found;
}

async function reachableCase(db: Db, viewer: Viewer, caseId: number) {
  const found = await findAnyCase({ db }, caseId);
  if (!found || (found.userId !== viewer.id && !mayUse(viewer.role, reviewRoute))) throw new AppError('notFound');
  return found;
}

async function toIdentifications(db: Db, rows: IdentificationRow[]): Promise<Identification[]> {
  const files = await listIdentificationFiles(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    caseId: row.caseId,
    status: row.status,
    fullName: row.fullName,
    documentKind: row.documentKind,
    documentNumber: row.documentNumber,
    fundsOrigin: row.fundsOrigin,
    purpose: row.purpose,
    files: files.filter((file) => file.identificationId === row.id).map((file) => ({ id: file.id, name: file.originalName, contentType: file.contentType, sizeBytes: file.sizeBytes })),
    reviewNote: row.reviewNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

function caseIdentification(caseId: number, submissions: Identification[]): CaseIdentification {
  return { caseId, status: submissions[0]?.status ?? 'required', submissions };
}

/** The signed-in client's cases that ask for identification, each with its submissions, newest first. */
export async function clientIdentifications({ db }: Pick<AmlDeps, 'db'>, userId: string): Promise<CaseIdentification[]> {
  const caseIds = await clientCaseIdsOfServices({ db }, userId, await amlServiceIds({ db }));
  const submissions = await toIdentifications(db, await listIdentifications(db, caseIds));
  return caseIds.map((caseId) => caseIdentification(caseId, submissions.filter((submission) => submission.caseId === caseId)));
}

/** A case's identification for the firm's case page, which asks of every case: one whose service asks none says so. */
export async function adminCaseIdentification({ db }: Pick<AmlDeps, 'db'>, viewer: Viewer, caseId: number): Promise<CaseIdentification> {
  const found = await reachableCase(db, viewer, caseId);
  if (!(await asksIdentification(db, found.serviceId))) return { caseId, status: 'notRequired', submissions: [] };
  return caseIdentification(caseId, await toIdentifications(db, await listIdentifications(db, [caseId])));
}

/** Checked before a byte of the file is read: the client's own case that asks identification, not accepted yet. */
export async function ownCaseAwaitingIdentification({ db }: Pick<AmlDeps, 'db'>, userId: string, caseId: number): Promise<void> {
  const found = await identifiedCase(db, { id: userId, role: 'user' }, caseId);
  if (found.userId !== userId) throw new AppError('notFound');
  if (await hasAcceptedIdentification(db, caseId)) throw new AppError('conflict', 'aml:errors.alreadyAccepted');
}

/** Keeps the client's submission with its document's files (checked and stored by the upload reader), for the firm to review. */
export async function submitIdentification(
  { db, storage, log }: Pick<AmlDeps, 'db' | 'storage' | 'log'>,
  userId: string,
  caseId: number,
  input: IdentificationInput,
  uploads: StoredUpload[],
): Promise<CaseIdentification> {
  try {
    if (uploads.length === 0) throw new AppError('validation', 'aml:form.errors.documentRequired');
    await ownCaseAwaitingIdentification({ db }, userId, caseId);
    await insertIdentification(db, { ...input, caseId, userId }, uploads);
  } catch (error) {
    await Promise.all(uploads.map((upload) => storage.remove(upload.storageKey).catch((err: unknown) => log.error({ err, key: upload.storageKey }, 'could not remove a refused upload'))));
    throw error;
  }
  return caseIdentification(caseId, await toIdentifications(db, await listIdentifications(db, [caseId])));
}

/** The firm accepts a submission, or asks for it again with a note the client reads; audited. Only a submission awaiting review can be reviewed. */
export async function reviewCaseIdentification(
  { db, now }: Pick<AmlDeps, 'db' | 'now'>,
  staff: Actor,
  caseId: number,
  identificationId: string,
  review: IdentificationReview,
): Promise<CaseIdentification> {
  await identifiedCase(db, staff, caseId);
  if (!(await findIdentification(db, caseId, identificationId))) throw new AppError('notFound');
  await db.transaction(async (tx) => {
    const status = review.decision === 'accept' ? 'accepted' : 'returned';
    const reviewNote = review.decision === 'return' ? review.note : null;
    if (!(await reviewIdentification(tx, identificationId, { status, reviewNote, reviewedBy: staff.id, reviewedAt: now() }))) {
      throw new AppError('conflict', 'aml:errors.alreadyReviewed');
    }
    await recordAudit({ db: tx }, { actor: staff, action: 'IDENTIFICATION_REVIEW', targetTable: 'cases', targetId: String(caseId), details: { decision: review.decision } });
  });
  return adminCaseIdentification({ db }, staff, caseId);
}

/** One file of a submission, for its client or the staff who review it. */
export async function openIdentificationFile(
  { db, storage }: Pick<AmlDeps, 'db' | 'storage'>,
  viewer: Viewer,
  params: { id: number; identificationId: string; fileId: string },
) {
  await identifiedCase(db, viewer, params.id);
  const file = (await findIdentification(db, params.id, params.identificationId)) && (await findIdentificationFile(db, params.identificationId, params.fileId));
  if (!file) throw new AppError('notFound');
  return { name: file.originalName, contentType: file.contentType, sizeBytes: file.sizeBytes, body: await storage.read(file.storageKey) };
}

/**
 * The cases' gate (handed to the cases module by app.ts): a case that asks identification moves
 * past its opening stages only once a submission is accepted, since the law wants the client
 * identified before the work starts (Ley 10/2010, art. 3).
 */
export async function checkStageMove({ db }: Pick<AmlDeps, 'db'>, caseRow: { id: number; serviceId: string | null }, stage: CaseStage): Promise<void> {
  if (stagesBeforeIdentification.includes(stage) || !(await asksIdentification(db, caseRow.serviceId))) return;
  if (!(await hasAcceptedIdentification(db, caseRow.id))) throw new AppError('conflict', 'aml:errors.identificationPending');
}

/**
 * The daily retention pass of the identification records: a case's records are erased (rows, then
 * files after the commit) once 10 years have passed since the business relationship ended, which
 * is when its case closed or when the client deleted their account, whichever came first. A case
 * still open keeps them. Audited as the documents' retention is. Answers how many cases' records it erased.
 */
export async function eraseExpiredIdentifications({ db, storage, log, now }: AmlDeps): Promise<number> {
  const before = subYears(now(), identificationRetentionYears);
  const candidates = await listRetentionCandidates(db);
  const closings = await caseClosings({ db }, [...new Set(candidates.map((candidate) => candidate.caseId))]);
  const ended = new Map<number, Date>();
  for (const { caseId, relationshipEndedAt } of candidates) {
    const ends = [closings.get(caseId), relationshipEndedAt, ended.get(caseId)].filter((date): date is Date => date instanceof Date);
    if (ends.length > 0) ended.set(caseId, new Date(Math.min(...ends.map((date) => date.getTime()))));
  }
  let erased = 0;
  for (const [caseId, endedAt] of ended) {
    if (endedAt >= before) continue;
    const keys = await db.transaction(async (tx) => {
      const removed = await deleteCaseIdentifications(tx, caseId);
      await recordAudit({ db: tx }, { actor: null, action: 'RETENTION_ERASE', targetTable: 'cases', targetId: String(caseId), details: { identifications: true } });
      return removed;
    });
    erased += 1;
    await Promise.all(keys.map((key) => storage.remove(key).catch((error: unknown) => log.error({ err: error, key }, 'could not remove an identification file erased by retention'))));
  }
  if (erased > 0) log.info({ event: 'identification-retention', cases: erased }, 'identification records past their 10 years erased');
  return erased;
}
