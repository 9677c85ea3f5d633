import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailRequestSchema,
  registrationSchema,
  resetPasswordSchema,
  sessionSchema,
  sessionUserSchema,
  signInSchema,
} from '#common/auth/auth.contract.ts';
import * as service from './auth.service.ts';
import { betterAuthHeaders } from './better-auth.ts';

const accepted = z.object({ status: z.literal('accepted') });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/account/register',
    { schema: { body: registrationSchema, response: { 202: accepted } } },
    async (request, reply) => {
      await service.register(app, request, request.body);
      return reply.status(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/api/account/sign-in',
    { schema: { body: signInSchema, response: { 200: z.object({ user: sessionUserSchema }) } } },
    async (request, reply) => ({ user: await service.signIn(app, request, reply, request.body) }),
  );

  app.post('/api/account/sign-out', async (request, reply) => {
    await service.signOut(app, request, reply);
    return reply.status(204).send();
  });

  app.get('/api/account/session', { schema: { response: { 200: sessionSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: await request.sessionUser() };
  });

  app.post(
    '/api/account/confirmation/resend',
    { schema: { body: emailRequestSchema, response: { 202: accepted } } },
    async (request, reply) => {
      await service.resendConfirmation(app, request, request.body);
      return reply.status(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/api/account/password/forgot',
    { schema: { body: emailRequestSchema, response: { 202: accepted } } },
    async (request, reply) => {
      await service.requestPasswordReset(app, request, request.body);
      return reply.status(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/api/account/password/reset',
    { schema: { body: resetPasswordSchema, response: { 200: z.object({ status: z.literal('updated') }) } } },
    async (request) => {
      await service.resetPassword(app, request, request.body);
      return { status: 'updated' as const };
    },
  );

  /** Better Auth's own endpoints that mail links lead to (confirm an e-mail, open a reset link). */
  const passToBetterAuth = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = betterAuthHeaders(request);
    const response = await app.auth.handler(new Request(new URL(request.url, app.config.appUrl), { method: 'GET', headers }));
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(await response.text());
  };
  app.get('/api/auth/verify-email', passToBetterAuth);
  app.get('/api/auth/reset-password/:token', passToBetterAuth);
};
