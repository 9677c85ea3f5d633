import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  engagementLetterRequestSchema,
  engagementLetterSchema,
  engagementListSchema,
  engagementParamsSchema,
  engagementSchema,
  type EngagementLetterRequest,
} from '#common/engagements/engagements.contract.ts';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import { actor } from '#server/platform/actor.ts';
import { sendDownload } from '#server/platform/download.ts';
import { translator } from '#server/platform/translator.ts';
import { checkoutLetter, clientEngagements, engagementPdf, withdraw, type EngagementsDeps, type LetterPrice } from './engagements.service.ts';

/** What the client's routes need besides the feature's deps: what a checkout would charge, which the payments module answers. */
export type EngagementRoutesDeps = EngagementsDeps & {
  checkoutPrice: (user: SessionUser, request: EngagementLetterRequest, language: Language) => Promise<LetterPrice & { serviceId: string }>;
};

export const engagementsRoutes: FastifyPluginAsyncZod<EngagementRoutesDeps> = async (app, deps) => {
  /** The letter of the checkout the client is about to make, filled with their data, the service and the price (a read, posted because it carries the checkout's fields). */
  app.post(
    '/api/engagements/letter',
    { preHandler: app.requireUser, schema: { body: engagementLetterRequestSchema, response: { 200: engagementLetterSchema } } },
    async (request) => {
      const user = actor(request);
      return checkoutLetter(deps, user, await deps.checkoutPrice(user, request.body, request.language), request.language);
    },
  );

  app.get('/api/engagements', { preHandler: app.requireUser, schema: { response: { 200: engagementListSchema } } }, (request) =>
    clientEngagements(deps, actor(request).id),
  );

  /** An accepted letter's PDF: its client's, or staff who read cases (the firm's case page links here). */
  app.get('/api/engagements/:id/pdf', { preHandler: app.requireUser, schema: { params: engagementParamsSchema } }, async (request, reply) => {
    const pdf = await engagementPdf(deps, actor(request), request.params.id);
    return sendDownload(reply, { name: `${translator(request.language)('engagements:pdf.fileName')}.pdf`, contentType: 'application/pdf', body: pdf });
  });

  app.post(
    '/api/engagements/:id/withdrawal',
    { preHandler: app.requireUser, schema: { params: engagementParamsSchema, response: { 200: engagementSchema } } },
    (request) => withdraw(deps, actor(request), request.params.id),
  );
};
