import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { engagementsAdminRoutes } from './engagements.admin.routes.ts';
import { createEngagementMails } from './engagements.mails.ts';
import { engagementsRoutes, type EngagementRoutesDeps } from './engagements.routes.ts';
import type { EngagementsDeps } from './engagements.service.ts';

/**
 * The engagement letters (the shape: news/news.module.ts): the firm's texts per service, the client's
 * letter before paying, the accepted letters and the withdrawal. What the checkout asks of the letter
 * (engagementTerms) the fulfilment module builds; what a checkout charges the payments module answers.
 */
export function engagementsModule(platform: Pick<Platform, 'config' | 'db' | 'outbox' | 'worker'>, needs: Pick<EngagementRoutesDeps, 'checkoutPrice'>) {
  const { config, db, outbox, worker } = platform;
  const deps: EngagementsDeps = { db, firm: config.firm, mails: createEngagementMails(config, outbox), now: worker.now };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(engagementsRoutes, { ...deps, ...needs });
      await app.register(engagementsAdminRoutes, deps);
    }),
  } satisfies FeatureModule;
}
