import { newsListQuerySchema } from '#common/news/news.contract.ts';
import type { PageDataSource } from '#common/page-render.ts';
import { AppError } from '#server/platform/app-error.ts';
import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { newsAdminRoutes } from './news.admin.routes.ts';
import { newsRoutes } from './news.routes.ts';
import { latestNews, newsArticle, nextScheduledArticleAt, type NewsDeps } from './news.service.ts';

/**
 * The news, built once from the platform.
 *
 * Every feature's module has this shape: `<feature>Module(platform, needs?)` takes the
 * `Pick<Platform, …>` it uses and, as `needs`, what it uses of other modules; it builds the
 * feature's deps once and returns a `FeatureModule`: `routes` (`moduleRoutes`, which adds no
 * encapsulation of its own) registering each routes file with the deps as its plugin options, and
 * `tasks` (from `<feature>.tasks.ts`), which app.ts hands to the worker. Beside these it returns
 * what other modules or the page renderer read from the feature. app.ts composes the modules; an
 * operator command (server/operations/run.ts) builds the ones it needs the same way.
 */
export function newsModule(platform: Pick<Platform, 'db'>) {
  const deps: NewsDeps = { db: platform.db };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(newsRoutes, deps);
      await app.register(newsAdminRoutes, deps);
    }),
    /** What the server-rendered pages show of the news, and when the next scheduled article comes out. */
    pages: {
      latestNews: (limit, language) => latestNews(deps, language, newsListQuerySchema.parse({ limit, lang: language }).limit),
      newsArticle: (id, language) =>
        newsArticle(deps, id, language).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'notFound') return null;
          throw error;
        }),
      nextScheduledArticleAt: () => nextScheduledArticleAt(deps),
    } satisfies Pick<PageDataSource, 'latestNews' | 'newsArticle'> & { nextScheduledArticleAt: () => Promise<Date | null> },
  } satisfies FeatureModule;
}
