import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

const note = 'Para trabajar en Elche le conviene el visado de búsqueda de empleo. Le llamamos para preparar los documentos.';

/** What a person reads must hold no raw data: no JSON, no snake_case keys, no stored codes. */
async function expectReadable(region: Locator) {
  const text = await region.innerText();
  expect(text).not.toContain('{');
  expect(text).not.toContain('payment_id');
  expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  expect(text).not.toMatch(/\bexpatriacion\b|\bexpress\b|\bscheduled\b|\bpendiente\b/);
  expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
}

describe('a readable back office: the signed-in client’s expatriation request, answered from the Consultas tab, and the audit log in words', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let clientContext: BrowserContext;
  let adminContext: BrowserContext;
  let client: Page;
  let admin: Page;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-readable-');
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

  const clientConsultations = () => client.getByRole('tabpanel', { name: 'Consultas' });
  const adminConsultations = () => admin.getByRole('tabpanel', { name: 'Consultas' });

  it('keeps the expatriation request of a signed-in client in their panel, pending', async () => {
    await client.goto('/expatriacion/consulta');
    await client.getByLabel('Nombre y apellidos').fill('Amina Diallo');
    await client.getByLabel('Email').fill(sampleClient.email);
    await client.getByLabel('Teléfono (WhatsApp)').fill('+33612345678');
    await client.getByLabel('País de origen').fill('Senegal');
    await client.getByLabel('Ciudad de destino en España').fill('Elche');
    await client.getByRole('checkbox', { name: 'Trabajo' }).check();
    await client.getByRole('checkbox', { name: 'Reagrupación familiar' }).check();
    await client.getByLabel('Fecha prevista de llegada').fill('2027-03');
    await client.getByLabel('Mensaje breve').fill('Vendré primero y después mi familia.');
    await client.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await client.getByRole('button', { name: 'Enviar consulta' }).click();
    await expectToast(client, 'Consulta enviada');

    await client.goto('/panel');
    await client.getByRole('tab', { name: 'Consultas' }).click();
    const row = clientConsultations().getByRole('row', { name: /Consulta de expatriación/ });
    await row.getByText('Pendiente').waitFor();
    await expectHealthyPage(client);
  });

  it('shows the firm translated types, the form as labelled fields and the payment as a link, with no raw data', async () => {
    await admin.goto('/admin?tab=consultas');
    const tab = adminConsultations();
    await tab.getByRole('cell', { name: 'Consulta de expatriación' }).waitFor();
    await tab.getByRole('cell', { name: 'Consulta exprés' }).waitFor();

    const fields = tab.locator('dl').first();
    for (const [label, value] of [
      ['País de origen', 'Senegal'],
      ['Ciudad de destino', 'Elche'],
      ['Objetivos', 'Trabajo, Reagrupación familiar'],
      ['Llegada prevista', 'marzo de 2027'],
      ['Mensaje', 'Vendré primero y después mi familia.'],
    ] as const) {
      expect(await fields.locator('div', { has: admin.getByText(label, { exact: true }) }).locator('dd').innerText()).toBe(value);
    }
    await expectReadable(tab);
    await expectHealthyPage(admin);

    await tab.getByRole('link', { name: '19,99 € · Pagado' }).click();
    await admin.waitForURL((url) => url.searchParams.get('tab') === 'pagos');
    const payments = admin.getByRole('tabpanel', { name: 'Pagos' });
    expect(await payments.getByRole('searchbox').inputValue()).toBe(sampleClient.email);
    await payments.getByRole('cell', { name: 'Consulta exprés' }).waitFor();
    await expectHealthyPage(admin);
  });

  it('lets the firm answer with a note and a call, which the client reads in the panel and is told of by mail', async () => {
    await admin.goto('/admin?tab=consultas');
    await adminConsultations().getByRole('button', { name: 'Responder a Amina Diallo' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Responder a la consulta' });
    await dialog.getByRole('button', { name: 'Enviar respuesta' }).click();
    await dialog.getByText('Este campo es obligatorio').waitFor();
    await dialog.getByLabel('Respuesta').fill(note);
    await dialog.getByLabel('Llamada (opcional)').fill('2027-01-12T10:30');
    await expectHealthyPage(admin);
    await dialog.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expectToast(admin, 'Respuesta enviada');
    await adminConsultations().getByText(note).waitFor();

    const told = await mail.waitFor(sampleClient.email, /Respuesta a tu consulta de expatriación/);
    expect(told.text).toContain('Encontrarás nuestra respuesta en tu área de cliente.');

    await client.reload();
    await client.getByRole('tab', { name: 'Consultas' }).click();
    const consultations = clientConsultations();
    await consultations.getByText(note).waitFor();
    await consultations.getByText('Te llamaremos el martes, 12 de enero de 2027, 10:30 (hora de Madrid).').waitFor();
    await expectHealthyPage(client);
  });

  it('shows the audit log as words: translated actions, named records, labelled details', async () => {
    await admin.goto('/admin?tab=auditoria');
    const tab = admin.getByRole('tabpanel', { name: 'Auditoría' });
    const answered = tab.getByRole('row', { name: /Respuesta a una consulta/ });
    await answered.getByText('Consulta de Amina Diallo').waitFor();
    await answered.getByText(note).waitFor();
    await answered.getByText('12 ene 2027, 10:30').waitFor();
    expect(await tab.innerText()).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b/);
    await expectReadable(tab);
    await expectHealthyPage(admin);
  });
});
