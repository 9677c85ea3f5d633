import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { mailOverdueRequests, nextFirmMorning, type ReplyTimersDeps } from './reply-timers.service.ts';

export function replyTimersTasks(deps: ReplyTimersDeps): ScheduledTask[] {
  // At 08:00 in Madrid each day, on one instance; the run itself skips the days the firm is closed.
  return [{ name: 'reply-timers.morning-mail', nextRunAt: nextFirmMorning, run: async () => void (await mailOverdueRequests(deps)) }];
}
