import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { caseAssigneeAdminRoutes } from './case-assignee.admin.routes.ts';
import { createCaseAssigneeMails } from './case-assignee.mails.ts';
import { caseRequestsAdminRoutes } from './case-requests.admin.routes.ts';
import { caseRequestsRoutes } from './case-requests.routes.ts';
import type { CaseRequestsDeps } from './case-requests.service.ts';
import { casesAdminRoutes } from './cases.admin.routes.ts';
import { createCaseMails } from './cases.mails.ts';
import { casesRoutes } from './cases.routes.ts';
import type { CasesDeps } from './cases.service.ts';
import { casesTasks } from './cases.tasks.ts';
import { swornTranslationsAdminRoutes } from './sworn-translations.admin.routes.ts';

/** The cases and their document requests, built once (the shape: news/news.module.ts). */
export function casesModule(
  platform: Pick<Platform, 'config' | 'db' | 'log' | 'outbox' | 'realtime' | 'storage' | 'worker'>,
  needs: Pick<CasesDeps, 'clientProfile' | 'checkStageMove'>,
) {
  const { config, db, log, outbox, realtime, storage, worker } = platform;
  const deps: CasesDeps = { db, storage, mails: createCaseMails(config, outbox), realtime, log, now: worker.now, clientProfile: needs.clientProfile, checkStageMove: needs.checkStageMove };
  const requests: CaseRequestsDeps = { db, storage, realtime, now: worker.now };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(casesRoutes, deps);
      await app.register(caseRequestsRoutes, requests);
      await app.register(casesAdminRoutes, deps);
      await app.register(caseRequestsAdminRoutes, requests);
      await app.register(swornTranslationsAdminRoutes, requests);
      await app.register(caseAssigneeAdminRoutes, { db, mails: createCaseAssigneeMails(config, outbox) });
    }),
    tasks: casesTasks(deps, config.retention.documentMonths),
    /** What another feature needs to move a case inside its own transaction (fulfilment's refunds): the client's mail and their live panel. */
    caseMoves: { mails: deps.mails, realtime } satisfies Pick<CasesDeps, 'mails' | 'realtime'>,
  } satisfies FeatureModule;
}
