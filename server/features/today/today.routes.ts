import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayListSchema, todayQuerySchema } from '#common/today/today.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { todayList, type TodayDeps } from './today.service.ts';

export const todayRoutes: FastifyPluginAsyncZod<TodayDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/today', { schema: { querystring: todayQuerySchema, response: { 200: todayListSchema } } }, async (request, reply) => {
    // Reply timers and 'today' move with the clock: never served from a cache.
    reply.header('cache-control', 'no-store');
    return todayList(deps, actor(request), request.query.scope, request.language);
  });
};
