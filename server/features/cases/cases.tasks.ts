import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { mailNewUploads, type CasesDeps } from './cases.service.ts';
import { eraseExpiredDocuments } from './document-retention.service.ts';

const day = 24 * 60 * 60 * 1000;

/** The cases' background work: the firm's mail of new uploads, and the erasure of closed cases' documents past their retention. */
export function casesTasks(deps: CasesDeps, documentMonths: number): ScheduledTask[] {
  return [
    // Every few minutes, so that an upload reaches the firm soon; the hourly limit per case is in the pass.
    { name: 'cases.upload-mails', intervalMs: 5 * 60 * 1000, run: async () => void (await mailNewUploads(deps)) },
    { name: 'cases.document-retention', intervalMs: day, run: async () => void (await eraseExpiredDocuments({ ...deps, documentMonths })) },
  ];
}
