import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actor } from '#server/platform/actor.ts';
import { sendDownload } from '#server/platform/download.ts';
import type { RateLimitRule } from '#server/platform/rate-limit.ts';
import { exportPersonalData, type DataExportDeps } from './data-export.service.ts';

/** Archives one account may download in an hour: each reads every file it holds. */
const exportLimit: RateLimitRule = { name: 'data-export', limit: 5, windowSeconds: 3600 };

/** The right of access and to portability: the signed-in person downloads everything kept about them, and nobody else's. */
export const dataExportRoutes: FastifyPluginAsyncZod<Omit<DataExportDeps, 'log'>> = async (app, built) => {
  app.get(
    '/api/profile/export',
    { preHandler: [app.requireUser, app.rateLimitPerUser(exportLimit)] },
    async (request, reply) => {
      const deps: DataExportDeps = { ...built, log: request.log };
      const { fileName, archive } = await exportPersonalData(deps, actor(request), request.language);
      return sendDownload(reply, { name: fileName, contentType: 'application/gzip', body: archive });
    },
  );
};
