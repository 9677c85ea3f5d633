import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caseParamsSchema } from '#common/cases/cases.contract.ts';
import { caseDeadlineSchema } from '#common/deadlines/deadlines.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { createDeadlineMails } from './deadlines.mails.ts';
import { clientCaseDeadlines, sendDueReminders, type DeadlinesDeps } from './deadlines.service.ts';

const hour = 60 * 60 * 1000;

/** The client's read-only view of their case's open deadlines, and the reminders the worker mails. */
export const deadlinesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DeadlinesDeps = { db: app.db, mails: createDeadlineMails(app.config, app.outbox), now: app.worker.now };

  // Hourly rather than daily: a daily run happens at whatever hour the first worker started, which
  // could mail 'due today' late in the evening; the reminders' unique key keeps each mail once.
  app.worker.addTask({ name: 'deadlines.reminders', intervalMs: hour, run: async () => void (await sendDueReminders(deps)) });

  app.get(
    '/api/cases/:id/deadlines',
    { preHandler: app.requireUser, schema: { params: caseParamsSchema, response: { 200: z.array(caseDeadlineSchema) } } },
    (request) => clientCaseDeadlines(deps, actor(request).id, request.params.id),
  );
};
