import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceCatalogueSchema } from '#common/services/services.contract.ts';
import { serviceCatalogue, type ServicesDeps } from './services.service.ts';

export const servicesRoutes: FastifyPluginAsyncZod<ServicesDeps> = async (app, deps) => {

  app.get('/api/services', { schema: { response: { 200: serviceCatalogueSchema } } }, (request) =>
    serviceCatalogue(deps, request.language),
  );
};
