import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import {
  offlineOfferListSchema,
  offlineOffersQuerySchema,
  offlinePaymentInputSchema,
  recordedPaymentSchema,
  refundInputSchema,
} from '#common/payments/payments.admin.contract.ts';
import { adminPaymentRowSchema } from '#common/payments/payments.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { adminPaymentsPage } from './payments.admin.service.ts';
import { offlineOffers, recordOfflinePayment } from './offline-payments.service.ts';
import type { PaymentsDeps } from './payments.service.ts';
import { refundPayment } from './refunds.service.ts';

/** The Pagos tab: every payment, a refund of a paid one, and a payment the firm took by hand. */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<PaymentsDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/payments', { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(adminPaymentRowSchema) } } }, (request) =>
    adminPaymentsPage(deps, request.query, request.language),
  );

  app.post(
    '/api/admin/payments/:id/refunds',
    { schema: { params: uuidParamsSchema, body: refundInputSchema, response: { 201: recordedPaymentSchema } } },
    async (request, reply) => reply.status(201).send(await refundPayment(deps, actor(request), request.params.id, request.body, request.language)),
  );

  app.get('/api/admin/payments/offers', { schema: { querystring: offlineOffersQuerySchema, response: { 200: offlineOfferListSchema } } }, (request) =>
    offlineOffers(deps, request.query.userId, request.language),
  );

  app.post('/api/admin/payments', { schema: { body: offlinePaymentInputSchema, response: { 201: recordedPaymentSchema } } }, async (request, reply) =>
    reply.status(201).send(await recordOfflinePayment(deps, actor(request), request.body, request.language)),
  );
};
