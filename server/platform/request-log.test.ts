import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';

type LogLine = { level: number; msg: string; method?: string; path?: string; statusCode?: number; responseTime?: number; ip?: string; event?: string };

const levels = { debug: 20, info: 30, error: 50 };

describe('request logs', () => {
  let t: TestApp;
  let webDir: string;
  let lines: LogLine[] = [];

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<html><head><!--firm-data--></head><body></body></html>');
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg/>');
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().trim().split('\n').map((line) => JSON.parse(line) as LogLine));
        done();
      },
    });
    t = await createTestApp({
      webDir,
      env: { LOG_LEVEL: 'debug' },
      logStream,
      extend: (app) => app.get('/api/test-broken', async () => Promise.reject(new Error('boom'))),
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    lines = [];
  });

  const requestLines = () => lines.filter((line) => line.msg === 'request' || line.msg === 'request failed');

  it('keeps static files and health checks out of the info log (debug only)', async () => {
    await t.app.inject({ url: '/assets/index-abc123.js' });
    await t.app.inject({ url: '/favicon.svg' });
    await t.app.inject({ url: '/healthz' });
    const logged = requestLines();
    expect(logged.map((line) => line.path)).toEqual(['/assets/index-abc123.js', '/favicon.svg', '/healthz']);
    expect(logged.every((line) => line.level === levels.debug)).toBe(true);
  });

  it('logs every API request at info in one line: method, path, status, time and client address', async () => {
    await t.app.inject({ url: '/api/news?page=2', remoteAddress: '198.51.100.4' });
    await t.app.inject({ method: 'POST', url: '/api/contact-requests', payload: {} });
    const logged = requestLines();
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ level: levels.info, method: 'GET', path: '/api/news?page=2', statusCode: 200, ip: '198.51.100.4' });
    expect(logged[0]?.responseTime).toEqual(expect.any(Number));
    expect(logged[1]).toMatchObject({ level: levels.info, method: 'POST', path: '/api/contact-requests', statusCode: 400 });
    expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
  });

  it('logs a page at info, and a server error at error level', async () => {
    await t.app.inject({ url: '/servicios', headers: { accept: 'text/html' } });
    await t.app.inject({ url: '/api/test-broken' });
    const logged = requestLines();
    expect(logged[0]).toMatchObject({ level: levels.info, path: '/servicios', statusCode: 200 });
    expect(logged[1]).toMatchObject({ level: levels.error, msg: 'request failed', path: '/api/test-broken', statusCode: 500 });
  });

  it('never writes a token from a mail link into the log', async () => {
    await t.app.inject({ url: '/api/auth/reset-password/secret-reset-token?callbackURL=%2Factualizar-contrasena' });
    await t.app.inject({ url: '/api/auth/verify-email?token=secret-verify-token&callbackURL=%2Fpanel' });
    await t.app.inject({ url: '/actualizar-contrasena?token=secret-page-token', headers: { accept: 'text/html' } });
    const logged = requestLines().map((line) => line.path);
    expect(logged).toEqual([
      '/api/auth/reset-password/[redacted]?callbackURL=%2Factualizar-contrasena',
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fpanel',
      '/actualizar-contrasena?token=[redacted]',
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-');
  });

  const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });

  it('logs a quote page with its secret replaced, however its address is spelled', async () => {
    for (const url of [
      '/presupuesto/secret-quote-1',
      '/presupuesto/secret-quote-2/',
      '/en/presupuesto/secret-quote-3?utm=mail',
      '//presupuesto/secret-quote-4',
      '/./presupuesto/secret-quote-5',
      '/%70resupuesto/secret-quote-6',
      '/PRESUPUESTO/secret-quote-7',
      '/noticias/../presupuesto/secret-quote-8',
      'http://despacho.test/presupuesto/secret-quote-9',
    ]) {
      await page(url);
    }
    expect(requestLines().map((line) => line.path)).toEqual([
      '/presupuesto/[redacted]',
      '/presupuesto/[redacted]/',
      '/en/presupuesto/[redacted]?utm=mail',
      '/presupuesto/[redacted]',
      '/presupuesto/[redacted]',
      '/presupuesto/[redacted]',
      '/PRESUPUESTO/[redacted]',
      '/presupuesto/[redacted]',
      '/presupuesto/[redacted]',
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-');
  });

  it('logs a sign-in or registration page with the secret of the page it leads back to replaced', async () => {
    await page('/acceder?redirect=%2Fpresupuesto%2Fsecret-back-1');
    await page('/registro?redirect=/presupuesto/secret-back-2&x=1');
    await page('/fr/acceder?redirect=%2Ffr%2Factualizar-contrasena%3Ftoken%3Dsecret-back-3');
    await page('/acceder?redirect=%2Fpanel');
    expect(requestLines().map((line) => line.path)).toEqual([
      '/acceder?redirect=%2Fpresupuesto%2F[redacted]',
      '/registro?redirect=%2Fpresupuesto%2F[redacted]&x=1',
      '/fr/acceder?redirect=%2Ffr%2Factualizar-contrasena%3Ftoken%3D[redacted]',
      '/acceder?redirect=%2Fpanel',
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-');
  });

  it('logs every route that carries a mailed secret with it replaced: undoing an e-mail change, a quote through the API', async () => {
    await page('/deshacer-cambio-email?token=secret-undo');
    await t.app.inject({ url: '/api/quotes/by-token/secret-api-1' });
    await t.app.inject({ method: 'POST', url: '/api/quotes/by-token/secret-api-2/accept', payload: {} });
    await t.app.inject({ method: 'POST', url: '/api/quotes/by-token/secret-api-3/decline', payload: {} });
    await t.app.inject({ url: '/%61pi/quotes/by-token/secret-api-4' });
    await t.app.inject({ url: '/api/auth/verify-email?%74oken=secret-api-5&callbackURL=%2Fpanel' });
    expect(requestLines().map((line) => line.path)).toEqual([
      '/deshacer-cambio-email?token=[redacted]',
      '/api/quotes/by-token/[redacted]',
      '/api/quotes/by-token/[redacted]/accept',
      '/api/quotes/by-token/[redacted]/decline',
      '/api/quotes/by-token/[redacted]',
      '/api/auth/verify-email?%74oken=[redacted]&callbackURL=%2Fpanel',
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-');
  });

  it('writes no e-mail address at info level when people sign in, right or wrong', async () => {
    const account = await createAccount(t);
    await t.app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email: account.user.email, password: 'no-es-la-contraseña' } });
    await t.app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email: 'nadie@example.com', password: 'no-es-la-contraseña' } });
    const signIns = lines.filter((line) => line.event === 'sign-in');
    expect(signIns.length).toBeGreaterThanOrEqual(3);
    const shown = JSON.stringify(lines.filter((line) => line.level >= levels.info));
    expect(shown).not.toContain(account.user.email);
    expect(shown).not.toContain('nadie@example.com');
  });
});
