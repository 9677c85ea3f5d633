import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '#server/config/env.ts';
import { resolveAuthSecret } from '#server/config/secret.ts';
import type { Database } from '#server/db/client.ts';
import { authModule } from '#server/features/auth/auth.module.ts';
import { pagesModule } from '#server/features/pages/pages.module.ts';
import { newsModule } from '#server/features/news/news.module.ts';
import { agendaModule } from '#server/features/agenda/agenda.module.ts';
import { assigneesModule } from '#server/features/assignees/assignees.module.ts';
import { amlModule } from '#server/features/aml/aml.module.ts';
import { casesModule } from '#server/features/cases/cases.module.ts';
import { consultationsModule } from '#server/features/consultations/consultations.module.ts';
import { engagementsModule } from '#server/features/engagements/engagements.module.ts';
import { fulfilmentModule } from '#server/features/fulfilment/fulfilment.module.ts';
import { invoicesModule } from '#server/features/invoices/invoices.module.ts';
import { paymentsModule } from '#server/features/payments/payments.module.ts';
import { servicesModule } from '#server/features/services/services.module.ts';
import { sectionsModule } from '#server/features/sections/sections.module.ts';
import { adminModule } from '#server/features/admin/admin.module.ts';
import { auditModule } from '#server/features/audit/audit.module.ts';
import { chatModule } from '#server/features/chat/chat.module.ts';
import { contactModule } from '#server/features/contact/contact.module.ts';
import { deadlinesModule } from '#server/features/deadlines/deadlines.module.ts';
import { officialAppointmentsModule } from '#server/features/official-appointments/official-appointments.module.ts';
import { questionnairesModule } from '#server/features/questionnaires/questionnaires.module.ts';
import { filingPacksModule } from '#server/features/filing-packs/filing-packs.module.ts';
import { healthModule } from '#server/features/health/health.module.ts';
import { intakeModule } from '#server/features/intake/intake.module.ts';
import { mailModule } from '#server/features/mail/mail.module.ts';
import { proceduresModule } from '#server/features/procedures/procedures.module.ts';
import { profileModule } from '#server/features/profile/profile.module.ts';
import { quotesModule } from '#server/features/quotes/quotes.module.ts';
import { replyTimersModule } from '#server/features/reply-timers/reply-timers.module.ts';
import { notesModule } from '#server/features/notes/notes.module.ts';
import { notificationsModule } from '#server/features/notifications/notifications.module.ts';
import { pwaModule } from '#server/features/pwa/pwa.module.ts';
import { noticePreferences } from '#server/features/notifications/notifications.service.ts';
import { searchModule } from '#server/features/search/search.module.ts';
import { seoModule } from '#server/features/seo/seo.module.ts';
import { setupModule } from '#server/features/setup/setup.module.ts';
import { staffModule } from '#server/features/staff/staff.module.ts';
import { todayModule } from '#server/features/today/today.module.ts';
import { translationsModule } from '#server/features/translations/translations.module.ts';
import { uploadsModule } from '#server/features/uploads/uploads.module.ts';
import { sessionsPlugin } from '#server/platform/sessions.ts';
import { platformOf, type FeatureModule } from '#server/platform/platform.ts';
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
  // The client's choices of mail, kept by the notifications feature, honoured where every mail is queued.
  await app.register(mailPlugin, { preferences: noticePreferences(config, resolveAuthSecret(config)) });
  // The platform is complete: each feature's module is built once from it (news.module.ts shows the shape).
  const platform = platformOf(app);
  const auth = authModule(platform);
  await app.register(sessionsPlugin, { readSession: auth.readSession });
  await app.register(multipartPlugin);

  const intake = intakeModule(platform);
  // Who handles the work besides cases: the deps the modules of that work hand to assignWork.
  const assignees = assigneesModule(platform);
  const news = newsModule(platform);
  const services = servicesModule(platform);
  const sections = sectionsModule(platform);
  const pages = pagesModule(platform);
  // What is sold and paid for: a paid payment hands over to fulfilment, which the cases, consultations and invoices modules serve.
  const profile = profileModule(platform, { auth: auth.auth });
  // The identification property work asks (Ley 10/2010): the cases' stage moves wait for it.
  const aml = amlModule(platform);
  const cases = casesModule(platform, { clientProfile: profile.clientProfile, checkStageMove: aml.checkStageMove });
  const consultations = consultationsModule(platform, { assignees: assignees.deps });
  const agenda = agendaModule(platform, { scheduledCalls: consultations.scheduledCalls });
  const { fulfilment } = fulfilmentModule(platform, { cases: cases.caseMoves, booking: consultations.slotBooking });
  const payments = paymentsModule(platform, { auth: auth.auth, fulfilment });
  const invoices = invoicesModule(platform, { paymentOwner: payments.paymentOwner });
  const modules: FeatureModule[] = [
    uploadsModule(platform),
    // First: its watch of every request's headers is not encapsulated.
    setupModule(),
    healthModule(),
    seoModule(),
    pwaModule(),
    pages,
    auth,
    news,
    sections,
    profile,
    notificationsModule(platform),
    assignees,
    contactModule(platform, { ...intake, assignees: assignees.deps }),
    translationsModule(platform, { ...intake, assignees: assignees.deps }),
    services,
    consultations,
    payments,
    engagementsModule(platform, { checkoutPrice: payments.checkoutPrice }),
    invoices,
    cases,
    aml,
    agenda,
    quotesModule(platform, { auth: auth.auth, assignees: assignees.deps }),
    chatModule(platform, { assignees: assignees.deps }),
    deadlinesModule(platform),
    officialAppointmentsModule(platform),
    questionnairesModule(platform, { clientProfile: profile.clientProfile }),
    filingPacksModule(platform),
    // The back office's own features: every route behind requireStaff.
    adminModule(platform),
    searchModule(platform),
    todayModule(platform),
    notesModule(platform),
    auditModule(platform),
    mailModule(platform),
    proceduresModule(platform),
    replyTimersModule(platform),
    staffModule(platform, { auth: auth.auth }),
  ];
  for (const module of modules) if (module.routes) await app.register(module.routes);
  for (const module of modules) for (const task of module.tasks ?? []) app.worker.addTask(task);

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
