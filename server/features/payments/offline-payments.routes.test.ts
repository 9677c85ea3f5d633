import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmDay, startOfFirmDay } from '#common/dates.ts';
import { invoiceContentSchema } from '#common/invoices/invoices.contract.ts';
import { accounts, auditLogs, cases, consultations, invoices, payments, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import type { TestApp } from '#server/test/app.ts';
import { startBillingApp } from '#server/test/billing.ts';
import type { MailCapture } from '#server/test/mail-capture.ts';
import { pdfText } from '#server/test/pdf-text.ts';

const year = new Date().getFullYear();
const today = () => firmDay(new Date());

let address = 0;
/** Each sign-in from its own address, so the sign-in limit never counts one test's attempts in another's. */
const nextIp = () => `203.0.113.${(address += 1)}`;

describe('offline payments recorded from the Pagos tab', () => {
  let t: TestApp;
  let capture: MailCapture;
  let admin: TestAccount;

  beforeAll(async () => {
    ({ t, capture, admin } = await startBillingApp());
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  const record = (payload: Record<string, unknown>, account: TestAccount | null = admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/payments', headers: account ? { cookie: account.cookie } : {}, payload });

  const existing = (account: TestAccount) => ({ kind: 'existing', userId: account.user.id });
  const paymentsOf = (userId: string) => t.database.db.select().from(payments).where(eq(payments.userId, userId));
  const invoiceOf = async (paymentId: string) => {
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
    if (!row) throw new Error(`no invoice for ${paymentId}`);
    return { ...row, content: invoiceContentSchema.parse(row.content) };
  };

  it('records a bank transfer of an existing client: the case opens and the invoice names the method, mailed like an online payment', async () => {
    const client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    const paidOn = firmDay(new Date(Date.now() - 3 * 24 * 60 * 60 * 1000));
    const response = await record({ client: existing(client), serviceId: 'arraigo', amountCents: null, method: 'bank_transfer', paidOn, reference: 'TRF-2026-0042' });
    expect(response.statusCode, response.body).toBe(201);
    const { paymentId, invoice } = response.json<{ paymentId: string; invoice: { id: string; number: string } }>();
    expect(invoice.number).toMatch(new RegExp(`^F-${year}-\\d{4}$`));

    const [payment] = await paymentsOf(client.user.id);
    expect(payment).toMatchObject({
      id: paymentId,
      provider: 'offline',
      providerSessionId: null,
      method: 'bank_transfer',
      paymentStatus: 'paid',
      amountCents: 30000,
      recordedBy: admin.user.id,
      paidAt: startOfFirmDay(paidOn),
      caseId: expect.any(Number),
    });
    const panel = (await t.app.inject({ url: '/api/cases', headers: { cookie: client.cookie } })).json<Array<{ id: number; serviceId: string; stage: string }>>();
    expect(panel).toEqual([expect.objectContaining({ id: payment?.caseId, serviceId: 'arraigo', stage: 'awaiting_documents' })]);

    const issued = await invoiceOf(paymentId);
    expect(issued.content).toMatchObject({ number: invoice.number, paymentMethod: 'bank_transfer', totalCents: 30000, buyer: { name: 'Amina Diallo' } });
    const mail = await capture.waitFor(client.user.email, new RegExp(`Tu factura ${invoice.number}`));
    const text = await pdfText(mail.attachments[0]?.content ?? Buffer.alloc(0));
    expect(text).toContain('Forma de pago: Transferencia bancaria');
    await capture.waitFor('despacho@example.com', /Nuevo pago: Arraigo - Amina Diallo/);

    const listed = (await t.app.inject({ url: '/api/payments', headers: { cookie: client.cookie } })).json<Array<Record<string, unknown>>>();
    expect(listed).toEqual([expect.objectContaining({ id: paymentId, status: 'paid', method: 'bank_transfer', invoices: [invoice] })]);
    const audit = (await t.app.inject({ url: '/api/admin/audit', headers: { cookie: admin.cookie } })).json<{ items: Array<Record<string, unknown>> }>();
    expect(audit.items[0]).toMatchObject({
      action: 'PAYMENT_RECORD',
      target: { kind: 'payment', name: 'Amina Diallo' },
      details: expect.arrayContaining([
        { field: 'amount', value: { kind: 'money', cents: 30000, currency: 'eur' } },
        { field: 'method', value: { kind: 'term', group: 'paymentMethod', term: 'bank_transfer' } },
        { field: 'paidOn', value: { kind: 'day', date: paidOn } },
        { field: 'reference', value: { kind: 'text', text: 'TRF-2026-0042' } },
        { field: 'invoice', value: { kind: 'text', text: invoice.number } },
      ]),
    });
  });

  it('deducts an unused consultation fee from a case, as checkout does, and records the amount the admin sets for a \u2018from\u2019 price', async () => {
    const client = await createAccount(t);
    const consultation = await record({ client: existing(client), serviceId: 'express', amountCents: null, method: 'bizum', paidOn: today() });
    expect(consultation.statusCode, consultation.body).toBe(201);
    const offers = (await t.app.inject({ url: `/api/admin/payments/offers?userId=${client.user.id}`, headers: { cookie: admin.cookie } })).json<
      Array<{ id: string; priceCents: number; creditedCents: number; isFromPrice: boolean }>
    >();
    expect(offers.find((offer) => offer.id === 'arraigo')).toMatchObject({ priceCents: 30000, creditedCents: 1999 });
    expect(offers.find((offer) => offer.id === 'express')).toMatchObject({ priceCents: 1999, creditedCents: 0 });

    const credited = await record({ client: existing(client), serviceId: 'arraigo', amountCents: null, method: 'cash', paidOn: today() });
    expect(credited.statusCode, credited.body).toBe(201);
    const caseInvoice = await invoiceOf(credited.json<{ paymentId: string }>().paymentId);
    expect(caseInvoice.content.lines.map((line) => line.amountCents)).toEqual([30000, -1999]);
    expect(caseInvoice.content).toMatchObject({ totalCents: 28001, paymentMethod: 'cash' });

    const quoted = await record({ client: existing(client), serviceId: 'renewals-appeals', amountCents: 22000, method: 'card_office', paidOn: today() });
    expect(quoted.statusCode, quoted.body).toBe(201);
    expect((await invoiceOf(quoted.json<{ paymentId: string }>().paymentId)).content).toMatchObject({ totalCents: 22000, paymentMethod: 'card_office' });
    const [payment] = (await paymentsOf(client.user.id)).filter((row) => row.serviceId === 'renewals-appeals');
    expect(payment).toMatchObject({ amountCents: 22000, creditedCents: 0 });
  });

  it('takes a payment dated up to a year back', async () => {
    const client = await createAccount(t);
    const paidOn = firmDay(new Date(Date.now() - 363 * 24 * 60 * 60 * 1000));
    const response = await record({ client: existing(client), serviceId: 'nie-crue', amountCents: null, method: 'bank_transfer', paidOn });
    expect(response.statusCode, response.body).toBe(201);
    expect(await paymentsOf(client.user.id)).toMatchObject([{ paidAt: startOfFirmDay(paidOn) }]);
  });

  it('opens a scheduled consultation without a time, for the firm to set in Consultas', async () => {
    const client = await createAccount(t);
    const response = await record({ client: existing(client), serviceId: 'scheduled', amountCents: null, method: 'cash', paidOn: today() });
    expect(response.statusCode, response.body).toBe(201);
    const rows = await t.database.db.select().from(consultations).where(eq(consultations.userId, client.user.id));
    expect(rows).toMatchObject([{ consultationType: 'scheduled', status: 'pendiente', scheduledAt: null }]);
  });

  it('makes the account of a new client without a password, mails them in their language the link to choose one, and they sign in to their case', async () => {
    const email = 'luc.martin@example.fr';
    const response = await record({
      client: { kind: 'new', firstName: 'Luc', lastName: 'Martin', email: 'Luc.Martin@example.fr', phone: '+33 6 12 34 56 78', language: 'fr' },
      serviceId: 'nie-crue',
      amountCents: null,
      method: 'cash',
      paidOn: today(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ firstName: 'Luc', lastName: 'Martin', phone: '+33 6 12 34 56 78', language: 'fr', role: 'user', emailVerified: true });
    expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, account?.id ?? ''))).toEqual([]);

    const invoiceMail = await capture.waitFor(email, /Votre facture F-/);
    expect(invoiceMail.attachments).toHaveLength(1);
    const invitation = await capture.waitFor(email, /Choisissez votre mot de passe/);
    expect(invitation.text).toContain('Nous avons créé votre compte client');
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/([A-Za-z0-9]+)/.exec(invitation.text);
    expect(link).not.toBeNull();
    const chosen = await t.app.inject({ method: 'POST', url: '/api/account/password/reset', payload: { token: link?.[1], password: 'Carte-De-Sejour-2026' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email, password: 'Carte-De-Sejour-2026' }, remoteAddress: nextIp() });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const panel = (await t.app.inject({ url: '/api/cases', headers: { cookie } })).json<Array<{ serviceId: string }>>();
    expect(panel).toEqual([expect.objectContaining({ serviceId: 'nie-crue' })]);
  });

  it('refuses bad input with a translated 4xx before anything is written, a new client\u2019s account included', async () => {
    const recordedCount = async () => (await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'PAYMENT_RECORD'))).length;
    const recordedBefore = await recordedCount();
    const client = await createAccount(t);
    const someone = { kind: 'new', firstName: 'Nadia', lastName: 'Benali', email: 'nadia.benali@example.com', phone: '600123123', language: 'es' };
    const tomorrow = firmDay(new Date(Date.now() + 36 * 60 * 60 * 1000));
    const cases400: Array<[Record<string, unknown>, string]> = [
      [{ client: someone, serviceId: 'no-such-service', amountCents: null, method: 'cash', paidOn: today() }, 'Elige un servicio del catálogo.'],
      [{ client: someone, serviceId: 'renewals-appeals', amountCents: null, method: 'cash', paidOn: today() }, 'Este servicio tiene precio «desde»: escribe el importe cobrado.'],
      [{ client: someone, serviceId: 'contact', amountCents: 5000, method: 'cash', paidOn: today() }, 'Este servicio se presupuesta a medida: escríbenos desde la página de contacto.'],
      [{ client: { kind: 'existing', userId: 'nobody' }, serviceId: 'arraigo', amountCents: null, method: 'cash', paidOn: today() }, 'Elige un cliente o escribe los datos del nuevo.'],
    ];
    for (const [payload, message] of cases400) {
      const response = await record(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ code: 'validation', message });
    }
    for (const payload of [
      { client: someone, serviceId: 'arraigo', amountCents: null, method: 'card_online', paidOn: today() },
      { client: someone, serviceId: 'arraigo', amountCents: 0, method: 'cash', paidOn: today() },
      { client: { ...someone, email: 'no-es-un-email' }, serviceId: 'arraigo', amountCents: null, method: 'cash', paidOn: today() },
      { client: { kind: 'someone' }, serviceId: 'arraigo', amountCents: null, method: 'cash', paidOn: today() },
      { client: someone, serviceId: 'arraigo', amountCents: null, method: 'cash', paidOn: '2026-02-30' },
    ]) {
      const response = await record(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().issues?.length).toBeGreaterThan(0);
    }
    const daysAgo = (days: number) => firmDay(new Date(Date.now() - days * 24 * 60 * 60 * 1000));
    for (const [paidOn, message] of [
      [tomorrow, 'La fecha de pago no puede ser posterior a hoy.'],
      ['2020-06-15', 'La fecha de pago no puede ser de hace más de un año.'],
      [daysAgo(367), 'La fecha de pago no puede ser de hace más de un año.'],
    ]) {
      const response = await record({ client: someone, serviceId: 'arraigo', amountCents: null, method: 'cash', paidOn });
      expect(response.statusCode, paidOn).toBe(400);
      expect(response.json().issues).toEqual([{ path: 'paidOn', message }]);
    }
    const inFrench = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payments',
      headers: { cookie: admin.cookie, 'accept-language': 'fr' },
      payload: { client: someone, serviceId: 'arraigo', amountCents: null, method: 'cash', paidOn: '2020-06-15' },
    });
    expect(inFrench.json().issues).toEqual([{ path: 'paidOn', message: 'La date de paiement ne peut pas remonter à plus d’un an.' }]);
    const taken = await record({ client: { ...someone, email: client.user.email }, serviceId: 'arraigo', amountCents: null, method: 'cash', paidOn: today() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ya hay una cuenta con este email: búscala como cliente existente.');

    expect(await t.database.db.select().from(users).where(eq(users.email, someone.email))).toEqual([]);
    expect(await paymentsOf(client.user.id)).toEqual([]);
    expect(await recordedCount()).toBe(recordedBefore);
  });

  it('lets only an admin record a payment: a client gets a 403, a visitor a 401, and nothing is written', async () => {
    const client = await createAccount(t);
    const payload = { client: existing(client), serviceId: 'arraigo', amountCents: 100, method: 'cash', paidOn: today() };
    expect((await record(payload, client)).statusCode).toBe(403);
    expect((await record(payload, null)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/payments/offers', headers: { cookie: client.cookie } })).statusCode).toBe(403);
    expect(await paymentsOf(client.user.id)).toEqual([]);
    expect(await t.database.db.select().from(cases).where(eq(cases.userId, client.user.id))).toEqual([]);
  });
});
