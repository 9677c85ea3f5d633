import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn, signInOverHttp } from './support/accounts.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor, phoneIn } from './support/browser.ts';
import { acceptEngagementLetter } from './support/engagement.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

/** What a French and an English client read of the express consultation, as the catalogs say it. */
const texts = {
  fr: {
    card: 'Consultation express',
    book: 'Réserver une consultation',
    pay: 'Payer',
    promise: /Nous vous répondrons par écrit dans un délai de 8\sheures ouvrées/,
    toPanel: 'Aller à mon espace',
    tab: 'Consultations',
    thread: 'Votre consultation écrite',
    question: 'Votre question',
    followUp: 'Une autre question sur cette consultation',
    send: 'Envoyer la question',
  },
  en: {
    card: 'Express consultation',
    book: 'Book a consultation',
    pay: 'Pay',
    promise: /We will answer you in writing within 8\sbusiness hours/,
    toPanel: 'Go to my panel',
    tab: 'Consultations',
    thread: 'Your written consultation',
    question: 'Your question',
    followUp: 'Another question about this consultation',
    send: 'Send question',
  },
} as const;

describe.each(['fr', 'en'] as const)('the express consultation as sold, on a phone in %s: business hours promised, the answer above the reply box', (language) => {
  const said = texts[language];
  const answer = 'Sí: puede pedirlo mientras su tarjeta siga vigente.';
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-express-phone-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);
    await createClient(server.url, mail);
    context = await newVisitor(browser, server.url, consented, phoneIn(language));
    await signIn(context, sampleClient);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('promises the written answer in business hours once paid', async () => {
    await page.goto(`/${language}/servicios#consultas`);
    const express = page.getByRole('article').filter({ has: page.getByRole('heading', { name: said.card }) });
    await express.getByRole('button', { name: said.book }).click();
    await acceptEngagementLetter(page, { language });
    await page.waitForURL(`**/${language}/checkout?session=*`);
    await page.getByRole('button', { name: said.pay }).click();
    await page.waitForURL(`**/${language}/pago?payment=success*`);
    await page.getByText(said.promise).waitFor();
    await expectHealthyPage(page);
  });

  it('shows the firm’s answer above the reply box', async () => {
    await page.getByRole('link', { name: said.toPanel }).click();
    const thread = page.getByRole('region', { name: said.thread });
    await thread.getByLabel(said.question).fill('¿Puedo pedir el arraigo socioformativo con la tarjeta de estudiante?');
    await thread.getByRole('button', { name: said.send }).click();
    await thread.getByLabel(said.followUp).waitFor();

    // The firm answers from the back office, over HTTP as its page does.
    const consultations = (await (await context.request.get('/api/consultations')).json()) as Array<{ id: string; type: string }>;
    const express = consultations.find((consultation) => consultation.type === 'express');
    const form = new FormData();
    form.set('body', answer);
    const answered = await fetch(`${server.url}/api/admin/consultations/${express?.id}/messages`, {
      method: 'POST',
      headers: { origin: server.url, cookie: await signInOverHttp(server.url, sampleAdmin) },
      body: form,
    });
    expect(answered.status).toBe(201);

    await page.reload();
    await page.getByRole('tab', { name: said.tab }).click();
    const reloaded = page.getByRole('region', { name: said.thread });
    const answerBox = await reloaded.getByText(answer).boundingBox();
    const replyBox = await reloaded.getByLabel(said.followUp).boundingBox();
    expect(answerBox && replyBox && answerBox.y < replyBox.y).toBe(true);
    await expectHealthyPage(page);
  });
});
