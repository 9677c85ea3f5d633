import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../scripts/lib/web-build.mjs';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { completeTwoFactorSetUp } from './support/accounts.ts';
import { startServer, type RunningServer } from './support/server.ts';

const admin = { email: 'marta@despacho.example', password: 'Admin-Elche-2026!' };

describe('the setup check of a production site', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-setup-'));
    const created = spawnSync('npx', ['tsx', 'scripts/admin-create.ts', '--email', admin.email, '--password', admin.password], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    if (created.status !== 0) throw new Error(created.stderr);
    [server, browser] = await Promise.all([
      startServer({ dataDir, env: { NODE_ENV: 'production', FIRM_NAME: 'Despacho Ilicitano' } }),
      launchBrowser(),
    ]);
    context = await newVisitor(browser, server.url, consented);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows the admin, above the tabs, each setting still missing with the variable to set', async () => {
    const page = await context.newPage();
    await page.goto('/acceder');
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/admin');
    await completeTwoFactorSetUp(page, admin);

    const banner = page.getByRole('region', { name: 'Configuración pendiente' });
    await banner.waitFor();
    const items = await banner.getByRole('listitem').allTextContents();
    expect(items).toHaveLength(5);
    expect(items[0]).toContain('FIRM_LEGAL_NAME');
    expect(items[0]).not.toContain('FIRM_NAME');
    expect(items[1]).toContain('SMTP_URL');
    expect(items[2]).toContain('STRIPE_SECRET_KEY');
    expect(items[3]).toContain('CLAMD_SOCKET');
    // Without the firm's certificate the billing records are kept, not sent to the tax agency.
    expect(items[4]).toContain('VERIFACTU_CERT_PATH');
    await expectHealthyPage(page);
  });
});
