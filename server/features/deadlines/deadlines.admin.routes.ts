import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminListQuerySchema, pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { caseParamsSchema } from '#common/cases/cases.contract.ts';
import {
  adminDeadlineSchema,
  caseDeadlineSchema,
  deadlineInputSchema,
  deadlinePreviewSchema,
  deadlineStartSchema,
  holidayInputSchema,
  holidaySchema,
  noticeOpenedSchema,
} from '#common/deadlines/deadlines.contract.ts';
import { actor } from '#server/platform/actor.ts';
import {
  addDeadline,
  adminCaseDeadlines,
  addHoliday,
  adminDeadlinesPage,
  completeDeadline,
  holidaysList,
  markNoticeOpened,
  previewDeadline,
  removeDeadline,
  removeHoliday,
  type DeadlinesDeps,
} from './deadlines.service.ts';

/** The Plazos tab: deadlines due soon or overdue across every case, one case's deadlines for its page, recording them on a case, and the holidays they count with. */
export const deadlinesAdminRoutes: FastifyPluginAsyncZod<DeadlinesDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/deadlines', { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(adminDeadlineSchema) } } }, (request) =>
    adminDeadlinesPage(deps, request.query),
  );

  app.get('/api/admin/cases/:id/deadlines', { schema: { params: caseParamsSchema, response: { 200: z.array(caseDeadlineSchema) } } }, (request) =>
    adminCaseDeadlines(deps, request.params.id),
  );

  app.get(
    '/api/admin/cases/:id/deadlines/preview',
    { schema: { params: caseParamsSchema, querystring: deadlineStartSchema, response: { 200: deadlinePreviewSchema } } },
    (request) => previewDeadline(deps, request.params.id, request.query),
  );

  app.post(
    '/api/admin/cases/:id/deadlines',
    { schema: { params: caseParamsSchema, body: deadlineInputSchema, response: { 201: caseDeadlineSchema } } },
    async (request, reply) => reply.status(201).send(await addDeadline(deps, actor(request), request.params.id, request.body)),
  );

  app.post('/api/admin/deadlines/:id/done', { schema: { params: uuidParamsSchema, response: { 200: caseDeadlineSchema } } }, (request) =>
    completeDeadline(deps, actor(request), request.params.id),
  );

  app.post(
    '/api/admin/deadlines/:id/opened',
    { schema: { params: uuidParamsSchema, body: noticeOpenedSchema, response: { 200: caseDeadlineSchema } } },
    (request) => markNoticeOpened(deps, actor(request), request.params.id, request.body),
  );

  app.delete('/api/admin/deadlines/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeDeadline(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/admin/holidays', { schema: { response: { 200: z.array(holidaySchema) } } }, () => holidaysList(deps));

  app.post('/api/admin/holidays', { schema: { body: holidayInputSchema, response: { 201: holidaySchema } } }, async (request, reply) =>
    reply.status(201).send(await addHoliday(deps, actor(request), request.body)),
  );

  app.delete('/api/admin/holidays/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeHoliday(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });
};
