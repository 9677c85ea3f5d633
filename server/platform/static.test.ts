import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSourceMaps, buildWeb, isWebBuildStale, root } from '../../scripts/lib/web-build.mjs';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { rawClient } from '#server/test/raw-http.ts';

describe('serving the built site', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<html><head><!--firm-data--></head><body></body></html>');
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.br'), 'brotli bytes');
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.gz'), 'gzip bytes');
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.map'), '{"sources":["web/app/router.tsx"]}');
    fs.writeFileSync(path.join(webDir, 'assets', 'big-xyz.js'), 'x'.repeat(20_000));
    fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg/>');
    fs.mkdirSync(path.join(webDir, '.vite'));
    fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index-abc123.js","src":"index.html"}}');
    t = await createTestApp({ webDir, env: { FIRM_NAME: 'Despacho </script> Ilicitano' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });

  it('answers client routes with the shell carrying the firm data as inert, escaped JSON', async () => {
    for (const url of ['/', '/servicios', '/noticias/123', '/acceder?redirect=%2Fpanel', '/extranjeria/arraigo/']) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<script id="firm-data" type="application/json">');
      expect(response.body).toContain('Despacho \\u003c/script> Ilicitano');
    }
  });

  it('answers an address the site has no page for with the shell, which draws the 404 page, and a 404 status', async () => {
    for (const url of ['/no-existe', '/servicios/otra-cosa', '/wp-login.php']) {
      const response = await page(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<script id="firm-data" type="application/json">');
    }
  });

  it('describes the firm to search engines as schema.org structured data, from the FIRM_* settings', async () => {
    const response = await page('/');
    const match = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(response.body);
    expect(JSON.parse(match?.[1] ?? '{}')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LegalService',
      name: 'Despacho </script> Ilicitano',
      address: expect.stringContaining('Elche'),
      openingHours: ['Mo-Fr 09:00-14:00', 'Mo-Fr 16:00-19:00'],
    });
  });

  it('answers a client route asked for without an html Accept header (curl, uptime checks) with the shell too', async () => {
    const response = await t.app.inject({ url: '/', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('sends the brotli or gzip copy the build made, as the browser accepts, still cached for a year', async () => {
    const brotli = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe('brotli bytes');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    const gzip = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip bytes');
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers unknown API routes and missing files with the JSON 404', async () => {
    const api = await t.app.inject({ url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'notFound', message: 'No encontrado.' });

    const asset = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toMatchObject({ code: 'notFound' });

    const post = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves only the files the build made, by their exact names, however a path is spelled', async () => {
    const raw = await rawClient(t.app);
    for (const target of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.map/.',
      '/assets/index-abc123.js.map/',
      '/assets/index-abc123.js%2emap',
      '/assets/index-abc123.js.m%61p',
      '/.vite/manifest.json',
      '//.vite/manifest.json',
      '/./.vite/manifest.json',
      '/assets/../.vite/manifest.json',
      '/assets/%2e%2e/.vite/manifest.json',
      '/assets/%2E%2E%2F.vite%2Fmanifest.json',
      '/%2evite/manifest.json',
      'http://localhost/.vite/manifest.json',
      '/index.html',
      '/assets/index-abc123.js.br',
      '/assets/../../package.json',
    ]) {
      const response = await raw.send(target);
      expect(response.statusCode, target).toBe(404);
      expect(response.body, target).not.toContain('router.tsx');
      expect(response.body, target).not.toContain('"src":"index.html"');
      expect(response.body, target).not.toContain('<!--firm-data-->');
      expect(response.body, target).not.toContain('brotli bytes');
    }
    const spelled = await raw.send('/assets/%69ndex-abc123.js');
    expect(spelled.statusCode).toBe(200);
    expect(spelled.body).toBe('console.log(1)');
  });

  it('sends security headers with a real Content-Security-Policy', async () => {
    const response = await page('/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['permissions-policy']).toContain('camera=(self)');
  });

  it('compresses large answers', async () => {
    const response = await t.app.inject({ url: '/assets/big-xyz.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('never answers malformed JSON with a 5xx', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/healthz',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('the production build', () => {
  const webDir = path.join(root, 'dist/web');
  let t: TestApp;
  beforeAll(async () => {
    if (isWebBuildStale()) await buildWeb();
    t = await createTestApp({ webDir });
  }, 600_000);
  afterAll(() => t.close());

  it('keeps its source maps out of the site, beside it for the operator, and no spelling of an address reaches them or the manifest', async () => {
    const inSite = fs.readdirSync(webDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.map'));
    expect(inSite).toEqual([]);
    const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const chunk = manifest['index.html']?.file ?? '';
    expect(fs.existsSync(path.join(builtSourceMaps, `${chunk}.map`)), chunk).toBe(true);

    const raw = await rawClient(t.app);
    expect((await raw.send(`/${chunk}`)).statusCode).toBe(200);
    for (const target of [`/${chunk}.map`, `/${chunk}.map/.`, '//.vite/manifest.json', '/assets/../.vite/manifest.json', '/assets/%2e%2e/.vite/manifest.json']) {
      const response = await raw.send(target);
      expect(response.statusCode, target).toBe(404);
      expect(response.body, target).not.toContain('sourcesContent');
      expect(response.body, target).not.toContain('"isEntry"');
    }
  });
});
