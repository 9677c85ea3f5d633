import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitationAcceptSchema, invitationTokenParamsSchema, invitationViewSchema } from '#common/staff/staff.contract.ts';
import type { RateLimitRule } from '#server/platform/rate-limit.ts';
import { acceptInvitation, invitationByToken, type StaffDeps } from './staff.service.ts';

/** Readings and uses of invitation links from one address in an hour: plenty for a person, little for a guesser. */
const linkLimit: RateLimitRule = { name: 'staff-invitation-link', limit: 30, windowSeconds: 3600 };
const secretLink = { addressSecrets: { params: ['token'] } };

/** The invitation's mailed link: whoever holds its secret sees the address and role, and makes the account once. */
export const staffRoutes: FastifyPluginAsyncZod<StaffDeps> = async (app, deps) => {
  app.get('/api/staff-invitations/:token', { preHandler: app.rateLimitPerIp(linkLimit), config: secretLink, schema: { params: invitationTokenParamsSchema, response: { 200: invitationViewSchema } } }, (request) =>
    invitationByToken(deps, request.params.token),
  );

  app.post(
    '/api/staff-invitations/:token/accept',
    { preHandler: app.rateLimitPerIp(linkLimit), config: secretLink, schema: { params: invitationTokenParamsSchema, body: invitationAcceptSchema, response: { 201: z.object({ email: z.string() }) } } },
    async (request, reply) => reply.status(201).send(await acceptInvitation(deps, request.params.token, request.body, request.ip)),
  );
};
