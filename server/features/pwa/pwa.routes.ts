import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offlinePageParamsSchema, offlinePagePath } from '#common/pwa/pwa.contract.ts';
import { offlinePage, webAppManifest } from './pwa.pages.ts';

/** An hour, as the site's other unhashed files: neither says anything of anyone. */
const cacheControl = 'public, max-age=3600';

/** The app on the home screen (ADR 059): its manifest and the offline page the service worker keeps, public and the same for everybody. */
export const pwaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/manifest.webmanifest', (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', cacheControl).send(JSON.stringify(webAppManifest(app.config.firm))),
  );

  app.get(offlinePagePath, { schema: { params: offlinePageParamsSchema } }, (request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', cacheControl).send(offlinePage(request.params.language, app.config.firm)),
  );
};
