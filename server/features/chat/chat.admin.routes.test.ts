import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminChatResponses, auditLogs, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { listening, openEventStream, type TestEventStream } from '#server/test/event-stream.ts';

const newToken = () => randomBytes(32).toString('base64url');

let ip = 0;
const nextIp = () => `10.8.0.${++ip}`;

describe('chat API: the admin side', () => {
  let t: TestApp;
  let admin: TestAccount;
  let client: TestAccount;
  let baseUrl: string;
  const streams: TestEventStream[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    [admin, client] = [await createAccount(t, { role: 'admin', firstName: 'Marta' }), await createAccount(t)];
    baseUrl = await listening(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  const visitorMessage = async (name: string, text: string, token = newToken()) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { name, email: `${name.toLowerCase()}@example.com`, message: text },
      headers: { 'x-chat-token': token },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(201);
    return { ...(response.json() as { entry: { id: string; seq: number }; cursor: number }), token };
  };
  const list = (query = '', cookie = admin.cookie) => t.app.inject({ url: `/api/admin/chat/messages${query}`, headers: { cookie } });
  const reply = (messageId: string, message: unknown, cookie = admin.cookie) =>
    t.app.inject({ method: 'POST', url: `/api/admin/chat/messages/${messageId}/replies`, payload: { message }, headers: { cookie } });

  it('keeps every admin route from anonymous visitors (401) and clients (403)', async () => {
    const { entry } = await visitorMessage('Nadia', 'Hola');
    const routes = [
      { method: 'GET' as const, url: '/api/admin/chat/messages' },
      { method: 'GET' as const, url: `/api/admin/chat/messages/${entry.id}/conversation` },
      { method: 'POST' as const, url: `/api/admin/chat/messages/${entry.id}/replies`, payload: { message: 'x' } },
      { method: 'GET' as const, url: '/api/admin/chat/stream' },
    ];
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode).toBe(401);
      expect((await t.app.inject({ ...route, headers: { cookie: client.cookie } })).statusCode).toBe(403);
    }
    expect((await openEventStream(`${baseUrl}/api/admin/chat/stream`, { cookie: client.cookie })).status).toBe(403);
    expect(await t.database.db.select().from(adminChatResponses).where(eq(adminChatResponses.originalMessageId, entry.id))).toEqual([]);
  });

  it('lists the messages newest first, with sender, e-mail, date and reply count, and searches them', async () => {
    const older = await visitorMessage('Olga', 'Primera pregunta');
    await reply(older.entry.id, 'Primera respuesta');
    await reply(older.entry.id, 'Segunda respuesta');
    await visitorMessage('Pablo', 'Segunda pregunta');

    const response = await list();
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, pageSize: 50, cursor: expect.any(Number) });
    const [newest, previous] = page.items;
    expect(newest).toEqual({
      id: expect.any(String),
      conversationId: expect.any(String),
      senderName: 'Pablo',
      senderEmail: 'pablo@example.com',
      messageText: 'Segunda pregunta',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      replyCount: 0,
      seq: expect.any(Number),
      assigneeId: null,
    });
    expect(previous).toMatchObject({ senderName: 'Olga', replyCount: 2 });
    expect(page.cursor).toBeGreaterThanOrEqual(newest.seq);

    const found = (await list('?q=olga')).json();
    expect(found.items.map((item: { senderName: string }) => item.senderName)).toEqual(['Olga']);
    expect(found.total).toBe(1);
  });

  it('shows the whole conversation of a message, replies included', async () => {
    const token = newToken();
    const first = await visitorMessage('Quim', '¿Cuánto cuesta la renovación?', token);
    await reply(first.entry.id, 'Desde 150 €.');
    await visitorMessage('Quim', 'Gracias', token);
    const response = await t.app.inject({ url: `/api/admin/chat/messages/${first.entry.id}/conversation`, headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().entries.map((entry: { kind: string; text: string }) => `${entry.kind}: ${entry.text}`)).toEqual([
      'message: ¿Cuánto cuesta la renovación?',
      'reply: Desde 150 €.',
      'message: Gracias',
    ]);
  });

  it('keeps a reply with the admin who wrote it and its audit entry, and refuses an empty or whitespace reply', async () => {
    const { entry } = await visitorMessage('Rosa', '¿Hacen traducciones juradas del árabe?');
    const response = await reply(entry.id, '  Sí, del árabe al español.  ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ entry: { kind: 'reply', messageId: entry.id, text: 'Sí, del árabe al español.' }, replyCount: 1 });
    const [stored] = await t.database.db.select().from(adminChatResponses).where(eq(adminChatResponses.originalMessageId, entry.id));
    expect(stored?.adminId).toBe(admin.user.id);
    const [audit] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, entry.id));
    expect(audit).toMatchObject({ adminId: admin.user.id, action: 'REPLY', targetTable: 'general_chat_messages' });

    for (const message of ['', '   \n  ', undefined]) {
      const refused = await reply(entry.id, message);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().issues).toContainEqual({ path: 'message', message: 'Este campo es obligatorio' });
    }
    expect((await reply(entry.id, 'x'.repeat(5001))).statusCode).toBe(400);
    expect(await t.database.db.select().from(adminChatResponses).where(eq(adminChatResponses.originalMessageId, entry.id))).toHaveLength(1);
  });

  it('answers 404 for a reply to an unknown message and 400 for a malformed id', async () => {
    expect((await reply('00000000-0000-4000-8000-000000000000', 'Hola')).statusCode).toBe(404);
    expect((await reply('not-a-uuid', 'Hola')).statusCode).toBe(400);
  });

  it('streams new visitor messages and reply counts to the admin live, and resumes after the last event id', async () => {
    const { cursor } = (await list()).json();
    const live = await openEventStream(`${baseUrl}/api/admin/chat/stream?after=${cursor}`, { cookie: admin.cookie });
    streams.push(live);
    expect(live.status).toBe(200);

    const sent = await visitorMessage('Sara', 'Mensaje en directo');
    const event = await live.waitFor((e) => e.event === 'message', 1_000);
    expect(JSON.parse(event.data)).toMatchObject({ id: sent.entry.id, senderName: 'Sara', messageText: 'Mensaje en directo', replyCount: 0 });
    expect(event.lastEventId).toBe(String(sent.entry.seq));

    await reply(sent.entry.id, 'Respuesta');
    const counted = await live.waitFor((e) => e.event === 'reply', 1_000);
    expect(JSON.parse(counted.data)).toMatchObject({ messageId: sent.entry.id, replyCount: 1 });

    live.close();
    const missed = await visitorMessage('Teo', 'Mientras estaba desconectada');
    const resumed = await openEventStream(`${baseUrl}/api/admin/chat/stream`, { cookie: admin.cookie, 'last-event-id': counted.lastEventId ?? '' });
    streams.push(resumed);
    const caughtUp = await resumed.waitFor((e) => e.event === 'message');
    expect(JSON.parse(caughtUp.data)).toMatchObject({ id: missed.entry.id, senderName: 'Teo' });
  });

  it('ends an admin’s live stream, before it shows anything more, once the admin signs out or stops being an admin', async () => {
    for (const leave of ['sign-out', 'demotion'] as const) {
      const staff = await createAccount(t, { role: 'admin' });
      const live = await openEventStream(`${baseUrl}/api/admin/chat/stream`, { cookie: staff.cookie });
      streams.push(live);
      expect(live.status).toBe(200);
      if (leave === 'sign-out') {
        expect((await t.app.inject({ method: 'POST', url: '/api/account/sign-out', headers: { cookie: staff.cookie } })).statusCode).toBe(204);
      } else {
        await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, staff.user.id));
      }
      await visitorMessage('Iker', `Después de ${leave}`);
      expect(await live.endsWithin()).toBe(true);
      expect(live.events.filter((event) => event.event === 'message')).toEqual([]);
    }
  });
});
