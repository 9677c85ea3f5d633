import type { FastifyBaseLogger } from 'fastify';
import { defaultFirm, type Firm } from '#common/firm.ts';
import type { SetupIssue } from '#common/setup/setup.contract.ts';
import { isLocalHost, type AppConfig } from '#server/config/env.ts';
import { translator } from '#server/platform/translator.ts';

/** The variable that sets each part of the firm's identity; the bar registration may rightly stay empty. */
const firmVariables: [keyof Firm, string][] = [
  ['brandName', 'FIRM_NAME'],
  ['legalName', 'FIRM_LEGAL_NAME'],
  ['taxId', 'FIRM_TAX_ID'],
  ['address', 'FIRM_ADDRESS'],
  ['phone', 'FIRM_PHONE'],
  ['whatsapp', 'FIRM_WHATSAPP'],
  ['email', 'FIRM_INFO_EMAIL'],
  ['web', 'FIRM_WEB'],
  ['socialUrl', 'FIRM_SOCIAL_URL'],
];

export type SetupDeps = {
  config: Pick<AppConfig, 'env' | 'appUrl' | 'firm' | 'mail' | 'payments' | 'trustProxy' | 'clamd' | 'verifactu'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

/** What the running instance has seen that its configuration cannot tell. */
export type SetupObservations = { hasSeenForwardedFor: boolean };

/**
 * What a production site still lacks, each issue naming the variables to set. Outside production
 * (a laptop, the tests) the local defaults are the point, so nothing is reported.
 */
export function setupIssues({ config }: Pick<SetupDeps, 'config'>, observed: SetupObservations): SetupIssue[] {
  if (config.env !== 'production') return [];
  const issues: SetupIssue[] = [];
  const placeholders = firmVariables.filter(([field]) => config.firm[field] === defaultFirm[field]).map(([, variable]) => variable);
  if (placeholders.length > 0) issues.push({ id: 'firmIdentity', variables: placeholders });
  if (!config.mail.smtpUrl) issues.push({ id: 'mail', variables: ['SMTP_URL'] });
  if (!config.payments.stripe) {
    const id = config.payments.isTestProviderAllowed ? 'payments' : 'paymentsOff';
    issues.push({ id, variables: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] });
  }
  if (!config.clamd) issues.push({ id: 'fileScanning', variables: ['CLAMD_SOCKET'] });
  // Without the firm's certificate the billing records are kept, not sent (decisions/054); sent to the agency's test environment, they count for nothing.
  if (!config.verifactu) issues.push({ id: 'billingRecordsKept', variables: ['VERIFACTU_CERT_PATH', 'VERIFACTU_CERT_PASSWORD', 'VERIFACTU_ENDPOINT'] });
  else if (!config.verifactu.isProduction) issues.push({ id: 'billingRecordsTest', variables: ['VERIFACTU_ENDPOINT'] });
  const site = new URL(config.appUrl);
  if (site.protocol === 'http:' && !isLocalHost(site.hostname)) issues.push({ id: 'plainHttp', variables: ['APP_URL'] });
  if (config.trustProxy === undefined && observed.hasSeenForwardedFor) issues.push({ id: 'proxyHeaders', variables: ['TRUST_PROXY'] });
  return issues;
}

/** The same list, in English for the operator, once `npm start` listens (main.ts). */
export function logSetupIssues({ config, log }: SetupDeps): void {
  const t = translator('en');
  for (const issue of setupIssues({ config }, { hasSeenForwardedFor: false })) {
    log.warn({ variables: issue.variables }, `Setup check — ${t(`setup:issues.${issue.id}`, { variables: issue.variables })}`);
  }
}
