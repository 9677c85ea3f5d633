import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { assignedListQuerySchema, assigneeInputSchema, assigneeSchema } from '#common/assignees/assignees.contract.ts';
import { adminQuoteRowSchema, sendQuoteSchema, sendTranslationQuoteSchema } from '#common/quotes/quotes.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { adminQuotesPage, assignQuote, sendQuote, sendTranslationQuote, type QuotesDeps } from './quotes.service.ts';

export const quotesAdminRoutes: FastifyPluginAsyncZod<QuotesDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get(
    '/api/admin/quotes',
    { schema: { querystring: assignedListQuerySchema, response: { 200: pageSchema(adminQuoteRowSchema) } } },
    (request) => adminQuotesPage(deps, actor(request), request.query, request.language),
  );

  app.put('/api/admin/quotes/:id/assignee', { schema: { params: uuidParamsSchema, body: assigneeInputSchema, response: { 200: assigneeSchema } } }, (request) =>
    assignQuote(deps, actor(request), request.params.id, request.body),
  );

  // The price of a client's request for a quote.
  app.post(
    '/api/admin/quotes/:id/send',
    { schema: { params: uuidParamsSchema, body: sendQuoteSchema, response: { 200: adminQuoteRowSchema } } },
    (request) => sendQuote(deps, actor(request), request.params.id, request.body, request.language),
  );

  // The quote that answers a translation request of the Traducciones tab.
  app.post(
    '/api/admin/translation-requests/:id/quotes',
    { schema: { params: uuidParamsSchema, body: sendTranslationQuoteSchema, response: { 201: adminQuoteRowSchema } } },
    async (request, reply) => reply.status(201).send(await sendTranslationQuote(deps, actor(request), request.params.id, request.body, request.language)),
  );
};
