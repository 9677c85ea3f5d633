import type { SessionUser } from '#common/auth/auth.contract.ts';
import type { CaseRequest, CaseRequestInput } from '#common/cases/case-requests.contract.ts';
import { caseDisplayId, type CaseDocument } from '#common/cases/cases.contract.ts';
import type { SwornTranslationDocument } from '#common/cases/sworn-translation.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { TodayWhose } from '#common/today/today.contract.ts';
import type { Db } from '#server/db/client.ts';
import { insertedRow } from '#server/db/returning.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { defaultChecklist, procedureChecklist, type ChecklistItem } from '#server/features/procedures/procedures.service.ts';
import type { Storage } from '#server/integrations/storage/storage.ts';
import type { StoredUpload } from '#server/platform/upload.ts';
import type { Actor } from '#server/platform/actor.ts';
import type { RealtimeHub } from '#server/platform/realtime.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import {
  deleteRequest,
  findRequest,
  insertRequests,
  linkDocument,
  listRequestDocuments,
  listRequests,
  updateRequest,
  type CaseRequestRow,
  listReceivedRequests,
  listSwornTranslationDocuments,
  listCaseProcedureIds,
} from './case-requests.repository.ts';
import { noticeClient } from './case-notices.service.ts';
import { announceCaseChange } from './cases.live.ts';
import { canAccessCase } from './cases.policy.ts';
import { type StaffRoute } from '#common/auth/permissions.ts';
import { isStaffRole } from '#common/auth/staff-roles.ts';
import { findCase, insertDocument, listFamilyMembers, type CaseDocumentRow } from './cases.repository.ts';

export type CaseRequestsDeps = { db: Db; storage: Storage; realtime: Pick<RealtimeHub, 'publish'>; now: Clock };
type Viewer = Pick<SessionUser, 'id' | 'role'>;

function toDocument(row: CaseDocumentRow): CaseDocument {
  return { id: row.id, name: row.documentName, contentType: row.contentType, sizeBytes: row.sizeBytes, createdAt: row.createdAt.toISOString() };
}

async function withDocuments(db: Db, rows: CaseRequestRow[], language: Language): Promise<CaseRequest[]> {
  const files = await listRequestDocuments(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    caseId: row.caseId,
    familyMemberId: row.familyMemberId,
    title: row.title[language],
    explanation: row.explanation[language],
    isApostilleRequired: row.isApostilleRequired,
    isSwornTranslationRequired: row.isSwornTranslationRequired,
    validityMonths: row.validityMonths,
    isPerFamilyMember: row.isPerFamilyMember,
    status: row.status,
    rejectionReason: row.rejectionReason,
    dueDate: row.dueDate,
    documents: files.filter((file) => file.requestId === row.id).map((file) => toDocument(file.document)),
    createdAt: row.createdAt.toISOString(),
  }));
}

async function oneRequest(db: Db, row: CaseRequestRow, language: Language): Promise<CaseRequest> {
  const [request] = await withDocuments(db, [row], language);
  if (!request) throw new AppError('notFound');
  return request;
}

/** Another client's case is answered as unknown (404), so ids cannot be probed. */
async function checkAccess(db: Db, viewer: Viewer, caseId: number, staffRoute?: StaffRoute): Promise<void> {
  const row = await findCase(db, caseId);
  if (!row || !canAccessCase(viewer, row, staffRoute)) throw new AppError('notFound');
}

async function requestOf(db: Db, viewer: Viewer, caseId: number, requestId: string, staffRoute?: StaffRoute): Promise<CaseRequestRow> {
  await checkAccess(db, viewer, caseId, staffRoute);
  const row = await findRequest(db, caseId, requestId);
  if (!row) throw new AppError('notFound');
  return row;
}

/**
 * What a family member is asked for (ADR 019): the items marked 'one per family member' (the
 * relative's passport in a family reunification), or, in a procedure that marks none, every item,
 * since each member then goes through the same procedure as the client.
 */
function memberItems(items: ChecklistItem[]): ChecklistItem[] {
  const perMember = items.filter((item) => item.isPerFamilyMember);
  return perMember.length > 0 ? perMember : items;
}

/** A checklist's requests: the client's own, then each family member's, in the members' order. */
function copies(items: ChecklistItem[], procedureId: string | null, createdBy: string | null, familyMemberIds: string[]) {
  const forMembers = memberItems(items);
  return [
    ...items.map((item) => ({ ...item, procedureId, createdBy, familyMemberId: null })),
    ...familyMemberIds.flatMap((familyMemberId) => forMembers.map((item) => ({ ...item, procedureId, createdBy, familyMemberId }))),
  ];
}

/**
 * The checklist a case opens with: its service's default procedure copied into requests for the
 * client and for each family member, so later edits of the template leave the case alone. Called by
 * `openCase`, in the transaction that opens the case.
 */
