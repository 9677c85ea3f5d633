// Registered on a bare Fastify by server/response-schemas.test.ts: a route that answers JSON
// without a response schema, so its rows would leave unshaped. The test's check must refuse it.
import type { FastifyPluginAsync } from 'fastify';

export const routeWithoutResponseSchema: FastifyPluginAsync = async (app) => {
  app.get('/api/news/latest-rows', async () => ({ rows: [] }));
};
