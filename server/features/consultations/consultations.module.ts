import type { ScheduledCalls } from '#server/features/agenda/agenda.service.ts';
import type { AssigneesDeps } from '#server/features/assignees/assignees.service.ts';
import { createIntakeMails } from '#server/features/intake/intake.service.ts';
import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { appointmentAdminRoutes } from './appointment.admin.routes.ts';
import { createAppointmentMails } from './appointment.mails.ts';
import type { AppointmentDeps } from './appointment.service.ts';
import { bookingAdminRoutes } from './booking.admin.routes.ts';
import { bookingRoutes } from './booking.routes.ts';
import type { BookingDeps, SlotBooking } from './booking.service.ts';
import { consultationAnswerAdminRoutes } from './consultation-answer.admin.routes.ts';
import { createConsultationAnswerMails } from './consultation-answer.mails.ts';
import type { ConsultationAnswerDeps } from './consultation-answer.service.ts';
import { consultationThreadAdminRoutes } from './consultation-thread.admin.routes.ts';
import { createConsultationThreadMails } from './consultation-thread.mails.ts';
import { consultationThreadRoutes } from './consultation-thread.routes.ts';
import type { ConsultationThreadDeps } from './consultation-thread.service.ts';
import { consultationsAdminRoutes } from './consultations.admin.routes.ts';
import { scheduledConsultations } from './consultations.admin.service.ts';
import { consultationsRoutes } from './consultations.routes.ts';
import type { ConsultationsDeps } from './consultations.service.ts';
import { consultationsTasks } from './consultations.tasks.ts';

/**
 * The consultations (requests, express threads, the scheduled consultation's booking and
 * appointment), built once (the shape: news/news.module.ts): one set of appointment mails for the
 * booking, the firm's changes, the reminders and fulfilment.
 */
export function consultationsModule(platform: Pick<Platform, 'config' | 'db' | 'log' | 'outbox' | 'storage' | 'worker'>, { assignees }: { assignees: AssigneesDeps }) {
  const { config, db, log, outbox, storage, worker } = platform;
  const now = worker.now;
  const appointments: AppointmentDeps = { db, mails: createAppointmentMails(config, outbox, now), now };
  const booking: BookingDeps = { ...appointments, openingHours: config.firm.hours, log };
  const requests: ConsultationsDeps = { db, mails: createIntakeMails(config, outbox), log };
  const thread: ConsultationThreadDeps = { db, storage, mails: createConsultationThreadMails(config, outbox), log, now, openingHours: config.firm.hours };
  const answer: ConsultationAnswerDeps = { db, mails: createConsultationAnswerMails(config, outbox), now };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(consultationsRoutes, requests);
      await app.register(consultationThreadRoutes, thread);
      await app.register(bookingRoutes, booking);
      await app.register(consultationsAdminRoutes, { ...appointments, storage, log, assignees });
      await app.register(consultationAnswerAdminRoutes, answer);
      await app.register(consultationThreadAdminRoutes, thread);
      await app.register(bookingAdminRoutes, booking);
      await app.register(appointmentAdminRoutes, appointments);
    }),
    tasks: consultationsTasks(appointments),
    /** What booking a paid checkout's slot needs besides the transaction (fulfilment's): the hours and the appointment's mails. */
    slotBooking: { openingHours: booking.openingHours, mails: booking.mails } satisfies SlotBooking,
    /** The calls the agenda shows, read through the agenda's own interface. */
    scheduledCalls: ((from, to) => scheduledConsultations({ db }, from, to)) satisfies ScheduledCalls,
  } satisfies FeatureModule;
}
