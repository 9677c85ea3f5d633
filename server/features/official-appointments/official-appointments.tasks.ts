import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { sendAppointmentReminders, type OfficialAppointmentsDeps } from './official-appointments.service.ts';

/** Hourly, so that each reminder leaves within the hour its time comes, whenever the server started. */
const reminderPassMs = 60 * 60 * 1000;

export function officialAppointmentsTasks(deps: OfficialAppointmentsDeps): ScheduledTask[] {
  return [{ name: 'official-appointments.reminders', intervalMs: reminderPassMs, run: async () => void (await sendAppointmentReminders(deps)) }];
}
