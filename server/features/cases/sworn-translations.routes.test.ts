import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';

let t: TestApp;
let owner: TestAccount;
let translator: TestAccount;
let client: TestAccount;
let caseId: number;

const as = (account: TestAccount, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });

async function uploadTo(requestId: string): Promise<string> {
  const body = multipartBody([{ name: 'document', filename: 'acta.pdf', content: sampleFiles.pdf(), contentType: 'application/pdf' }]);
  const response = await t.app.inject({ method: 'POST', url: `/api/cases/${caseId}/requests/${requestId}/documents`, headers: { cookie: client.cookie, ...body.headers }, payload: body.payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ documents: { id: string }[] }>().documents[0]?.id ?? '';
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, translator, client] = await Promise.all([createAccount(t, { role: 'owner' }), createAccount(t, { role: 'translator' }), createAccount(t)]);
  caseId = await createPaidCase(t.app, client);
}, 60_000);
afterAll(() => t?.close());

describe('the documents flagged for a sworn translation', () => {
  it('are the only case documents a translator lists and downloads; the case itself stays closed to them', async () => {
    const text = (value: string) => ({ es: value, en: value, fr: value });
    const item = (title: string, isSwornTranslationRequired: boolean) => ({
      title: text(title),
      explanation: text('.'),
      isApostilleRequired: false,
      isSwornTranslationRequired,
      validityMonths: null,
      isPerFamilyMember: false,
    });
    const procedure = await as(owner, 'POST', '/api/admin/procedures', { title: text('Traducciones'), serviceId: null, isDefault: false, items: [item('Acta de nacimiento', true), item('Contrato de trabajo', false)] });
    expect(procedure.statusCode, procedure.body).toBe(201);
    const applied = await as(owner, 'POST', `/api/admin/cases/${caseId}/procedures`, { procedureId: procedure.json<{ id: string }>().id });
    const requests = applied.json<{ id: string; title: string }[]>();
    const sworn = await uploadTo(requests.find((request) => request.title === 'Acta de nacimiento')?.id ?? '');
    const plain = await uploadTo(requests.find((request) => request.title === 'Contrato de trabajo')?.id ?? '');

    const list = await as(translator, 'GET', '/api/admin/sworn-translation-documents');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ caseId, documentId: sworn, name: 'acta.pdf', requestTitle: 'Acta de nacimiento' })]);

    expect((await as(translator, 'GET', `/api/admin/cases/${caseId}/documents/${sworn}`)).statusCode).toBe(200);
    expect((await as(translator, 'GET', `/api/admin/cases/${caseId}/documents/${plain}`)).statusCode).toBe(404);
    expect((await as(translator, 'GET', `/api/admin/cases/${caseId}`)).statusCode).toBe(403);
    expect((await as(owner, 'GET', `/api/admin/cases/${caseId}/documents/${plain}`)).statusCode).toBe(200);
    for (const role of ['lawyer', 'reception', 'accounting'] as const) {
      expect((await as(await createAccount(t, { role }), 'GET', '/api/admin/sworn-translation-documents')).statusCode, role).toBe(403);
    }
  });
});