export async function requestOpeningDocuments(
  { db }: Pick<CaseRequestsDeps, 'db'>,
  caseId: number,
  serviceId: string,
  familyMemberIds: string[],
): Promise<void> {
  const checklist = await defaultChecklist({ db }, serviceId);
  if (checklist) await insertRequests(db, caseId, copies(checklist.items, checklist.procedureId, null, familyMemberIds));
}

/** A case's requests, for its client or an admin, in the firm's order. */
export async function caseRequests({ db }: Pick<CaseRequestsDeps, 'db'>, viewer: Viewer, caseId: number, language: Language): Promise<CaseRequest[]> {
  await checkAccess(db, viewer, caseId);
  return withDocuments(db, await listRequests(db, caseId), language);
}

/**
 * Checked before a byte of an upload is read: the request exists on a case the viewer may reach
 * and still waits for a file (an accepted one is closed).
 */
export async function requestAwaitingUpload({ db }: Pick<CaseRequestsDeps, 'db'>, viewer: Viewer, caseId: number, requestId: string): Promise<void> {
  // Staff upload only where their role may (accounting reads cases, never writes them).
  const row = await requestOf(db, viewer, caseId, requestId, 'POST /api/admin/cases/:id/requests/:requestId/documents');
  if (row.status === 'accepted') throw new AppError('conflict', 'case-requests:errors.alreadyAccepted');
}

/** A file that answers a request (one page of a passport…): kept as a case document, and the request is received again. */
export async function uploadToRequest(
  { db, storage }: CaseRequestsDeps,
  uploader: Actor,
  caseId: number,
  requestId: string,
  uploads: StoredUpload[],
  language: Language,
): Promise<CaseRequest> {
  const [upload] = uploads;
  if (!upload) throw new AppError('validation', 'cases:documents.errors.missing');
  try {
    return await db.transaction(async (tx) => {
      const current = await requestOf(tx, uploader, caseId, requestId);
      if (current.status === 'accepted') throw new AppError('conflict', 'case-requests:errors.alreadyAccepted');
      const document = await insertDocument(tx, {
        caseId,
        documentName: upload.originalName,
        storagePath: upload.storageKey,
        contentType: upload.contentType,
        sizeBytes: upload.sizeBytes,
        uploadedBy: uploader.id,
      });
      await linkDocument(tx, requestId, document.id);
      const row = await updateRequest(tx, requestId, { status: 'received', rejectionReason: null });
      if (!row) throw new AppError('notFound');
      if (isStaffRole(uploader.role)) {
        await recordAudit({ db: tx }, { actor: uploader, action: 'REQUEST_UPLOAD', targetTable: 'case_document_requests', targetId: requestId, details: { caseId, documentId: document.id } });
      }
      return oneRequest(tx, row, language);
    });
  } catch (error) {
    await storage.remove(upload.storageKey).catch(() => {});
    throw error;
  }
}

/**
 * An admin's own request, such as a document a requerimiento asks for: one title stands for every
 * language. Asked of one of the case's family members, or of the client.
 */
export async function addRequest({ db, now }: Pick<CaseRequestsDeps, 'db' | 'now'>, admin: Actor, caseId: number, input: CaseRequestInput, language: Language): Promise<CaseRequest> {
  await checkAccess(db, admin, caseId);
  if (input.familyMemberId !== null) {
    const members = await listFamilyMembers(db, [caseId]);
    if (!members.some((member) => member.id === input.familyMemberId)) throw new AppError('validation', 'family-package:errors.unknownMember');
  }
  return db.transaction(async (tx) => {
    const text = { es: input.title, en: input.title, fr: input.title };
    const row = insertedRow(await insertRequests(tx, caseId, [
      {
        title: text,
        explanation: { es: '', en: '', fr: '' },
        dueDate: input.dueDate,
        procedureId: null,
        createdBy: admin.id,
        familyMemberId: input.familyMemberId,
      },
    ]));
    const details = { caseId, title: input.title, ...(input.familyMemberId ? { familyMemberId: input.familyMemberId } : {}) };
    await recordAudit({ db: tx }, { actor: admin, action: 'REQUEST_CREATE', targetTable: 'case_document_requests', targetId: row.id, details });
    await noticeClient(tx, caseId, now(), [{ kind: 'request', requestId: row.id }]);
    return oneRequest(tx, row, language);
  });
}

/** Adds another procedure's checklist to a case (its items after the case's own), for the client and each family member. */
export async function applyProcedure({ db, now }: Pick<CaseRequestsDeps, 'db' | 'now'>, admin: Actor, caseId: number, procedureId: string, language: Language): Promise<CaseRequest[]> {
  await checkAccess(db, admin, caseId);
  const items = await procedureChecklist({ db }, procedureId);
  const members = await listFamilyMembers(db, [caseId]);
  await db.transaction(async (tx) => {
    const added = await insertRequests(tx, caseId, copies(items, procedureId, admin.id, members.map((member) => member.id)));
    await noticeClient(
      tx,
      caseId,
      now(),
      added.map((request) => ({ kind: 'request' as const, requestId: request.id })),
    );
    await recordAudit({ db: tx }, { actor: admin, action: 'PROCEDURE_APPLY', targetTable: 'cases', targetId: String(caseId), details: { procedureId, items: items.length } });
  });
  return caseRequests({ db }, admin, caseId, language);
}

