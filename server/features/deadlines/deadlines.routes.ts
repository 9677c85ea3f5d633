import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caseParamsSchema } from '#common/cases/cases.contract.ts';
import { caseDeadlineSchema } from '#common/deadlines/deadlines.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { clientCaseDeadlines, type DeadlinesDeps } from './deadlines.service.ts';

/** The client's read-only view of their case's open deadlines (the reminders: deadlines.tasks.ts). */
export const deadlinesRoutes: FastifyPluginAsyncZod<DeadlinesDeps> = async (app, deps) => {
  app.get(
    '/api/cases/:id/deadlines',
    { preHandler: app.requireUser, schema: { params: caseParamsSchema, response: { 200: z.array(caseDeadlineSchema) } } },
    (request) => clientCaseDeadlines(deps, actor(request).id, request.params.id),
  );
};
