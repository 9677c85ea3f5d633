import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { expireAbandonedTestCheckouts, giveBackRefunds, type PaymentsDeps } from './payments.service.ts';

/** How often abandoned test checkouts are looked for, by whichever instance's worker claims the task. */
const expirySweepMs = 60 * 60 * 1000;

/** How often refunds the server decided but the provider has not made yet are asked for again. */
const giveBackRetryMs = 15 * 60 * 1000;

/** The payments' background work: the refunds still to ask the provider for, and the test provider's abandoned checkouts. */
export function paymentsTasks(deps: PaymentsDeps): ScheduledTask[] {
  return [
    { name: 'payments.give-back-refunds', intervalMs: giveBackRetryMs, run: () => giveBackRefunds(deps) },
    // Stripe expires its own sessions and says so by webhook; the test provider's are expired here.
    ...(deps.provider?.kind === 'test' ? [{ name: 'payments.expire-test-checkouts', intervalMs: expirySweepMs, run: () => expireAbandonedTestCheckouts(deps) }] : []),
  ];
}
