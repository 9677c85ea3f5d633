import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { eraseExpiredPacks, type FilingRetentionDeps } from './filing-packs.service.ts';

const day = 24 * 60 * 60 * 1000;

/** The erasure of the filing packs of cases closed past the documents' retention. */
export function filingPacksTasks(deps: FilingRetentionDeps): ScheduledTask[] {
  return [{ name: 'filing-packs.retention', intervalMs: day, run: async () => void (await eraseExpiredPacks(deps)) }];
}
