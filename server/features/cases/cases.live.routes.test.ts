import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { listening, openEventStream, type TestEventStream } from '#server/test/event-stream.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';

describe('cases: the client’s live stream of what the firm changes', () => {
  let t: TestApp;
  let baseUrl: string;
  let admin: TestAccount;
  const streams: TestEventStream[] = [];

  const stream = async (account?: TestAccount) => {
    const opened = await openEventStream(`${baseUrl}/api/cases/stream`, account ? { cookie: account.cookie } : {});
    streams.push(opened);
    return opened;
  };
  const changes = (live: TestEventStream) => live.events.filter((event) => event.event === 'change').map((event) => JSON.parse(event.data));
  const asAdmin = (method: 'PUT' | 'POST', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAccount(t, { role: 'admin' });
    baseUrl = await listening(t.app);
  });
  afterAll(async () => {
    for (const live of streams) live.close();
    await t.close();
  });

  it('catches up on connection, then tells a client each change the firm makes to their case, and nothing of another client’s', async () => {
    const client = await createAccount(t);
    const other = await createAccount(t);
    const caseId = await createPaidCase(t.app, client);
    const otherCase = await createPaidCase(t.app, other);
    const live = await stream(client);
    expect(live.status).toBe(200);
    await live.waitFor((event) => event.event === 'sync');

    await asAdmin('PUT', `/api/admin/cases/${otherCase}/stage`, { stage: 'filed' });
    await asAdmin('POST', `/api/admin/cases/${otherCase}/messages`, { body: 'Para el otro cliente.' });
    expect((await asAdmin('PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'reviewing_documents' })).statusCode).toBe(200);
    await live.waitFor((event) => event.event === 'change' && JSON.parse(event.data).kind === 'stage');
    expect((await asAdmin('POST', `/api/admin/cases/${caseId}/messages`, { body: 'Recibido, gracias.' })).statusCode).toBe(201);
    await live.waitFor((event) => event.event === 'change' && JSON.parse(event.data).kind === 'message');
    const body = multipartBody([{ name: 'document', filename: 'resolucion.pdf', content: sampleFiles.pdf() }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/cases/${caseId}/documents`,
      payload: body.payload,
      headers: { ...body.headers, cookie: admin.cookie },
    });
    expect(uploaded.statusCode).toBe(201);
    await live.waitFor((event) => event.event === 'change' && JSON.parse(event.data).kind === 'document');
    expect((await asAdmin('PUT', `/api/admin/cases/${caseId}/filing`, { fileNumber: '030020260001234' })).statusCode).toBe(200);
    await live.waitFor((event) => event.event === 'change' && JSON.parse(event.data).kind === 'filing');

    expect(changes(live)).toEqual([
      { caseId, kind: 'stage' },
      { caseId, kind: 'message' },
      { caseId, kind: 'document' },
      { caseId, kind: 'filing' },
    ]);
  });

  it('tells a client when the firm reviews a document they sent for a request', async () => {
    const client = await createAccount(t);
    const caseId = await createPaidCase(t.app, client);
    const [request] = (await t.app.inject({ url: `/api/cases/${caseId}/requests`, headers: { cookie: client.cookie } })).json<Array<{ id: string }>>();
    const body = multipartBody([{ name: 'document', filename: 'pasaporte.pdf', content: sampleFiles.pdf() }]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/cases/${caseId}/requests/${request?.id}/documents`,
      payload: body.payload,
      headers: { ...body.headers, cookie: client.cookie },
    });
    expect(sent.statusCode).toBe(201);
    const live = await stream(client);
    await live.waitFor((event) => event.event === 'sync');
    expect((await asAdmin('POST', `/api/admin/cases/${caseId}/requests/${request?.id}/reject`, { reason: 'Ilegible' })).statusCode).toBe(200);
    await live.waitFor((event) => event.event === 'change');
    expect(changes(live)).toEqual([{ caseId, kind: 'request' }]);
  });

  it('tells nothing when a change fails, refuses a visitor, and ends at sign-out', async () => {
    expect((await stream()).status).toBe(401);
    const client = await createAccount(t);
    const caseId = await createPaidCase(t.app, client);
    const live = await stream(client);
    await live.waitFor((event) => event.event === 'sync');
    expect((await asAdmin('PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'Completado' })).statusCode).toBe(400);

    expect((await t.app.inject({ method: 'POST', url: '/api/account/sign-out', headers: { cookie: client.cookie } })).statusCode).toBe(204);
    expect((await asAdmin('PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'filed' })).statusCode).toBe(200);
    expect(await live.endsWithin()).toBe(true);
    expect(changes(live)).toEqual([]);
  });
});
