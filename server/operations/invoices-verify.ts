import { agencyEnvironment, verifyBillingSystem } from '#server/features/invoices/invoices.service.ts';
import { OperatorCheckError, type OperatorContext } from './context.ts';

/**
 * Recomputes every invoice's fingerprint and its link to the one before, checks that the numbers of
 * each series run without a gap, and does the same for the VeriFactu billing records' chain and the
 * event log's: one line when all hold, every problem otherwise. A firm that keeps its records logs
 * the check and each anomaly found in its event log (decisions/054).
 */
export async function invoicesVerify(context: OperatorContext): Promise<string> {
  const { count, records, last, problems } = await verifyBillingSystem({
    db: context.database.db,
    firm: context.config.firm,
    now: () => new Date(),
    sentTo: agencyEnvironment(context.config),
  });
  if (problems.length > 0) throw new OperatorCheckError(`The invoice chain is broken:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  return count === 0 ? 'No invoices issued yet.' : `The invoice chain holds: ${count} invoices, the last ${last}, every fingerprint and number in order; ${records} VeriFactu billing records, chained and each saying what its invoice says.`;
}
