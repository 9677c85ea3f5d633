import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { sampleFiles } from '#server/test/multipart.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const passport = { name: 'pasaporte.pdf', mimeType: 'application/pdf', buffer: sampleFiles.pdf() };
const reason = 'Falta la página de la foto: sube todas las páginas.';

describe('the checklist of a case: the client uploads, the firm rejects and accepts', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let clientContext: BrowserContext;
  let adminContext: BrowserContext;
  let client: Page;
  let admin: Page;

  const checklist = () => client.getByRole('region', { name: 'Lo que necesitamos de ti' });
  const passportItem = () => checklist().getByRole('listitem').filter({ has: client.getByRole('heading', { name: 'Pasaporte completo' }) });

  async function openCaseDialog() {
    await admin.goto('/admin?tab=expedientes');
    await admin.getByRole('row').filter({ hasText: 'EXP-001' }).getByRole('button', { name: /Gestionar EXP-001/ }).click();
    const requests = admin.getByRole('dialog').getByRole('region', { name: 'Documentos solicitados' });
    await requests.waitFor();
    return requests;
  }

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-case-requests-'));
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);
    // The client's paid Arraigo opens EXP-001 with the arraigo social checklist.
    await createClient(server.url, mail, { paid: ['arraigo'] });
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

  it('shows the paid case’s checklist first, with each document’s flags in plain words, and takes the passport', async () => {
    await client.goto('/panel');
    await checklist().getByText('0 de 6 aceptados').waitFor();
    const criminalRecord = checklist().getByRole('listitem').filter({ has: client.getByRole('heading', { name: 'Certificado de antecedentes penales' }) });
    await criminalRecord.getByText('Debe tener menos de 3 meses desde que se expidió cuando lo presentemos.').waitFor();
    await criminalRecord.getByText(/apostilla de La Haya/).waitFor();
    const quote = criminalRecord.getByRole('link', { name: 'Pide presupuesto de traducción jurada' });
    expect(await quote.getAttribute('href')).toBe('/traducciones/presupuesto?expediente=EXP-001&documento=Certificado+de+antecedentes+penales');
    await expectHealthyPage(client);

    await passportItem().getByLabel('Subir archivo para «Pasaporte completo»').setInputFiles(passport);
    await expectToast(client, 'Archivo recibido: lo revisaremos pronto.');
    await passportItem().getByText('En revisión').waitFor();
    await passportItem().getByText('pasaporte.pdf').waitFor();
  });

  it('prefills the translation quote with the case and the document', async () => {
    await client.goto('/traducciones/presupuesto?expediente=EXP-001&documento=Certificado+de+antecedentes+penales');
    const comments = client.getByLabel(/Comentarios/);
    await comments.waitFor();
    expect(await comments.inputValue()).toBe('Traducción jurada para el expediente EXP-001: Certificado de antecedentes penales');
    await expectHealthyPage(client);
  });

  it('lets the firm reject the passport with a reason the client reads before uploading again, then accept it', async () => {
    let dialog = await openCaseDialog();
    await dialog.getByText('pasaporte.pdf').waitFor();
    await expectHealthyPage(admin);
    await dialog.getByRole('button', { name: 'Rechazar «Pasaporte completo»' }).click();
    const rejection = dialog.getByRole('form', { name: 'Rechazar «Pasaporte completo»' });
    await rejection.getByLabel(/Motivo/).fill(reason);
    await rejection.getByRole('button', { name: 'Rechazar documento' }).click();
    await expectToast(admin, 'Cambios guardados');

    await client.goto('/panel');
    await passportItem().getByText(`No nos sirve: ${reason}`).waitFor();
    await passportItem().getByText('Rechazado').waitFor();
    await expectHealthyPage(client);
    await passportItem().getByLabel('Subir archivo para «Pasaporte completo»').setInputFiles({ ...passport, name: 'pasaporte-completo.pdf' });
    await expectToast(client, 'Archivo recibido: lo revisaremos pronto.');
    await passportItem().getByText('En revisión').waitFor();

    dialog = await openCaseDialog();
    await dialog.getByText('pasaporte-completo.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Aceptar «Pasaporte completo»' }).click();
    await expectToast(admin, 'Cambios guardados');

    await client.goto('/panel');
    await checklist().getByText('1 de 6 aceptado').waitFor();
    await passportItem().getByText('Aceptado').waitFor();
    expect(await passportItem().getByLabel('Subir archivo para «Pasaporte completo»').count()).toBe(0);
    await expectHealthyPage(client);
  });

  it('shows the procedures in the Trámites tab, where the firm rewords and reorders a checklist', async () => {
    await admin.goto('/admin?tab=tramites');
    const panel = admin.getByRole('tabpanel', { name: 'Trámites' });
    const row = panel.getByRole('row').filter({ hasText: 'Arraigo social' });
    await row.getByText('6 documentos').waitFor();
    await expectHealthyPage(admin);
    await row.getByRole('button', { name: 'Editar «Arraigo social»' }).click();
    const editor = admin.getByRole('dialog', { name: 'Editar trámite' });
    const frenchTitle = editor.getByLabel('Documento (Francés)').first();
    expect(await frenchTitle.inputValue()).toBe('Passeport complet');
    await expectHealthyPage(admin);
    await frenchTitle.fill('Passeport (toutes les pages)');
    await editor.getByRole('button', { name: 'Bajar el documento 1' }).click();
    await editor.getByRole('button', { name: 'Guardar trámite' }).click();
    await expectToast(admin, 'Trámite guardado');
    await row.getByRole('button', { name: 'Editar «Arraigo social»' }).click();
    const reopened = admin.getByRole('dialog', { name: 'Editar trámite' });
    expect(await reopened.getByLabel('Documento (Francés)').nth(1).inputValue()).toBe('Passeport (toutes les pages)');
  });
});
