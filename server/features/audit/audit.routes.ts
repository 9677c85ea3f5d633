import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema } from '#common/admin/paging.contract.ts';
import { auditEntrySchema } from '#common/audit/audit.contract.ts';
import { auditPage, type AuditPageDeps } from '#server/platform/audit/audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod<AuditPageDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);
  app.get('/api/admin/audit', { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(auditEntrySchema) } } }, (request) =>
    auditPage(deps, request.query),
  );
};
