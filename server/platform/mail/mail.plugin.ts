import fp from 'fastify-plugin';
import { createMailDelivery, createMailOutbox, purgeSentMails, type MailDeps, type MailOutbox, type NoticePreferences } from '#server/platform/mail/mail.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every feature puts the mail it sends; the background worker delivers it. */
    outbox: MailOutbox;
  }
}

const day = 24 * 60 * 60 * 1000;

/** Durable mail: the outbox every feature writes to, and its delivery and clean-up on the worker. */
export const mailPlugin = fp<{ preferences: NoticePreferences }>(async (app, { preferences }) => {
  const deps: MailDeps = { db: app.db, worker: app.worker, mailer: app.mailer, log: app.log };
  app.decorate('outbox', createMailOutbox({ ...deps, preferences }));
  app.worker.addJob(createMailDelivery(deps));
  app.worker.addTask({ name: 'mail.purge-sent', intervalMs: day, run: () => purgeSentMails(deps) });
});
