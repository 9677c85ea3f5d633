import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { OwnProfile, SessionUser } from '#common/auth/auth.contract.ts';
import type { FamilyMember } from '#common/billing/billing-vocabulary.ts';
import {
  cancelledCaseStage,
  caseDisplayId,
  openingCaseStage,
  type AdminCaseDetail,
  type AdminCaseRow,
  type CaseDetail,
  type CaseFamilyMember,
  type CaseFilingInput,
  type CaseStage,
  type CaseStageInput,
  type ClientCase,
  type CaseDocument,
  type CaseMessage,
} from '#common/cases/cases.contract.ts';
import type { Page } from '#common/admin/paging.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import type { AdminCasesQuery } from '#common/cases/case-assignee.contract.ts';
import { staffAccounts } from '#server/features/auth/staff-accounts.service.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { casePayments } from '#server/features/payments/payments.service.ts';
import { StorageNotFoundError, type Storage } from '#server/integrations/storage/storage.ts';
import { newStorageKey, type StoredUpload } from '#server/platform/upload.ts';
import type { Actor } from '#server/platform/actor.ts';
import type { RealtimeHub } from '#server/platform/realtime.ts';
import { requestOpeningDocuments } from './case-requests.service.ts';
import { noticeClient } from './case-notices.service.ts';
import { announceCaseChange, followClientCases, type CasesLiveRequest } from './cases.live.ts';
import type { CaseMails } from './cases.mails.ts';
import { canAccessCase } from './cases.policy.ts';
import { isSwornTranslationDocument } from './case-requests.repository.ts';
import { mayUse } from '#common/auth/permissions.ts';
import {
  claimNewUploads,
  caseClientsToJoin,
  caseDocumentFiles,
  countCasesByClient,
  countCasesUnreadByAdmin,
  findCase,
  findCaseClient,
  findCaseWithTitle,
  findDocument,
  insertCase,
  insertDocument,
  insertFamilyMembers,
  insertMessage,
  listCaseIdsOfServices,
  listCasesForAdmin,
  listNewUnassignedCases,
  searchCaseRows,
  listDocuments,
  listFamilyMembers,
  listMessages,
  listStageChanges,
  listUserCases,
  markCaseSeen,
  updateFiling,
  updateStage,
  type CaseDocumentRow,
  type CaseMessageRow,
  type CaseRow,
  type CaseWithTitle,
} from './cases.repository.ts';

/** For other features' repositories: whose each case is, to join (cases.repository.ts says how). */
export { caseClientsToJoin };

/** For the orphan sweep: the stored files the cases' documents name. */
export { caseDocumentFiles };

export type CasesDeps = {
  db: Db;
  storage: Storage;
  mails: CaseMails;
  realtime: RealtimeHub;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The client's profile, as the profile feature keeps it (handed in by app.ts: profile composes the cases' personal data). */
  clientProfile: (userId: string) => Promise<OwnProfile>;
  /**
   * What must be true before the firm moves a case to a stage, refused with an AppError: the
   * identification of property work (the aml feature's, handed in by app.ts, since aml reads the cases).
   */
  checkStageMove: (caseRow: Pick<CaseRow, 'id' | 'serviceId'>, stage: CaseStage) => Promise<void>;
};

/** The firm gets at most one mail an hour per case about the client's uploads. */
const uploadMailGapMs = 60 * 60 * 1000;
type Viewer = Pick<SessionUser, 'id' | 'role'>;

/**
 * The case a paid service opens, in 'awaiting documents', with the first entry of its timeline, the
 * family members it was paid for, and the checklist of its service's default procedure for the
 * client and for each member. Called by the payments feature inside the transaction that marks the
 * payment paid, so the case never exists without its members and checklists.
 */
export async function openCase(
  { db }: Pick<CasesDeps, 'db'>,
  opened: { userId: string; serviceId: string; familyMembers?: FamilyMember[] },
): Promise<number> {
  const row = await insertCase(db, { userId: opened.userId, serviceId: opened.serviceId, stage: openingCaseStage });
  const members = await insertFamilyMembers(db, row.id, opened.familyMembers ?? []);
  await requestOpeningDocuments({ db }, row.id, opened.serviceId, members.map((member) => member.id));
  return row.id;
}

/** A file the client already sent the firm with a request, as another feature keeps it. */
export type SentFile = { storageKey: string; originalName: string; contentType: string; sizeBytes: number };

