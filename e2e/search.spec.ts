import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

/** Staff find a client by NIE from anywhere in the back office: Ctrl+K, the NIE, the client. */
describe('the back office search', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let clientContext: BrowserContext;
  let adminContext: BrowserContext;
  let admin: Page;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-search-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);
    await createClient(server.url, mail, { paid: ['arraigo'] });
    // The client gives their NIE in their profile, as the firm asks.
    clientContext = await newVisitor(browser, server.url, consented);
    await signIn(clientContext, sampleClient);
    const saved = await clientContext.request.put('/api/profile', {
      data: { firstName: sampleClient.firstName, lastName: sampleClient.lastName, email: sampleClient.email, phone: sampleClient.phone, nie: 'Y7654321G' },
    });
    expect(saved.status()).toBe(200);
    adminContext = await newVisitor(browser, server.url, consented);
    await signIn(adminContext, sampleAdmin);
    admin = await adminContext.newPage();
  });
  afterAll(async () => {
    await clientContext?.close();
    await adminContext?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('opens on Ctrl+K, finds the client by NIE typed loosely, and opens the client', async () => {
    await admin.goto('/admin');
    const open = admin.getByRole('button', { name: /^Buscar/ });
    await open.waitFor();
    await admin.keyboard.press('Control+k');
    const dialog = admin.getByRole('dialog', { name: 'Buscar en el despacho' });
    const field = dialog.getByRole('searchbox', { name: 'Buscar' });
    await field.waitFor();
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    await field.fill('y7654321-g');

    const hit = dialog.getByRole('region', { name: 'Clientes' }).getByRole('link', { name: /Amina Diallo/ });
    await hit.waitFor();
    await expectHealthyPage(admin);
    // From the field, ↓ reaches the match and Enter opens it, as a keyboard alone does.
    await field.press('ArrowDown');
    expect(await hit.evaluate((element) => element === document.activeElement)).toBe(true);
    await admin.keyboard.press('Enter');

    await admin.waitForURL('**/admin?tab=clientes&q=amina%40example.com');
    await dialog.waitFor({ state: 'detached' });
    const clients = admin.getByRole('tabpanel', { name: 'Clientes' });
    await clients.getByRole('row').filter({ hasText: sampleClient.email }).waitFor();
    expect(await clients.getByRole('searchbox').inputValue()).toBe(sampleClient.email);
    await expectHealthyPage(admin);
  });

  it('opens on "/" too, and finds the case by its EXP number', async () => {
    await admin.goto('/admin?tab=expedientes');
    await admin.getByRole('button', { name: /^Buscar/ }).waitFor();
    await admin.keyboard.press('/');
    const dialog = admin.getByRole('dialog', { name: 'Buscar en el despacho' });
    await dialog.getByRole('searchbox', { name: 'Buscar' }).fill('exp-1');
    await dialog.getByRole('region', { name: 'Expedientes' }).getByRole('link', { name: /EXP-001/ }).click();
    await admin.waitForURL('**/admin/expedientes/EXP-001');
  });
});
