import type { Firm } from '#common/firm.ts';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { eventChainProblems, eventFields, eventFieldsSchema, eventFingerprint, eventLogXml, type EventData, type EventType, type ExportedEvent } from './event-log.ts';
import { findEventChainEnd, findLastEventOf, insertEvent, listEvents, lockEventLog } from './invoices.repository.ts';

/** What keeping VeriFactu's event log needs: the firm it speaks for and the clock of the events' times. */
export type EventLogDeps = { db: Db; firm: Pick<Firm, 'legalName' | 'taxId'>; now: Clock };

/** How long a summary of events (type 10) covers at least: one is made when this has passed and something happened. */
const summaryPeriodMs = 6 * 60 * 60 * 1000;

/**
 * Appends an event to the log, the next link of the events' chain, in the caller's transaction (so
 * it stands or falls with what it records), under the log's lock.
 */
export async function appendEvent({ db, firm, now }: EventLogDeps, type: EventType, data: EventData = {}): Promise<void> {
  await lockEventLog(db);
  const generatedAt = now();
  const fields = eventFields(firm, type, generatedAt);
  const end = await findEventChainEnd(db);
  const previousFingerprint = end?.fingerprint ?? null;
  await insertEvent(db, {
    position: (end?.position ?? 0) + 1,
    type,
    fields,
    data,
    previousFingerprint,
    fingerprint: eventFingerprint(fields, previousFingerprint),
    createdAt: generatedAt,
  });
}

/**
 * The start of operation as NO VERI*FACTU (01) when the system runs keeping its records, the first
 * time and again after an end; the end (02) when it runs sending them after keeping them.
 */
export async function recordOperationMode(deps: EventLogDeps, { isKept }: { isKept: boolean }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const scoped = { ...deps, db: tx };
    await lockEventLog(tx);
    const last = await findLastEventOf(tx, ['01', '02']);
    if (isKept && last?.type !== '01') await appendEvent(scoped, '01');
    if (!isKept && last?.type === '01') await appendEvent(scoped, '02');
  });
}

/**
 * The restore of a backup (07), recorded by the restore itself in the database it has just
 * restored, before any server opens it; the data names the backup by the time it was made.
 */
export async function recordBackupRestored(deps: EventLogDeps, { backupCreatedAt }: { backupCreatedAt: string }): Promise<void> {
  await deps.db.transaction((tx) => appendEvent({ ...deps, db: tx }, '07', { CopiaDeSeguridad: backupCreatedAt }));
}

/**
 * A summary of the events (10) since the last summary, or since the first event: made only when
 * something happened since and the period has lasted `summaryPeriodMs`; its data counts each type.
 */
export async function recordSummaryIfDue(deps: EventLogDeps): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockEventLog(tx);
    const events = await listEvents(tx);
    const lastSummary = events.findLastIndex((event) => event.type === '10');
    const since = events.slice(lastSummary + 1);
    const from = events[lastSummary]?.createdAt ?? since[0]?.createdAt;
    const until = deps.now();
    if (since.length === 0 || !from || until.getTime() - from.getTime() < summaryPeriodMs) return false;
    const counts: EventData = {};
    for (const event of since) counts[`Eventos${event.type}`] = Number(counts[`Eventos${event.type}`] ?? 0) + 1;
    await appendEvent({ ...deps, db: tx }, '10', { Desde: from.toISOString(), Hasta: until.toISOString(), NumeroEventos: since.length, ...counts });
    return true;
  });
}

/** What is wrong with the events' chain (nothing, when it holds). */
export async function checkEventLog(db: Db): Promise<{ problems: string[] }> {
  return { problems: eventChainProblems(await listEvents(db)) };
}

/**
 * The whole event log as XML, for the firm's accounts or an inspection; a firm that keeps its
 * records first records the export itself (09), in the same transaction.
 */
export async function exportEventLog(deps: EventLogDeps, { isKept }: { isKept: boolean }): Promise<{ name: string; xml: string }> {
  return deps.db.transaction(async (tx) => {
    const rows = await listEvents(tx);
    if (isKept) await appendEvent({ ...deps, db: tx }, '09', { NumeroEventos: rows.length + 1 });
    const events: ExportedEvent[] = [];
    let previous: ExportedEvent | null = null;
    for (const row of isKept ? await listEvents(tx) : rows) {
      const event: ExportedEvent = { fields: eventFieldsSchema.parse(row.fields), data: row.data as EventData, fingerprint: row.fingerprint, previous: previous && { fields: previous.fields, fingerprint: previous.fingerprint } };
      events.push(event);
      previous = event;
    }
    return { name: 'registro-eventos.xml', xml: eventLogXml(events) };
  });
}
