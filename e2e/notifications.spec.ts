import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn, signInOverHttp } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

describe('notifications: the client chooses on /perfil which mails they get, and a mail’s link turns its kind off', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let clientContext: BrowserContext;
  let client: Page;
  let adminCookie: string;

  /** What the firm does on case EXP-001, over HTTP as its back office does. */
  const asFirm = (method: 'POST' | 'PUT', url: string, body: object) =>
    fetch(`${server.url}${url}`, { method, headers: { 'content-type': 'application/json', origin: server.url, cookie: adminCookie }, body: JSON.stringify(body) });
  const mailsTo = (subject: RegExp) => mail.messages.filter((message) => message.to.includes(sampleClient.email) && subject.test(message.subject));
  const preferences = () => client.getByRole('region', { name: 'Avis' });
  /** The boxes of the e-mail channel (the browser's notifications have boxes of the same names, ADR 059). */
  const byEmail = () => preferences().getByRole('group', { name: 'Par e-mail' });

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-notifications-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);
    await createClient(server.url, mail, { paid: ['arraigo'] });
    adminCookie = await signInOverHttp(server.url, sampleAdmin);
    clientContext = await newVisitor(browser, server.url, consented);
    await signIn(clientContext, sampleClient);
    client = await clientContext.newPage();
  });
  afterAll(async () => {
    await clientContext?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('turns off the stage changes on /fr/perfil, in French: the next move of the case is not mailed, a reply still is', async () => {
    await client.goto('/fr/perfil');
    const stages = byEmail().getByRole('checkbox', { name: 'Avancement de votre dossier' });
    await stages.uncheck();
    await preferences().getByRole('button', { name: 'Enregistrer mes avis' }).click();
    await expectToast(client, 'Vos avis ont été enregistrés.');
    await preferences().getByRole('heading', { name: 'Ces e-mails vous parviendront toujours' }).waitFor();
    await expectHealthyPage(client);

    expect((await asFirm('PUT', '/api/admin/cases/1/stage', { stage: 'reviewing_documents' })).status).toBe(200);
    expect((await asFirm('POST', '/api/admin/cases/1/messages', { body: 'Hemos recibido tu pasaporte.' })).status).toBe(201);
    const reply = await mail.waitFor(sampleClient.email, /ha respondido en el expediente EXP-001/);
    expect(reply.headers['list-unsubscribe']).toMatch(/^<http:\/\/[^>]+\/api\/notifications\/unsubscribe\?token=[\w-]+\.[\w-]+>$/);
    expect(reply.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The stage's mail would have been queued before the reply's, and delivered first.
    expect(mailsTo(/ha cambiado de fase/)).toHaveLength(0);

    // After a reload, the page shows the choice as saved.
    await client.reload();
    await byEmail().getByRole('checkbox', { name: 'Réponses à vos messages' }).waitFor();
    expect(await stages.isChecked()).toBe(false);
  });

  it('follows the footer link of the reply, without a session: the page asks, one click turns replies off, and the way back is offered', async () => {
    const reply = mailsTo(/ha respondido en el expediente EXP-001/)[0];
    const link = /No quiero recibir más correos de este tipo: (\S+)/.exec(reply?.text ?? '')?.[1] ?? '';
    expect(link).toMatch(/\/api\/notifications\/unsubscribe\?token=/);

    const strangerContext = await newVisitor(browser, server.url, consented);
    try {
      const page = await strangerContext.newPage();
      await page.goto(link);
      await page.getByRole('heading', { name: '¿Dejar de recibir estos correos?' }).waitFor();
      expect(await page.getByRole('listitem').allTextContents()).toEqual(['Respuestas a tus mensajes']);
      await page.getByRole('button', { name: 'Dejar de recibirlos' }).click();
      await page.getByRole('heading', { name: 'Ya no recibirás estos correos' }).waitFor();
      await page.getByRole('button', { name: 'Volver a recibirlos' }).waitFor();
      expect(await page.getByRole('link', { name: 'Elegir todos mis avisos' }).getAttribute('href')).toBe('/perfil#avisos');
    } finally {
      await strangerContext.close();
    }

    // Opened afresh, as the page's link does from another tab.
    await client.goto('about:blank');
    await client.goto('/fr/perfil#avisos');
    const replies = byEmail().getByRole('checkbox', { name: 'Réponses à vos messages' });
    await replies.waitFor();
    expect(await replies.isChecked()).toBe(false);
    expect(await byEmail().getByRole('checkbox', { name: 'Avancement de votre dossier' }).isChecked()).toBe(false);
    expect(await byEmail().getByRole('checkbox', { name: 'Documents refusés' }).isChecked()).toBe(true);
  });
});
