import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { z } from 'zod';
import { defaultFirm, type Firm } from '#common/firm.ts';
import type { FirmTaxSetting } from '#common/invoices/tax-rules.ts';
import { parseOpeningHours } from '#common/opening-hours.ts';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const postgresUrl = z
  .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
  .optional();

const firmSchema = z.object({
  brandName: z.string().min(1),
  legalName: z.string().min(1),
  taxId: z.string().min(1),
  barRegistration: z.string(),
  address: z.string().min(1),
  phone: z.string().min(1),
  whatsapp: z.string().min(1),
  email: z.email(),
  web: z.url(),
  socialUrl: z.url(),
  hours: z.string().refine((value) => parseOpeningHours(value) !== null, {
    error: "must be opening hours like 'Mo-Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00'",
  }),
}) satisfies z.ZodType<Firm>;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int({ error: 'must be a whole number from 1 to 65535' })
    .min(1, { error: 'must be a whole number from 1 to 65535' })
    .max(65535, { error: 'must be a whole number from 1 to 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl,
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: optionalString,
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: optionalString,
  FIRM_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  STRIPE_SECRET_KEY: optionalString.pipe(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key (sk_test_… or sk_live_…)' }).optional()),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(z.string().regex(/^whsec_\w+$/, { error: 'must be a Stripe webhook signing secret (whsec_…)' }).optional()),
  STRIPE_PUBLISHABLE_KEY: optionalString.pipe(z.string().regex(/^pk_(test|live)_\w+$/, { error: 'must be a Stripe publishable key (pk_test_… or pk_live_…)' }).optional()),
  TRUST_PROXY: optionalString,
  CLAMD_SOCKET: optionalString,
  PUSH_SERVICE_HOSTS: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, { error: 'must be host names separated by commas (push.example.com,localhost)' })
      .optional(),
  ),
  PAYMENTS_TEST_MODE: z.enum(['0', '1'], { error: 'must be 1 (allow the test payment page) or 0' }).optional(),
  RETENTION_DOCUMENT_MONTHS: z.coerce
    .number({ error: 'must be a whole number of months from 1 to 120' })
    .int({ error: 'must be a whole number of months from 1 to 120' })
    .min(1, { error: 'must be a whole number of months from 1 to 120' })
    .max(120, { error: 'must be a whole number of months from 1 to 120' })
    .default(24),
  FIRM_IRPF_WITHHOLDING_PERCENT: z.coerce
    .number({ error: 'must be a whole percentage from 1 to 50' })
    .int({ error: 'must be a whole percentage from 1 to 50' })
    .min(1, { error: 'must be a whole percentage from 1 to 50' })
    .max(50, { error: 'must be a whole percentage from 1 to 50' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FIRM_NAME: optionalString,
  FIRM_LEGAL_NAME: optionalString,
  FIRM_TAX_ID: optionalString,
  FIRM_BAR_REGISTRATION: optionalString,
  FIRM_ADDRESS: optionalString,
  FIRM_PHONE: optionalString,
  FIRM_WHATSAPP: optionalString,
  FIRM_INFO_EMAIL: optionalString,
  FIRM_WEB: optionalString,
  FIRM_SOCIAL_URL: optionalString,
  FIRM_HOURS: optionalString,
  VERIFACTU_CERT_PATH: optionalString,
  VERIFACTU_CERT_PASSWORD: optionalString,
  VERIFACTU_ENDPOINT: optionalString,
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /**
   * The reverse proxies whose X-Forwarded-For is believed, as Fastify's `trustProxy` takes them:
   * a hop count or a list of addresses/CIDRs. Unset: the header is ignored and the socket's
   * address is the client's.
   */
  trustProxy: number | string[] | undefined;
  /** Session signing secret; when unset, generated once into DATA_DIR (see server/config/secret.ts). */
  authSecret: string | undefined;
  /** Uploaded files: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
  storage: { s3: S3Config | undefined };
  firm: Firm;
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /** The firm's inbox for notifications. */
    firmInbox: string;
  };
  /**
   * Card payments: Stripe Checkout when STRIPE_SECRET_KEY is set; else the built-in test provider
   * where it can take no one's money (outside production, a local trial on localhost, or
   * PAYMENTS_TEST_MODE=1); else none, and hiring says online payment is not set up.
   */
  payments: { stripe: StripeConfig | undefined; isTestProviderAllowed: boolean };
  /** How long the documents of a closed case are kept before the daily retention pass erases them (ADR 021). */
  retention: { documentMonths: number };
  /**
   * Whether the firm invoices as a self-employed professional, whose Spanish business clients withhold
   * IRPF at FIRM_IRPF_WITHHOLDING_PERCENT (15, or 7 in the first years); unset, as a company: nothing
   * withheld (common/invoices/tax-rules.ts, decisions/052). The owner confirms it with the tax adviser.
   */
  tax: FirmTaxSetting;
  /** Where clamd listens, when CLAMD_SOCKET is set: every upload is scanned before it is accepted (ADR 023). Unset: no scanning. */
  clamd: ClamdAddress | undefined;
  /** Hosts taken as push services besides the browsers' own (PUSH_SERVICE_HOSTS: a self-hosted push service, or the tests' local one). */
  pushServiceHosts: string[];
  /**
   * Sending the billing records to the tax agency (VERI*FACTU, decisions/054) with the firm's
   * certificate, when VERIFACTU_CERT_PATH is set; unset: the records are kept and not sent.
   */
  verifactu: VerifactuConfig | undefined;
};

export type VerifactuConfig = {
  /** The firm's certificate and its private key, as the PKCS#12 file (.p12, .pfx) the FNMT or the agency issue. */
  pfx: Buffer;
  passphrase: string;
  /** The agency's SOAP service (or, in tests, a local fake). */
  endpoint: string;
  /** The agency's production environment: the QR code opens its real check; else its test environment's. */
  isProduction: boolean;
  /** The authorities the agency's server certificate is checked against; unset: Node's usual ones (tests add their own CA). */
  ca?: Buffer;
  /** How long a send may wait for its answer; unset: a minute (tests shorten it). */
  timeoutMs?: number;
};

/** clamd's Unix socket, or its TCP address. */
export type ClamdAddress = { path: string } | { host: string; port: number };

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Not needed by the hosted Checkout redirect; checked to be of the secret key's mode. */
  publishableKey: string | undefined;
  /** Where the SDK sends its requests; unset for Stripe itself (tests point it at a local fake). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

export type S3Config = {
  /** Unset for AWS itself; the URL of any other S3-compatible store. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's usual credential chain (instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`)
    .join('; ');
}

function s3Config(env: z.infer<typeof envSchema>): S3Config | undefined {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = env;
  if (!S3_BUCKET) {
    const stray = Object.entries({ S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION }).find(([, value]) => value);
    if (stray) throw new ConfigError(`Invalid environment: ${stray[0]} is set but S3_BUCKET is not`);
    return undefined;
  }
  if (Boolean(S3_ACCESS_KEY_ID) !== Boolean(S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid environment: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: S3_REGION ?? 'us-east-1',
    credentials:
      S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY ? { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY } : undefined,
  };
}

function stripeConfig(env: z.infer<typeof envSchema>): StripeConfig | undefined {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY } = env;
  if (!STRIPE_SECRET_KEY) {
    const stray = Object.entries({ STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY }).find(([, value]) => value);
    if (stray) throw new ConfigError(`Invalid environment: ${stray[0]} is set but STRIPE_SECRET_KEY is not`);
    return undefined;
  }
  // Without the signing secret no webhook could be checked, so no payment would ever complete.
  if (!STRIPE_WEBHOOK_SECRET) throw new ConfigError('Invalid environment: STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY');
  const mode = (key: string) => (key.includes('_live_') ? 'live' : 'test');
  if (STRIPE_PUBLISHABLE_KEY && mode(STRIPE_PUBLISHABLE_KEY) !== mode(STRIPE_SECRET_KEY)) {
    throw new ConfigError('Invalid environment: STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY must both be test keys or both live keys');
  }
  return { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, publishableKey: STRIPE_PUBLISHABLE_KEY };
}

const trustProxyError =
  'Invalid environment: TRUST_PROXY must be a hop count (such as 1) or a comma-separated list of proxy addresses or CIDR ranges (such as 10.0.0.2,172.16.0.0/12)';

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** A hop count or a list of addresses/CIDRs; never `true`, which would believe anyone's header. */
function trustProxyConfig(value: string | undefined): number | string[] | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) {
    const hops = Number(value.trim());
    if (hops < 1) throw new ConfigError(trustProxyError);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) throw new ConfigError(`${trustProxyError}; ${JSON.stringify(bad)} is neither`);
  return entries;
}

