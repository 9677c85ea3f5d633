import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { translationRequestRowSchema } from '#common/translations/translations.contract.ts';
import { actor } from '#server/plugins/actor.ts';
import { removeTranslationRequest, translationRequestsPage } from './translations.admin.service.ts';
import type { TranslationsDeps } from './translations.service.ts';

export const translationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // With the request's logger, so what the service logs carries the request's id.
  const deps = (request: FastifyRequest): Pick<TranslationsDeps, 'db' | 'storage' | 'log'> => ({
    db: app.db,
    storage: app.storage,
    log: request.log,
  });
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/api/admin/translation-requests',
    { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(translationRequestRowSchema) } } },
    (request) => translationRequestsPage(deps(request), request.query),
  );

  app.delete('/api/admin/translation-requests/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeTranslationRequest(deps(request), actor(request), request.params.id);
    return reply.status(204).send();
  });
};
