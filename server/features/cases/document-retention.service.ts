import { subMonths } from 'date-fns';
import type { FastifyBaseLogger } from 'fastify';
import { closedCaseStages } from '#common/cases/cases.contract.ts';
import type { Db } from '#server/db/client.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Storage } from '#server/integrations/storage/storage.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { deleteDocumentsBefore, listCasesClosedBefore, listStageSince, lockCase } from './document-retention.repository.ts';

export type DocumentRetentionDeps = { db: Db; storage: Storage; log: FastifyBaseLogger; now: Clock; documentMonths: number };

/**
 * The daily retention pass: the documents (rows and stored files) of every case closed more than
 * RETENTION_DOCUMENT_MONTHS months ago are erased, each case in its own transaction with its audit
 * entry, the files after the commit. A case emptied this way is not found again, so it is erased
 * once. Answers how many cases it emptied.
 */
export async function eraseExpiredDocuments({ db, storage, log, now, documentMonths }: DocumentRetentionDeps): Promise<number> {
  const before = subMonths(now(), documentMonths);
  let erased = 0;
  for (const caseId of await listCasesClosedBefore(db, closedCaseStages, before)) {
    const keys = await db.transaction(async (tx) => {
      await lockCase(tx, caseId);
      // Checked again under the lock: the firm may have reopened the case since the list was read.
      if ((await listCasesClosedBefore(tx, closedCaseStages, before, caseId)).length === 0) return [];
      const removed = await deleteDocumentsBefore(tx, caseId, before);
      await recordAudit({ db: tx }, { actor: null, action: 'RETENTION_ERASE', targetTable: 'cases', targetId: String(caseId), details: { documents: removed.length } });
      return removed;
    });
    if (keys.length > 0) erased += 1;
    await Promise.all(keys.map((key) => storage.remove(key).catch((error: unknown) => log.error({ err: error, key }, 'could not remove a file erased by retention'))));
  }
  if (erased > 0) log.info({ event: 'document-retention', cases: erased }, 'documents of closed cases erased');
  return erased;
}

/**
 * When each closed case among `caseIds` closed (the same reading of a closing as above); an open
 * case, or one no longer there, is absent. Another feature's retention counts its own term from it.
 */
export async function caseClosings({ db }: { db: Db }, caseIds: number[]): Promise<Map<number, Date>> {
  return new Map((await listStageSince(db, closedCaseStages, caseIds)).map((row) => [row.id, row.since]));
}
