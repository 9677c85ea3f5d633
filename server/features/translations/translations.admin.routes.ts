import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { assignedListQuerySchema, assigneeInputSchema, assigneeSchema } from '#common/assignees/assignees.contract.ts';
import { markAnsweredSchema } from '#common/reply-timers/reply-timers.contract.ts';
import { translationRequestRowSchema } from '#common/translations/translations.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { assignTranslationRequest, markTranslationAnswered, removeTranslationRequest, translationRequestsPage } from './translations.admin.service.ts';
import type { TranslationsDeps } from './translations.service.ts';

export const translationsAdminRoutes: FastifyPluginAsyncZod<Pick<TranslationsDeps, 'db' | 'storage' | 'assignees'>> = async (app, { db, storage, assignees }) => {
  // With the request's logger, so what the service logs carries the request's id.
  const deps = (request: FastifyRequest): Pick<TranslationsDeps, 'db' | 'storage' | 'log'> => ({ db, storage, log: request.log });
  app.addHook('preHandler', app.requireStaff);

  app.get(
    '/api/admin/translation-requests',
    { schema: { querystring: assignedListQuerySchema, response: { 200: pageSchema(translationRequestRowSchema) } } },
    (request) => translationRequestsPage(deps(request), actor(request), request.query),
  );

  // The one change an admin makes to a request: its quote was sent.
  app.patch(
    '/api/admin/translation-requests/:id',
    { schema: { params: uuidParamsSchema, body: markAnsweredSchema, response: { 200: translationRequestRowSchema } } },
    (request) => markTranslationAnswered(deps(request), actor(request), request.params.id),
  );

  app.put(
    '/api/admin/translation-requests/:id/assignee',
    { schema: { params: uuidParamsSchema, body: assigneeInputSchema, response: { 200: assigneeSchema } } },
    (request) => assignTranslationRequest({ assignees }, actor(request), request.params.id, request.body),
  );

  app.delete('/api/admin/translation-requests/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeTranslationRequest(deps(request), actor(request), request.params.id);
    return reply.status(204).send();
  });
};
