import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import type { SearchResults } from '#common/search/search.contract.ts';
import { invoices, payments, quotes, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';

describe('GET /api/admin/search', () => {
  let t: TestApp;
  let owner: TestAccount;
  let translator: TestAccount;
  let client: TestAccount;
  let other: TestAccount;
  let caseId: number;
  let invoiceNumber: string;

  const search = (account: TestAccount | null, q: string, language = 'es') =>
    t.app.inject({
      url: `/api/admin/search?q=${encodeURIComponent(q)}`,
      headers: { ...(account ? { cookie: account.cookie } : {}), 'accept-language': language },
    });
  const found = async (q: string, account: TestAccount = owner) => {
    const response = await search(account, q);
    expect(response.statusCode).toBe(200);
    return response.json<SearchResults>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createAccount(t, { role: 'owner' });
    translator = await createAccount(t, { role: 'translator' });
    client = await createAccount(t, { firstName: 'Oksana', lastName: 'Melnyk', email: 'oksana.melnyk@example.com' });
    other = await createAccount(t, { firstName: 'Pierre', lastName: 'Durand' });
    await t.database.db.update(users).set({ nie: 'Y7654321G', passportNumber: 'FX0981234', phone: '+34 612 345 678' }).where(eq(users.id, client.user.id));
    caseId = await createPaidCase(t.app, client);
    const filing = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/cases/${caseId}/filing`,
      headers: { cookie: owner.cookie },
      payload: { fileNumber: '03/2026/004512', filedOn: '2026-11-02', filingOffice: 'Oficina de Extranjería de Alicante' },
    });
    expect(filing.statusCode).toBe(200);
    const [invoice] = await t.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .innerJoin(payments, eq(payments.id, invoices.paymentId))
      .where(eq(payments.caseId, caseId));
    invoiceNumber = invoice!.number;
    await t.database.db.insert(quotes).values({
      kind: 'case',
      status: 'requested',
      userId: client.user.id,
      name: 'Oksana Melnyk',
      email: 'oksana.melnyk@example.com',
      language: 'es',
      serviceId: 'contact',
      requestMessage: 'Un trámite de herencia.',
    });
  });
  afterAll(() => t.close());

  const clientHit = expect.objectContaining({ title: 'Oksana Melnyk', href: '/admin?tab=clientes&q=oksana.melnyk%40example.com' });

  it.each([
    ['name', 'melnyk'],
    ['e-mail', 'OKSANA.MELNYK@'],
    ['phone, typed without its spaces and prefix', '612345678'],
    ['NIE, typed with dashes', 'y-7654321-g'],
    ['passport', 'fx0981234'],
  ])('finds a client by %s, and only that client', async (_field, q) => {
    const results = await found(q);
    expect(results.clients).toEqual([clientHit]);
    expect(results.clients[0]?.detail).toContain('Y7654321G');
  });

  it('finds a case by its EXP number (padded or not) and by the administration’s file number', async () => {
    const hit = expect.objectContaining({ id: String(caseId), title: caseDisplayId(caseId), href: `/admin/expedientes/${caseDisplayId(caseId)}` });
    expect((await found(caseDisplayId(caseId))).cases[0]).toEqual(hit);
    expect((await found(`exp-${String(caseId).padStart(5, '0')}`)).cases[0]).toEqual(hit);
    expect((await found('2026/004512')).cases).toEqual([hit]);
    expect((await found('03 2026 004512')).cases).toEqual([hit]);
    expect((await found('03/2026/004512')).cases[0]?.detail).toBe('Oksana Melnyk · 03/2026/004512');
  });

  it('finds an invoice by its number and a quote by whom it is for, each with its tab searched for the client', async () => {
    const results = await found(invoiceNumber);
    expect(results.invoices).toEqual([
      expect.objectContaining({ title: invoiceNumber, href: '/admin?tab=pagos&q=oksana.melnyk%40example.com' }),
    ]);
    expect((await found(invoiceNumber.replaceAll('-', '').toLowerCase())).invoices).toHaveLength(1);
    expect((await found('oksana')).quotes).toEqual([
      expect.objectContaining({ title: 'Oksana Melnyk', detail: 'oksana.melnyk@example.com', href: '/admin?tab=presupuestos&q=oksana.melnyk%40example.com' }),
    ]);
  });

  it('answers nothing for a term no record holds, and never lists staff as clients', async () => {
    expect(await found('zzqq-no-such-thing')).toEqual({ clients: [], cases: [], invoices: [], quotes: [] });
    expect((await found(owner.user.email)).clients).toEqual([]);
    expect((await found('durand')).clients).toEqual([expect.objectContaining({ title: `Pierre Durand` })]);
  });

  it('searches for each role only the kinds its role may list: a translator sees quotes, never clients, cases or invoices', async () => {
    const results = await found('oksana', translator);
    expect(results.quotes).toHaveLength(1);
    expect(results.clients).toEqual([]);
    expect((await found(caseDisplayId(caseId), translator)).cases).toEqual([]);
    expect((await found(invoiceNumber, translator)).invoices).toEqual([]);
  });

  it('refuses anonymous visitors (401) and clients (403)', async () => {
    expect((await search(null, 'melnyk')).statusCode).toBe(401);
    for (const account of [client, other]) {
      const refused = await search(account, 'melnyk');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it.each([
    ['es', 'Escribe al menos 2 caracteres.'],
    ['en', 'Type at least 2 characters.'],
    ['fr', 'Saisissez au moins 2 caractères.'],
  ])('refuses a term too short with a 400 in the asker’s language (%s)', async (language, message) => {
    const refused = await search(owner, ' a ', language);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(message);
  });

  it('refuses a missing or too long term with a 400', async () => {
    const missing = await t.app.inject({ url: '/api/admin/search', headers: { cookie: owner.cookie } });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('Escribe qué buscas.');
    expect((await search(owner, 'x'.repeat(101))).statusCode).toBe(400);
  });
});
