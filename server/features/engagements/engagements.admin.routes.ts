import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseParamsSchema } from '#common/cases/cases.contract.ts';
import {
  engagementListSchema,
  engagementServiceParamsSchema,
  engagementTemplateInputSchema,
  engagementTemplateSchema,
} from '#common/engagements/engagements.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { caseEngagements, saveServiceTemplate, serviceTemplate, type EngagementsDeps } from './engagements.service.ts';

export const engagementsAdminRoutes: FastifyPluginAsyncZod<EngagementsDeps> = async (app, deps) => {
  app.get(
    '/api/admin/engagements/templates/:serviceId',
    { preHandler: app.requireStaff, schema: { params: engagementServiceParamsSchema, response: { 200: engagementTemplateSchema } } },
    (request) => serviceTemplate(deps, request.params.serviceId),
  );

  app.put(
    '/api/admin/engagements/templates/:serviceId',
    { preHandler: app.requireStaff, schema: { params: engagementServiceParamsSchema, body: engagementTemplateInputSchema, response: { 200: engagementTemplateSchema } } },
    (request) => saveServiceTemplate(deps, actor(request), request.params.serviceId, request.body),
  );

  /** A case's accepted letters, with the early-start request and any withdrawal, for the case page. */
  app.get(
    '/api/admin/cases/:id/engagements',
    { preHandler: app.requireStaff, schema: { params: caseParamsSchema, response: { 200: engagementListSchema } } },
    (request) => caseEngagements(deps, request.params.id),
  );
};
