import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { sweepOrphanFiles, type OrphanSweepDeps } from './orphan-sweep.service.ts';

const day = 24 * 60 * 60 * 1000;

export function uploadsTasks(deps: OrphanSweepDeps): ScheduledTask[] {
  return [{ name: 'uploads.orphan-sweep', intervalMs: day, run: async () => void (await sweepOrphanFiles(deps)) }];
}
