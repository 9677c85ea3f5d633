import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { quotesAdminRoutes } from './quotes.admin.routes.ts';
import { createQuoteMails } from './quotes.mails.ts';
import { quotesRoutes } from './quotes.routes.ts';
import type { QuotesDeps } from './quotes.service.ts';
import { quotesTasks } from './quotes.tasks.ts';

/** Quotes and their expiry, built once (the shape: news.module.ts); accounts come from the auth module. */
export function quotesModule(platform: Pick<Platform, 'config' | 'db' | 'outbox' | 'log' | 'worker'>, needs: Pick<QuotesDeps, 'auth' | 'assignees'>) {
  const deps: QuotesDeps = {
    db: platform.db,
    auth: needs.auth,
    mails: createQuoteMails(platform.config, platform.outbox),
    log: platform.log,
    now: platform.worker.now,
    assignees: needs.assignees,
  };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(quotesRoutes, deps);
      await app.register(quotesAdminRoutes, deps);
    }),
    tasks: quotesTasks(deps),
  } satisfies FeatureModule;
}