/**
 * The files the client sent with the request a case comes from (a translation quote's documents),
 * kept as the case's own documents so that the panel does not ask for them again. Each is copied,
 * to be kept and erased by the case's rules; the firm already has them, so no upload mail is due. A
 * file gone from storage is left out. Called in the transaction that opens the case: if it rolls
 * back, the copies are files no row names, which the orphan sweep removes.
 */
export async function keepSentFiles(
  { db, storage, log }: Pick<CasesDeps, 'db' | 'storage' | 'log'>,
  caseId: number,
  clientId: string,
  files: SentFile[],
  at: Date,
): Promise<void> {
  for (const file of files) {
    const storagePath = newStorageKey('case-documents', path.extname(file.storageKey).slice(1));
    try {
      await storage.put(storagePath, await storage.read(file.storageKey), file.contentType);
    } catch (error) {
      if (!(error instanceof StorageNotFoundError)) throw error;
      log.warn({ caseId, key: file.storageKey }, 'a file sent with the request is gone from storage: not carried into the case');
      continue;
    }
    await insertDocument(db, {
      caseId,
      documentName: file.originalName,
      storagePath,
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
      uploadedBy: clientId,
      firmNotifiedAt: at,
    });
  }
}

function toDocument(row: CaseDocumentRow): CaseDocument {
  return { id: row.id, name: row.documentName, contentType: row.contentType, sizeBytes: row.sizeBytes, createdAt: row.createdAt.toISOString() };
}

function toMessage(row: CaseMessageRow): CaseMessage {
  return { id: row.id, author: row.authorRole, body: row.body, createdAt: row.createdAt.toISOString() };
}

async function withDetails(db: Db, rows: CaseWithTitle[]): Promise<CaseDetail[]> {
  const ids = rows.map((row) => row.id);
  const [history, documents, messages, members, staff] = await Promise.all([
    listStageChanges(db, ids),
    listDocuments(db, ids),
    listMessages(db, ids),
    listFamilyMembers(db, ids),
    rows.some((row) => row.assigneeId !== null) ? staffAccounts.list(db) : [],
  ]);
  const handlerOf = (assigneeId: string | null) => {
    const member = staff.find((candidate) => candidate.id === assigneeId);
    return member ? { id: member.id, name: `${member.firstName} ${member.lastName}`.trim() } : null;
  };
  return rows.map((row) => ({
    id: row.id,
    displayId: caseDisplayId(row.id),
    serviceId: row.serviceId,
    serviceTitle: row.serviceTitle ?? row.serviceIdText,
    stage: row.stage,
    createdAt: row.createdAt.toISOString(),
    history: history
      .filter((change) => change.caseId === row.id)
      .map((change) => ({ stage: change.stage, note: change.note, createdAt: change.createdAt.toISOString() })),
    filing: { fileNumber: row.fileNumber, filedOn: row.filedOn, office: row.filingOffice },
    documents: documents.filter((document) => document.caseId === row.id).map(toDocument),
    messages: messages.filter((message) => message.caseId === row.id).map(toMessage),
    familyMembers: members
      .filter((member) => member.caseId === row.id)
      .map((member): CaseFamilyMember => ({ id: member.id, name: member.name, relationship: member.relationship as CaseFamilyMember['relationship'], passport: member.passport })),
    handler: handlerOf(row.assigneeId),
  }));
}

/** The signed-in client's cases, newest first, with timeline, documents, thread and what they have not seen. */
export async function clientCases({ db }: Pick<CasesDeps, 'db'>, userId: string, language: Language): Promise<ClientCase[]> {
  const rows = await listUserCases(db, userId, language);
  const details = await withDetails(db, rows);
  return details.map((detail, index) => ({ ...detail, unread: rows[index]?.unread ?? 0 }));
}

/**
 * The viewer opened the case: its client (their own case only) or an admin (for themselves).
 * Not audited: it changes only what this person is shown as new, nothing of the case.
 */
export async function markSeen({ db }: Pick<CasesDeps, 'db'>, viewer: Viewer, caseId: number): Promise<void> {
  await accessibleCase(db, viewer, caseId);
  await markCaseSeen(db, viewer.id, caseId);
}

/** How many cases hold something the admin has not seen. */
export async function adminUnreadCases({ db }: Pick<CasesDeps, 'db'>, admin: Viewer): Promise<{ cases: number }> {
  return { cases: await countCasesUnreadByAdmin(db, admin.id) };
}

/**
 * A case the viewer may reach: their own, or any for an admin. Another client's case is answered
 * as unknown (404), so ids cannot be probed.
 */
