import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '#server/config/env.ts';
import type { Database } from '#server/db/client.ts';
import { clientsRoutes } from '#server/features/admin/clients.routes.ts';
import { casesAdminRoutes } from '#server/features/cases/cases.admin.routes.ts';
import { caseRequestsAdminRoutes } from '#server/features/cases/case-requests.admin.routes.ts';
import { caseRequestsRoutes } from '#server/features/cases/case-requests.routes.ts';
import { paymentsAdminRoutes } from '#server/features/payments/payments.admin.routes.ts';
import { proceduresAdminRoutes } from '#server/features/procedures/procedures.admin.routes.ts';
import { agendaRoutes } from '#server/features/agenda/agenda.routes.ts';
import { firmHoursAdminRoutes } from '#server/features/agenda/firm-hours.admin.routes.ts';
import { auditRoutes } from '#server/features/audit/audit.routes.ts';
import { appointmentAdminRoutes } from '#server/features/consultations/appointment.admin.routes.ts';
import { appointmentRoutes } from '#server/features/consultations/appointment.routes.ts';
import { consultationsAdminRoutes } from '#server/features/consultations/consultations.admin.routes.ts';
import { consultationAnswerAdminRoutes } from '#server/features/consultations/consultation-answer.admin.routes.ts';
import { consultationThreadAdminRoutes } from '#server/features/consultations/consultation-thread.admin.routes.ts';
import { bookingAdminRoutes } from '#server/features/consultations/booking.admin.routes.ts';
import { bookingRoutes } from '#server/features/consultations/booking.routes.ts';
import { contactAdminRoutes } from '#server/features/contact/contact.admin.routes.ts';
import { deadlinesAdminRoutes } from '#server/features/deadlines/deadlines.admin.routes.ts';
import { mailAdminRoutes } from '#server/features/mail/mail.admin.routes.ts';
import { translationsAdminRoutes } from '#server/features/translations/translations.admin.routes.ts';
import { replyTimersAdminRoutes } from '#server/features/reply-timers/reply-timers.admin.routes.ts';
import { authModule } from '#server/features/auth/auth.module.ts';
import { casesRoutes } from '#server/features/cases/cases.routes.ts';
import { chatAdminRoutes } from '#server/features/chat/chat.admin.routes.ts';
import { chatRoutes } from '#server/features/chat/chat.routes.ts';
import { consultationsRoutes } from '#server/features/consultations/consultations.routes.ts';
import { consultationThreadRoutes } from '#server/features/consultations/consultation-thread.routes.ts';
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
import { paymentsRoutes } from '#server/features/payments/payments.routes.ts';
import { purchaseFulfilment } from '#server/features/fulfilment/fulfilment.service.ts';
import { caseMoves } from '#server/features/cases/cases.service.ts';
import { slotBooking } from '#server/features/consultations/booking.service.ts';
import { scheduledConsultations } from '#server/features/consultations/consultations.admin.service.ts';
import { invoicing } from '#server/features/invoices/invoices.service.ts';
import { invoicesRoutes } from '#server/features/invoices/invoices.routes.ts';
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
  await app.register(consultationsRoutes);
  await app.register(consultationThreadRoutes);
  await app.register(bookingRoutes);
  await app.register(services.routes);
  const fulfilment = purchaseFulfilment({
    log: app.log,
    now: app.worker.now,
    cases: caseMoves(app.config, app.outbox, app.realtime),
    booking: slotBooking(app.config, app.outbox, app.worker.now),
    invoicing: invoicing(app.config, app.outbox, app.worker.now),
  });
  await app.register(paymentsRoutes, { fulfilment });
  await app.register(quotesRoutes);
  await app.register(invoicesRoutes);
  await app.register(casesRoutes);
  await app.register(caseRequestsRoutes);
  await app.register(chatRoutes);
  await app.register(deadlinesRoutes);
  await app.register(appointmentRoutes);

  // The back office: every route behind requireAdmin.
  await app.register(casesAdminRoutes);
  await app.register(paymentsAdminRoutes, { fulfilment });
  await app.register(contactAdminRoutes);
  await app.register(translationsAdminRoutes);
  await app.register(consultationsAdminRoutes);
  await app.register(consultationAnswerAdminRoutes);
  await app.register(consultationThreadAdminRoutes);
  await app.register(bookingAdminRoutes);
  await app.register(agendaRoutes, { scheduledCalls: (from, to) => scheduledConsultations({ db: app.db }, from, to) });
  await app.register(firmHoursAdminRoutes);
  await app.register(clientsRoutes);
  await app.register(auditRoutes);
  await app.register(chatAdminRoutes);
  await app.register(mailAdminRoutes);
  await app.register(deadlinesAdminRoutes);
  await app.register(appointmentAdminRoutes);
  await app.register(caseRequestsAdminRoutes);
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
