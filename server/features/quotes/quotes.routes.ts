import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import {
  acceptedQuoteSchema,
  publicQuoteSchema,
  quoteListSchema,
  quoteRequestSchema,
  quoteSchema,
  quoteTokenParamsSchema,
} from '#common/quotes/quotes.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { authRequest } from '#server/features/auth/auth.service.ts';
import type { RateLimitRule } from '#server/platform/rate-limit.ts';
import {
  acceptPublicQuote,
  clientQuotes,
  declineClientQuote,
  declinePublicQuote,
  publicQuote,
  requestQuote,
  type QuotesDeps,
} from './quotes.service.ts';

/** Requests for a price one client may send in an hour. */
const requestLimit: RateLimitRule = { name: 'quote-request', limit: 10, windowSeconds: 3600 };
/** Readings of mailed links from one address in an hour: plenty for a person, little for a guesser. */
const linkReadLimit: RateLimitRule = { name: 'quote-link-read', limit: 60, windowSeconds: 3600 };
/** Answers (accept, decline) through mailed links from one address in an hour. */
const linkAnswerLimit: RateLimitRule = { name: 'quote-link-answer', limit: 20, windowSeconds: 3600 };

export const quotesRoutes: FastifyPluginAsyncZod<QuotesDeps> = async (app, deps) => {
  app.post(
    '/api/quotes',
    {
      preHandler: [app.requireUser, app.rateLimitPerUser(requestLimit)],
      schema: { body: quoteRequestSchema, response: { 201: quoteSchema } },
    },
    async (request, reply) => reply.status(201).send(await requestQuote(deps, actor(request), request.body, request.language)),
  );

  app.get('/api/quotes', { preHandler: app.requireUser, schema: { response: { 200: quoteListSchema } } }, (request) =>
    clientQuotes(deps, actor(request), request.language),
  );

  app.post(
    '/api/quotes/:id/decline',
    { preHandler: app.requireUser, schema: { params: uuidParamsSchema, response: { 200: quoteSchema } } },
    (request) => declineClientQuote(deps, actor(request), request.params.id, request.language),
  );

  // The mailed link: whoever holds its secret reads, accepts or declines that one quote. The log never shows it.
  const secretLink = { addressSecrets: { params: ['token'] } };
  app.get(
    '/api/quotes/by-token/:token',
    {
      preHandler: app.rateLimitPerIp(linkReadLimit),
      config: secretLink,
      schema: { params: quoteTokenParamsSchema, response: { 200: publicQuoteSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return publicQuote(deps, request.params.token, await request.sessionUser(), request.language);
    },
  );

  app.post(
    '/api/quotes/by-token/:token/decline',
    {
      preHandler: app.rateLimitPerIp(linkAnswerLimit),
      config: secretLink,
      schema: { params: quoteTokenParamsSchema, response: { 200: publicQuoteSchema } },
    },
    async (request) => declinePublicQuote(deps, request.params.token, await request.sessionUser(), request.language),
  );

  app.post(
    '/api/quotes/by-token/:token/accept',
    {
      preHandler: app.rateLimitPerIp(linkAnswerLimit),
      config: secretLink,
      schema: { params: quoteTokenParamsSchema, response: { 200: acceptedQuoteSchema } },
    },
    async (request, reply) => {
      const { quoteId, cookies } = await acceptPublicQuote(deps, request.params.token, await request.sessionUser(), authRequest(request).headers);
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { quoteId };
    },
  );
};
