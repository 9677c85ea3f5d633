import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { identificationFiles } from '#server/features/aml/aml.service.ts';
import { caseDocumentFiles } from '#server/features/cases/cases.service.ts';
import { filingPackStoredFiles } from '#server/features/filing-packs/filing-packs.service.ts';
import { consultationAttachmentFiles } from '#server/features/consultations/consultations.service.ts';
import { translationDocumentFiles } from '#server/features/translations/translations.service.ts';
import type { Storage } from '#server/integrations/storage/storage.ts';
import type { Clock } from '#server/platform/worker/worker.ts';

export type OrphanSweepDeps = { db: Db; storage: Storage; log: FastifyBaseLogger; now: Clock };

/**
 * Every feature's rows that name a stored file, each asked by its owner which of some keys it
 * names. A table that stores a key must be added here, or the sweep would remove its files:
 * orphan-sweep.test.ts compares their columns with the schema.
 */
const storedFileHolders = [caseDocumentFiles, consultationAttachmentFiles, translationDocumentFiles, identificationFiles, filingPackStoredFiles];
export const storageKeyColumns = storedFileHolders.map((holder) => holder.column);

/** Which of `keys` a row names. */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const named = await Promise.all(storedFileHolders.map((holder) => holder.namedAmong(db, keys)));
  return new Set(named.flat());
}

/**
 * An upload is stored before the row naming it commits, and a file is removed after the row that
 * named it is deleted, so a process killed in between leaves a file no row names. Past this age
 * such a file is no longer an upload whose row is on its way.
 */
const orphanGraceMs = 60 * 60 * 1000;

/** Candidates are checked against the database in batches, each a bounded `in (…)`. */
const batchSize = 500;

/**
 * Removes the stored files older than `graceMs` that no row names, and what unfinished writes that
 * old left behind. The files are listed before the rows are read, so a row committed meanwhile
 * keeps its file. Stops between batches when `signal` aborts (the app closing). Answers how many
 * files it removed.
 */
export async function sweepOrphanFiles(
  { db, storage, log, now }: OrphanSweepDeps,
  { graceMs = orphanGraceMs, signal }: { graceMs?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const before = new Date(now().getTime() - graceMs);
  let removed = await storage.removeAbandoned(before);
  let batch: string[] = [];
  const sweep = async () => {
    const referenced = await referencedKeys(db, batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await storage.remove(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const file of storage.list()) {
    if (signal?.aborted) break;
    if (file.modifiedAt >= before) continue;
    batch.push(file.key);
    if (batch.length === batchSize) await sweep();
  }
  if (!signal?.aborted) await sweep();
  if (removed > 0) log.info({ event: 'orphan-sweep', removed }, 'stored files no row names removed');
  return removed;
}
