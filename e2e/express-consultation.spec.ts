import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { sampleFiles } from '#server/test/multipart.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';
import { acceptEngagementLetter } from './support/engagement.ts';

const firmInbox = 'despacho@example.com';
const question = 'Tengo la tarjeta de estudiante hasta junio. ¿Puedo pedir el arraigo socioformativo antes de que caduque?';
const answer = 'Sí: puede pedirlo mientras su tarjeta siga vigente. Necesitará la matrícula del curso y el pasaporte completo.';
const passport = { name: 'pasaporte.pdf', mimeType: 'application/pdf', buffer: sampleFiles.pdf(3000) };

describe('the express consultation in writing: the client pays and asks with a file, the firm answers, the client reads it', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let clientContext: BrowserContext;
  let adminContext: BrowserContext;
  let client: Page;
  let admin: Page;

  const clientThread = () => client.getByRole('tabpanel', { name: 'Consultas' }).getByRole('region', { name: 'Tu consulta por escrito' });

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-express-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url, FIRM_EMAIL: firmInbox } }), launchBrowser()]);
    await createClient(server.url, mail);
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

  it('pays the express consultation on the test provider, and is invited to write the question in the panel', async () => {
    await client.goto('/servicios#consultas');
    const express = client.getByRole('article').filter({ has: client.getByRole('heading', { name: 'Consulta exprés' }) });
    await express.getByRole('button', { name: 'Reservar consulta' }).click();
    await acceptEngagementLetter(client);
    await client.waitForURL('**/checkout?session=*');
    await client.getByRole('button', { name: 'Pagar' }).click();
    await client.waitForURL('**/pago?payment=success&kind=consultation&service=express');
    await client.getByRole('link', { name: 'Ir a mi panel' }).click();
    await client.waitForURL((url) => url.pathname === '/panel');

    expect(await client.getByRole('tab', { name: 'Consultas' }).getAttribute('aria-selected')).toBe('true');
    await clientThread().getByText('Aún no nos has escrito. Cuéntanos tu caso y haz tu pregunta', { exact: false }).waitFor();
    await expectHealthyPage(client);
  });

  it('sends the question with a document: it shows in the thread and reaches the firm’s inbox', async () => {
    const thread = clientThread();
    // The browser checks the file before sending: a Word document is not among the case documents' kinds.
    await thread.getByLabel('Documentos (opcional)').setInputFiles({ name: 'carta.docx', mimeType: 'application/octet-stream', buffer: sampleFiles.docx() });
    await thread.getByText('Tipo de archivo no permitido. Solo se admiten PDF, JPG y PNG.').waitFor();
    await thread.getByLabel('Documentos (opcional)').setInputFiles(passport);
    await thread.getByRole('list', { name: 'Archivos seleccionados' }).getByText('pasaporte.pdf').waitFor();

    await thread.getByRole('button', { name: 'Enviar pregunta' }).click();
    await thread.getByText('Este campo es obligatorio').waitFor();
    await thread.getByLabel('Tu pregunta').fill(question);
    await thread.getByRole('button', { name: 'Enviar pregunta' }).click();
    await expectToast(client, 'Pregunta enviada');

    const messages = thread.getByRole('list', { name: 'Mensajes de la consulta' });
    await messages.getByText(question).waitFor();
    const href = await messages.getByRole('link', { name: 'Descargar pasaporte.pdf' }).getAttribute('href');
    const download = await client.request.get(href ?? '');
    expect(download.status()).toBe(200);
    expect((await download.body()).equals(passport.buffer)).toBe(true);
    // The promise in the firm's business hours, with the time it falls due: 8 of them from the payment.
    await thread.getByText(/^Hemos recibido tu pregunta\. Te responderemos aquí antes del .+ \(8 horas laborables desde tu pago\) y te avisaremos por email\.$/).waitFor();
    await thread.getByText('Puedes hacer 2 preguntas más sobre esta consulta.').waitFor();
    // Once asked, the form takes a follow-up question.
    await thread.getByLabel('Otra pregunta sobre esta consulta').waitFor();
    await expectHealthyPage(client);

    const notice = await mail.waitFor(firmInbox, /Nueva consulta exprés: Amina Diallo/);
    expect(notice.text).toContain(question);
    expect(notice.text).toContain('pasaporte.pdf');
  });

  it('lets the firm read the question and its document in the Consultas tab, and answer', async () => {
    await admin.goto('/admin?tab=consultas');
    const panel = admin.getByRole('tabpanel', { name: 'Consultas' });
    await panel.getByRole('row', { name: /Amina Diallo/ }).first().waitFor();
    await panel.getByRole('button', { name: 'Ver la consulta escrita' }).click();
    const thread = panel.getByRole('region', { name: 'Consulta escrita' });
    await thread.getByText(question).waitFor();
    await thread.getByText('Sin responder todavía.').waitFor();
    const href = await thread.getByRole('link', { name: 'Descargar pasaporte.pdf' }).getAttribute('href');
    expect(href).toMatch(/^\/api\/admin\/consultations\/[0-9a-f-]{36}\/attachments\/[0-9a-f-]{36}$/);
    expect((await (await admin.request.get(href ?? '')).body()).equals(passport.buffer)).toBe(true);
    await expectHealthyPage(admin);

    await thread.getByLabel('Respuesta al cliente').fill(answer);
    await thread.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expectToast(admin, 'Respuesta enviada');
    await thread.getByRole('list', { name: 'Mensajes de la consulta' }).getByText(answer).waitFor();
    await thread.getByText(/^Respondida el /).waitFor();
    await expectHealthyPage(admin);

    const mailed = await mail.waitFor(sampleClient.email, /Respuesta a tu consulta exprés/);
    expect(mailed.text).toContain(answer);
  });

  it('shows the firm’s answer in the client’s panel', async () => {
    await client.reload();
    await client.getByRole('tab', { name: 'Consultas' }).click();
    const messages = clientThread().getByRole('list', { name: 'Mensajes de la consulta' });
    await messages.getByText(answer).waitFor();
    await messages.getByRole('listitem').filter({ hasText: answer }).getByText('Despacho').waitFor();
    expect(await clientThread().getByText('Hemos recibido tu pregunta.', { exact: false }).count()).toBe(0);
    // The conversation comes before the reply box, so on a phone the answer is what shows first.
    const answerBox = await messages.getByText(answer).boundingBox();
    const replyBox = await clientThread().getByLabel('Otra pregunta sobre esta consulta').boundingBox();
    expect(answerBox && replyBox && answerBox.y < replyBox.y).toBe(true);
    await expectHealthyPage(client);
  });
});
