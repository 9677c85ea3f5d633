import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { mailClientNotices, remindDueRequests } from './case-notices.service.ts';
import { mailNewUploads, type CasesDeps } from './cases.service.ts';
import { eraseExpiredDocuments } from './document-retention.service.ts';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

/** The cases' background work: the firm's mail of new uploads, the client's mail of what the firm asked or shared and of what is due, and the erasure of closed cases' documents past their retention. */
export function casesTasks(deps: CasesDeps, documentMonths: number): ScheduledTask[] {
  return [
    // Every few minutes, so that an upload reaches the firm soon; the hourly limit per case is in the pass.
    { name: 'cases.upload-mails', intervalMs: 5 * 60 * 1000, run: async () => void (await mailNewUploads(deps)) },
    // Every minute: a client hears of what the firm asked or shared a few minutes after the firm stops adding to it.
    { name: 'cases.client-notices', intervalMs: 60 * 1000, run: async () => void (await mailClientNotices(deps)) },
    // Hourly, so that a reminder leaves on the morning its day comes, whenever the server started.
    { name: 'cases.request-reminders', intervalMs: hour, run: () => remindDueRequests(deps) },
    { name: 'cases.document-retention', intervalMs: day, run: async () => void (await eraseExpiredDocuments({ ...deps, documentMonths })) },
  ];
}
