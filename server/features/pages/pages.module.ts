import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { formWithoutScriptRoutes } from './form-without-script.routes.ts';
import { followPublicContentVersion } from './public-content.service.ts';

/** The public pages' content version and the no-script form answer (the shape: news.module.ts). */
export function pagesModule(platform: Pick<Platform, 'database' | 'realtime'>) {
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(formWithoutScriptRoutes);
    }),
    /** Tells the page renderer when what the public pages show changed (platform/static.ts). */
    followContentVersion: (onChange: () => void) => followPublicContentVersion(platform, onChange),
  } satisfies FeatureModule;
}
