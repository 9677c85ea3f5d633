import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultFirm } from '#common/firm.ts';
import { createVerifactuCertificates } from '#server/test/verifactu-certificates.ts';
import { ConfigError, loadConfig } from './env.ts';

const certificates = createVerifactuCertificates();
afterAll(() => certificates.remove());

describe('loadConfig', () => {
  it('runs with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', appUrl: 'http://localhost:3000', databaseUrl: undefined });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.firm).toEqual(defaultFirm);
  });

  it('derives APP_URL from PORT and drops a trailing slash of an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://asesoria.example/' }).appUrl).toBe('https://asesoria.example');
  });

  it('takes the firm identity from FIRM_* variables', () => {
    const config = loadConfig({ FIRM_NAME: 'Despacho Ilicitano', FIRM_INFO_EMAIL: 'hola@despacho.es' });
    expect(config.firm.brandName).toBe('Despacho Ilicitano');
    expect(config.firm.email).toBe('hola@despacho.es');
    expect(loadConfig({ FIRM_HOURS: 'Mo-Th 09:00-18:00; Fr 09:00-14:00' }).firm.hours).toBe('Mo-Th 09:00-18:00; Fr 09:00-14:00');
  });

  it('believes no proxy unless TRUST_PROXY names them, by hop count or by address', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 172.16.0.0/12,::1, fd00::/8' }).trustProxy).toEqual(['10.0.0.2', '172.16.0.0/12', '::1', 'fd00::/8']);
  });

  it('keeps the documents of a closed case 24 months unless RETENTION_DOCUMENT_MONTHS says otherwise', () => {
    expect(loadConfig({}).retention.documentMonths).toBe(24);
    expect(loadConfig({ RETENTION_DOCUMENT_MONTHS: '36' }).retention.documentMonths).toBe(36);
  });

  it('scans uploads only when CLAMD_SOCKET names a Unix socket or a TCP address', () => {
    expect(loadConfig({}).clamd).toBeUndefined();
    expect(loadConfig({ CLAMD_SOCKET: '' }).clamd).toBeUndefined();
    expect(loadConfig({ CLAMD_SOCKET: '/run/clamav/clamd.ctl' }).clamd).toEqual({ path: '/run/clamav/clamd.ctl' });
    expect(loadConfig({ CLAMD_SOCKET: 'tcp://clamav.internal:3310' }).clamd).toEqual({ host: 'clamav.internal', port: 3310 });
    expect(loadConfig({ CLAMD_SOCKET: 'tcp://[::1]:3310' }).clamd).toEqual({ host: '::1', port: 3310 });
  });

  it("sends the billing records only with the firm's certificate, its password and the agency's environment, checked at boot", () => {
    expect(loadConfig({}).verifactu).toBeUndefined();
    const certificate = { VERIFACTU_CERT_PATH: certificates.firmP12Path, VERIFACTU_CERT_PASSWORD: certificates.password };
    const test = loadConfig({ ...certificate, VERIFACTU_ENDPOINT: 'test' }).verifactu;
    expect(test).toMatchObject({ endpoint: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP', isProduction: false, passphrase: certificates.password });
    expect(test?.pfx.equals(fs.readFileSync(certificates.firmP12Path))).toBe(true);
    expect(loadConfig({ ...certificate, VERIFACTU_ENDPOINT: 'production' }).verifactu).toMatchObject({
      endpoint: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
      isProduction: true,
    });
    expect(loadConfig({ ...certificate, VERIFACTU_ENDPOINT: 'production-seal' }).verifactu?.endpoint).toBe(
      'https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    );
    expect(loadConfig({ ...certificate, VERIFACTU_ENDPOINT: 'test-seal' }).verifactu?.endpoint).toBe('https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
  });

  it.each([
    [{ VERIFACTU_CERT_PASSWORD: 'secreto' }, 'VERIFACTU_CERT_PASSWORD is set but VERIFACTU_CERT_PATH is not'],
    [{ VERIFACTU_ENDPOINT: 'test' }, 'VERIFACTU_ENDPOINT is set but VERIFACTU_CERT_PATH is not'],
    [{ VERIFACTU_CERT_PATH: certificates.firmP12Path, VERIFACTU_ENDPOINT: 'test' }, 'VERIFACTU_CERT_PASSWORD must be set with VERIFACTU_CERT_PATH'],
    [{ VERIFACTU_CERT_PATH: certificates.firmP12Path, VERIFACTU_CERT_PASSWORD: certificates.password }, 'VERIFACTU_ENDPOINT must be set with VERIFACTU_CERT_PATH'],
    [{ VERIFACTU_CERT_PATH: certificates.firmP12Path, VERIFACTU_CERT_PASSWORD: certificates.password, VERIFACTU_ENDPOINT: 'http://aeat.example' }, 'VERIFACTU_ENDPOINT must be test'],
    [{ VERIFACTU_CERT_PATH: certificates.firmP12Path, VERIFACTU_CERT_PASSWORD: 'otra', VERIFACTU_ENDPOINT: 'test' }, 'that VERIFACTU_CERT_PASSWORD opens'],
    [{ VERIFACTU_CERT_PATH: path.join(certificates.dir, 'ca.pem'), VERIFACTU_CERT_PASSWORD: certificates.password, VERIFACTU_ENDPOINT: 'test' }, 'that VERIFACTU_CERT_PASSWORD opens'],
    [{ VERIFACTU_CERT_PATH: path.join(certificates.dir, 'missing.p12'), VERIFACTU_CERT_PASSWORD: certificates.password, VERIFACTU_ENDPOINT: 'test' }, 'VERIFACTU_CERT_PATH cannot be read'],
  ])('refuses a half-set or wrong certificate %o: %s', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    [{ CLAMD_SOCKET: 'clamd.ctl' }, 'CLAMD_SOCKET'],
    [{ CLAMD_SOCKET: 'tcp://clamav.internal' }, 'CLAMD_SOCKET'],
    [{ CLAMD_SOCKET: 'http://clamav.internal:3310' }, 'CLAMD_SOCKET'],
    [{ RETENTION_DOCUMENT_MONTHS: '0' }, 'RETENTION_DOCUMENT_MONTHS'],
    [{ RETENTION_DOCUMENT_MONTHS: '1.5' }, 'RETENTION_DOCUMENT_MONTHS'],
    [{ RETENTION_DOCUMENT_MONTHS: 'dos años' }, 'RETENTION_DOCUMENT_MONTHS'],
    [{ RETENTION_DOCUMENT_MONTHS: '121' }, 'RETENTION_DOCUMENT_MONTHS'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '0' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ APP_URL: 'ftp://example.com' }, 'APP_URL'],
    [{ FIRM_INFO_EMAIL: 'nope' }, 'FIRM_INFO_EMAIL'],
    [{ FIRM_HOURS: 'de 9 a 14' }, 'FIRM_HOURS'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.internal' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,' }, 'TRUST_PROXY'],
  ])('refuses %o with one line naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(variable);
      expect(message).not.toContain('\n');
    }
  });
});