const clamdSocketError =
  "Invalid environment: CLAMD_SOCKET must be the absolute path of clamd's Unix socket (such as /run/clamav/clamd.ctl) or tcp://host:port";

function clamdAddress(value: string | undefined): ClamdAddress | undefined {
  if (value === undefined) return undefined;
  if (value.startsWith('/')) return { path: value };
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'tcp:' || !url.hostname || !url.port || !['', '/'].includes(url.pathname) || url.search || url.username) {
    throw new ConfigError(clamdSocketError);
  }
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port) };
}

/**
 * The agency's service for sending billing records (RegFactuSistemaFacturacion), by environment:
 * www1/prewww1 for a personal or representative's certificate, www10/prewww10 for a company's
 * seal certificate (certificado de sello).
 */
const verifactuEndpoints = {
  test: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  'test-seal': 'https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  production: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  'production-seal': 'https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
} as const;

const verifactuEndpointError = 'Invalid environment: VERIFACTU_ENDPOINT must be test, test-seal, production, production-seal or an https:// URL';

/** The certificate is read and opened at boot, so a wrong path or password stops the start rather than the first send. */
function verifactuConfig(env: z.infer<typeof envSchema>): VerifactuConfig | undefined {
  const { VERIFACTU_CERT_PATH, VERIFACTU_CERT_PASSWORD, VERIFACTU_ENDPOINT } = env;
  if (!VERIFACTU_CERT_PATH) {
    const stray = Object.entries({ VERIFACTU_CERT_PASSWORD, VERIFACTU_ENDPOINT }).find(([, value]) => value);
    if (stray) throw new ConfigError(`Invalid environment: ${stray[0]} is set but VERIFACTU_CERT_PATH is not`);
    return undefined;
  }
  if (VERIFACTU_CERT_PASSWORD === undefined) throw new ConfigError('Invalid environment: VERIFACTU_CERT_PASSWORD must be set with VERIFACTU_CERT_PATH');
  if (!VERIFACTU_ENDPOINT) throw new ConfigError('Invalid environment: VERIFACTU_ENDPOINT must be set with VERIFACTU_CERT_PATH (test, test-seal, production or production-seal)');
  const named = Object.hasOwn(verifactuEndpoints, VERIFACTU_ENDPOINT) ? verifactuEndpoints[VERIFACTU_ENDPOINT as keyof typeof verifactuEndpoints] : undefined;
  if (!named && !(URL.canParse(VERIFACTU_ENDPOINT) && new URL(VERIFACTU_ENDPOINT).protocol === 'https:')) throw new ConfigError(verifactuEndpointError);
  let pfx: Buffer;
  try {
    pfx = readFileSync(VERIFACTU_CERT_PATH);
  } catch {
    throw new ConfigError(`Invalid environment: VERIFACTU_CERT_PATH cannot be read (${VERIFACTU_CERT_PATH})`);
  }
  try {
    createSecureContext({ pfx, passphrase: VERIFACTU_CERT_PASSWORD });
  } catch {
    throw new ConfigError('Invalid environment: VERIFACTU_CERT_PATH is not a PKCS#12 file (.p12, .pfx) that VERIFACTU_CERT_PASSWORD opens');
  }
  return { pfx, passphrase: VERIFACTU_CERT_PASSWORD, endpoint: named ?? VERIFACTU_ENDPOINT, isProduction: VERIFACTU_ENDPOINT.startsWith('production') };
}

