import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config/env.ts';
import { createVerifactuCertificates } from '#server/test/verifactu-certificates.ts';
import { logSetupIssues, setupIssues } from './setup.service.ts';

const certificates = createVerifactuCertificates();
afterAll(() => certificates.remove());

const configured = {
  NODE_ENV: 'production',
  APP_URL: 'https://asesoria.example',
  SMTP_URL: 'smtp://mail.example:587',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  FIRM_NAME: 'Despacho Ilicitano',
  FIRM_LEGAL_NAME: 'Despacho Ilicitano S.L.',
  FIRM_TAX_ID: 'B12345678',
  FIRM_ADDRESS: 'Calle Corredora 10, 03203 Elche',
  FIRM_PHONE: '+34 965 000 111',
  FIRM_WHATSAPP: '+34611000111',
  FIRM_INFO_EMAIL: 'info@despacho.es',
  FIRM_WEB: 'https://despacho.es',
  FIRM_SOCIAL_URL: 'https://www.facebook.com/despacho',
  CLAMD_SOCKET: '/run/clamav/clamd.ctl',
  VERIFACTU_CERT_PATH: certificates.firmP12Path,
  VERIFACTU_CERT_PASSWORD: certificates.password,
  VERIFACTU_ENDPOINT: 'production',
};

const issuesOf = (env: Record<string, string | undefined>, hasSeenForwardedFor = false) =>
  setupIssues({ config: loadConfig({ ...configured, ...env }) }, { hasSeenForwardedFor });

describe('the setup check', () => {
  it.each([
    ['a fully configured site', {}, false, []],
    [
      'the firm still on placeholders',
      { FIRM_NAME: undefined, FIRM_TAX_ID: undefined, FIRM_INFO_EMAIL: undefined },
      false,
      [{ id: 'firmIdentity', variables: ['FIRM_NAME', 'FIRM_TAX_ID', 'FIRM_INFO_EMAIL'] }],
    ],
    ['mail into .eml files', { SMTP_URL: undefined }, false, [{ id: 'mail', variables: ['SMTP_URL'] }]],
    [
      'online payment off on a public site without Stripe',
      { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined },
      false,
      [{ id: 'paymentsOff', variables: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] }],
    ],
    [
      'payments in test mode when told so',
      { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, PAYMENTS_TEST_MODE: '1' },
      false,
      [{ id: 'payments', variables: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] }],
    ],
    ['uploads not scanned for malware', { CLAMD_SOCKET: undefined }, false, [{ id: 'fileScanning', variables: ['CLAMD_SOCKET'] }]],
    [
      'billing records kept and not sent, without the certificate',
      { VERIFACTU_CERT_PATH: undefined, VERIFACTU_CERT_PASSWORD: undefined, VERIFACTU_ENDPOINT: undefined },
      false,
      [{ id: 'billingRecordsKept', variables: ['VERIFACTU_CERT_PATH', 'VERIFACTU_CERT_PASSWORD', 'VERIFACTU_ENDPOINT'] }],
    ],
    ["billing records sent to the agency's test environment", { VERIFACTU_ENDPOINT: 'test' }, false, [{ id: 'billingRecordsTest', variables: ['VERIFACTU_ENDPOINT'] }]],
    ['APP_URL on plain http', { APP_URL: 'http://asesoria.example' }, false, [{ id: 'plainHttp', variables: ['APP_URL'] }]],
    ['plain http on this machine', { APP_URL: 'http://localhost:3000' }, false, []],
    ['X-Forwarded-For seen with no TRUST_PROXY', {}, true, [{ id: 'proxyHeaders', variables: ['TRUST_PROXY'] }]],
    ['X-Forwarded-For seen through a trusted proxy', { TRUST_PROXY: '10.0.0.1' }, true, []],
  ])('reports %s', (_name, env, hasSeenForwardedFor, expected) => {
    expect(issuesOf(env, hasSeenForwardedFor)).toEqual(expected);
  });

  it('lists everything, in order, for a bare `npm start`', () => {
    const issues = setupIssues({ config: loadConfig({ NODE_ENV: 'production', APP_URL: 'http://203.0.113.10' }) }, { hasSeenForwardedFor: true });
    expect(issues.map((issue) => issue.id)).toEqual(['firmIdentity', 'mail', 'paymentsOff', 'fileScanning', 'billingRecordsKept', 'plainHttp', 'proxyHeaders']);
    expect(issues[0]?.variables).toEqual([
      'FIRM_NAME',
      'FIRM_LEGAL_NAME',
      'FIRM_TAX_ID',
      'FIRM_ADDRESS',
      'FIRM_PHONE',
      'FIRM_WHATSAPP',
      'FIRM_INFO_EMAIL',
      'FIRM_WEB',
      'FIRM_SOCIAL_URL',
    ]);
  });

  it('reports nothing outside production', () => {
    expect(setupIssues({ config: loadConfig({ NODE_ENV: 'development', APP_URL: 'http://203.0.113.10' }) }, { hasSeenForwardedFor: true })).toEqual([]);
    expect(setupIssues({ config: loadConfig({ NODE_ENV: 'test' }) }, { hasSeenForwardedFor: true })).toEqual([]);
  });

  it('says the same list in plain English lines for the operator at start', () => {
    const warn = vi.fn();
    logSetupIssues({ config: loadConfig({ ...configured, SMTP_URL: undefined, FIRM_PHONE: undefined, FIRM_WEB: undefined }), log: { warn } });
    expect(warn.mock.calls).toEqual([
      [{ variables: ['FIRM_PHONE', 'FIRM_WEB'] }, "Setup check — The firm's details are still the placeholders: set FIRM_PHONE and FIRM_WEB."],
      [{ variables: ['SMTP_URL'] }, 'Setup check — No mail is sent: each message is saved as an .eml file on the server. Set SMTP_URL.'],
    ]);
  });
});
