import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { eraseExpiredIdentifications, type AmlDeps } from './aml.service.ts';

const day = 24 * 60 * 60 * 1000;

/** The erasure of identification records whose 10 years after the end of the relationship have passed. */
export function amlTasks(deps: AmlDeps): ScheduledTask[] {
  return [{ name: 'aml.identification-retention', intervalMs: day, run: async () => void (await eraseExpiredIdentifications(deps)) }];
}
