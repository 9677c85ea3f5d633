import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { expireQuotes, type QuotesDeps } from './quotes.service.ts';

/** How often sent quotes past their last day are written expired. */
const expirySweepMs = 60 * 60 * 1000;

export function quotesTasks(deps: QuotesDeps): ScheduledTask[] {
  return [{ name: 'quotes.expire', intervalMs: expirySweepMs, run: () => expireQuotes(deps) }];
}
