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
import { createPaymentMails } from './payments.mails.ts';
import { offlineOffers, recordOfflinePayment, type OfflinePaymentsDeps } from './offline-payments.service.ts';
import type { PurchaseFulfilment } from './purchase-fulfilment.ts';
import { refundPayment, type RefundsDeps } from './refunds.service.ts';

/** The Pagos tab: every payment, a refund of a paid one, and a payment the firm took by hand. */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<{ fulfilment: PurchaseFulfilment }> = async (app, { fulfilment }) => {
  const shared = { db: app.db, log: app.log, now: app.worker.now, fulfilment };
  const refunds: RefundsDeps = { ...shared, provider: app.payments };
  const offline: OfflinePaymentsDeps = { ...shared, auth: app.auth, mails: createPaymentMails(app.config, app.outbox) };
  app.addHook('preHandler', app.requireAdmin);

  app.get('/api/admin/payments', { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(adminPaymentRowSchema) } } }, (request) =>
    adminPaymentsPage(shared, request.query, request.language),
  );

  app.post(
    '/api/admin/payments/:id/refunds',
    { schema: { params: uuidParamsSchema, body: refundInputSchema, response: { 201: recordedPaymentSchema } } },
    async (request, reply) => reply.status(201).send(await refundPayment(refunds, actor(request), request.params.id, request.body, request.language)),
  );

  app.get('/api/admin/payments/offers', { schema: { querystring: offlineOffersQuerySchema, response: { 200: offlineOfferListSchema } } }, (request) =>
    offlineOffers(shared, request.query.userId, request.language),
  );

  app.post('/api/admin/payments', { schema: { body: offlinePaymentInputSchema, response: { 201: recordedPaymentSchema } } }, async (request, reply) =>
    reply.status(201).send(await recordOfflinePayment(offline, actor(request), request.body, request.language)),
  );
};
