import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { sampleFiles } from '#server/test/multipart.ts';
import { root } from '../scripts/lib/web-build.mjs';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { completeTwoFactorSetUp, fillInvoiceProfile } from './support/accounts.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';
import { withAcceptedLetter } from './support/engagement.ts';

const admin = { email: 'marta@despacho.example', password: 'Admin-Elche-2026!' };

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tabpanel', { name }).getByRole('button', { name: 'Actualizar' }).or(page.getByRole('tabpanel', { name }).getByRole('grid')).first().waitFor();
}

describe('the back office', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-admin-');
    const created = spawnSync(
      'npx',
      ['tsx', 'scripts/admin-create.ts', '--email', admin.email, '--password', admin.password, '--first-name', 'Marta'],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
    );
    if (created.status !== 0) throw new Error(created.stderr);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);

    const post = (url: string, body: object) =>
      fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/contact-requests', { name: 'Olga Petrenko', email: 'olga@example.com', message: 'Quiero información sobre el arraigo.', privacy: true })).status).toBe(201);
    expect((await post('/api/consultations/expatriation', { name: 'Jean Dupont', email: 'jean@example.com', privacy: true })).status).toBe(201);
    const quote = new FormData();
    for (const [name, value] of Object.entries({ name: 'Luc Martin', email: 'luc@example.com', phone: '+33612345678', privacy: 'true' })) quote.append(name, value);
    quote.append('documents', new Blob([new Uint8Array(sampleFiles.pdf())], { type: 'application/pdf' }), 'acte-de-naissance.pdf');
    expect((await fetch(`${server.url}/api/translation-quotes`, { method: 'POST', body: quote })).status).toBe(201);

    // A client who registers, confirms, and buys the Arraigo procedure on the test provider.
    const client = { firstName: 'Amina', lastName: 'Diallo', email: 'amina@example.com', phone: '+34611223344', password: 'Palmeral-Elche-2026' };
    expect((await post('/api/account/register', { ...client, acceptTerms: true })).status).toBe(202);
    const confirmation = await mail.waitFor(client.email, /Confirma tu cuenta/);
    const link = confirmation.text.match(/https?:\/\/\S+verify-email\S+/)?.[0] ?? '';
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
    const signIn = await post('/api/account/sign-in', { email: client.email, password: client.password });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const asClient = (url: string, body: object) =>
      fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    const { user } = (await signIn.json()) as { user: object };
    await fillInvoiceProfile(server.url, cookie, client);
    const checkout = (await (await asClient('/api/payments/checkout', await withAcceptedLetter(server.url, cookie, { service: { id: 'arraigo' }, user }))).json()) as { url: string };
    const session = new URL(checkout.url).searchParams.get('session');
    expect((await asClient(`/api/payments/test-checkout/${session}/pay`, {})).ok).toBe(true);

    context = await newVisitor(browser, server.url, consented);
    page = await context.newPage();
    await page.goto('/acceder');
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/admin');
    await completeTwoFactorSetUp(page, admin);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('opens on "Hoy": the new case waits unassigned, the owner sees the whole firm, and one click opens the case page', async () => {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Hoy', selected: true }).waitFor();
    await page.getByRole('region', { name: /^Sin asignar/ }).getByRole('link', { name: /Amina Diallo/ }).waitFor();
    await expectHealthyPage(page);
    await page.getByRole('button', { name: 'Todo el despacho' }).click();
    await page.getByRole('table', { name: 'Carga de cada persona' }).waitFor();
    await expectHealthyPage(page);
    await page.getByRole('region', { name: /^Sin asignar/ }).getByRole('link', { name: /Amina Diallo/ }).click();
    await page.waitForURL('**/admin/expedientes/EXP-*');
    await page.getByRole('heading', { level: 1, name: /EXP-\d{3} · Arraigo/ }).waitFor();
  });

  it('moves a case to a stage on its page, which the client is mailed, records its filing data and answers the thread', async () => {
    await page.goto('/admin?tab=expedientes');
    const panel = page.getByRole('tabpanel', { name: 'Expedientes' });
    const row = panel.getByRole('row', { name: /Amina Diallo/ });
    await row.getByText('Pendiente de documentación').waitFor();
    await expectHealthyPage(page);
    await row.getByRole('link', { name: /Abrir la página de EXP-/ }).click();
    await page.waitForURL('**/admin/expedientes/EXP-*');
    await page.getByRole('heading', { level: 1, name: /EXP-\d{3} · Arraigo/ }).waitFor();
    await page.getByText('amina@example.com').first().waitFor();
    await expectHealthyPage(page);

    await page.getByLabel('Mover a la fase').selectOption({ label: 'Revisando documentación' });
    await page.getByLabel('Nota para el cliente (opcional)').fill('Revisamos tu pasaporte esta semana.');
    await page.getByRole('button', { name: 'Mover de fase' }).click();
    await expectToast(page, 'Estado actualizado');
    await page.getByText('Revisamos tu pasaporte esta semana.').waitFor();
    const notice = await mail.waitFor('amina@example.com', /cambiado de fase/);
    expect(notice.text).toContain('Revisando documentación');
    expect(notice.text).toContain('Revisamos tu pasaporte esta semana.');

    await page.getByLabel('Número de expediente de la administración').fill('030020260001234');
    await page.getByLabel('Fecha de presentación').fill('2026-11-20');
    await page.getByLabel('Oficina', { exact: true }).fill('Oficina de Extranjería de Alicante');
    await page.getByRole('button', { name: 'Guardar datos de presentación' }).click();
    await expectToast(page, 'Estado actualizado');

    await page.getByLabel('Respuesta al cliente').fill('   ');
    await page.getByRole('button', { name: 'Enviar respuesta' }).click();
    await page.getByLabel('Respuesta al cliente').fill('Hemos recibido su expediente. Falta el empadronamiento.');
    await page.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expectToast(page, 'Respuesta enviada');
    await page.getByText('Hemos recibido su expediente. Falta el empadronamiento.').waitFor();
    await expectHealthyPage(page);

    await page.getByRole('link', { name: 'Volver a expedientes' }).click();
    await panel.getByRole('row', { name: /Amina Diallo/ }).getByText('Revisando documentación').waitFor();
  });

  it('shows a new chat message live and replies to it, ignoring an empty reply', async () => {
    await page.goto('/admin?tab=chat');
    const panel = page.getByRole('tabpanel', { name: 'Chat' });
    await panel.getByText('No hay mensajes de chat.').waitFor();
    await expectHealthyPage(page);

    const sent = await fetch(`${server.url}/api/chat/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-chat-token': randomBytes(32).toString('base64url') },
      body: JSON.stringify({ name: 'Inés Martín', email: 'ines@example.com', message: '¿Atendéis también en francés?' }),
    });
    expect(sent.status).toBe(201);
    const row = panel.getByRole('row', { name: /Inés Martín/ });
    await row.waitFor();

    await row.getByRole('button', { name: /Responder/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Responder a Inés Martín' });
    await dialog.getByText('¿Atendéis también en francés?').waitFor();
    await dialog.getByLabel('Respuesta').fill('   ');
    expect(await dialog.getByRole('button', { name: 'Enviar respuesta' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Respuesta').fill('Sí, el despacho atiende en español y en francés.');
    await dialog.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expectToast(page, 'Respuesta enviada');
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: '1', exact: true }).waitFor();
    await row.getByRole('button', { name: /Responder/ }).click();
    await dialog.getByText('Sí, el despacho atiende en español y en francés.').waitFor();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  it('lists the payment', async () => {
    await openTab(page, 'Pagos');
    const panel = page.getByRole('tabpanel', { name: 'Pagos' });
    await panel.getByRole('row', { name: /Amina Diallo/ }).getByText('Pagado').waitFor();
    await expectHealthyPage(page);
  });

  it('completes a consultation', async () => {
    await page.goto('/admin?tab=consultas');
    const panel = page.getByRole('tabpanel', { name: 'Consultas' });
    const row = panel.getByRole('row', { name: /Jean Dupont/ });
    await row.getByText('Pendiente').waitFor();
    await expectHealthyPage(page);
    await row.getByRole('button', { name: 'Marcar como completada la consulta de Jean Dupont' }).click();
    const dialog = page.getByRole('dialog', { name: 'Completar la consulta' });
    await dialog.getByLabel('Resultado de la consulta').fill('Le hemos llamado: le enviamos por email la lista de documentos.');
    await dialog.getByRole('button', { name: 'Completar y avisar al cliente' }).click();
    await expectToast(page, 'Consulta completada');
    await row.getByText('Completada', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Marcar como completada/ }).count()).toBe(0);
  });

  it('deletes a contact message after the confirmation', async () => {
    await openTab(page, 'Contacto');
    const panel = page.getByRole('tabpanel', { name: 'Contacto' });
    await panel.getByText('Quiero información sobre el arraigo.').waitFor();
    await expectHealthyPage(page);
    await panel.getByRole('button', { name: 'Eliminar Olga Petrenko' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Esta acción no se puede deshacer', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expectToast(page, 'Elemento eliminado');
    await panel.getByText('No hay mensajes de contacto.').waitFor();
  });

  it('downloads a translation document', async () => {
    await openTab(page, 'Traducciones');
    const panel = page.getByRole('tabpanel', { name: 'Traducciones' });
    const link = panel.getByRole('link', { name: 'Descargar acte-de-naissance.pdf' });
    await link.waitFor();
    await expectHealthyPage(page);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('acte-de-naissance.pdf');
    const saved = await download.path();
    expect(fs.readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('creates an agenda event', async () => {
    await openTab(page, 'Agenda');
    await expectHealthyPage(page);
    await page.getByRole('button', { name: 'Nuevo evento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
    expect(await dialog.getByText('Este campo es obligatorio').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Este campo es obligatorio').waitFor();
    await dialog.getByLabel('Título').fill('Firma en notaría: García');
    await dialog.getByLabel('Hora').fill('10:30');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectToast(page, 'Evento guardado');
    await page.getByRole('tabpanel', { name: 'Agenda' }).getByRole('button', { name: '10:30 Firma en notaría: García' }).waitFor();
  });

  it('publishes a news article that then appears on the home page', async () => {
    await openTab(page, 'Noticias');
    await expectHealthyPage(page);
    await page.getByRole('button', { name: 'Nueva noticia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva noticia' });
    await dialog.getByLabel('Título (Español)').fill('Abrimos los sábados por la mañana');
    await dialog.getByLabel('Contenido (Español)').fill('Desde diciembre atendemos **también los sábados** de 10:00 a 13:00.');
    await dialog.getByRole('button', { name: 'Guardar noticia' }).click();
    await expectToast(page, 'Noticia guardada');
    await page.getByRole('tabpanel', { name: 'Noticias' }).getByText('Abrimos los sábados por la mañana').waitFor();

    await page.goto('/');
    await page.getByRole('heading', { level: 3, name: 'Abrimos los sábados por la mañana' }).waitFor();
  });

  it('shows clients and the audit trail of what was done', async () => {
    await page.goto('/admin?tab=clientes');
    await page.getByRole('tabpanel', { name: 'Clientes' }).getByText('Tu cuenta').waitFor();
    await expectHealthyPage(page);
    await openTab(page, 'Auditoría');
    const panel = page.getByRole('tabpanel', { name: 'Auditoría' });
    await panel.getByText('Eliminación').waitFor();
    await panel.getByText('Noticia creada').waitFor();
    await expectHealthyPage(page);
  });

  it('lists the mails the server gave up on: none while the mail server answers', async () => {
    await openTab(page, 'Correos');
    await page.getByRole('tabpanel', { name: 'Correos' }).getByText('No hay correos fallidos: todos se han entregado.').waitFor();
    await expectHealthyPage(page);
  });
});
