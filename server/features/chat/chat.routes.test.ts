import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatConversations, generalChatMessages } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { listening, openEventStream, type TestEventStream } from '#server/test/event-stream.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

const newToken = () => randomBytes(32).toString('base64url');

let ip = 0;
const nextIp = () => `10.7.0.${++ip}`;

describe('chat API: the visitor side', () => {
  let t: TestApp;
  let capture: MailCapture;
  let admin: TestAccount;
  let baseUrl: string;
  const streams: TestEventStream[] = [];

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com', APP_URL: 'https://asesoria.example' } });
    admin = await createAccount(t, { role: 'admin' });
    baseUrl = await listening(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
    await capture.close();
  });

  type Headers = Record<string, string>;
  const post = (payload: Record<string, unknown>, headers: Headers = {}, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/chat/messages', payload, headers, remoteAddress });
  const conversation = (headers: Headers = {}) =>
    t.app.inject({ url: '/api/chat/conversation', headers, remoteAddress: nextIp() });
  const asVisitor = (token: string): Headers => ({ 'x-chat-token': token });
  const reply = (messageId: string, message: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/chat/messages/${messageId}/replies`,
      payload: { message },
      headers: { cookie: admin.cookie },
    });
  const stream = async (query: string, headers: Headers = {}) => {
    const opened = await openEventStream(`${baseUrl}/api/chat/stream${query}`, headers);
    streams.push(opened);
    return opened;
  };
  const message = (text: string, email = 'fatima@example.com') => ({ name: 'Fátima', email, message: text });

  it('keeps a visitor message in the conversation of their browser token, and shows it back only to that token', async () => {
    const token = newToken();
    const sent = await post(message('¿Qué documentos necesito para el arraigo?'), asVisitor(token));
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({
      entry: {
        kind: 'message',
        id: expect.any(String),
        senderName: 'Fátima',
        senderEmail: 'fatima@example.com',
        text: '¿Qué documentos necesito para el arraigo?',
        createdAt: expect.any(String),
        seq: expect.any(Number),
      },
      cursor: sent.json().entry.seq,
    });

    const own = await conversation(asVisitor(token));
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.json().entries.map((entry: { text: string }) => entry.text)).toEqual(['¿Qué documentos necesito para el arraigo?']);
    expect(own.json().cursor).toBe(sent.json().entry.seq);

    expect((await conversation()).json()).toEqual({ entries: [], cursor: 0 });
    expect((await conversation(asVisitor(newToken()))).json()).toEqual({ entries: [], cursor: 0 });

    // Only the token's hash is stored.
    const rows = await t.database.db.select().from(chatConversations);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => row.tokenHash === null || /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('shows nothing of a conversation to someone who gives its e-mail without its token', async () => {
    const victim = newToken();
    const first = await post(message('Mi NIE es X1234567L y mi dirección es…', 'victima@example.com'), asVisitor(victim));
    await reply(first.json().entry.id, 'Gracias, revisamos su caso.');

    const intruder = newToken();
    expect((await conversation(asVisitor(intruder))).json()).toEqual({ entries: [], cursor: 0 });
    const sent = await post(message('Hola', 'victima@example.com'), asVisitor(intruder));
    expect(sent.statusCode).toBe(201);
    const seen = (await conversation(asVisitor(intruder))).json();
    expect(seen.entries.map((entry: { text: string }) => entry.text)).toEqual(['Hola']);
    expect(JSON.stringify(seen)).not.toContain('X1234567L');
    expect(JSON.stringify(seen)).not.toContain('revisamos');

    const live = await stream('', asVisitor(intruder));
    expect(live.status).toBe(200);
    await reply(first.json().entry.id, 'Segunda respuesta solo para la víctima.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(live.events).toEqual([]);
  });

  it('refuses a message from a visitor without a conversation token, or with a malformed one', async () => {
    const missing = await post(message('Hola'), { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'validation', message: "This browser's conversation id is missing. Reload the page and try again." });

    const malformed = await post(message('Hola'), asVisitor('short'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('No se reconoce la conversación de este navegador. Recarga la página e inténtalo de nuevo.');
    expect((await conversation(asVisitor('not a token'))).statusCode).toBe(400);
  });

  it.each([
    [{ message: '' }, 'message', 'Este campo es obligatorio'],
    [{ message: '   ' }, 'message', 'Este campo es obligatorio'],
    [{ message: 'x'.repeat(2001) }, 'message', 'El texto es demasiado largo.'],
    [{ email: '' }, 'email', 'Este campo es obligatorio'],
    [{ email: 'no-es-un-email' }, 'email', 'Introduce un email válido.'],
    [{ name: ' ' }, 'name', 'Este campo es obligatorio'],
  ])('refuses %o with a translated message and keeps nothing', async (overrides, field, text) => {
    const before = (await t.database.db.select().from(generalChatMessages)).length;
    const response = await post({ ...message('Hola'), ...overrides }, asVisitor(newToken()));
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: field, message: text });
    expect((await t.database.db.select().from(generalChatMessages)).length).toBe(before);
  });

  it('accepts a message of exactly 2,000 characters and keeps markup as plain text', async () => {
    const token = newToken();
    expect((await post(message('x'.repeat(2000)), asVisitor(token))).statusCode).toBe(201);
    const markup = '<img src=x onerror="alert(1)"> <b>hola</b>';
    await post(message(markup), asVisitor(token));
    expect((await conversation(asVisitor(token))).json().entries[1].text).toBe(markup);
  });

  it('gives a signed-in client their own conversation, under their account e-mail whatever the form says', async () => {
    const client = await createAccount(t, { firstName: 'Marc' });
    const sent = await post(message('Soy cliente', 'otra@example.com'), { cookie: client.cookie });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().entry.senderEmail).toBe(client.user.email);
    const own = await conversation({ cookie: client.cookie });
    expect(own.json().entries.map((entry: { text: string }) => entry.text)).toEqual(['Soy cliente']);
    expect((await conversation()).json().entries).toEqual([]);
  });

  it('keeps the conversation of a visitor who later signs in with the same e-mail; the token alone opens it no more', async () => {
    const token = newToken();
    const email = `lucia-${Date.now()}@example.com`;
    await post(message('Antes de registrarme', email), asVisitor(token));

    const other = await createAccount(t);
    expect((await conversation({ cookie: other.cookie, ...asVisitor(token) })).json().entries).toEqual([]);

    const lucia = await createAccount(t, { email });
    const joined = await conversation({ cookie: lucia.cookie, ...asVisitor(token) });
    expect(joined.json().entries.map((entry: { text: string }) => entry.text)).toEqual(['Antes de registrarme']);
    expect((await conversation({ cookie: lucia.cookie })).json().entries).toHaveLength(1);
    expect((await conversation(asVisitor(token))).json().entries).toEqual([]);
  });

  it("merges a visitor conversation into the account's own when the account already has one", async () => {
    const email = `omar-${Date.now()}@example.com`;
    const omar = await createAccount(t, { email });
    await post(message('Con cuenta'), { cookie: omar.cookie });
    const token = newToken();
    await post(message('Sin cuenta', email), asVisitor(token));

    const merged = await conversation({ cookie: omar.cookie, ...asVisitor(token) });
    expect(merged.json().entries.map((entry: { text: string }) => entry.text)).toEqual(['Con cuenta', 'Sin cuenta']);
    expect((await conversation(asVisitor(token))).json().entries).toEqual([]);
  });

  it('limits messages per conversation and per IP address, with a translated 429', async () => {
    const token = newToken();
    const address = '10.7.9.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await post(message(`Mensaje ${i}`), asVisitor(token), address)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    const refused = await post(message('Uno más'), { ...asVisitor(token), 'accept-language': 'fr' }, '10.7.9.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'rateLimited', message: 'Trop de tentatives. Veuillez patienter un instant puis réessayer.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The same IP with fresh tokens: 20 messages an hour in all.
    for (let i = 11; i < 20; i += 1) expect((await post(message(`Otro ${i}`), asVisitor(newToken()), address)).statusCode).toBe(201);
    expect((await post(message('Demasiados'), asVisitor(newToken()), address)).statusCode).toBe(429);
  });

  it('tells the firm inbox about each new message, without waiting for the mail', async () => {
    const token = newToken();
    const sent = await post(
      { name: 'Karim', email: 'karim@example.com', message: 'Necesito una cita para la nacionalidad' },
      { ...asVisitor(token), 'accept-language': 'en' },
    );
    expect(sent.statusCode).toBe(201);
    const mail = await capture.waitFor('despacho@example.com', /Nuevo mensaje en el chat de la web: Karim/);
    expect(mail.text).toContain('Email: karim@example.com');
    expect(mail.text).toContain('Idioma: inglés');
    expect(mail.text).toContain('Mensaje: Necesito una cita para la nacionalidad');
    expect(mail.text).toContain('https://asesoria.example/admin');
  });

  it('shows the firm what a visitor typed as words, never as a link, in both parts of the mail', async () => {
    const sent = await post(
      { name: 'Cuenta bloqueada. Verifique en https://evil.test/login', email: 'visitante@example.com', message: 'Pague en www.evil.test o en http://evil.test/pago <b>ya</b>' },
      asVisitor(newToken()),
    );
    expect(sent.statusCode).toBe(201);
    const mail = await capture.waitFor('despacho@example.com', /Cuenta bloqueada/);
    expect(mail.text).toContain('Nombre: Cuenta bloqueada. Verifique en https[:]//evil[.]test/login');
    expect(mail.text).toContain('Mensaje: Pague en www[.]evil[.]test o en http[:]//evil[.]test/pago <b>ya</b>');
    expect(mail.html).toContain('Pague en www[.]evil[.]test o en http[:]//evil[.]test/pago &lt;b&gt;ya&lt;/b&gt;');
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/evil\.test/);
      expect(part).not.toMatch(/https?:\/\/evil/);
    }
  });

  it('streams the firm replies live, resumes after the last event id, and ends nothing it should not', async () => {
    const token = newToken();
    const sent = (await post(message('¿Abren los sábados?'), asVisitor(token))).json();

    const live = await stream(`?after=${sent.cursor}`, asVisitor(token));
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(live.headers.get('cache-control')).toContain('no-cache');

    const answered = (await reply(sent.entry.id, 'No, de lunes a viernes.')).json();
    const event = await live.waitFor((e) => e.event === 'entry' && JSON.parse(e.data).kind === 'reply');
    expect(JSON.parse(event.data)).toEqual(answered.entry);
    expect(event.lastEventId).toBe(String(answered.entry.seq));

    // Disconnected, the visitor misses a reply; reconnecting with Last-Event-ID brings it, and only it.
    live.close();
    const missed = (await reply(sent.entry.id, 'Salvo festivos.')).json();
    const resumed = await stream('', { ...asVisitor(token), 'last-event-id': String(answered.entry.seq) });
    const caughtUp = await resumed.waitFor((e) => e.event === 'entry');
    expect(JSON.parse(caughtUp.data).text).toBe('Salvo festivos.');
    expect(caughtUp.lastEventId).toBe(String(missed.entry.seq));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(resumed.events).toHaveLength(1);
  });

  it('sends their own messages to the visitor other tabs too', async () => {
    const token = newToken();
    const first = (await post(message('Primera pestaña'), asVisitor(token))).json();
    const tab = await stream(`?after=${first.cursor}`, asVisitor(token));
    await post(message('Segunda pestaña'), asVisitor(token));
    const event = await tab.waitFor((e) => e.event === 'entry');
    expect(JSON.parse(event.data)).toMatchObject({ kind: 'message', text: 'Segunda pestaña' });
  });

  it('answers 204 (nothing to follow) to a browser without a conversation, and 400 to a malformed event id', async () => {
    expect((await stream('', asVisitor(newToken()))).status).toBe(204);
    expect((await stream('')).status).toBe(204);
    expect((await stream('?after=-1', asVisitor(newToken()))).status).toBe(400);
    expect((await stream('', { ...asVisitor(newToken()), 'last-event-id': 'abc' })).status).toBe(400);
  });

  it('ends a signed-in client’s live conversation at sign-out, before the next reply shows', async () => {
    const client = await createAccount(t);
    const sent = (await post(message('¿Me llamáis mañana?'), { cookie: client.cookie })).json();
    const live = await stream(`?after=${sent.cursor}`, { cookie: client.cookie });
    expect(live.status).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/sign-out', headers: { cookie: client.cookie } })).statusCode).toBe(204);
    expect((await reply(sent.entry.id, 'Sí, a las diez.')).statusCode).toBe(201);
    expect(await live.endsWithin()).toBe(true);
    expect(live.events.filter((event) => event.event === 'entry')).toEqual([]);
  });

  it('ends a visitor token’s live conversation once that conversation joins an account, before the next reply shows', async () => {
    const client = await createAccount(t);
    const token = newToken();
    const sent = (await post(message('Escribo antes de entrar', client.user.email), asVisitor(token))).json();
    const live = await stream(`?after=${sent.cursor}`, asVisitor(token));
    expect(live.status).toBe(200);
    const joined = await conversation({ cookie: client.cookie, ...asVisitor(token) });
    expect(joined.json().entries).toHaveLength(1);
    expect((await reply(sent.entry.id, 'Ya lo vemos en tu cuenta.')).statusCode).toBe(201);
    expect(await live.endsWithin()).toBe(true);
    expect(live.events.filter((event) => event.event === 'entry')).toEqual([]);
  });

  it('is never compressed or buffered, even when the browser accepts gzip', async () => {
    const token = newToken();
    const sent = (await post(message('¿Comprimido?'), asVisitor(token))).json();
    const live = await stream(`?after=${sent.cursor}`, { ...asVisitor(token), 'accept-encoding': 'gzip, br' });
    expect(live.headers.get('content-encoding')).toBeNull();
    await reply(sent.entry.id, 'No.');
    await live.waitFor((e) => e.event === 'entry', 1_000);
  });
});

describe('chat API when the mail server hangs', () => {
  let t: TestApp;
  let silentSmtp: net.Server;
  const connections = new Set<net.Socket>();

  beforeAll(async () => {
    // Accepts the connection and never greets: a mail the route waited for would never finish.
    silentSmtp = net.createServer((socket) => connections.add(socket));
    await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
    const { port } = silentSmtp.address() as net.AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    for (const socket of connections) socket.destroy();
    await t.close();
    await new Promise((resolve) => silentSmtp.close(resolve));
  });

  it('still keeps the message and answers while the notification is stuck', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { name: 'Inés', email: 'ines@example.com', message: 'Hola' },
      headers: { 'x-chat-token': newToken() },
    });
    expect(response.statusCode).toBe(201);
    expect(await t.database.db.select().from(generalChatMessages)).toHaveLength(1);
    await vi.waitFor(() => expect(connections.size).toBe(1));
  });
});
