import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceCatalogueSchema } from '#common/services/services.contract.ts';
import { serviceCatalogue } from './services.service.ts';

export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/services', { schema: { response: { 200: serviceCatalogueSchema } } }, (request) =>
    serviceCatalogue(app.db, request.language),
  );
};