async function accessibleCase(db: Db, viewer: Viewer, caseId: number): Promise<CaseRow> {
  const row = await findCase(db, caseId);
  if (!row || !canAccessCase(viewer, row)) throw new AppError('notFound');
  return row;
}

/** A case by id, whoever's it is, for another feature that decides who may see it (deadlines); undefined for none. */
export function findAnyCase({ db }: Pick<CasesDeps, 'db'>, caseId: number): Promise<CaseRow | undefined> {
  return findCase(db, caseId);
}

/** The ids of a client's cases of some services, newest first (the aml feature's cases that ask for identification). */
export function clientCaseIdsOfServices({ db }: Pick<CasesDeps, 'db'>, userId: string, serviceIds: string[]): Promise<number[]> {
  return listCaseIdsOfServices(db, userId, serviceIds);
}

/** A case of the signed-in client's own: what they may add documents and messages to. */
export async function ownCase({ db }: Pick<CasesDeps, 'db'>, userId: string, caseId: number): Promise<CaseRow> {
  const row = await findCase(db, caseId);
  if (!row || row.userId !== userId) throw new AppError('notFound');
  return row;
}

/** The firm's case page: the case with its timeline, documents and thread, its client's identity and its payments. */
export async function adminCaseDetail(
  { db, clientProfile }: Pick<CasesDeps, 'db' | 'clientProfile'>,
  viewer: Viewer,
  caseId: number,
  language: Language,
): Promise<AdminCaseDetail> {
  const { userId } = await accessibleCase(db, viewer, caseId);
  const [row, payments] = await Promise.all([findCaseWithTitle(db, caseId, language), casePayments({ db }, caseId, userId)]);
  if (!row) throw new AppError('notFound');
  const [client, contact, [detail]] = await Promise.all([clientProfile(row.userId), findCaseClient(db, caseId), withDetails(db, [row])]);
  if (!detail || !contact) throw new AppError('notFound');
  return { ...detail, client: { ...client, language: contact.language }, payments: payments.map((payment) => ({ ...payment, createdAt: payment.createdAt.toISOString() })) };
}

/**
 * Keeps an uploaded file (already checked and stored by the upload reader) as a document of the
 * case; its client's panel hears of it (an admin may upload on their behalf).
 */
export async function addCaseDocument(
  { db, storage, realtime, now }: Pick<CasesDeps, 'db' | 'storage' | 'realtime' | 'now'>,
  userId: string,
  caseId: number,
  uploads: StoredUpload[],
): Promise<CaseDocument> {
  const [upload] = uploads;
  if (!upload) throw new AppError('validation', 'cases:documents.errors.missing');
  try {
    const row = await db.transaction(async (tx) => {
      const inserted = await insertDocument(tx, {
        caseId,
        documentName: upload.originalName,
        storagePath: upload.storageKey,
        contentType: upload.contentType,
        sizeBytes: upload.sizeBytes,
        uploadedBy: userId,
      });
      const owner = await findCase(tx, caseId);
      if (owner) await announceCaseChange(realtime, tx, { caseId, clientId: owner.userId, kind: 'document' });
      // A document the firm adds is one it shares with the client: they hear of it by mail too.
      if (owner && owner.userId !== userId) await noticeClient(tx, caseId, now(), [{ kind: 'shared', documentId: inserted.id }]);
      return inserted;
    });
    return toDocument(row);
  } catch (error) {
    await storage.remove(upload.storageKey).catch(() => {});
    throw error;
  }
}

/** The bytes of one document of a case the viewer may reach. */
export async function openCaseDocument(
  { db, storage }: Pick<CasesDeps, 'db' | 'storage'>,
  viewer: Viewer,
  caseId: number,
  documentId: string,
): Promise<{ document: CaseDocument; content: Readable }> {
  const caseRow = await findCase(db, caseId);
  // Whoever reaches the case reaches its documents; a translator only those flagged for a sworn translation.
  const isReachable =
    caseRow !== undefined &&
    (canAccessCase(viewer, caseRow) ||
      (mayUse(viewer.role, 'GET /api/admin/cases/:id/documents/:documentId') && (await isSwornTranslationDocument(db, caseId, documentId))));
  if (!isReachable) throw new AppError('notFound');
  const row = await findDocument(db, caseId, documentId);
  if (!row) throw new AppError('notFound');
  try {
    return { document: toDocument(row), content: await storage.read(row.storagePath) };
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('notFound');
    throw error;
  }
}

