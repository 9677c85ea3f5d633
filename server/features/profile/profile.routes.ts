import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileSchema, profileUpdateResultSchema, profileViewSchema } from '#common/auth/auth.contract.ts';
import { actor } from '#server/plugins/actor.ts';
import { authRequest } from '#server/plugins/auth.ts';
import { ownProfile, saveProfile, type ProfileDeps } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // With the request's logger, so what the services log carries the request's id.
  const deps = (request: FastifyRequest): ProfileDeps => ({ auth: app.auth, db: app.db, log: request.log });
  app.addHook('preHandler', app.requireUser);

  app.get('/api/profile', { schema: { response: { 200: profileViewSchema } } }, (request) => ownProfile(deps(request), actor(request).id));

  app.put('/api/profile', { schema: { body: profileSchema, response: { 200: profileUpdateResultSchema } } }, (request) =>
    saveProfile(deps(request), authRequest(request), actor(request).id, request.body),
  );
};
