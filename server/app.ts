import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '#server/config/env.ts';
import type { Database } from '#server/db/client.ts';
import { clientsRoutes } from '#server/features/admin/clients.routes.ts';
import { proceduresAdminRoutes } from '#server/features/procedures/procedures.admin.routes.ts';
import { auditRoutes } from '#server/features/audit/audit.routes.ts';
import { contactAdminRoutes } from '#server/features/contact/contact.admin.routes.ts';
import { deadlinesAdminRoutes } from '#server/features/deadlines/deadlines.admin.routes.ts';
import { mailAdminRoutes } from '#server/features/mail/mail.admin.routes.ts';
import { translationsAdminRoutes } from '#server/features/translations/translations.admin.routes.ts';
import { replyTimersAdminRoutes } from '#server/features/reply-timers/reply-timers.admin.routes.ts';
import { authModule } from '#server/features/auth/auth.module.ts';
import { chatAdminRoutes } from '#server/features/chat/chat.admin.routes.ts';
import { chatRoutes } from '#server/features/chat/chat.routes.ts';
import { contactRoutes } from '#server/features/contact/contact.routes.ts';
import { deadlinesRoutes } from '#server/features/deadlines/deadlines.routes.ts';
import { healthRoutes } from '#server/features/health/health.routes.ts';
import { pagesModule } from '#server/features/pages/pages.module.ts';
import { profileRoutes } from '#server/features/profile/profile.routes.ts';
import { accountDeletionRoutes } from '#server/features/profile/account-deletion.routes.ts';
import { dataExportRoutes } from '#server/features/profile/data-export.routes.ts';
import { quotesAdminRoutes } from '#server/features/quotes/quotes.admin.routes.ts';
import { quotesRoutes } from '#server/features/quotes/quotes.routes.ts';
import { newsModule } from '#server/features/news/news.module.ts';
import { agendaModule } from '#server/features/agenda/agenda.module.ts';
import { casesModule } from '#server/features/cases/cases.module.ts';
import { consultationsModule } from '#server/features/consultations/consultations.module.ts';
import { fulfilmentModule } from '#server/features/fulfilment/fulfilment.module.ts';
import { invoicesModule } from '#server/features/invoices/invoices.module.ts';
import { paymentsModule } from '#server/features/payments/payments.module.ts';
import { servicesModule } from '#server/features/services/services.module.ts';
import { seoRoutes } from '#server/features/seo/seo.routes.ts';
import { sectionsModule } from '#server/features/sections/sections.module.ts';
import { setupAdminRoutes } from '#server/features/setup/setup.admin.routes.ts';
import { translationsRoutes } from '#server/features/translations/translations.routes.ts';
import { orphanSweepPlugin } from '#server/features/uploads/orphan-sweep.plugin.ts';
import { sessionsPlugin } from '#server/platform/sessions.ts';
import { platformOf } from '#server/platform/platform.ts';
import { contextPlugin } from '#server/platform/context.ts';
import { dbPlugin } from '#server/platform/db.ts';
import { errorsPlugin, frameworkError } from '#server/platform/errors.ts';
import { i18nPlugin } from '#server/platform/i18n.ts';
import { mailPlugin } from '#server/platform/mail/mail.plugin.ts';
import { multipartPlugin } from '#server/platform/multipart.ts';
import { rateLimitPlugin } from '#server/platform/rate-limit.ts';
import { realtimePlugin } from '#server/platform/realtime.ts';
import { RequestLogController } from '#server/platform/request-log.ts';
import { securityHeaders, securityPlugin } from '#server/platform/security.ts';
import { staticPlugin } from '#server/platform/static.ts';
import { workerPlugin, type WorkerOptions } from '#server/platform/worker/worker.plugin.ts';
import { projectRoot } from '#server/project-root.ts';

const defaultWebDir = path.join(projectRoot, 'dist/web');

