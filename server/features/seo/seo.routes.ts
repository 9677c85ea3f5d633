import type { FastifyPluginAsync } from 'fastify';
import { robotsTxt, sitemapXml } from './seo.service.ts';

/** An hour: a crawler reads them now and then, and a new article reaches the sitemap within the hour. */
const cacheControl = 'public, max-age=3600';

/**
 * robots.txt and sitemap.xml: ordinary routes, so the site's own pages and files (registered
 * after them, with a catch-all) never answer these two addresses.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', cacheControl).send(robotsTxt(app.config.appUrl)));

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(await sitemapXml({ db: app.db }, app.config.appUrl)),
  );
};
