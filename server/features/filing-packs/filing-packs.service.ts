import { randomUUID } from 'node:crypto';
import { subMonths } from 'date-fns';
import type { FastifyBaseLogger } from 'fastify';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { firmDay } from '#common/dates.ts';
import {
  defaultFilingLimits,
  fileableContentTypes,
  type CaseFilingPacks,
  type FileableDocument,
  type FilingLimits,
  type FilingPack,
  type FilingPackFile,
  type FilingPackFiled,
  type NewFilingPack,
} from '#common/filing-packs/filing-packs.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { Db } from '#server/db/client.ts';
import { caseRequests } from '#server/features/cases/case-requests.service.ts';
import { adminCase, openCaseDocument } from '#server/features/cases/cases.service.ts';
import { caseClosings } from '#server/features/cases/document-retention.service.ts';
import type { Storage } from '#server/integrations/storage/storage.ts';
import type { Actor } from '#server/platform/actor.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { documentPages, mergedPdf, renderFilingIndex, UnreadableDocumentError, type DocumentPages } from './filing-pack-pdf.ts';
import {
  caseClientName,
  deleteCasePacks,
  findFilingSettings,
  findPack,
  findPackFile,
  insertPack,
  listCasePacks,
  listCasesWithPacks,
  listPackFiles,
  markPackFiled,
  saveFilingSettings,
  type FilingPackFileRow,
  type FilingPackRow,
} from './filing-packs.repository.ts';

export { filingPackStoredFiles } from './filing-packs.repository.ts';

export type FilingPacksDeps = { db: Db; storage: Storage; now: Clock };

/** The retention pass's: the log, and the months a closed case keeps its documents (RETENTION_DOCUMENT_MONTHS). */
export type FilingRetentionDeps = FilingPacksDeps & { log: FastifyBaseLogger; documentMonths: number };

type Viewer = Pick<SessionUser, 'id' | 'role'>;

/** Megabytes as the staff member reads them in a message ('10,5' in Spanish, '10.5' in English). */
const megabytes = (bytes: number, language: Language) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));

/** The registry's limits the firm set, else Mercurio's. */
export async function filingLimits({ db }: Pick<FilingPacksDeps, 'db'>): Promise<FilingLimits> {
  return (await findFilingSettings(db)) ?? { ...defaultFilingLimits };
}

/** The firm's new limits (audited with before and after); packs already made keep the limits they were made within. */
export async function saveFilingLimits({ db }: Pick<FilingPacksDeps, 'db'>, staff: Actor, limits: FilingLimits): Promise<FilingLimits> {
  const before = await filingLimits({ db });
  await db.transaction(async (tx) => {
    await saveFilingSettings(tx, { ...limits, updatedBy: staff.id });
    await recordAudit({ db: tx }, { actor: staff, action: 'FILING_LIMITS_UPDATE', targetTable: 'filing_settings', targetId: 'firm', details: { before, after: limits } });
  });
  return limits;
}

type Candidate = FileableDocument & { isAccepted: boolean };

/** Every document answering a request of the case, the accepted ones marked; titles in `language`. */
async function caseCandidates(db: Db, viewer: Viewer, caseId: number, language: Language): Promise<Candidate[]> {
  const requests = await caseRequests({ db }, viewer, caseId, language);
  return requests.flatMap((request) =>
    request.documents.map((document) => ({
      id: document.id,
      name: document.name,
      requestTitle: request.title,
      contentType: document.contentType,
      sizeBytes: document.sizeBytes,
      isFileable: (fileableContentTypes as readonly string[]).includes(document.contentType),
      isAccepted: request.status === 'accepted',
    })),
  );
}

function toFile(row: FilingPackFileRow): FilingPackFile {
  return { number: row.number, name: row.name, sizeBytes: row.sizeBytes, pageCount: row.pageCount, documents: row.documents };
}

function toPack(row: FilingPackRow, files: FilingPackFileRow[], createdByName: string | null): FilingPack {
  return {
    id: row.id,
    caseId: row.caseId,
    files: files.filter((file) => file.packId === row.id).map(toFile),
    totalBytes: row.totalBytes,
    limits: { maxFileBytes: row.maxFileBytes, maxTotalBytes: row.maxTotalBytes },
    createdAt: row.createdAt.toISOString(),
    createdByName,
    filedOn: row.filedOn,
    receiptNumber: row.receiptNumber,
  };
}

/** The case page's filing section: the accepted documents, the packs made so far and the limits in force. */
export async function caseFilingPacks({ db }: Pick<FilingPacksDeps, 'db'>, viewer: Viewer, caseId: number, language: Language): Promise<CaseFilingPacks> {
  await adminCase({ db }, viewer, caseId);
  const [candidates, packs, limits] = await Promise.all([caseCandidates(db, viewer, caseId, language), listCasePacks(db, caseId), filingLimits({ db })]);
  const files = await listPackFiles(
    db,
    packs.map(({ pack }) => pack.id),
  );
  return {
    documents: candidates.filter((candidate) => candidate.isAccepted).map(({ isAccepted: _accepted, ...document }) => document),
    packs: packs.map(({ pack, firstName, lastName }) => toPack(pack, files, firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim())),
    limits,
  };
}

