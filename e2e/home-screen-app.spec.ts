import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createClient, sampleClient, signIn } from './support/accounts.ts';
import { expectToast } from './support/browser.ts';
import { chromiumPath } from './support/chromium.mjs';
import { startServer, type RunningServer } from './support/server.ts';

/** Every address the page's origin keeps in its caches (what another person on the device could read). */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });

describe('the app on the home screen: installable, its service worker, the offline page, nothing personal kept (ADR 059)', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let profileDir: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mail = await startMailCapture();
    server = await startServer({ env: { SMTP_URL: mail.url } });
    await createClient(server.url, mail);
    // A profile on disk, as a phone's browser: Chromium installs nothing from an incognito one.
    profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pwa-profile-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath(),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
      baseURL: server.url,
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript(() => {
      if (window.location.origin !== 'null' && window.localStorage) window.localStorage.setItem('cookie-consent', 'rejected');
    });
    await signIn(context, sampleClient);
    page = context.pages()[0] ?? (await context.newPage());
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    await mail?.close();
    if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
  });

  it('is installable from the panel, whose service worker controls it and keeps only what is the same for everybody', async () => {
    await page.goto('/perfil');
    await page.getByRole('button', { name: 'Activar las notificaciones en este dispositivo' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    await page.waitForFunction(async () => (await caches.match('/offline/fr')) !== undefined);
    const kept = await cachedPaths(page);
    expect(kept).toEqual(expect.arrayContaining(['/offline/es', '/offline/en', '/offline/fr']));
    expect(kept.filter((path) => !/^\/(offline\/(es|en|fr)|assets\/[\w./-]+)$/.test(path))).toEqual([]);
  });

  it('empties the caches at sign-out', async () => {
    await page.goto('/panel');
    await page.getByRole('button', { name: 'Cerrar sesión' }).first().click();
    await expectToast(page, 'Has cerrado sesión.');
    expect((await cachedPaths(page)).filter((path) => !path.startsWith('/offline/') && !path.startsWith('/assets/'))).toEqual([]);
  });

  it('shows the offline page in the address’s language when the server cannot be reached', async () => {
    await signIn(context, sampleClient);
    await page.goto('/en/panel');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForFunction(async () => (await caches.match('/offline/en')) !== undefined);
    await server.stop();
    await page.goto('/en/panel');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await page.goto('/fr/perfil');
    await page.getByRole('heading', { name: 'Pas de connexion' }).waitFor();
  });
});
