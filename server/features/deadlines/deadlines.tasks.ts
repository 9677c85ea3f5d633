import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { sendDueReminders, type DeadlinesDeps } from './deadlines.service.ts';

const hour = 60 * 60 * 1000;

export function deadlinesTasks(deps: DeadlinesDeps): ScheduledTask[] {
  // Hourly rather than daily: a daily run happens at whatever hour the first worker started, which
  // could mail 'due today' late in the evening; the reminders' unique key keeps each mail once.
  return [{ name: 'deadlines.reminders', intervalMs: hour, run: async () => void (await sendDueReminders(deps)) }];
}
