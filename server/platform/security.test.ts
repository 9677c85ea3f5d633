import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaEvents, news } from '#server/db/schema/index.ts';
import { createAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { rawClient } from '#server/test/raw-http.ts';

const site = 'https://asesoria.example';

/** What every answer carries, a refusal, a redirect and a live stream included. */
function expectSecurityHeaders(headers: Record<string, unknown>, label: string) {
  expect(String(headers['content-security-policy']), label).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('same-origin');
  expect(headers['permissions-policy'], label).toContain('camera=(self)');
}

describe('one host in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', APP_URL: site } });
  });
  afterAll(() => t.close());

  it.each([
    ['the server address', '203.0.113.10', '/servicios?tab=precios&x=%20y'],
    ['the www. name', 'www.asesoria.example', '/'],
    ['another port', 'asesoria.example:8443', '/api/news'],
  ])('sends a page asked for under %s to the same path and query on APP_URL with a 308', async (_name, host, url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.app.inject({ method, url, headers: { host } });
      expect(response.statusCode).toBe(308);
      expect(response.headers.location).toBe(`${site}${url}`);
      expectSecurityHeaders(response.headers, `${method} ${url} from ${host}`);
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    }
  });

  it('changes nothing on APP_URL’s own host, however it is spelled', async () => {
    for (const host of ['asesoria.example', 'Asesoria.Example:443']) {
      const response = await t.app.inject({ url: '/api/news', headers: { host } });
      expect(response.statusCode).toBe(200);
    }
  });

  it('answers /healthz on any host, as load balancers call it by address', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { host: '10.0.0.5:3000' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('writes from another origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: site } });
  });
  afterAll(() => t.close());

  const contact = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, headers, payload: { name: 'Ana', email: 'ana@example.com', message: 'Hola', privacy: true } });

  it('refuses them with a message naming the site’s address, in the visitor’s language', async () => {
    const es = await contact('/api/contact-requests', { origin: 'http://203.0.113.10' });
    expect(es.statusCode).toBe(403);
    expect(es.json()).toEqual({
      code: 'foreignOrigin',
      message: `Esta acción solo se puede hacer desde ${site}; abre el sitio en esa dirección.`,
    });

    const en = await contact('/api/contact-requests', { origin: 'https://www.asesoria.example', 'accept-language': 'en' });
    expect(en.json()).toEqual({ code: 'foreignOrigin', message: `This can only be done from ${site}; open the site at that address.` });
    for (const response of [es, en]) {
      expectSecurityHeaders(response.headers, 'a write from another origin');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses them whatever the path’s encoding', async () => {
    for (const url of ['/%61pi/contact-requests', '/api/%63ontact-requests', '/API/contact-requests', '/anything']) {
      const response = await contact(url, { origin: 'https://evil.example' });
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('refuses a cross-site write that sends no Origin', async () => {
    const response = await contact('/api/contact-requests', { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
  });
});

describe('what caches may keep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets no cache keep an API answer unless its route says otherwise', async () => {
    for (const url of ['/api/news', '/api/auth/session', '/api/cases', '/api/admin/consultations', '/api/nothing', '/healthz']) {
      const response = await t.app.inject({ url });
      expect(response.headers['cache-control'], url).toContain('no-store');
    }
  });

  it('lets no cache keep a private answer, however its path is spelled', async () => {
    const client = await createAccount(t);
    const raw = await rawClient(t.app);
    const answered: string[] = [];
    for (const target of ['/api/profile', '/%61pi/profile', '/api/%70rofile', '//api/profile', '/./api/profile', '/api/../api/profile', '/api/%2e%2e/api/profile', 'http://x/api/profile', 'http://localhost/%61pi/profile']) {
      const response = await raw.send(target, { headers: { cookie: client.cookie } });
      expect(response.headers['cache-control'], target).toBe('no-store');
      expectSecurityHeaders(response.headers, target);
      if (response.body.includes(client.user.email)) answered.push(target);
    }
    // The router reads '%61' as 'a' and an absolute-form target by its path: those reach the profile.
    expect(answered).toEqual(['/api/profile', '/%61pi/profile', '/api/%70rofile', 'http://x/api/profile', 'http://localhost/%61pi/profile']);
  });

  it('sends the security headers and no-store on the router’s refusal of an address it cannot read', async () => {
    const raw = await rawClient(t.app);
    for (const target of ['/api/cases/%E0%A4%A', `/api/news/${'a'.repeat(150)}`]) {
      const response = await raw.send(target);
      expect(response.statusCode, target).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, target).toBeLessThan(500);
      expect(response.headers['cache-control'], target).toBe('no-store');
      expectSecurityHeaders(response.headers, target);
    }
  });

  it('sends the security headers on a live stream, which takes its answer over from the framework', async () => {
    const client = await createAccount(t);
    const raw = await rawClient(t.app);
    const response = await raw.send('/api/cases/stream', { headers: { cookie: client.cookie } });
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(response.body).toContain('event: sync');
    expectSecurityHeaders(response.headers, 'the cases stream');
  });
});

describe('bodies no form sends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, language = 'es') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', 'accept-language': language } });

  it('refuses a body nested thousands of levels deep with a translated 400, on anonymous routes too', async () => {
    const deep = `{"name":${'['.repeat(4000)}${']'.repeat(4000)}}`;
    for (const url of ['/api/contact-requests', '/api/consultations/expatriation', '/api/chat/messages']) {
      const response = await post(url, deep, 'en');
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBeTruthy();
      expect(response.body, url).not.toContain('RangeError');
    }
  });

  it('refuses a NUL character anywhere in the body', async () => {
    const response = await post('/api/contact-requests', JSON.stringify({ name: 'Ana\u0000', email: 'ana@example.com', message: 'Hola', privacy: true }));
    expect(response.statusCode).toBe(400);
  });
});

describe('dates no person means', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses years 0 and 9999 with a translated 400 and keeps nothing', async () => {
    const admin = await createAccount(t, { role: 'admin' });
    const as = { cookie: admin.cookie, 'accept-language': 'en' };
    for (const date of ['0000-01-01', '9999-12-31']) {
      const event = await t.app.inject({ method: 'POST', url: '/api/admin/agenda/events', payload: { date, title: 'Reunión' }, headers: as });
      expect(event.statusCode, date).toBe(400);
      const range = await t.app.inject({ url: `/api/admin/agenda?from=${date}&to=${date}`, headers: as });
      expect(range.statusCode, date).toBe(400);
      const news = await t.app.inject({
        method: 'POST',
        url: '/api/admin/news',
        payload: { texts: { es: { title: 'Aviso', content: 'Texto' } }, publishedAt: `${date}T10:00:00Z` },
        headers: as,
      });
      expect(news.statusCode, date).toBe(400);
      expect(news.json().message).toBeTruthy();
    }
    expect(await t.database.db.select().from(agendaEvents)).toEqual([]);
    expect(await t.database.db.select().from(news)).toEqual([]);
  });
});