type Chosen = { candidate: Candidate; pages: DocumentPages; sizeBytes: number; startsNewFile: boolean };

/** The chosen documents' pages, each checked: accepted, of this case, a PDF or a photo, readable, within a file's limit on its own. */
async function chosenDocuments(deps: FilingPacksDeps, staff: Actor, caseId: number, input: NewFilingPack, limits: FilingLimits, language: Language): Promise<Chosen[]> {
  const candidates = new Map((await caseCandidates(deps.db, staff, caseId, 'es')).map((candidate) => [candidate.id, candidate]));
  for (const { documentId } of input.documents) {
    const candidate = candidates.get(documentId);
    if (!candidate) throw new AppError('validation', 'filing-packs:errors.unknownDocument');
    if (!candidate.isAccepted) throw new AppError('validation', 'filing-packs:errors.notAccepted', {}, { name: candidate.name });
    if (!candidate.isFileable) throw new AppError('validation', 'filing-packs:errors.notConvertible', {}, { name: candidate.name });
  }
  const chosen: Chosen[] = [];
  for (const [index, { documentId, startsNewFile }] of input.documents.entries()) {
    const candidate = candidates.get(documentId);
    if (!candidate) throw new AppError('validation', 'filing-packs:errors.unknownDocument');
    const { content } = await openCaseDocument(deps, staff, caseId, documentId);
    let pages: DocumentPages;
    try {
      pages = await documentPages(await buffer(content), candidate.contentType);
    } catch (error) {
      if (error instanceof UnreadableDocumentError) throw new AppError('validation', 'filing-packs:errors.unreadable', {}, { name: candidate.name });
      throw error;
    }
    const sizeBytes = (await mergedPdf([pages], candidate.requestTitle)).byteLength;
    if (sizeBytes > limits.maxFileBytes) {
      throw new AppError('validation', 'filing-packs:errors.documentTooLarge', {}, { name: candidate.name, size: megabytes(sizeBytes, language), limit: megabytes(limits.maxFileBytes, language) });
    }
    chosen.push({ candidate, pages, sizeBytes, startsNewFile: index === 0 || (startsNewFile ?? false) });
  }
  return chosen;
}

/**
 * The documents shared into files: a new file where the firm asked for one, and wherever the next
 * document would take the file past the limit (by the documents' own sizes; the merged file is then
 * checked, and its last document moved on while it is still too large).
 */
async function filesWithin(chosen: Chosen[], maxFileBytes: number, title: string): Promise<{ documents: Chosen[]; bytes: Uint8Array }[]> {
  const groups: Chosen[][] = [];
  let estimate = 0;
  for (const document of chosen) {
    const current = groups.at(-1);
    if (!current || document.startsNewFile || estimate + document.sizeBytes > maxFileBytes) {
      groups.push([document]);
      estimate = document.sizeBytes;
    } else {
      current.push(document);
      estimate += document.sizeBytes;
    }
  }
  const files: { documents: Chosen[]; bytes: Uint8Array }[] = [];
  for (let index = 0; index < groups.length; index += 1) {
    const group = groups[index] ?? [];
    let bytes = await mergedPdf(
      group.map((document) => document.pages),
      title,
    );
    while (bytes.byteLength > maxFileBytes && group.length > 1) {
      const moved = group.pop();
      if (moved) groups.splice(index + 1, 0, [{ ...moved, startsNewFile: true }]);
      bytes = await mergedPdf(
        group.map((document) => document.pages),
        title,
      );
    }
    files.push({ documents: group, bytes });
  }
  return files;
}

function storageKeyOf(now: Date): string {
  return `filing-packs/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.pdf`;
}

/**
 * Builds the case's filing pack from its accepted documents in the order given: the PDFs within the
 * firm's limits and the index, stored, recorded with who made it and audited on the case. Refuses,
 * changing nothing, a document that is not one of the case's accepted ones, one too large for a file
 * on its own, or a pack larger than a filing may be.
 */
