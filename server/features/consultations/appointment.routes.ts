import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAppointmentMails } from './appointment.mails.ts';
import { sendAppointmentReminders, type AppointmentDeps } from './appointment.service.ts';

const minute = 60 * 1000;

/** The appointments' day-before reminders, which the background worker mails every quarter of an hour. */
export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AppointmentDeps = { db: app.db, mails: createAppointmentMails(app.config, app.outbox, app.worker.now), now: app.worker.now };
  app.worker.addTask({ name: 'consultations.reminders', intervalMs: 15 * minute, run: async () => void (await sendAppointmentReminders(deps)) });
};
