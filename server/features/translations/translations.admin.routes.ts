import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { translationRequestRowSchema } from '#common/translations/translations.contract.ts';
import { actor } from '#server/plugins/auth.ts';
import { removeTranslationRequest, translationRequestsPage } from './translations.admin.service.ts';

export const translationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/api/admin/translation-requests',
    { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(translationRequestRowSchema) } } },
    (request) => translationRequestsPage(app.db, request.query),
  );

  app.delete('/api/admin/translation-requests/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeTranslationRequest({ db: app.db, storage: app.storage, log: request.log }, actor(request), request.params.id);
    return reply.status(204).send();
  });
};
