import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createClient, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

function linkIn(text: string, pathPart: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in:\n${text}`);
  return link;
}

describe('changing the e-mail', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const visitor = async () => {
    const context = await newVisitor(browser, server.url, consented);
    contexts.push(context);
    return context;
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

  it('asks for the current password, tells the old address, and the old address undoes it', async () => {
    const client = await visitor();
    await signIn(client, sampleClient);
    const page = await client.newPage();
    await page.goto('/perfil');
    const email = page.getByLabel('Email', { exact: true });
    await email.waitFor();
    // The profile's own form: the second factor's section below asks for the password too.
    const profileForm = page.locator('form').filter({ has: email });
    expect(await profileForm.getByLabel('Contraseña actual').count()).toBe(0);

    await email.fill('amina.nueva@example.com');
    const password = profileForm.getByLabel('Contraseña actual');
    await password.waitFor();
    await expectHealthyPage(page);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Escribe tu contraseña actual para cambiar el email.').waitFor();
    await password.fill('no-es-la-mia');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    // Under the field (and in the error toast).
    await page.getByRole('alert').filter({ hasText: 'La contraseña actual no es correcta.' }).waitFor();
    await password.fill(sampleClient.password);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expectToast(page, 'Perfil actualizado');

    await page.goto(linkIn((await mail.waitFor('amina.nueva@example.com', /Confirma tu nuevo email/)).text, '/api/auth/verify-email'));
    await page.waitForURL('**/perfil');
    await page.getByLabel('Email', { exact: true }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('amina.nueva@example.com');

    // The old mailbox, opened elsewhere.
    const notice = await mail.waitFor(sampleClient.email, /ha cambiado/);
    expect(notice.text).toContain('a***@e***.com');
    const oldMailbox = await (await visitor()).newPage();
    await oldMailbox.goto(linkIn(notice.text, '/deshacer-cambio-email'));
    await oldMailbox.getByRole('heading', { level: 1, name: 'Recuperar tu email' }).waitFor();
    await expectHealthyPage(oldMailbox);
    await oldMailbox.getByRole('button', { name: 'Recuperar mi email' }).click();
    await oldMailbox.getByText(`Tu cuenta vuelve a usar ${sampleClient.email}.`, { exact: false }).waitFor();
    await expectHealthyPage(oldMailbox);

    // Every session ended: the browser that made the change is signed out.
    await page.goto('/perfil');
    await expectToast(page, 'Acceso denegado');
    const reset = await mail.waitFor(sampleClient.email, /Restablece tu contraseña/);
    expect(reset.text).toContain('/api/auth/reset-password/');

    // The link works once.
    await oldMailbox.reload();
    await oldMailbox.getByRole('button', { name: 'Recuperar mi email' }).click();
    await oldMailbox.getByText('Este enlace ya se ha usado o ha caducado.', { exact: false }).waitFor();
  });
});
