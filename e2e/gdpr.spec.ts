import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles } from '#server/test/multipart.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createClient, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** The entries of a tar.gz, by name. */
async function unpack(archive: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  const reading = pipeline(Readable.from(archive), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  await reading;
  return entries;
}

describe('a client’s own data: downloaded from the profile, then the account deleted', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const passport = Buffer.concat([sampleFiles.pdf(), Buffer.from('Pasaporte de Amina Diallo')]);

  beforeAll(async () => {
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: mail.url, FIRM_EMAIL: 'despacho@example.com' } }), launchBrowser()]);
    await createClient(server.url, mail, { paid: ['arraigo'] });
    context = await newVisitor(browser, server.url, consented, { acceptDownloads: true });
    await signIn(context, sampleClient);
    const [ownCase] = (await (await context.request.get('/api/cases')).json()) as Array<{ id: number }>;
    const uploaded = await context.request.post(`/api/cases/${ownCase?.id}/documents`, {
      headers: { origin: server.url },
      multipart: { document: { name: 'pasaporte.pdf', mimeType: 'application/pdf', buffer: passport } },
    });
    expect(uploaded.status()).toBe(201);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('downloads one archive with her data and her document', async () => {
    await page.goto('/perfil');
    const section = page.getByRole('region', { name: 'Descargar mis datos' });
    await section.getByRole('button', { name: 'Descargar mis datos' }).waitFor();
    await expectHealthyPage(page);

    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Descargar mis datos' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    const entries = await unpack(fs.readFileSync((await download.path()) ?? ''));
    const data = JSON.parse(entries.get('data.json')?.toString() ?? '{}') as {
      account: { email: string; firstName: string };
      cases: Array<{ documents: Array<{ name: string; file: string }> }>;
      payments: Array<{ invoices: Array<{ number: string }> }>;
    };
    expect(data.account).toMatchObject({ email: sampleClient.email, firstName: sampleClient.firstName });
    const [document] = data.cases[0]?.documents ?? [];
    expect(document?.name).toBe('pasaporte.pdf');
    expect(entries.get(document?.file ?? '')).toEqual(passport);
    expect(data.payments[0]?.invoices[0]?.number).toMatch(/^F-\d{4}-0001$/);
    expect(entries.get('LEEME.txt')?.toString()).toContain('data.json');
  });

  it('deletes the account with her password and an explicit yes, after which she cannot sign in', async () => {
    await page.getByRole('region', { name: 'Eliminar mi cuenta' }).getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta definitivamente?' });
    await dialog.getByText('Tus pagos y facturas tal como se emitieron, durante seis años').waitFor();
    const submit = dialog.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' });
    await submit.click();
    await dialog.getByText('Este campo es obligatorio').waitFor();
    await dialog.getByText('Marca la casilla para confirmar que quieres eliminar tu cuenta.').waitFor();
    await expectHealthyPage(page);

    await dialog.getByLabel('Tu contraseña actual').fill('Otra-Contrasena-2026');
    await dialog.getByLabel('Entiendo que mi cuenta y mis documentos se eliminarán para siempre.').check();
    await submit.click();
    await dialog.getByText('La contraseña actual no es correcta.').waitFor();

    await dialog.getByLabel('Tu contraseña actual').fill(sampleClient.password);
    await submit.click();
    await expectToast(page, 'Tu cuenta se ha eliminado');
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Acceso clientes' }).waitFor();

    await page.goto('/acceder');
    await page.getByLabel('Email', { exact: true }).fill(sampleClient.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(sampleClient.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expectToast(page, 'Error al iniciar sesión');
    await page.goto('/perfil');
    await page.waitForURL(/\/acceder\?redirect=/);
  });
});
