import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '#server/config/env.ts';
import type { Database, Db } from '#server/db/client.ts';
import type { PaymentProvider } from '#server/integrations/payments/payment-provider.ts';
import type { Scanner } from '#server/integrations/scanner/clamd-scanner.ts';
import type { Storage } from '#server/integrations/storage/storage.ts';
import type { MailOutbox } from './mail/mail.service.ts';
import type { RealtimeHub } from './realtime.ts';
import type { ScheduledTask } from './worker/scheduled-tasks.ts';
import type { BackgroundWorker } from './worker/worker.plugin.ts';

/**
 * What every feature is built from: the configuration, the database and the platform's services.
 * A feature's module takes the `Pick<Platform, …>` it uses, so an operator command can build it
 * from the few it has (server/operations/run.ts).
 */
export type Platform = {
  config: AppConfig;
  database: Database;
  db: Db;
  /** The app's logger; a route that wants the request's id in a service's lines hands `request.log` instead. */
  log: FastifyBaseLogger;
  outbox: MailOutbox;
  worker: BackgroundWorker;
  realtime: RealtimeHub;
  storage: Storage;
  scanner: Scanner | undefined;
  payments: PaymentProvider | undefined;
};

/** The platform as the app's plugins decorated it: taken once the platform's plugins are registered. */
export function platformOf(app: FastifyInstance): Platform {
  const { config, database, db, log, outbox, worker, realtime, storage, scanner, payments } = app;
  return { config, database, db, log, outbox, worker, realtime, storage, scanner, payments };
}

/**
 * What a feature's module (`<feature>.module.ts`) gives app.ts: its routes, as one plugin that adds
 * no encapsulation of its own (each routes file stays its own context, as before), and its periodic
 * tasks (`<feature>.tasks.ts`), which app.ts hands to the worker. A module also returns, beside
 * these, the services another module or the page renderer needs, built once.
 */
export type FeatureModule = {
  routes?: FastifyPluginAsync;
  tasks?: ScheduledTask[];
  [service: string]: unknown;
};

/** A module's `routes`: registers the feature's routes files, each still its own encapsulated context. */
export function moduleRoutes(register: (app: FastifyInstance) => Promise<void>): FastifyPluginAsync {
  return fp(register);
}
