import { spawnSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { root } from '../scripts/lib/web-build.mjs';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { signIn } from './support/accounts.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

const firmInbox = 'despacho@example.com';
const admin = { email: 'marta@despacho.example', password: 'Admin-Elche-2026!' };

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const widget = (page: Page) => page.getByRole('complementary', { name: 'Chat' });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Chatea con nosotros' });

describe('the chat widget', () => {
  let capture: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const context = async (storage: Record<string, string> = consented, options = {}) => {
    const created = await newVisitor(browser, server.url, storage, options);
    contexts.push(created);
    return created;
  };

  /** The firm's admin, signed in through the API; answers through the routes of the admin Chat tab. */
  const signedInAdmin = async () => {
    const created = await context();
    await signIn(created, admin);
    return created;
  };

  beforeAll(async () => {
    capture = await startMailCapture();
    // PGlite is one process: the admin account is created before the server opens the database.
    const dataDir = newDataDir('e2e-chat-');
    const created = spawnSync(
      'npx',
      ['tsx', 'scripts/admin-create.ts', '--email', admin.email, '--password', admin.password, '--first-name', 'Marta', '--last-name', 'Ruiz'],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    );
    if (created.status !== 0) throw new Error(`admin:create failed:\n${created.stderr}`);
    [server, browser] = await Promise.all([
      startServer({ dataDir, env: { SMTP_URL: capture.url, FIRM_EMAIL: firmInbox } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
    await capture?.close();
  });

  it('a visitor asks, the firm replies, and the reply appears in the open widget without a reload', async () => {
    const page = await (await context()).newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const launcher = widget(page).getByRole('button', { name: 'Abrir chat' });
    await launcher.waitFor();
    await expectHealthyPage(page);

    await launcher.click();
    await panel(page).waitFor();
    expect(await panel(page).textContent()).toContain('Este chat es para consultas generales');
    // Focus moves into the panel, to the first field to fill in.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('name');

    const send = panel(page).getByRole('button', { name: 'Enviar' });
    expect(await send.isDisabled()).toBe(true);
    await panel(page).getByLabel('Nombre').fill('Yasmin');
    await panel(page).getByLabel('Mensaje').fill('¿Cuánto tarda el arraigo social?');
    expect(await send.isDisabled()).toBe(true);
    await panel(page).getByLabel('Email').fill('yasmin@example.com');
    expect(await send.isDisabled()).toBe(false);
    await expectHealthyPage(page);

    await send.click();
    await expectToast(page, 'Mensaje enviado');
    const log = panel(page).getByRole('log', { name: 'Conversación' });
    await log.getByText('¿Cuánto tarda el arraigo social?').waitFor();
    expect(await panel(page).getByLabel('Mensaje').inputValue()).toBe('');
    await capture.waitFor(firmInbox, /Nuevo mensaje en el chat de la web: Yasmin/);

    const firm = await signedInAdmin();
    const { items } = await (await firm.request.get('/api/admin/chat/messages')).json();
    expect(items[0]).toMatchObject({ senderName: 'Yasmin', senderEmail: 'yasmin@example.com', replyCount: 0 });
    const reply = '<b>Unos 3 meses</b>, según la oficina de extranjería.';
    const replied = await firm.request.post(`/api/admin/chat/messages/${items[0].id}/replies`, { data: { message: reply } });
    expect(replied.status()).toBe(201);

    await log.getByText(reply).waitFor({ timeout: 5_000 });
    expect(await log.locator('b').count()).toBe(0);
    await expectHealthyPage(page);

    // Escape closes and gives the focus back; the keyboard opens it again, with the conversation reloaded.
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Abrir chat');
    await page.keyboard.press('Enter');
    await log.getByText(reply).waitFor();
    expect(await panel(page).getByLabel('Email').inputValue()).toBe('yasmin@example.com');
    await widget(page).getByRole('button', { name: 'Cerrar chat' }).click();
    await panel(page).waitFor({ state: 'detached' });

    // Another browser giving the same e-mail sees nothing of it.
    const stranger = await (await context()).newPage();
    await stranger.goto('/contacto');
    await widget(stranger).getByRole('button', { name: 'Abrir chat' }).click();
    await panel(stranger).getByText('Escríbenos tu pregunta: te responderemos aquí mismo.').waitFor();
    expect(await panel(stranger).textContent()).not.toContain('arraigo');
  });

  it('a visitor who left gets the firm’s reply by mail, in French, and carries on the conversation from its link on a phone', async () => {
    const desk = await (await context()).newPage();
    await desk.goto('/fr/');
    await widget(desk).getByRole('button', { name: 'Ouvrir le chat' }).click();
    const deskPanel = desk.getByRole('dialog', { name: 'Discutez avec nous' });
    await deskPanel.getByLabel('Nom').fill('Amélie');
    await deskPanel.getByLabel('Email').fill('amelie@example.fr');
    await deskPanel.getByLabel('Message').fill('Combien coûte le regroupement familial ?');
    await deskPanel.getByRole('button', { name: 'Envoyer' }).click();
    await deskPanel.getByRole('log').getByText('Combien coûte le regroupement familial ?').waitFor();
    await desk.close();

    const firm = await signedInAdmin();
    const { items } = await (await firm.request.get('/api/admin/chat/messages?q=Amélie')).json();
    const replied = await firm.request.post(`/api/admin/chat/messages/${items[0].id}/replies`, { data: { message: 'Bonjour Amélie, 500 € TTC.' } });
    expect(replied.status()).toBe(201);

    // Mailed by the worker's next pass once 10 seconds have gone by: within its 30-second polling.
    const mail = await capture.waitFor('amelie@example.fr', /vous a répondu dans le chat/, 60_000);
    expect(mail.text).toContain('Bonjour Amélie, 500 € TTC.');
    const link = /(https?:\/\/\S+\/fr\/#chat=[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(link).toBeDefined();

    const page = await (await context(consented, phone)).newPage();
    await page.goto(link ?? '');
    const phonePanel = page.getByRole('dialog', { name: 'Discutez avec nous' });
    const log = phonePanel.getByRole('log');
    await log.getByText('Bonjour Amélie, 500 € TTC.').waitFor();
    await log.getByText('Combien coûte le regroupement familial ?').waitFor();
    // The link is used once: it leaves the address.
    expect(new URL(page.url()).hash).toBe('');
    await expectHealthyPage(page);

    await phonePanel.getByLabel('Message').fill('Merci, pouvez-vous m’appeler ?');
    await phonePanel.getByRole('button', { name: 'Envoyer' }).click();
    await log.getByText('Merci, pouvez-vous m’appeler ?').waitFor();
    const thread = await (await firm.request.get(`/api/admin/chat/messages/${items[0].id}/conversation`)).json();
    expect(thread.entries.map((entry: { text: string }) => entry.text)).toEqual([
      'Combien coûte le regroupement familial ?',
      'Bonjour Amélie, 500 € TTC.',
      'Merci, pouvez-vous m’appeler ?',
    ]);
    // The mail waits for the worker's pass: up to 40 seconds on top of the rest.
  }, 120_000);

  it('prefills a signed-in account, and stays clear of the cookie banner', async () => {
    const firm = await signedInAdmin();
    const page = await firm.newPage();
    await page.goto('/noticias');
    await widget(page).getByRole('button', { name: 'Abrir chat' }).click();
    await panel(page).waitFor();
    expect(await panel(page).getByLabel('Nombre').inputValue()).toBe('Marta');
    expect(await panel(page).getByLabel('Email').inputValue()).toBe(admin.email);
    expect(await panel(page).getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');

    const newcomer = await (await context({})).newPage();
    await newcomer.goto('/');
    const banner = newcomer.getByRole('region', { name: 'Aviso de cookies' });
    await banner.waitFor();
    const launcher = widget(newcomer).getByRole('button', { name: 'Abrir chat' });
    await launcher.waitFor();
    await expect.poll(async () => {
      const [button, bar] = await Promise.all([launcher.boundingBox(), banner.boundingBox()]);
      return button && bar ? button.y + button.height <= bar.y : false;
    }).toBe(true);
    await launcher.click();
    await panel(newcomer).waitFor();
    await expectHealthyPage(newcomer);
    await banner.getByRole('button', { name: 'Aceptar todas' }).click();
    await banner.waitFor({ state: 'detached' });
  });
});
