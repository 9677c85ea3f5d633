import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { recordOperationMode, recordSummaryIfDue, type EventLogDeps } from './event-log.service.ts';
import { sendWaitingBillingRecords, type SendingDeps } from './invoices.sending.service.ts';

/** How often the worker looks for billing records to send; the agency's waiting time is kept by the send itself. */
const sendCheckMs = 10_000;
/** How often the worker sees whether the mode changed (01, 02) and whether a summary of events (10) is due. */
const eventLogCheckMs = 60_000;

/**
 * The invoices' background work: sending the billing records to the tax agency, for a firm whose
 * system sends them; and VeriFactu's event log (decisions/054): the start or end of operation as
 * NO VERI*FACTU when the mode changed, and for a firm that keeps its records, the summary of events.
 */
export function invoicesTasks(sending: SendingDeps | undefined, eventLog: EventLogDeps): ScheduledTask[] {
  const isKept = !sending;
  const modeTask: ScheduledTask = {
    name: 'invoices.event-log',
    intervalMs: eventLogCheckMs,
    run: async () => {
      await recordOperationMode(eventLog, { isKept });
      if (isKept) await recordSummaryIfDue(eventLog);
    },
  };
  if (!sending) return [modeTask];
  return [
    {
      name: 'invoices.send-billing-records',
      intervalMs: sendCheckMs,
      run: async () => {
        await sendWaitingBillingRecords(sending);
      },
    },
    modeTask,
  ];
}