export type BuildAppOptions = {
  config: AppConfig;
  database: Database;
  /** Where the built site lives; tests point it elsewhere or at nothing. */
  webDir?: string;
  /** Where the log goes instead of stdout; tests read it. */
  logStream?: DestinationStream;
  /** The background worker's clock and polling; tests move the clock instead of waiting. */
  worker?: WorkerOptions;
  /** Told of every route as it is registered: the authorization matrix test lists the whole route table. */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * Only the proxies TRUST_PROXY names may say who the client is (request.ip, request.host). Fastify
 * no longer takes a hop count, so the count becomes the function proxy-addr used to make of it:
 * the nearest `hops` addresses, the socket's first, are proxies.
 */
function trustedProxies(setting: AppConfig['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Builds the whole app without listening: main.ts listens, tests call `inject`. */
export async function buildApp({ config, database, webDir = defaultWebDir, logStream, worker, onRoute }: BuildAppOptions): Promise<FastifyInstance> {
  const setSecurityHeaders = securityHeaders(config.appUrl);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(logStream ? { stream: logStream } : {}),
    },
    logController: new RequestLogController(),
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Fastify gives each plugin 10 s by default; loading the page renderer alone took 6 s on a busy
    // 2-core machine, which then failed to start. Every plugin here is async: a slow one is slow, not forgotten.
    pluginTimeout: 120_000,
    // The router refuses an address it cannot read before any hook runs: its answer still carries the site's headers.
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request.raw, reply.raw, () => undefined);
      reply.header('cache-control', 'no-store');
      return frameworkError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);

  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  // Outside production the site answers under any name: Vite's dev server and inject() use others.
  await app.register(securityPlugin, { appUrl: config.appUrl, isOneHost: config.env === 'production' });
  await app.register(contextPlugin, { config });
  await app.register(dbPlugin, { database });
  await app.register(rateLimitPlugin);
  await app.register(realtimePlugin);
  await app.register(workerPlugin, worker ?? {});
  await app.register(mailPlugin);
  // The platform is complete: each feature's module is built once from it (news.module.ts shows the shape).
  const platform = platformOf(app);
  const auth = authModule(platform);
  await app.register(sessionsPlugin, { readSession: auth.readSession });
  const news = newsModule(platform);
  const services = servicesModule(platform);
  const sections = sectionsModule(platform);
  const pages = pagesModule(platform);
  await app.register(multipartPlugin);
  await app.register(orphanSweepPlugin);
  await app.register(setupAdminRoutes);

  await app.register(healthRoutes);
  await app.register(seoRoutes);
  await app.register(pages.routes);
  await app.register(auth.routes);
  await app.register(news.routes);
  await app.register(sections.routes);
  await app.register(profileRoutes);
  await app.register(dataExportRoutes);
  await app.register(accountDeletionRoutes);
  await app.register(contactRoutes);
  await app.register(translationsRoutes);
  await app.register(services.routes);
  // What is sold and paid for: a paid payment hands over to fulfilment, which the cases, consultations and invoices modules serve.
  const invoices = invoicesModule(platform);
  const cases = casesModule(platform);
  const consultations = consultationsModule(platform);
  const agenda = agendaModule(platform, { scheduledCalls: consultations.scheduledCalls });
  const { fulfilment } = fulfilmentModule(platform, { cases: cases.caseMoves, booking: consultations.slotBooking, invoicing: invoices.invoicing });
  const payments = paymentsModule(platform, { auth: auth.auth, fulfilment });
  for (const routes of [consultations.routes, payments.routes, invoices.routes, cases.routes, agenda.routes]) await app.register(routes);
  for (const task of [...consultations.tasks, ...payments.tasks, ...cases.tasks]) app.worker.addTask(task);
  await app.register(quotesRoutes);
  await app.register(chatRoutes);
  await app.register(deadlinesRoutes);

  // The back office: every route behind requireAdmin.
  await app.register(contactAdminRoutes);
  await app.register(translationsAdminRoutes);
  await app.register(clientsRoutes);
  await app.register(auditRoutes);
  await app.register(chatAdminRoutes);
  await app.register(mailAdminRoutes);
  await app.register(deadlinesAdminRoutes);
  await app.register(proceduresAdminRoutes);
  await app.register(quotesAdminRoutes);
  await app.register(replyTimersAdminRoutes);

  await app.register(staticPlugin, {
    webDir: path.resolve(webDir),
    firm: config.firm,
    appUrl: config.appUrl,
    pages: {
      source: { ...services.pages, latestNews: news.pages.latestNews, newsArticle: news.pages.newsArticle, ...sections.pages },
      followContentVersion: pages.followContentVersion,
      nextScheduledArticleAt: news.pages.nextScheduledArticleAt,
    },
  });
  return app;
}