/**
 * The client's message to their lawyer: kept on the case and mailed to the staff member who handles
 * it (while active), else to the firm's inbox (the earlier site sent nothing: docs/product/README.md).
 */
export async function sendClientMessage({ db, mails }: Pick<CasesDeps, 'db' | 'mails'>, userId: string, caseId: number, body: string): Promise<CaseMessage> {
  await ownCase({ db }, userId, caseId);
  const row = await findCaseWithTitle(db, caseId, 'es');
  if (!row) throw new AppError('notFound');
  const client = await findCaseClient(db, caseId);
  const handler = row.assigneeId === null ? undefined : (await staffAccounts.list(db)).find((member) => member.id === row.assigneeId && member.deactivatedAt === null);
  const message = await db.transaction(async (tx) => {
    const inserted = await insertMessage(tx, { caseId, authorRole: 'client', authorId: userId, body });
    if (client) await mails.clientMessage(tx, { caseId, client, serviceTitle: row.serviceTitle ?? row.serviceIdText ?? '', body }, handler ?? null);
    return inserted;
  });
  return toMessage(message);
}

/** The firm's reply in a case's thread, with its audit row, mailed to the client and shown live on their panel. */
export async function sendFirmReply({ db, mails, realtime }: Pick<CasesDeps, 'db' | 'mails' | 'realtime'>, admin: Actor, caseId: number, body: string): Promise<CaseMessage> {
  const current = await accessibleCase(db, admin, caseId);
  const client = await findCaseClient(db, caseId);
  const message = await db.transaction(async (tx) => {
    const row = await insertMessage(tx, { caseId, authorRole: 'firm', authorId: admin.id, body });
    await announceCaseChange(realtime, tx, { caseId, clientId: current.userId, kind: 'message' });
    await recordAudit({ db: tx }, { actor: admin, action: 'REPLY', targetTable: 'cases', targetId: String(caseId), details: { messageId: row.id } });
    if (client) await mails.firmReply(tx, { caseId, client, body });
    return row;
  });
  return toMessage(message);
}

/** An admin's move of a case to a stage: kept in its timeline with the note and an audit row, mailed to the client and shown live on their panel. */
export async function moveCaseStage(
  { db, mails, realtime, clientProfile, checkStageMove }: Pick<CasesDeps, 'db' | 'mails' | 'realtime' | 'clientProfile' | 'checkStageMove'>,
  admin: Actor,
  caseId: number,
  move: CaseStageInput,
  language: Language,
): Promise<AdminCaseDetail> {
  const current = await accessibleCase(db, admin, caseId);
  await checkStageMove(current, move.stage);
  await db.transaction((tx) => recordStageMove({ db: tx, mails, realtime }, admin, current, { stage: move.stage, note: move.note || null }));
  return adminCaseDetail({ db, clientProfile }, admin, caseId, language);
}

/** A case's move to a stage in the caller's transaction: its timeline with the note, the audit row, the client's mail and their live panel. */
async function recordStageMove(
  { db, mails, realtime }: Pick<CasesDeps, 'mails' | 'realtime'> & { db: Tx },
  admin: Actor,
  current: CaseRow,
  { stage, note }: { stage: CaseStage; note: string | null },
): Promise<void> {
  const caseId = current.id;
  await updateStage(db, caseId, { stage, note, changedBy: admin.id });
  await recordAudit({ db }, { actor: admin, action: 'STAGE_CHANGE', targetTable: 'cases', targetId: String(caseId), details: { from: current.stage, to: stage, note } });
  const client = await findCaseClient(db, caseId);
  if (client) await mails.stageChanged(db, { caseId, client, stage, note });
  await announceCaseChange(realtime, db, { caseId, clientId: current.userId, kind: 'stage' });
}

/**
 * Cancels a case in the caller's transaction, as a refund that gives it up does: moved to
 * 'cancelled' with the reason as its timeline's note, like any move (audited, mailed, shown live).
 * A case already cancelled, or gone, is left as it is.
 */
export async function cancelCase({ db, mails, realtime }: Pick<CasesDeps, 'mails' | 'realtime'> & { db: Tx }, admin: Actor, caseId: number, reason: string): Promise<void> {
  const current = await findCase(db, caseId);
  if (!current || current.stage === cancelledCaseStage) return;
  await recordStageMove({ db, mails, realtime }, admin, current, { stage: cancelledCaseStage, note: reason });
}

