import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema } from '#common/admin/paging.contract.ts';
import { adminPaymentRowSchema } from '#common/payments/payments.contract.ts';
import { adminPaymentsPage } from './payments.admin.service.ts';

export const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireAdmin);
  app.get('/api/admin/payments', { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(adminPaymentRowSchema) } } }, (request) =>
    adminPaymentsPage(app.db, request.query, request.language),
  );
};
