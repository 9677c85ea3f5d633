import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { markAnsweredSchema } from '#common/reply-timers/reply-timers.contract.ts';
import { translationRequestRowSchema } from '#common/translations/translations.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { markTranslationAnswered, removeTranslationRequest, translationRequestsPage } from './translations.admin.service.ts';
import type { TranslationsDeps } from './translations.service.ts';

export const translationsAdminRoutes: FastifyPluginAsyncZod<Pick<TranslationsDeps, 'db' | 'storage'>> = async (app, { db, storage }) => {
  // With the request's logger, so what the service logs carries the request's id.
  const deps = (request: FastifyRequest): Pick<TranslationsDeps, 'db' | 'storage' | 'log'> => ({ db, storage, log: request.log });
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/api/admin/translation-requests',
    { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(translationRequestRowSchema) } } },
    (request) => translationRequestsPage(deps(request), request.query),
  );

  // The one change an admin makes to a request: its quote was sent.
  app.patch(
    '/api/admin/translation-requests/:id',
    { schema: { params: uuidParamsSchema, body: markAnsweredSchema, response: { 200: translationRequestRowSchema } } },
    (request) => markTranslationAnswered(deps(request), actor(request), request.params.id),
  );

  app.delete('/api/admin/translation-requests/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeTranslationRequest(deps(request), actor(request), request.params.id);
    return reply.status(204).send();
  });
};
