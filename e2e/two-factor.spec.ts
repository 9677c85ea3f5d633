import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { completeTwoFactorSetUp, createAdmin, createClient, sampleAdmin, sampleClient, signIn, unusedCode } from './support/accounts.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('two-step verification and sessions', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const visitor = async () => {
    const context = await newVisitor(browser, server.url, consented);
    contexts.push(context);
    return context;
  };

  const signInThroughForm = async (page: Page, account: { email: string; password: string }) => {
    await page.goto('/acceder');
    await page.getByRole('heading', { level: 1, name: 'Acceso Clientes' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  };

  beforeAll(async () => {
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: mail.url } }), launchBrowser()]);
    await createClient(server.url, mail);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('a client turns it on from /perfil, ends the session of another device, and signs in again with a code', async () => {
    const context = await visitor();
    await signIn(context, sampleClient);
    const page = await context.newPage();
    await page.goto('/perfil');
    const section = page.getByRole('region', { name: 'Verificación en dos pasos' });
    await section.getByText('Desactivada').waitFor();
    await section.getByLabel('Contraseña actual').fill(sampleClient.password);
    await section.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
    // The key as a QR code to scan, drawn in the browser beside the key as text.
    const qrCode = section.getByRole('img', { name: 'Código QR para escanear con la aplicación de autenticación' });
    await qrCode.waitFor();
    expect(await qrCode.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await qrCode.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await page.reload();
    await completeTwoFactorSetUp(page, sampleClient);
    await section.getByText('Activada', { exact: true }).waitFor();
    await expectHealthyPage(page);

    // Another device signs in, with a code now.
    const phone = await visitor();
    await signIn(phone, sampleClient);
    expect(((await (await phone.request.get('/api/account/session')).json()) as { user: object | null }).user).not.toBeNull();

    await page.reload();
    const sessions = page.getByRole('region', { name: 'Sesiones abiertas' });
    await sessions.getByText('Este dispositivo').waitFor();
    // This browser, the other one, and the script that registered the client.
    expect(await sessions.getByRole('listitem').count()).toBe(3);
    await sessions.getByRole('button', { name: 'Cerrar esta sesión: Chrome en Linux' }).click();
    await page.getByText('Sesión cerrada.').first().waitFor();
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2);
    expect(((await (await phone.request.get('/api/account/session')).json()) as { user: object | null }).user).toBeNull();
    await sessions.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    await sessions.getByText('No hay otras sesiones abiertas.').waitFor();
    expect(await sessions.getByRole('listitem').count()).toBe(1);

    await page.getByRole('button', { name: 'Cerrar sesión' }).first().click();
    await page.waitForURL(`${server.url}/`);
    await signInThroughForm(page, sampleClient);
    await page.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
    await page.getByLabel('Código de verificación').fill('000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('El código no es correcto. Comprueba la hora de tu móvil o usa un código de respaldo.').waitFor();
    await page.getByLabel('Código de verificación').fill(await unusedCode(sampleClient.email));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/panel');
    await expectHealthyPage(page);
  });

  it('an admin without it is sent to set it up, and then reaches the back office', async () => {
    createAdmin(server.dataDir);
    const page = await (await visitor()).newPage();
    await signInThroughForm(page, sampleAdmin);
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Configura la verificación en dos pasos' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Clientes' }).count()).toBe(0);
    await expectHealthyPage(page);
    await completeTwoFactorSetUp(page, sampleAdmin);
    await page.getByRole('tab', { name: 'Clientes' }).waitFor();
    await expectHealthyPage(page);
  });
});
