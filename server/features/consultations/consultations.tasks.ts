import type { ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { sendAppointmentReminders, type AppointmentDeps } from './appointment.service.ts';

const minute = 60 * 1000;

/** The appointments' day-before reminders, which the background worker mails every quarter of an hour. */
export function consultationsTasks(appointments: AppointmentDeps): ScheduledTask[] {
  return [{ name: 'consultations.reminders', intervalMs: 15 * minute, run: async () => void (await sendAppointmentReminders(appointments)) }];
}
