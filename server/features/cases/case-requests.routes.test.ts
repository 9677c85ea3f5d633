import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';

type Request = {
  id: string;
  title: string;
  explanation: string;
  status: string;
  rejectionReason: string | null;
  dueDate: string | null;
  isApostilleRequired: boolean;
  isSwornTranslationRequired: boolean;
  validityMonths: number | null;
  documents: Array<{ id: string; name: string }>;
};

const someId = '00000000-0000-4000-8000-000000000000';

describe('cases: document requests (the checklist of a case)', () => {
  let t: TestApp;
  let client: TestAccount;
  let otherClient: TestAccount;
  let admin: TestAccount;
  let caseId: number;
  let ip = 0;

  const as = (account: TestAccount | null, method: string, url: string, payload?: object, language = 'es') =>
    t.app.inject({
      method: method as 'GET',
      url,
      ...(payload ? { payload } : {}),
      headers: { 'accept-language': language, ...(account ? { cookie: account.cookie } : {}) },
      remoteAddress: `10.8.0.${++ip}`,
    });

  const requests = async (account: TestAccount, id = caseId, language = 'es') => (await as(account, 'GET', `/api/cases/${id}/requests`, undefined, language)).json<Request[]>();

  const upload = (account: TestAccount | null, id: number, requestId: string, filename = 'pasaporte.pdf', base = '/api/cases') => {
    const body = multipartBody([{ name: 'document', filename, content: sampleFiles.pdf() }]);
    return t.app.inject({
      method: 'POST',
      url: `${base}/${id}/requests/${requestId}/documents`,
      payload: body.payload,
      headers: { ...body.headers, ...(account ? { cookie: account.cookie } : {}) },
      remoteAddress: `10.8.1.${++ip}`,
    });
  };

  const auditActions = async (targetId: string) =>
    (await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, targetId))).map((row) => row.action);

  beforeAll(async () => {
    t = await createTestApp();
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    otherClient = await createAccount(t);
    admin = await createAccount(t, { role: 'admin' });
    caseId = await createPaidCase(t.app, client, 'arraigo');
  });
  afterAll(() => t.close());

  it("opens a paid case with its service's default checklist, copied in order, texts in the client's language", async () => {
    const list = await requests(client);
    expect(list.map((request) => request.title)).toEqual([
      'Pasaporte completo',
      'Pruebas de tu estancia en España',
      'Certificado de antecedentes penales',
      'Formulario EX-10 firmado',
      'Vínculo familiar o informe de integración',
      'Medios económicos',
    ]);
    expect(list.every((request) => request.status === 'requested' && request.documents.length === 0)).toBe(true);
    expect(list[2]).toMatchObject({ isApostilleRequired: true, isSwornTranslationRequired: true, validityMonths: 3 });
    expect(list[2]?.explanation).toContain('6 si no indica fecha de caducidad');
    expect((await requests(client, caseId, 'fr'))[0]?.title).toBe('Passeport complet');
  });

  it('answers anonymous visitors 401 and another client 404, for the list and for uploads', async () => {
    const [first] = await requests(client);
    expect((await as(null, 'GET', `/api/cases/${caseId}/requests`)).statusCode).toBe(401);
    expect((await upload(null, caseId, first?.id ?? someId)).statusCode).toBe(401);
    expect((await as(otherClient, 'GET', `/api/cases/${caseId}/requests`)).statusCode).toBe(404);
    const foreign = await upload(otherClient, caseId, first?.id ?? someId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'notFound' });
    expect((await requests(client))[0]?.status).toBe('requested');
  });

  it("refuses a request of another case under this case's address (404)", async () => {
    const secondCase = await createPaidCase(t.app, otherClient, 'nationality');
    const [theirs] = await requests(otherClient, secondCase);
    expect((await upload(client, caseId, theirs?.id ?? someId)).statusCode).toBe(404);
    expect((await upload(otherClient, caseId, theirs?.id ?? someId)).statusCode).toBe(404);
  });

  describe('admin routes', () => {
    const routes = (requestId: string) => [
      { method: 'GET', url: `/api/admin/cases/${caseId}/requests` },
      { method: 'POST', url: `/api/admin/cases/${caseId}/requests`, payload: { title: 'Nómina', dueDate: null } },
      { method: 'POST', url: `/api/admin/cases/${caseId}/procedures`, payload: { procedureId: 'tie' } },
      { method: 'POST', url: `/api/admin/cases/${caseId}/requests/${requestId}/accept` },
      { method: 'POST', url: `/api/admin/cases/${caseId}/requests/${requestId}/reject`, payload: { reason: 'Ilegible' } },
      { method: 'PUT', url: `/api/admin/cases/${caseId}/requests/${requestId}/due-date`, payload: { dueDate: '2026-12-01' } },
      { method: 'DELETE', url: `/api/admin/cases/${caseId}/requests/${requestId}` },
    ];

    it('refuse anonymous visitors (401) and clients, the case’s own included (403): a client cannot accept their own document', async () => {
      const [first] = await requests(client);
      for (const { method, url, payload } of routes(first?.id ?? someId)) {
        expect((await as(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
        const refused = await as(client, method, url, payload);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'forbidden' });
      }
      const adminUpload = await upload(client, caseId, first?.id ?? someId, 'pasaporte.pdf', '/api/admin/cases');
      expect(adminUpload.statusCode).toBe(403);
      expect((await requests(client)).every((request) => request.status === 'requested')).toBe(true);
    });
  });

  it('takes several files for one request: received, then rejected with a reason, uploaded again, accepted', async () => {
    const [passport] = await requests(client);
    const id = passport?.id ?? someId;

    const firstPage = await upload(client, caseId, id, 'pasaporte-1.pdf');
    expect(firstPage.statusCode).toBe(201);
    expect(firstPage.json()).toMatchObject({ id, status: 'received', documents: [{ name: 'pasaporte-1.pdf' }] });
    const secondPage = await upload(client, caseId, id, 'pasaporte-2.pdf');
    expect(secondPage.json<Request>().documents.map((document) => document.name)).toEqual(['pasaporte-1.pdf', 'pasaporte-2.pdf']);
    const cases = await as(client, 'GET', '/api/cases');
    expect(cases.json()[0].documents.map((document: { name: string }) => document.name)).toEqual(expect.arrayContaining(['pasaporte-1.pdf', 'pasaporte-2.pdf']));

    const withoutReason = await as(admin, 'POST', `/api/admin/cases/${caseId}/requests/${id}/reject`, { reason: '  ' });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().issues).toEqual([expect.objectContaining({ path: 'reason' })]);

    const rejected = await as(admin, 'POST', `/api/admin/cases/${caseId}/requests/${id}/reject`, { reason: 'Falta la página de la foto.' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Falta la página de la foto.' });
    expect((await requests(client))[0]).toMatchObject({ status: 'rejected', rejectionReason: 'Falta la página de la foto.' });
    expect((await as(admin, 'POST', `/api/admin/cases/${caseId}/requests/${id}/accept`)).statusCode).toBe(409);

    const again = await upload(client, caseId, id, 'pasaporte-completo.pdf');
    expect(again.json()).toMatchObject({ status: 'received', rejectionReason: null });
    expect(again.json<Request>().documents).toHaveLength(3);

    const accepted = await as(admin, 'POST', `/api/admin/cases/${caseId}/requests/${id}/accept`);
    expect(accepted.json()).toMatchObject({ status: 'accepted' });
    const closed = await upload(client, caseId, id, 'otra.pdf');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/aceptado/);
    const secondAccept = await as(admin, 'POST', `/api/admin/cases/${caseId}/requests/${id}/accept`, undefined, 'en');
    expect(secondAccept.statusCode).toBe(409);
    expect(secondAccept.json().message).toMatch(/nothing new/i);

    expect(await auditActions(id)).toEqual(expect.arrayContaining(['REQUEST_REJECT', 'REQUEST_ACCEPT']));
    expect(await auditActions(id)).toHaveLength(2);
  });

  it('lets an admin upload on the client’s behalf, with its audit row', async () => {
    const [, stay] = await requests(client);
    const response = await upload(admin, caseId, stay?.id ?? someId, 'padron.pdf', '/api/admin/cases');
    expect(response.json()).toMatchObject({ status: 'received', documents: [{ name: 'padron.pdf' }] });
    expect(await auditActions(stay?.id ?? someId)).toEqual(['REQUEST_UPLOAD']);
  });

  it('lets an admin add a request with a due date (one title for every language), move the date and remove it', async () => {
    const added = await as(admin, 'POST', `/api/admin/cases/${caseId}/requests`, { title: 'Nóminas de los últimos 3 meses', dueDate: '2026-12-04' });
    expect(added.statusCode).toBe(201);
    const request = added.json<Request>();
    expect(request).toMatchObject({ status: 'requested', dueDate: '2026-12-04', explanation: '', isSwornTranslationRequired: false });
    expect((await requests(client, caseId, 'en')).at(-1)).toMatchObject({ id: request.id, title: 'Nóminas de los últimos 3 meses' });

    expect((await as(admin, 'POST', `/api/admin/cases/${caseId}/requests`, { title: '', dueDate: null })).statusCode).toBe(400);
    expect((await as(admin, 'POST', `/api/admin/cases/${caseId}/requests`, { title: 'X', dueDate: '4/12/2026' })).statusCode).toBe(400);
    expect((await as(admin, 'POST', `/api/admin/cases/999999/requests`, { title: 'X', dueDate: null })).statusCode).toBe(404);

    const moved = await as(admin, 'PUT', `/api/admin/cases/${caseId}/requests/${request.id}/due-date`, { dueDate: null });
    expect(moved.json()).toMatchObject({ dueDate: null });

    await upload(client, caseId, request.id, 'nomina.pdf');
    expect((await as(admin, 'DELETE', `/api/admin/cases/${caseId}/requests/${request.id}`)).statusCode).toBe(204);
    expect((await requests(client)).some((candidate) => candidate.id === request.id)).toBe(false);
    const cases = await as(client, 'GET', '/api/cases');
    expect(cases.json()[0].documents.map((document: { name: string }) => document.name)).toContain('nomina.pdf');
    expect((await as(admin, 'DELETE', `/api/admin/cases/${caseId}/requests/${request.id}`)).statusCode).toBe(404);
    expect(await auditActions(request.id)).toEqual(['REQUEST_CREATE', 'REQUEST_DUE_DATE', 'REQUEST_DELETE']);
  });

  it("applies another procedure's checklist after the case's own", async () => {
    const before = (await requests(client)).length;
    const applied = await as(admin, 'POST', `/api/admin/cases/${caseId}/procedures`, { procedureId: 'tie' });
    expect(applied.statusCode).toBe(201);
    const list = applied.json<Request[]>();
    expect(list).toHaveLength(before + 5);
    expect(list.at(-1)?.title).toBe('Formulario EX-17 firmado');
    expect((await as(admin, 'POST', `/api/admin/cases/${caseId}/procedures`, { procedureId: 'no-such-procedure' })).statusCode).toBe(404);
    expect(await auditActions(String(caseId))).toContain('PROCEDURE_APPLY');
  });

  it("leaves an open case's requests alone when the template changes; the next case gets the new checklist", async () => {
    const procedures = await as(admin, 'GET', '/api/admin/procedures?q=arraigo%20social');
    const [template] = procedures.json().items;
    const reworded = {
      title: template.title,
      serviceId: template.serviceId,
      isDefault: true,
      items: [{ ...template.items[0], title: { es: 'Pasaporte (todas las páginas)', en: 'Passport (every page)', fr: 'Passeport (toutes les pages)' } }],
    };
    expect((await as(admin, 'PUT', `/api/admin/procedures/${template.id}`, reworded)).statusCode).toBe(200);

    const open = await requests(client);
    expect(open[0]?.title).toBe('Pasaporte completo');
    expect(open.some((request) => request.title === 'Medios económicos')).toBe(true);

    const newcomer = await createAccount(t);
    const next = await createPaidCase(t.app, newcomer, 'arraigo');
    expect((await requests(newcomer, next)).map((request) => request.title)).toEqual(['Pasaporte (todas las páginas)']);
  });
});
