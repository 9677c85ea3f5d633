import type { FastifyBaseLogger } from 'fastify';
import type { Firm } from '#common/firm.ts';
import type { Db } from '#server/db/client.ts';
import { AgencyFailure, type AgencyClient, type AgencyLine } from '#server/integrations/verifactu/agency-client.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { exportedRecord, regFactuMessage } from './billing-record-xml.ts';
import { recordInvoiceId } from './billing-record.ts';
import {
  claimWaitingSendings,
  countWaitingSendings,
  findNextSendAt,
  insertSend,
  listRecordsToSend,
  releaseSendings,
  settleSending,
} from './invoices.repository.ts';

export type SendingDeps = { db: Db; firm: Pick<Firm, 'legalName' | 'brandName' | 'taxId'>; agency: AgencyClient; now: Clock; log: Pick<FastifyBaseLogger, 'warn'> };

/** The most records one send may carry (the service's limit). */
const sendBatchLimit = 1000;

/** The wait after a send that got no answer, as the agency's own default TiempoEsperaEnvio. */
const retryAfterFailureMs = 60_000;

/** How long a send holds its records: well beyond the client's timeout, so a stuck send's records come back. */
const claimMs = 5 * 60_000;

const recordState = { Correcto: 'accepted', AceptadoConErrores: 'acceptedWithErrors', Incorrecto: 'rejected' } as const;

/**
 * One send of the waiting billing records to the agency, when it is due: not before the waiting
 * time the last answer asked for (TiempoEsperaEnvio), unless the records waiting already fill a
 * send. Up to 1000 records in chain order are claimed, sent in one RegFactuSistemaFacturacion, and
 * each takes the state the agency's answer gives it (accepted, accepted with errors, rejected) with
 * the send's CSV and its error. A send without an answer (no connection, a timeout, a SOAP Fault)
 * registered nothing: its records wait for the next one. Says whether it sent.
 */
export async function sendWaitingBillingRecords({ db, firm, agency, now, log }: SendingDeps): Promise<boolean> {
  const startedAt = now();
  const waiting = await countWaitingSendings(db, startedAt);
  if (waiting === 0) return false;
  const nextSendAt = await findNextSendAt(db);
  if (nextSendAt && startedAt < nextSendAt && waiting < sendBatchLimit) return false;
  const claim = new Date(startedAt.getTime() + claimMs);
  const recordIds = await claimWaitingSendings(db, startedAt, claim, sendBatchLimit);
  if (recordIds.length === 0) return false;
  const rows = await listRecordsToSend(db, recordIds);
  const records = rows.map((row) => ({ recordId: row.recordId, ...exportedRecord(row) }));
  try {
    const answer = await agency.send(regFactuMessage(records, firm));
    const sentAt = now();
    // A line names its record by the invoice and the operation: an invoice's issue and its cancellation may go in one send.
    const lineOf = new Map<string, AgencyLine>(answer.lines.map((line) => [`${line.operation}|${line.NumSerieFactura}|${line.FechaExpedicionFactura}`, line]));
    const unanswered: string[] = [];
    for (const record of records) {
      const invoice = recordInvoiceId(record.fields);
      const operation = 'IDEmisorFacturaAnulada' in record.fields ? 'Anulacion' : 'Alta';
      const line = lineOf.get(`${operation}|${invoice.NumSerieFactura}|${invoice.FechaExpedicionFactura}`);
      if (!line) {
        unanswered.push(record.recordId);
        continue;
      }
      await settleSending(db, record.recordId, claim, {
        state: recordState[line.state],
        sentAt,
        csv: line.state === 'Incorrecto' ? null : answer.csv,
        errorCode: line.errorCode,
        errorDescription: line.errorDescription,
      });
    }
    if (unanswered.length > 0) log.warn({ count: unanswered.length }, 'the agency answered a send without a line for some of its records; they wait for the next send');
    await releaseSendings(db, unanswered, claim);
    await insertSend(db, { sentAt, recordCount: records.length, outcome: answer.outcome, csv: answer.csv, nextSendAt: new Date(sentAt.getTime() + answer.waitSeconds * 1000) });
  } catch (error) {
    if (!(error instanceof AgencyFailure)) {
      await releaseSendings(db, recordIds, claim);
      throw error;
    }
    const failedAt = now();
    log.warn({ err: error, count: records.length }, 'sending the billing records to the agency failed; they wait for the next send');
    await releaseSendings(db, recordIds, claim);
    await insertSend(db, { sentAt: failedAt, recordCount: records.length, outcome: 'failed', failure: error.message.slice(0, 500), nextSendAt: new Date(failedAt.getTime() + retryAfterFailureMs) });
  }
  return true;
}
