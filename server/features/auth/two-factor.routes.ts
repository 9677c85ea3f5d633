import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSessionParamsSchema,
  accountSessionsSchema,
  backupCodesSchema,
  disableTwoFactorSchema,
  passwordConfirmationSchema,
  twoFactorCodeInputSchema,
  twoFactorSetupSchema,
} from '#common/auth/two-factor.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { endOtherSessions, endSession, listSessions } from './account-sessions.service.ts';
import { authLimits } from './auth.limits.ts';
import { authRequest, type AuthDeps } from './auth.service.ts';
import type { AuthRoutesDeps } from './auth.routes.ts';
import { confirmEnabling, disable, regenerateBackupCodes, startEnabling } from './two-factor.service.ts';

function sendCookies(reply: FastifyReply, cookies: string[]) {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** A signed-in account's second factor and its sessions (devices), each acting on the account itself only. */
export const twoFactorRoutes: FastifyPluginAsyncZod<Pick<AuthRoutesDeps, 'auth'>> = async (app, { auth }) => {
  const deps = (request: FastifyRequest): AuthDeps => ({ auth, db: app.db, log: request.log });
  app.addHook('preHandler', app.requireUser);
  // Each try of a password or a code counts, per account, so a stolen session cannot guess them.
  const limited = app.rateLimitPerUser(authLimits.twoFactorPerAccount);

  app.post(
    '/api/account/two-factor/enable',
    { schema: { body: passwordConfirmationSchema, response: { 200: twoFactorSetupSchema } }, preHandler: limited },
    (request) => startEnabling(deps(request), authRequest(request), actor(request), request.body.password),
  );

  app.post('/api/account/two-factor/confirm', { schema: { body: twoFactorCodeInputSchema }, preHandler: limited }, async (request, reply) => {
    sendCookies(reply, await confirmEnabling(deps(request), authRequest(request), actor(request), request.body.code));
    return reply.status(204).send();
  });

  app.post('/api/account/two-factor/disable', { schema: { body: disableTwoFactorSchema }, preHandler: limited }, async (request, reply) => {
    sendCookies(reply, await disable(deps(request), authRequest(request), actor(request), request.body));
    return reply.status(204).send();
  });

  app.post(
    '/api/account/two-factor/backup-codes',
    { schema: { body: passwordConfirmationSchema, response: { 200: backupCodesSchema } }, preHandler: limited },
    (request) => regenerateBackupCodes(deps(request), authRequest(request), actor(request), request.body.password),
  );

  app.get('/api/account/sessions', { schema: { response: { 200: accountSessionsSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listSessions(deps(request), authRequest(request));
  });

  app.delete('/api/account/sessions/:id', { schema: { params: accountSessionParamsSchema } }, async (request, reply) => {
    await endSession(deps(request), authRequest(request), request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/account/sessions/end-others', async (request, reply) => {
    await endOtherSessions(deps(request), authRequest(request));
    return reply.status(204).send();
  });
};