/** The filing data an admin records (expediente number, filing date, office); empty answers clear them. Audited, shown live to the client. */
export async function saveCaseFiling(
  { db, realtime, clientProfile }: Pick<CasesDeps, 'db' | 'realtime' | 'clientProfile'>,
  admin: Actor,
  caseId: number,
  input: CaseFilingInput,
  language: Language,
): Promise<AdminCaseDetail> {
  const current = await accessibleCase(db, admin, caseId);
  const filing = { fileNumber: input.fileNumber || null, filedOn: input.filedOn || null, filingOffice: input.office || null };
  await db.transaction(async (tx) => {
    await updateFiling(tx, caseId, filing);
    await recordAudit({ db: tx }, { actor: admin, action: 'FILING_UPDATE', targetTable: 'cases', targetId: String(caseId), details: filing });
    await announceCaseChange(realtime, tx, { caseId, clientId: current.userId, kind: 'filing' });
  });
  return adminCaseDetail({ db, clientProfile }, admin, caseId, language);
}

/** The signed-in client's live stream of changes to their own cases, until they sign out. */
export function streamClientCases({ realtime, log }: Pick<CasesDeps, 'realtime' | 'log'>, clientId: string, live: CasesLiveRequest): Promise<void> {
  return followClientCases(realtime, log, clientId, live);
}

/** Every case, newest first, for the admin's Expedientes tab. */
export async function adminCasesPage({ db }: Pick<CasesDeps, 'db'>, admin: Viewer, query: AdminCasesQuery, language: Language): Promise<Page<AdminCaseRow>> {
  const { rows, total } = await listCasesForAdmin(db, query, language, admin.id);
  return adminPage(
    query,
    rows.map((row) => ({
      id: row.id,
      displayId: caseDisplayId(row.id),
      client: { name: row.clientName, email: row.clientEmail },
      serviceTitle: row.serviceTitle ?? row.serviceIdText,
      stage: row.stage,
      createdAt: row.createdAt.toISOString(),
      unread: row.unread,
    })),
    total,
  );
}

/** A case the admin may add documents to on the client's behalf. */
export function adminCase({ db }: Pick<CasesDeps, 'db'>, admin: Viewer, caseId: number): Promise<CaseRow> {
  return accessibleCase(db, admin, caseId);
}

/**
 * The background task's pass: one mail to the firm per case listing the files its client uploaded
 * since the last such mail, at most one an hour per case; the claim and the mails are one
 * transaction, so with several instances each upload is mailed exactly once. Answers how many mails.
 */
export async function mailNewUploads({ db, mails, now }: Pick<CasesDeps, 'db' | 'mails' | 'now'>): Promise<number> {
  const at = now();
  return db.transaction(async (tx) => {
    const batches = await claimNewUploads(tx, at, new Date(at.getTime() - uploadMailGapMs));
    for (const batch of batches) {
      const [client, row] = await Promise.all([findCaseClient(tx, batch.caseId), findCaseWithTitle(tx, batch.caseId, 'es')]);
      if (client) await mails.newUploads(tx, { caseId: batch.caseId, client, serviceTitle: row?.serviceTitle ?? row?.serviceIdText ?? '', files: batch.files });
    }
    return batches.length;
  });
}

/** How many cases each of these clients has, for the back office's client list (none: 0). */
export async function caseCountsByClient({ db }: { db: Db }, userIds: string[]): Promise<(userId: string) => number> {
  const counts = await countCasesByClient(db, userIds);
  return (userId) => counts.get(userId) ?? 0;
}

/** The back office's search of cases by EXP number or the administration's file number, with each case's client. */
export function searchCases({ db }: { db: Db }, compact: string, limit: number) {
  const number = /^(?:EXP)?0*(\d{1,9})$/.exec(compact)?.[1];
  return searchCaseRows(db, compact, number ? Number(number) : undefined, limit);
}

/** Cases opened since `since` that nobody handles yet, newest first (the "Hoy" view's new work), with their client and service. */
export async function newUnassignedCases({ db }: { db: Db }, since: Date, language: Language, limit: number) {
  const rows = await listNewUnassignedCases(db, since, language, limit);
  return rows.map((row) => ({ id: row.id, openedAt: row.createdAt, clientName: row.clientName, serviceTitle: row.serviceTitle ?? row.serviceIdText ?? '' }));
}

/** For the staff feature, when a person leaves: their cases go back to the unassigned queue. */
export { releaseCasesOf } from './cases.repository.ts';
