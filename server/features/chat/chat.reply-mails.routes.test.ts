import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationKinds } from '#common/notifications/notifications.contract.ts';
import { chatReopenLinks } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { testClock } from '#server/test/clock.ts';
import { listening, openEventStream } from '#server/test/event-stream.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

const newToken = () => randomBytes(32).toString('base64url');
const minute = 60_000;

let ip = 0;
const nextIp = () => `10.9.0.${++ip}`;

describe('chat API: the firm’s replies mailed to a visitor who left, and the link that continues the conversation', () => {
  const clock = testClock();
  let t: TestApp;
  let capture: MailCapture;
  let admin: TestAccount;
  let baseUrl: string;

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({
      env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com', APP_URL: 'https://asesoria.example' },
      worker: { clock: clock.now, pollMs: 24 * 60 * minute },
    });
    admin = await createAccount(t, { role: 'admin' });
    baseUrl = await listening(t.app);
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  const post = (email: string, text: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/chat/messages', payload: { name: 'Amélie', email, message: text }, headers, remoteAddress: nextIp() });
  const reply = async (messageId: string, message: string) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/chat/messages/${messageId}/replies`, payload: { message }, headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(201);
  };
  const conversation = (token: string) => t.app.inject({ url: '/api/chat/conversation', headers: { 'x-chat-token': token }, remoteAddress: nextIp() });
  const reopen = (link: string, token?: string) =>
    t.app.inject({ method: 'POST', url: '/api/chat/reopen', payload: { link }, headers: token ? { 'x-chat-token': token } : {}, remoteAddress: nextIp() });
  /** The worker's next pass: its clock moves past the 10 seconds' grace, and it runs what is due (the mails included). */
  const pass = async () => {
    clock.advance(6 * minute);
    await t.app.worker.kick();
    await t.app.worker.kick();
  };
  const mailsTo = (email: string) => capture.messages.filter((message) => message.to.includes(email));
  const linkIn = (text: string) => /https:\/\/asesoria\.example\/fr\/#chat=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

  it('mails both replies once, in French, with a link that gives that conversation, and no other, to the browser that opens it', async () => {
    const email = 'amelie@example.fr';
    const token = newToken();
    const sent = await post(email, 'Bonjour, combien coûte le regroupement familial ?', { 'x-chat-token': token, 'accept-language': 'fr' });
    const other = newToken();
    await post('autre@example.com', 'Una pregunta de otra persona', { 'x-chat-token': other });
    await reply(sent.json().entry.id, 'Bonjour Amélie, le regroupement familial coûte 500 €.');
    await reply(sent.json().entry.id, 'Nous pouvons aussi vous appeler.');

    await pass();
    const mail = await capture.waitFor(email, /vous a répondu/);
    expect(mail.subject).toBe('Asesoría Elche vous a répondu dans le chat');
    expect(mail.text).toContain('Voici nos réponses');
    expect(mail.text).toContain('le regroupement familial coûte 500 €.');
    expect(mail.text).toContain('Nous pouvons aussi vous appeler.');
    const link = linkIn(mail.text);
    expect(link).toBeDefined();
    // Only the link's hash is kept.
    const links = await t.database.db.select().from(chatReopenLinks);
    expect(links.some((row) => row.tokenHash === link)).toBe(false);

    // A phone opens the link with a token of its own: the conversation is its now, and the old browser's token opens it no more.
    const phone = newToken();
    const reopened = await reopen(link ?? '', phone);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().entries.map((entry: { text: string }) => entry.text)).toEqual([
      'Bonjour, combien coûte le regroupement familial ?',
      'Bonjour Amélie, le regroupement familial coûte 500 €.',
      'Nous pouvons aussi vous appeler.',
    ]);
    expect((await conversation(token)).json()).toEqual({ entries: [], cursor: 0 });
    await post(email, 'Merci, je préfère un appel.', { 'x-chat-token': phone, 'accept-language': 'fr' });
    expect((await conversation(phone)).json().entries).toHaveLength(4);
    expect((await conversation(other)).json().entries.map((entry: { text: string }) => entry.text)).toEqual(['Una pregunta de otra persona']);

    // Nothing is mailed twice, and the other visitor, who got no reply, gets no mail.
    await pass();
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo('autre@example.com')).toHaveLength(0);
  });

  it('mails nothing of a reply the open widget showed, nor of one the visitor read when they came back', async () => {
    const token = newToken();
    const watching = 'mira@example.com';
    const first = await post(watching, 'Hola, ¿atendéis en inglés?', { 'x-chat-token': token });
    const live = await openEventStream(`${baseUrl}/api/chat/stream?after=${first.json().cursor}`, { 'x-chat-token': token });
    await reply(first.json().entry.id, 'Sí, también en francés.');
    await live.waitFor((event) => event.data.includes('también en francés'));
    live.close();

    const back = newToken();
    const away = 'vuelve@example.com';
    const second = await post(away, '¿Y los sábados?', { 'x-chat-token': back });
    await reply(second.json().entry.id, 'Los sábados, solo con cita.');
    expect((await conversation(back)).json().entries).toHaveLength(2);

    await pass();
    expect(mailsTo(watching)).toHaveLength(0);
    expect(mailsTo(away)).toHaveLength(0);
  });

  it('mails a client’s reply to their account’s address with a link that needs their sign-in, not a token', async () => {
    const client = await createAccount(t, { email: 'cliente.chat@example.com' });
    const sent = await t.app.inject({ method: 'POST', url: '/api/chat/messages', payload: { name: 'Ana', email: 'otra@example.com', message: 'Hola' }, headers: { cookie: client.cookie }, remoteAddress: nextIp() });
    await reply(sent.json().entry.id, 'Hola Ana, ya tenemos tu pasaporte.');
    await pass();
    const mail = await capture.waitFor('cliente.chat@example.com', /te ha respondido/);
    expect(mail.text).toContain('inicia sesión con tu cuenta');
    expect(mail.text).toContain('https://asesoria.example/#chat\n');
    expect(mailsTo('otra@example.com')).toHaveLength(0);
  });

  it('mails a client’s reply with its one-click unsubscribe, and not at all once they turned replies off (ADR 055)', async () => {
    const client = await createAccount(t, { email: 'sin.avisos@example.com' });
    const ask = async (text: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/chat/messages', payload: { name: 'Ana', email: 'sin.avisos@example.com', message: text }, headers: { cookie: client.cookie }, remoteAddress: nextIp() })).json<{ entry: { id: string } }>().entry.id;
    await reply(await ask('¿Abren el sábado?'), 'Sí, de 10 a 13.');
    await pass();
    const mail = await capture.waitFor('sin.avisos@example.com', /te ha respondido/);
    expect(mail.headers['list-unsubscribe']).toMatch(/^<https:\/\/asesoria\.example\/api\/notifications\/unsubscribe\?token=/);

    const off = Object.fromEntries(notificationKinds.map((kind) => [kind, { email: kind !== 'replies', push: true }]));
    expect((await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', payload: off, headers: { cookie: client.cookie } })).statusCode).toBe(200);
    await reply(await ask('¿Y el domingo?'), 'El domingo no abrimos.');
    await pass();
    await pass();
    expect(mailsTo('sin.avisos@example.com')).toHaveLength(1);
  });

  it('refuses an unknown or expired link, a link without the browser’s token, and a malformed one, opening nothing', async () => {
    const unknown = await reopen(newToken(), newToken());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Este enlace a la conversación ha caducado o ya no es válido. Escríbenos de nuevo en el chat y te responderemos.');

    const email = 'caduca@example.com';
    const sent = await post(email, 'Hola', { 'x-chat-token': newToken() });
    await reply(sent.json().entry.id, 'Buenos días.');
    await pass();
    const link = /#chat=([A-Za-z0-9_-]{43})/.exec((await capture.waitFor(email)).text)?.[1] ?? '';
    await t.database.db.update(chatReopenLinks).set({ expiresAt: new Date(Date.now() - minute) });
    const browser = newToken();
    expect((await reopen(link, browser)).statusCode).toBe(404);
    expect((await conversation(browser)).json()).toEqual({ entries: [], cursor: 0 });

    expect((await reopen(link)).statusCode).toBe(400);
    expect((await reopen('corto', newToken())).statusCode).toBe(400);
  });
});
