import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownProfileSchema, profileSchema, profileUpdateResultSchema, type Profile } from '#common/auth/auth.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { authRequest } from '#server/features/auth/auth.service.ts';
import { currentPasswordLimits } from '#server/features/auth/email-change.service.ts';
import { ownProfile, saveProfile, type ProfileDeps } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<Omit<ProfileDeps, 'log'>> = async (app, { auth, db }) => {
  // With the request's logger, so what the services log carries the request's id.
  const deps = (request: FastifyRequest): ProfileDeps => ({ auth, db, log: request.log });
  app.addHook('preHandler', app.requireUser);

  /** A current password sent (to change the e-mail) counts as a sign-in attempt of the account. */
  const limitPasswordGuesses = async (request: FastifyRequest) => {
    if (!(request.body as Profile).currentPassword) return;
    await app.enforceRateLimit(request, currentPasswordLimits.perIp, [request.ip]);
    await app.enforceRateLimit(request, currentPasswordLimits.perAccount, [actor(request).email]);
  };

  app.get('/api/profile', { schema: { response: { 200: ownProfileSchema } } }, (request) => ownProfile(deps(request), actor(request).id));

  app.put(
    '/api/profile',
    { schema: { body: profileSchema, response: { 200: profileUpdateResultSchema } }, preHandler: limitPasswordGuesses },
    (request) => saveProfile(deps(request), authRequest(request), actor(request).id, request.body),
  );
};
