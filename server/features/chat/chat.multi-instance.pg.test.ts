import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { listening, openEventStream, type TestEventStream } from '#server/test/event-stream.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */

/** An instance listening on its own port, as a browser reaches it. */
type Listening = Instance & { url: string };

describe('live chat across two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  let one: Listening;
  let two: Listening;
  let admin: TestAccount;
  const streams: TestEventStream[] = [];

  beforeAll(async () => {
    running = await startInstances(2);
    [one, two] = (await Promise.all(running.instances.map(async (instance) => ({ ...instance, url: await listening(instance.app) })))) as [Listening, Listening];
    admin = await createAccount(one, { role: 'admin' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await running?.close();
  });

  const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, never> });
  const postJson = (url: string, body: unknown, headers: Record<string, string>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(json);

  it('delivers a reply posted to one instance to the visitor stream connected to the other, within a second', async () => {
    const token = randomBytes(32).toString('base64url');
    const sent = await postJson(
      `${two.url}/api/chat/messages`,
      { name: 'Amina', email: 'amina@example.com', message: '¿Pueden ayudarme con la reagrupación familiar?' },
      { 'x-chat-token': token },
    );
    expect(sent.status).toBe(201);
    const { entry, cursor } = sent.body as unknown as { entry: { id: string }; cursor: number };

    const visitor = await openEventStream(`${two.url}/api/chat/stream?after=${cursor}`, { 'x-chat-token': token });
    streams.push(visitor);
    expect(visitor.status).toBe(200);

    const started = Date.now();
    const replied = await postJson(
      `${one.url}/api/admin/chat/messages/${entry.id}/replies`,
      { message: 'Sí: escríbanos los datos de su familiar.' },
      { cookie: admin.cookie },
    );
    expect(replied.status).toBe(201);
    const event = await visitor.waitFor((e) => e.event === 'entry', 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(JSON.parse(event.data)).toMatchObject({ kind: 'reply', messageId: entry.id, text: 'Sí: escríbanos los datos de su familiar.' });
  });

  it("shows a visitor message posted to one instance live in the admin's stream on the other", async () => {
    const { body } = await json(await fetch(`${one.url}/api/admin/chat/messages`, { headers: { cookie: admin.cookie } }));
    const adminStream = await openEventStream(`${one.url}/api/admin/chat/stream?after=${String(body.cursor)}`, { cookie: admin.cookie });
    streams.push(adminStream);

    const started = Date.now();
    const sent = await postJson(
      `${two.url}/api/chat/messages`,
      { name: 'Bruno', email: 'bruno@example.com', message: 'Consulta sobre la nacionalidad' },
      { 'x-chat-token': randomBytes(32).toString('base64url') },
    );
    expect(sent.status).toBe(201);
    const event = await adminStream.waitFor((e) => e.event === 'message', 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(JSON.parse(event.data)).toMatchObject({ senderName: 'Bruno', messageText: 'Consulta sobre la nacionalidad', replyCount: 0 });
  });
});
