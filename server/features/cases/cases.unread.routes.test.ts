import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';

describe('cases: unread markers for the client and for each admin', () => {
  let t: TestApp;
  let admin: TestAccount;
  let colleague: TestAccount;
  let client: TestAccount;
  let caseId: number;

  const call = (account: TestAccount, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });
  const clientUnread = async () => (await call(client, 'GET', '/api/cases')).json()[0].unread;
  const rowUnread = async (account: TestAccount) =>
    (await call(account, 'GET', '/api/admin/cases')).json().items.find((row: { id: number }) => row.id === caseId).unread;
  const tabCount = async (account: TestAccount) => (await call(account, 'GET', '/api/admin/cases/unread')).json().cases;
  const upload = (account: TestAccount, url: string) => {
    const body = multipartBody([{ name: 'document', filename: 'pasaporte.pdf', content: sampleFiles.pdf() }]);
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: account.cookie } });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAccount(t, { role: 'admin' });
    colleague = await createAccount(t, { role: 'admin' });
    client = await createAccount(t);
    caseId = await createPaidCase(t.app, client);
  });
  afterAll(() => t.close());

  it('marks for the client the firm’s messages and stage moves, not the stage the case opened in, until they open the case', async () => {
    expect(await clientUnread()).toBe(0);
    await call(admin, 'PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'reviewing_documents' });
    await call(admin, 'POST', `/api/admin/cases/${caseId}/messages`, { body: 'Todo en orden.' });
    expect(await clientUnread()).toBe(2);
    expect((await call(client, 'PUT', `/api/cases/${caseId}/seen`)).statusCode).toBe(204);
    expect(await clientUnread()).toBe(0);
    await call(admin, 'PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'more_documents_requested' });
    expect(await clientUnread()).toBe(1);
  });

  it('marks for each admin the client’s messages and uploads, on the row and the tab, until that admin opens the case', async () => {
    expect(await rowUnread(admin)).toBe(0);
    expect(await tabCount(admin)).toBe(0);
    expect((await call(client, 'POST', `/api/cases/${caseId}/messages`, { body: 'Os mando el pasaporte.' })).statusCode).toBe(201);
    expect((await upload(client, `/api/cases/${caseId}/documents`)).statusCode).toBe(201);
    // The firm's own upload on the client's behalf is nothing new for the firm.
    expect((await upload(admin, `/api/admin/cases/${caseId}/documents`)).statusCode).toBe(201);
    expect(await rowUnread(admin)).toBe(2);
    expect(await tabCount(admin)).toBe(1);

    expect((await call(admin, 'PUT', `/api/admin/cases/${caseId}/seen`)).statusCode).toBe(204);
    expect(await rowUnread(admin)).toBe(0);
    expect(await tabCount(admin)).toBe(0);
    expect(await rowUnread(colleague)).toBe(2);
    expect(await tabCount(colleague)).toBe(1);
  });

  it('lets nobody mark a case they cannot reach', async () => {
    const other = await createAccount(t);
    expect((await call(other, 'PUT', `/api/cases/${caseId}/seen`)).statusCode).toBe(404);
    expect((await call(client, 'PUT', `/api/admin/cases/${caseId}/seen`)).statusCode).toBe(403);
    expect((await call(client, 'GET', '/api/admin/cases/unread')).statusCode).toBe(403);
    expect((await call(admin, 'PUT', '/api/admin/cases/999999/seen')).statusCode).toBe(404);
  });
});
