import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { createAuthMails } from './auth.mails.ts';
import { authRoutes } from './auth.routes.ts';
import { sessionReader } from './auth.service.ts';
import { createBetterAuth, type BetterAuth } from './better-auth.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Better Auth as the auth module built it: the tests and the operator's control socket (main.ts) use it. */
    auth: BetterAuth;
  }
}

/**
 * Accounts and sessions, built once: Better Auth with its mails, the session reader app.ts hands to
 * the platform's sessions plugin, and the routes. The operator's commands build the same module
 * (server/operations/run.ts), which is why it takes only the configuration, the database and the outbox.
 */
export function authModule(platform: Pick<Platform, 'config' | 'db' | 'outbox'>) {
  const mails = createAuthMails(platform.config, platform.outbox);
  const auth = createBetterAuth(platform.config, platform.db, mails);
  return {
    auth,
    readSession: sessionReader(auth),
    routes: moduleRoutes(async (app) => {
      app.decorate('auth', auth);
      await app.register(authRoutes, { auth, mails });
      await app.register(twoFactorRoutes, { auth });
    }),
  } satisfies FeatureModule;
}
