import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { sendWaitingBillingRecords, type SendingDeps } from './invoices.sending.service.ts';

/** How often the worker looks for billing records to send; the agency's waiting time is kept by the send itself. */
const sendCheckMs = 10_000;

/** The invoices' background work: sending the billing records to the tax agency, for a firm whose system sends them. */
export function invoicesTasks(sending: SendingDeps | undefined): ScheduledTask[] {
  if (!sending) return [];
  return [
    {
      name: 'invoices.send-billing-records',
      intervalMs: sendCheckMs,
      run: async () => {
        await sendWaitingBillingRecords(sending);
      },
    },
  ];
}
