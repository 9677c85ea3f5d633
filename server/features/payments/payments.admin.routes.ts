import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema } from '#common/admin/paging.contract.ts';
import { adminPaymentRowSchema } from '#common/payments/payments.contract.ts';
import { adminPaymentsPage } from './payments.admin.service.ts';
import type { PaymentsDeps } from './payments.service.ts';

export const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: Pick<PaymentsDeps, 'db'> = { db: app.db };
  app.addHook('preHandler', app.requireAdmin);
  app.get('/api/admin/payments', { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(adminPaymentRowSchema) } } }, (request) =>
    adminPaymentsPage(deps, request.query, request.language),
  );
};
