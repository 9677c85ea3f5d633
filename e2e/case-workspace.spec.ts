import { spawnSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { root } from '../scripts/lib/web-build.mjs';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { completeTwoFactorSetUp, fillInvoiceProfile } from './support/accounts.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';
import { withAcceptedLetter } from './support/engagement.ts';

const admin = { email: 'marta@despacho.example', password: 'Admin-Elche-2026!' };
const client = { firstName: 'Amina', lastName: 'Diallo', email: 'amina@example.com', phone: '+34611223344', password: 'Palmeral-Elche-2026' };

async function signIn(page: Page, account: { email: string; password: string }, landing: string) {
  await page.goto('/acceder');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(`**${landing}`);
}

describe('the case workspace', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-case-workspace-');
    const created = spawnSync(
      'npx',
      ['tsx', 'scripts/admin-create.ts', '--email', admin.email, '--password', admin.password, '--first-name', 'Marta'],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
    );
    if (created.status !== 0) throw new Error(created.stderr);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);

    // A client who registers, confirms, and buys the Arraigo procedure on the test provider.
    const post = (url: string, body: object, cookie = '') =>
      fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    expect((await post('/api/account/register', { ...client, acceptTerms: true })).status).toBe(202);
    const confirmation = await mail.waitFor(client.email, /Confirma tu cuenta/);
    const link = confirmation.text.match(/https?:\/\/\S+verify-email\S+/)?.[0] ?? '';
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
    const signedIn = await post('/api/account/sign-in', { email: client.email, password: client.password });
    const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const { user } = (await signedIn.json()) as { user: object };
    await fillInvoiceProfile(server.url, cookie, client);
    const checkout = (await (await post('/api/payments/checkout', await withAcceptedLetter(server.url, cookie, { service: { id: 'arraigo' }, user }), cookie)).json()) as { url: string };
    const session = new URL(checkout.url).searchParams.get('session');
    expect((await post(`/api/payments/test-checkout/${session}/pay`, {}, cookie)).ok).toBe(true);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('moves the stage and records the filing data on the case page: the client’s open panel shows both without a reload, and the client is mailed', async () => {
    const clientContext = await newVisitor(browser, server.url, consented);
    const adminContext = await newVisitor(browser, server.url, consented);
    contexts.push(clientContext, adminContext);
    const panel = await clientContext.newPage();
    await signIn(panel, client, '/panel');
    const item = panel.getByRole('heading', { level: 2, name: /EXP-001/ });
    await item.getByText('Pendiente de documentación').waitFor();
    await expectHealthyPage(panel);

    const office = await adminContext.newPage();
    await signIn(office, admin, '/admin');
    await completeTwoFactorSetUp(office, admin);
    await office.goto('/admin/expedientes/EXP-001');
    await office.getByRole('heading', { level: 1, name: /EXP-001 · Arraigo/ }).waitFor();
    await expectHealthyPage(office);
    await office.getByLabel('Mover a la fase').selectOption({ label: 'Presentado' });
    await office.getByLabel('Nota para el cliente (opcional)').fill('Presentada hoy en la Oficina de Extranjería de Alicante.');
    await office.getByRole('button', { name: 'Mover de fase' }).click();
    await expectToast(office, 'Estado actualizado');

    // The client's page was not reloaded: the stream told it, and it read the case again.
    await item.getByText('Presentado').waitFor();
    await panel.getByText('Presentada hoy en la Oficina de Extranjería de Alicante.').waitFor();
    await expectHealthyPage(panel);
    await office.getByLabel('Número de expediente de la administración').fill('030020260001234');
    await office.getByLabel('Fecha de presentación').fill('2026-11-20');
    await office.getByRole('button', { name: 'Guardar datos de presentación' }).click();
    await panel.getByText('030020260001234', { exact: true }).waitFor();
    await panel.getByText('20 de noviembre de 2026').waitFor();
    // With its number, the case links to the administration's own status query, the number ready to copy.
    await panel.getByRole('link', { name: 'Abrir la consulta de Extranjería' }).waitFor();
    await panel.getByRole('button', { name: 'Copiar el número 030020260001234' }).waitFor();
    await expectHealthyPage(panel);
    const notice = await mail.waitFor(client.email, /Tu expediente EXP-001 ha cambiado de fase/);
    expect(notice.text).toContain('está ahora en la fase: Presentado.');
    expect(notice.text).toContain('Nota de tu abogado: Presentada hoy en la Oficina de Extranjería de Alicante.');
  });
});