/** Parses the environment once at boot; a bad value throws a ConfigError naming the variable. */
/** Whether an address is this machine's own, where a site serves only whoever sits at it. */
export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** The test payment page completes any payment: a public production site offers it only when told to. */
function isTestProviderAllowed(env: z.infer<typeof envSchema>): boolean {
  if (env.PAYMENTS_TEST_MODE) return env.PAYMENTS_TEST_MODE === '1';
  if (env.NODE_ENV !== 'production') return true;
  return env.APP_URL === undefined || isLocalHost(new URL(env.APP_URL).hostname);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw new ConfigError(`Invalid environment: ${describeIssues(parsed.error)}`);
  const env = parsed.data;

  const firmCandidate = {
    brandName: env.FIRM_NAME ?? defaultFirm.brandName,
    legalName: env.FIRM_LEGAL_NAME ?? defaultFirm.legalName,
    taxId: env.FIRM_TAX_ID ?? defaultFirm.taxId,
    barRegistration: env.FIRM_BAR_REGISTRATION ?? defaultFirm.barRegistration,
    address: env.FIRM_ADDRESS ?? defaultFirm.address,
    phone: env.FIRM_PHONE ?? defaultFirm.phone,
    whatsapp: env.FIRM_WHATSAPP ?? defaultFirm.whatsapp,
    email: env.FIRM_INFO_EMAIL ?? defaultFirm.email,
    web: env.FIRM_WEB ?? defaultFirm.web,
    socialUrl: env.FIRM_SOCIAL_URL ?? defaultFirm.socialUrl,
    hours: env.FIRM_HOURS ?? defaultFirm.hours,
  };
  const firm = firmSchema.safeParse(firmCandidate);
  if (!firm.success) {
    const names: Record<string, string> = {
      email: 'FIRM_INFO_EMAIL',
      web: 'FIRM_WEB',
      socialUrl: 'FIRM_SOCIAL_URL',
      hours: 'FIRM_HOURS',
    };
    const detail = firm.error.issues
      .map((issue) => `${names[String(issue.path[0])] ?? String(issue.path[0])} ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid environment: ${detail}`);
  }

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: trustProxyConfig(env.TRUST_PROXY),
    authSecret: env.AUTH_SECRET,
    storage: { s3: s3Config(env) },
    firm: firm.data,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `"${firm.data.brandName}" <${firm.data.email}>`,
      firmInbox: env.FIRM_EMAIL ?? firm.data.email,
    },
    payments: { stripe: stripeConfig(env), isTestProviderAllowed: isTestProviderAllowed(env) },
    retention: { documentMonths: env.RETENTION_DOCUMENT_MONTHS },
    tax: { withholdingPercent: env.FIRM_IRPF_WITHHOLDING_PERCENT ?? null },
    clamd: clamdAddress(env.CLAMD_SOCKET),
    pushServiceHosts: env.PUSH_SERVICE_HOSTS?.split(',').map((host) => host.toLowerCase()) ?? [],
    verifactu: verifactuConfig(env),
  };
}