export async function buildFilingPack(deps: FilingPacksDeps, staff: Actor, caseId: number, input: NewFilingPack, language: Language): Promise<FilingPack> {
  const caseRow = await adminCase(deps, staff, caseId);
  const limits = await filingLimits(deps);
  const chosen = await chosenDocuments(deps, staff, caseId, input, limits, language);
  const displayId = caseDisplayId(caseId);
  const built = await filesWithin(chosen, limits.maxFileBytes, displayId);
  const documentFiles = built.map((file, index) => ({
    number: index + 1,
    name: `${displayId}-${String(index + 1).padStart(2, '0')}.pdf`,
    bytes: file.bytes,
    pageCount: file.documents.reduce((sum, document) => sum + document.pages.pageCount, 0),
    documents: file.documents.map(({ candidate, pages }) => ({ documentId: candidate.id, title: candidate.requestTitle, name: candidate.name, pageCount: pages.pageCount })),
  }));
  const now = deps.now();
  const index = await renderFilingIndex({
    caseDisplayId: displayId,
    clientName: await caseClientName(deps.db, caseId),
    fileNumber: caseRow.fileNumber,
    madeOn: firmDay(now).split('-').reverse().join('/'),
    files: documentFiles.map((file) => ({ name: file.name, sizeBytes: file.bytes.byteLength, pageCount: file.pageCount, documents: file.documents })),
  });
  const indexPages = (await documentPages(index, 'application/pdf')).pageCount;
  const files = [{ number: 0, name: `${displayId}-00-indice.pdf`, bytes: new Uint8Array(index), pageCount: indexPages, documents: [] }, ...documentFiles];
  const totalBytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  if (totalBytes > limits.maxTotalBytes) {
    throw new AppError('validation', 'filing-packs:errors.overTotal', {}, { size: megabytes(totalBytes, language), limit: megabytes(limits.maxTotalBytes, language) });
  }
  const stored = files.map((file) => ({ ...file, storagePath: storageKeyOf(now) }));
  try {
    for (const file of stored) await deps.storage.put(file.storagePath, Readable.from(Buffer.from(file.bytes)), 'application/pdf');
    const pack = await deps.db.transaction(async (tx) => {
      const row = await insertPack(
        tx,
        { caseId, maxFileBytes: limits.maxFileBytes, maxTotalBytes: limits.maxTotalBytes, totalBytes, createdBy: staff.id, createdAt: now },
        stored.map((file) => ({ number: file.number, name: file.name, storagePath: file.storagePath, sizeBytes: file.bytes.byteLength, pageCount: file.pageCount, documents: file.documents })),
      );
      await recordAudit({ db: tx }, {
        actor: staff,
        action: 'FILING_PACK_CREATE',
        targetTable: 'cases',
        targetId: String(caseId),
        details: { packId: row.id, documents: chosen.length, files: files.length, totalBytes },
      });
      return row;
    });
    return toPack(
      pack,
      (await listPackFiles(deps.db, [pack.id])),
      null,
    );
  } catch (error) {
    await Promise.all(stored.map((file) => deps.storage.remove(file.storagePath).catch(() => {})));
    throw error;
  }
}

/** A pack of a case the staff member may see; another's is unknown (404). */
async function packOfCase(db: Db, viewer: Viewer, id: string): Promise<FilingPackRow> {
  const row = await findPack(db, id);
  if (!row) throw new AppError('notFound');
  await adminCase({ db }, viewer, row.caseId);
  return row;
}

/** One file of a pack (0 the index), to download. */
export async function openPackFile({ db, storage }: Pick<FilingPacksDeps, 'db' | 'storage'>, viewer: Viewer, id: string, number: number) {
  await packOfCase(db, viewer, id);
  const file = await findPackFile(db, id, number);
  if (!file) throw new AppError('notFound');
  return { name: file.name, sizeBytes: file.sizeBytes, content: await storage.read(file.storagePath) };
}

/** Records that the firm filed the pack: the registry's date and receipt number, audited on the case. */
export async function recordPackFiled({ db }: Pick<FilingPacksDeps, 'db'>, staff: Actor, id: string, filed: FilingPackFiled): Promise<FilingPack> {
  const before = await packOfCase(db, staff, id);
  const row = await db.transaction(async (tx) => {
    const updated = await markPackFiled(tx, id, { filedOn: filed.filedOn, receiptNumber: filed.receiptNumber, filedBy: staff.id });
    if (!updated) throw new AppError('notFound');
    await recordAudit({ db: tx }, {
      actor: staff,
      action: 'FILING_PACK_FILED',
      targetTable: 'cases',
      targetId: String(before.caseId),
      details: { packId: id, filedOn: filed.filedOn, reference: filed.receiptNumber },
    });
    return updated;
  });
  return toPack(row, await listPackFiles(db, [id]), null);
}

/**
 * The daily retention pass: the packs of a case closed more than RETENTION_DOCUMENT_MONTHS ago are
 * erased with the case's documents (ADR 021): they are copies of them. Rows first, in a transaction
 * with the audit entry, then the stored files. Answers how many cases' packs it erased.
 */
export async function eraseExpiredPacks({ db, storage, log, now, documentMonths }: FilingRetentionDeps): Promise<number> {
  const before = subMonths(now(), documentMonths);
  const closings = await caseClosings({ db }, await listCasesWithPacks(db));
  let erased = 0;
  for (const [caseId, closedAt] of closings) {
    if (closedAt >= before) continue;
    const keys = await db.transaction(async (tx) => {
      const removed = await deleteCasePacks(tx, caseId);
      await recordAudit({ db: tx }, { actor: null, action: 'RETENTION_ERASE', targetTable: 'cases', targetId: String(caseId), details: { documents: removed.length } });
      return removed;
    });
    erased += 1;
    await Promise.all(keys.map((key) => storage.remove(key).catch((error: unknown) => log.error({ err: error, key }, 'could not remove a filing pack file erased by retention'))));
  }
  if (erased > 0) log.info({ event: 'filing-pack-retention', cases: erased }, 'filing packs of closed cases erased');
  return erased;
}
