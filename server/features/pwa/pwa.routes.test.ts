import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app.ts';

describe('pwa: the manifest and the offline page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("serves the manifest with the firm's name, its icons (a maskable one) and colours, opening on the panel", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = response.json<{ name: string; start_url: string; display: string; icons: Array<{ sizes: string; purpose: string }> }>();
    expect(manifest).toMatchObject({ name: t.app.config.firm.brandName, start_url: '/panel', display: 'standalone', theme_color: '#0f3d5e' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('serves the offline page in each language, without a script, and refuses another language', async () => {
    const pages = { es: 'Sin conexión', en: 'You are offline', fr: 'Pas de connexion' };
    for (const [language, title] of Object.entries(pages)) {
      const response = await t.app.inject({ method: 'GET', url: `/offline/${language}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<html lang="${language}">`);
      expect(response.body).toContain(`<h1>${title}</h1>`);
      expect(response.body).not.toContain('<script');
    }
    expect((await t.app.inject({ method: 'GET', url: '/offline/de' })).statusCode).toBe(400);
  });
});
