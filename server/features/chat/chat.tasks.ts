import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { mailUnseenRepliesPass, unseenReplyGraceMs } from './chat.reply-mails.service.ts';
import type { ChatDeps } from './chat.service.ts';

/**
 * The chat's background work: the replies no visitor saw, mailed at each of the worker's passes
 * once their grace has passed (so within the worker's polling interval of it).
 */
export function chatTasks(deps: Pick<ChatDeps, 'db' | 'mails'>, now: Clock): ScheduledTask[] {
  return [{ name: 'chat.reply-mails', intervalMs: unseenReplyGraceMs, run: () => mailUnseenRepliesPass(deps, now()) }];
}
