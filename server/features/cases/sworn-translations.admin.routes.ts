import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { swornTranslationDocumentSchema } from '#common/cases/sworn-translation.contract.ts';
import { swornTranslationDocuments, type CaseRequestsDeps } from './case-requests.service.ts';

/** The translator's list: the documents clients uploaded to requests flagged for a sworn translation. */
export const swornTranslationsAdminRoutes: FastifyPluginAsyncZod<CaseRequestsDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/sworn-translation-documents', { schema: { response: { 200: z.array(swornTranslationDocumentSchema) } } }, (request) =>
    swornTranslationDocuments(deps, request.language),
  );
};
