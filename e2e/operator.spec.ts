import { spawn } from 'node:child_process';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../scripts/lib/web-build.mjs';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { completeTwoFactorSetUp } from './support/accounts.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** `npm run <script> -- …` in another process, on the running server's DATA_DIR, as an operator types it in a second terminal. */
function npmRun(server: RunningServer, script: string, args: string[] = []): Promise<{ status: number | null; stdout: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout }));
  });
}

describe('operator commands beside the running server', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await newVisitor(browser, server.url, consented);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('admin:create makes an admin who signs in at once, sets up the second factor and lands on the back office', async () => {
    const admin = { email: 'lucia@despacho.example', password: 'Huerto-del-Cura-2026' };
    const created = await npmRun(server, 'admin:create', ['--email', admin.email, '--password', admin.password, '--first-name', 'Lucía']);
    expect(created).toEqual({ status: 0, stdout: `Created the admin account ${admin.email}.\n` });

    const page = await context.newPage();
    await page.goto('/acceder');
    await page.getByRole('heading', { name: 'Acceso Clientes' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/admin');
    // The back office waits for the second factor (ADR 029).
    await page.getByRole('heading', { name: 'Configura la verificación en dos pasos' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Expedientes' }).count()).toBe(0);
    await completeTwoFactorSetUp(page, admin);
    await page.getByRole('tab', { name: 'Expedientes' }).waitFor();
    await expectHealthyPage(page);
  });

  it('seed:demo shows its news on the running site at once', async () => {
    const page = await context.newPage();
    await page.goto('/noticias');
    await page.getByText('No hay noticias disponibles en este momento.').waitFor();

    expect(await npmRun(server, 'seed:demo')).toEqual({ status: 0, stdout: 'Added 4 demo news articles.\n' });
    await page.reload();
    await page.getByRole('heading', { name: 'Traducciones juradas: cuándo las necesitas' }).waitFor();
    await expectHealthyPage(page);
  });
});