/** The firm's answer to what the client uploaded: only a received request can be accepted or rejected. */
async function review(
  { db, realtime, now }: Pick<CaseRequestsDeps, 'db' | 'realtime' | 'now'>,
  admin: Actor,
  caseId: number,
  requestId: string,
  decision: { status: 'accepted' } | { status: 'rejected'; reason: string },
  language: Language,
): Promise<CaseRequest> {
  return db.transaction(async (tx) => {
    const current = await requestOf(tx, admin, caseId, requestId);
    if (current.status !== 'received') throw new AppError('conflict', 'case-requests:errors.nothingToReview');
    const rejectionReason = decision.status === 'rejected' ? decision.reason : null;
    const row = await updateRequest(tx, requestId, { status: decision.status, rejectionReason });
    if (!row) throw new AppError('notFound');
    await recordAudit(
      { db: tx },
      {
        actor: admin,
        action: decision.status === 'accepted' ? 'REQUEST_ACCEPT' : 'REQUEST_REJECT',
        targetTable: 'case_document_requests',
        targetId: requestId,
        details: { caseId, ...(rejectionReason ? { reason: rejectionReason } : {}) },
      },
    );
    if (decision.status === 'rejected') await noticeClient(tx, caseId, now(), [{ kind: 'rejection', requestId }]);
    // The client's panel shows the new status (and a rejection's reason) without a reload.
    const owner = await findCase(tx, caseId);
    if (owner) await announceCaseChange(realtime, tx, { caseId, clientId: owner.userId, kind: 'request' });
    return oneRequest(tx, row, language);
  });
}

export function acceptRequest(deps: Pick<CaseRequestsDeps, 'db' | 'realtime' | 'now'>, admin: Actor, caseId: number, requestId: string, language: Language): Promise<CaseRequest> {
  return review(deps, admin, caseId, requestId, { status: 'accepted' }, language);
}

/** Rejects what the client sent, with the reason they read before uploading again. */
export function rejectRequest(deps: Pick<CaseRequestsDeps, 'db' | 'realtime' | 'now'>, admin: Actor, caseId: number, requestId: string, reason: string, language: Language): Promise<CaseRequest> {
  return review(deps, admin, caseId, requestId, { status: 'rejected', reason }, language);
}

export async function setRequestDueDate({ db }: Pick<CaseRequestsDeps, 'db'>, admin: Actor, caseId: number, requestId: string, dueDate: string | null, language: Language): Promise<CaseRequest> {
  return db.transaction(async (tx) => {
    await requestOf(tx, admin, caseId, requestId);
    const row = await updateRequest(tx, requestId, { dueDate });
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, { actor: admin, action: 'REQUEST_DUE_DATE', targetTable: 'case_document_requests', targetId: requestId, details: { caseId, dueDate } });
    return oneRequest(tx, row, language);
  });
}

/** Removes a request; the files that answered it stay among the case's documents. */
export async function removeRequest({ db }: Pick<CaseRequestsDeps, 'db'>, admin: Actor, caseId: number, requestId: string): Promise<void> {
  await checkAccess(db, admin, caseId);
  await db.transaction(async (tx) => {
    const row = await deleteRequest(tx, caseId, requestId);
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, { actor: admin, action: 'REQUEST_DELETE', targetTable: 'case_document_requests', targetId: requestId, details: { caseId, title: row.title.es } });
  });
}

/** How many of the newest documents awaiting a sworn translation the translator's list shows. */
const swornTranslationListSize = 200;

/** The documents clients uploaded to requests flagged for a sworn translation, newest first. */
export async function swornTranslationDocuments({ db }: Pick<CaseRequestsDeps, 'db'>, language: Language): Promise<SwornTranslationDocument[]> {
  const rows = await listSwornTranslationDocuments(db, swornTranslationListSize);
  return rows.map((row) => ({
    caseId: row.caseId,
    displayId: caseDisplayId(row.caseId),
    documentId: row.documentId,
    name: row.name,
    requestTitle: row.requestTitle[language],
    uploadedAt: row.uploadedAt.toISOString(),
  }));
}

/** The documents received and waiting for the firm's review (the "Hoy" view's): each request's title in `language`, its case and who handles it. */
export async function documentsAwaitingReview({ db }: Pick<CaseRequestsDeps, 'db'>, whose: TodayWhose, language: Language, limit: number) {
  const rows = await listReceivedRequests(db, whose, limit);
  return rows.map((row) => ({ ...row, title: row.title[language] }));
}

/** The procedures a case's checklist came from, the first applied first (its questionnaire is the first that has one). */
export function caseProcedureIds({ db }: Pick<CaseRequestsDeps, 'db'>, caseId: number): Promise<string[]> {
  return listCaseProcedureIds(db, caseId);
}
