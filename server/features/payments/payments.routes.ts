import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutRequestSchema,
  checkoutSessionSchema,
  paymentListSchema,
  priceQuoteSchema,
  serviceParamsSchema,
  testCheckoutParamsSchema,
  testCheckoutSchema,
} from '#common/payments/payments.contract.ts';
import { familyQuoteQuerySchema } from '#common/payments/family-package.contract.ts';
import { AppError } from '#server/platform/app-error.ts';
import { InvalidWebhookError } from '#server/integrations/payments/payment-provider.ts';
import { actor } from '#server/platform/actor.ts';
import type { RateLimitRule } from '#server/platform/rate-limit.ts';
import {
  clientPayments,
  finishTestCheckout,
  priceQuote,
  settlePayment,
  startCheckout,
  testCheckout,
  type PaymentsDeps,
} from './payments.service.ts';

/** Checkout sessions one client may open in an hour. */
const checkoutLimit: RateLimitRule = { name: 'checkout', limit: 20, windowSeconds: 3600 };

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsDeps> = async (app, deps) => {
  app.post(
    '/api/payments/checkout',
    {
      preHandler: [app.requireUser, app.rateLimitPerUser(checkoutLimit)],
      schema: { body: checkoutRequestSchema, response: { 200: checkoutSessionSchema } },
    },
    (request) => startCheckout(deps, actor(request), request.body, { language: request.language, clientAddress: request.ip }),
  );

  app.get(
    '/api/payments/quote/:serviceId',
    { preHandler: app.requireUser, schema: { params: serviceParamsSchema, querystring: familyQuoteQuerySchema, response: { 200: priceQuoteSchema } } },
    (request) => priceQuote(deps, actor(request).id, request.params.serviceId, request.query.familyMembers, request.language),
  );

  app.get('/api/payments', { preHandler: app.requireUser, schema: { response: { 200: paymentListSchema } } }, (request) =>
    clientPayments(deps, actor(request).id, request.language),
  );

  // The provider's webhook reads the raw bytes, which its signature covers.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post('/api/payments/webhook', { schema: { response: { 200: z.object({ received: z.literal(true) }) } } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!app.payments) throw new AppError('notFound');
      const event = await app.payments.readWebhook(body, typeof signature === 'string' ? signature : undefined).catch((error: unknown) => {
        if (!(error instanceof InvalidWebhookError)) throw error;
        request.log.warn({ reason: error.message }, 'payment webhook refused');
        throw new AppError('validation');
      });
      if (event) await settlePayment(deps, event);
      return { received: true as const };
    });
  });

  // The built-in test provider's checkout page (404 while Stripe takes the payments).
  app.get(
    '/api/payments/test-checkout/:sessionId',
    { preHandler: app.requireUser, schema: { params: testCheckoutParamsSchema, response: { 200: testCheckoutSchema } } },
    (request) => testCheckout(deps, actor(request).id, request.params.sessionId, request.language),
  );

  for (const [action, outcome] of [
    ['pay', 'paid'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post(
      `/api/payments/test-checkout/:sessionId/${action}`,
      { preHandler: app.requireUser, schema: { params: testCheckoutParamsSchema } },
      async (request, reply) => {
        await finishTestCheckout(deps, actor(request).id, request.params.sessionId, outcome);
        return reply.status(204).send();
      },
    );
  }
};
