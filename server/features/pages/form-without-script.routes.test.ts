import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { multipartBody } from '#server/test/multipart.ts';
import { stateSnapshotter } from '#server/test/state-snapshot.ts';

const appUrl = 'https://asesoria.example';

describe('a public form posted without scripts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: appUrl } });
  });
  afterAll(() => t.close());

  it("says in the page's language that nothing was sent, keeps nothing, and leads back to the form", async () => {
    const snapshot = await stateSnapshotter(t);
    const before = await snapshot();
    const response = await t.app.inject({
      method: 'POST',
      url: '/fr/formulario-sin-javascript',
      headers: { origin: appUrl, referer: `${appUrl}/fr/contacto`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Luc+Martin&email=luc%40example.com&message=Bonjour&privacy=on',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain('Rien n’a été envoyé');
    expect(response.body).toContain('<a href="/fr/contacto">Retour au formulaire</a>');
    expect(response.body).not.toContain('luc@example.com');
    expect(await snapshot()).toEqual(before);
  });

  it('takes a form with a file the same way, and leads home when the browser does not say where it came from', async () => {
    const { payload, headers } = multipartBody([
      { name: 'name', value: 'Karim Haddad' },
      { name: 'documents', filename: 'pasaporte.pdf', content: Buffer.from('%PDF-1.4 a passport'), contentType: 'application/pdf' },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/formulario-sin-javascript', headers: { ...headers, origin: appUrl }, payload });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Este formulario necesita JavaScript');
    expect(response.body).toContain('<a href="/">Volver al formulario</a>');
  });

  it("refuses what no browser's form sends, as every route does", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/formulario-sin-javascript',
      headers: { origin: appUrl, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"name":"Luc"}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: expect.any(String) });
  });

  it('refuses a post from another site, as every write', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/en/formulario-sin-javascript',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x',
    });
    expect(response.statusCode).toBe(403);
  });
});
