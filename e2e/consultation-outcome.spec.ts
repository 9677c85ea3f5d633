import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const outcome = 'Su situación encaja en el arraigo social. Reúna el certificado de empadronamiento histórico y el contrato de trabajo firmado.';

describe('the outcome of a consultation: the firm completes it with a note and a recommended case, the client reads it and goes to hire the case', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let clientContext: BrowserContext;
  let adminContext: BrowserContext;
  let client: Page;
  let admin: Page;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-outcome-'));
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url, FIRM_EMAIL: 'despacho@example.com' } }), launchBrowser()]);
    await createClient(server.url, mail, { paid: ['express'] });
    clientContext = await newVisitor(browser, server.url, consented);
    await signIn(clientContext, sampleClient);
    client = await clientContext.newPage();
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

  it('asks the firm for the outcome note before completing, and takes the recommended case', async () => {
    await admin.goto('/admin?tab=consultas');
    const panel = admin.getByRole('tabpanel', { name: 'Consultas' });
    const row = panel.getByRole('row', { name: /Amina Diallo/ }).first();
    await row.getByRole('button', { name: 'Marcar como completada la consulta de Amina Diallo' }).click();

    const dialog = admin.getByRole('dialog', { name: 'Completar la consulta' });
    await dialog.getByText('Lo que escribas aquí lo verá Amina Diallo en su panel').waitFor();
    await dialog.getByRole('option', { name: 'Arraigo' }).waitFor({ state: 'attached' });
    await expectHealthyPage(admin);

    await dialog.getByRole('button', { name: 'Completar y avisar al cliente' }).click();
    await dialog.getByText('Este campo es obligatorio').waitFor();

    await dialog.getByLabel('Resultado de la consulta').fill(outcome);
    await dialog.getByText(`Breve y claro: ${outcome.length} de 2000 caracteres.`).waitFor();
    await dialog.getByLabel('Trámite recomendado (opcional)').selectOption({ label: 'Arraigo' });
    await dialog.getByRole('button', { name: 'Completar y avisar al cliente' }).click();
    await expectToast(admin, 'Consulta completada');
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Completada').waitFor();
    expect(await row.getByRole('button', { name: /Marcar como completada/ }).count()).toBe(0);

    const mailed = await mail.waitFor(sampleClient.email, /nuestra valoración/);
    expect(mailed.text).toContain('Tienes nuestra valoración en tu panel.');
    expect(mailed.text).toContain(`${server.url}/iniciar-tramite?servicio=arraigo`);
  });

  it('shows the client the note in the panel, with the link to start the recommended case with the fee credited', async () => {
    await client.goto('/panel');
    await client.getByRole('tab', { name: 'Consultas' }).click();
    const consultations = client.getByRole('tabpanel', { name: 'Consultas' });
    await consultations.getByText(outcome).waitFor();
    await consultations.getByText('Completada').first().waitFor();
    await expectHealthyPage(client);

    await consultations.getByRole('link', { name: 'Contratar el trámite recomendado: Arraigo' }).click();
    await client.waitForURL((url) => url.pathname === '/iniciar-tramite' && url.searchParams.get('servicio') === 'arraigo');
    await client.getByRole('heading', { name: 'Arraigo', level: 2 }).waitFor();
    await client.getByText('Descuento por tu consulta ya pagada').waitFor();
    await expectHealthyPage(client);
  });
});
