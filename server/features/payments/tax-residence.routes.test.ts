import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContentSchema } from '#common/invoices/invoices.contract.ts';
import { billingRecords, invoices, payments, refunds } from '#server/db/schema/index.ts';
import { completeClientProfile, createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { sampleFirm, startBillingApp } from '#server/test/billing.ts';
import { createPaidPayment } from '#server/test/factories.ts';
import type { MailCapture } from '#server/test/mail-capture.ts';
import { pdfText } from '#server/test/pdf-text.ts';

/**
 * The IVA table of cases (common/invoices/tax-rules.ts, docs/decisions/052): an arraigo, published at
 * 300 € IVA included, hired by clients living in Spain, France, Morocco and Colombia, as private
 * persons and as businesses. The price quote the start page shows, the checkout's amount, the
 * invoice and its VeriFactu record agree to the cent.
 */
describe('IVA by where the client lives and as whom they buy', () => {
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

  const privateIn = (residenceCountry: string, document: { nie?: string; passportNumber?: string }) => ({ ...document, address: 'Calle 1, Ciudad', residenceCountry, buyerKind: 'private' as const });
  const businessIn = (residenceCountry: string, businessTaxId: string) => ({
    address: 'Avenida 2, Ciudad',
    residenceCountry,
    buyerKind: 'business' as const,
    businessName: 'Comercial Ejemplo',
    businessTaxId,
  });

  const invoiceOf = async (paymentId: string) => {
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
    if (!row) throw new Error('no invoice');
    const [record] = await t.database.db.select().from(billingRecords).where(eq(billingRecords.invoiceId, row.id));
    return { id: row.id, content: invoiceContentSchema.parse(row.content), record: record?.fields as Record<string, string> | undefined };
  };

  it.each([
    ['Spain', 'private', privateIn('ES', { nie: 'X1234567L' }), 30_000, 5207, 'subject', 'nie', null],
    ['Spain', 'business', businessIn('ES', 'B12345674'), 30_000, 5207, 'subject', 'cif', null],
    ['France', 'private', privateIn('FR', { passportNumber: '19FR12345' }), 30_000, 5207, 'subject', 'passport', null],
    ['France', 'business', businessIn('FR', 'FR12345678901'), 24_793, 0, 'reverseCharge', 'vat', 'Inversión del sujeto pasivo'],
    ['Morocco', 'private', privateIn('MA', { passportNumber: 'MA1234567' }), 24_793, 0, 'notSubject', 'passport', 'Ley 37/1992, art. 69.Dos.e'],
    ['Morocco', 'business', businessIn('MA', '001234567000089'), 24_793, 0, 'notSubject', 'foreignTaxId', 'Ley 37/1992, art. 69.Uno.1º'],
    ['Colombia', 'private', privateIn('CO', { passportNumber: 'AB123456' }), 24_793, 0, 'notSubject', 'passport', 'Ley 37/1992, art. 69.Dos.e'],
    ['Colombia', 'business', businessIn('CO', '9001234567'), 24_793, 0, 'notSubject', 'foreignTaxId', 'Ley 37/1992, art. 69.Uno.1º'],
  ] as const)('a client in %s buying as a %s person pays %i cents, %i of them IVA (%s)', async (_country, _kind, profile, amountCents, vatCents, treatment, taxIdKind, legend) => {
    const client = await createAccount(t, { profile });
    const quote = await t.app.inject({ url: '/api/payments/quote/arraigo', headers: { cookie: client.cookie } });
    expect(quote.json()).toMatchObject({ amountCents, recipientMissing: [], tax: { treatment, vatCents, withholdingCents: 0 } });

    const payment = await createPaidPayment(t, client, 'arraigo');
    expect(payment.amountCents).toBe(amountCents);
    const { id, content, record } = await invoiceOf(payment.id);
    expect(content).toMatchObject({
      baseCents: amountCents - vatCents,
      vatCents,
      totalCents: amountCents,
      tax: { treatment, payableCents: amountCents, withholdingCents: 0 },
      buyer: { taxIdKind, address: profile.address, country: profile.residenceCountry, kind: profile.buyerKind },
    });
    expect(content.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(amountCents);
    // The VeriFactu record states the same total and tax; a complete invoice names its buyer (F1).
    expect(record).toMatchObject({ TipoFactura: 'F1', ImporteTotal: (amountCents / 100).toFixed(2), CuotaTotal: (vatCents / 100).toFixed(2) });

    const text = await pdfText((await t.app.inject({ url: `/api/invoices/${id}/pdf`, headers: { cookie: client.cookie } })).rawPayload);
    expect(text).toContain(`Factura ${content.number}`);
    if (legend) expect(text).toContain(legend);
    else expect(text).toContain('IVA (21 %)');
  });

  it('records an offline payment, and its refund, under the same terms: a client in Morocco is charged and given back the base', async () => {
    const client = await createAccount(t, { profile: privateIn('MA', { passportNumber: 'MA7654321' }) });
    const today = new Date().toISOString().slice(0, 10);
    const recorded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payments',
      headers: { cookie: admin.cookie },
      payload: { client: { kind: 'existing', userId: client.user.id }, serviceId: 'nie-crue', amountCents: null, method: 'cash', paidOn: today },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const { paymentId } = recorded.json<{ paymentId: string }>();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.amountCents).toBe(12_397);
    expect((await invoiceOf(paymentId)).content).toMatchObject({ baseCents: 12_397, vatCents: 0, totalCents: 12_397, tax: { treatment: 'notSubject', legend: 'notSubjectArt69Dos' } });

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refunds`,
      headers: { cookie: admin.cookie },
      payload: { amountCents: 12_397, reason: 'Desistimiento', outcome: 'cancel' },
    });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    const [rectifying] = await t.database.db.select().from(invoices).where(eq(invoices.refundId, (await t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)))[0]?.id ?? ''));
    const content = invoiceContentSchema.parse(rectifying?.content);
    expect(content).toMatchObject({ baseCents: -12_397, vatCents: 0, totalCents: -12_397, tax: { treatment: 'notSubject' } });
    const text = await pdfText((await t.app.inject({ url: `/api/invoices/${rectifying?.id}/pdf`, headers: { cookie: client.cookie } })).rawPayload);
    expect(text).toContain('Rectifica la factura');
    expect(text).toContain('Rectificación por diferencias');
    expect(text).toContain('Devolución por: Efectivo');
    expect(text).not.toContain('Forma de pago');
  });

  it('records a payment for a client without identity or address only as a simplified invoice, up to 400 € with IVA', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const record = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/payments', headers: { cookie: admin.cookie }, payload });
    const newcomer = { kind: 'new', firstName: 'Nadia', lastName: 'Benali', email: 'nadia.iva@example.com', phone: '600123123', language: 'es' };
    const refused = await record({ client: newcomer, serviceId: 'nationality', amountCents: null, method: 'cash', paidOn: today });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Sin si contratas como particular o como empresa, NIE o pasaporte, dirección y país de residencia del cliente, la factura sería simplificada, que la ley solo permite hasta 400 € con IVA (Real Decreto 1619/2012, art. 4): completa antes su perfil.',
    );

    const client = await createAccount(t, { profile: null });
    const simplified = await record({ client: { kind: 'existing', userId: client.user.id }, serviceId: 'arraigo', amountCents: null, method: 'cash', paidOn: today });
    expect(simplified.statusCode, simplified.body).toBe(201);
    const { content, record: fields, id } = await invoiceOf(simplified.json<{ paymentId: string }>().paymentId);
    expect(content).toMatchObject({ totalCents: 30_000, vatCents: 5207, buyer: { taxId: null } });
    expect(fields).toMatchObject({ TipoFactura: 'F2' });
    expect(await pdfText((await t.app.inject({ url: `/api/invoices/${id}/pdf`, headers: { cookie: client.cookie } })).rawPayload)).toContain(`Factura simplificada ${content.number}`);
    expect((await record({ client: { kind: 'existing', userId: client.user.id }, serviceId: 'nationality', amountCents: null, method: 'cash', paidOn: today })).statusCode).toBe(400);
  });

  it('refuses to open a checkout until the profile has what the invoice needs, naming it, and writes nothing', async () => {
    const client = await createAccount(t, { profile: null });
    const quote = await t.app.inject({ url: '/api/payments/quote/arraigo', headers: { cookie: client.cookie } });
    expect(quote.json()).toMatchObject({ amountCents: 30_000, recipientMissing: ['buyerKind', 'identity', 'address', 'residenceCountry'] });
    await expect(createPaidPayment(t, client, 'arraigo')).rejects.toThrow(
      'failed: 400 {"code":"validation","message":"Antes de pagar, completa en tu perfil: si contratas como particular o como empresa, NIE o pasaporte, dirección y país de residencia.',
    );

    const business = await createAccount(t, { profile: { ...completeClientProfile, buyerKind: 'business', businessName: 'Comercial Ejemplo' } });
    await expect(createPaidPayment(t, business, 'express')).rejects.toThrow('completa en tu perfil: número fiscal de la empresa.');
    for (const account of [client, business]) expect(await t.database.db.select().from(payments).where(eq(payments.userId, account.user.id))).toEqual([]);
  });

  it("checks a business's tax number against the country it is established in", async () => {
    const client = await createAccount(t);
    const save = (fields: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: { cookie: client.cookie, 'accept-language': 'en' },
        payload: { firstName: 'Ana', lastName: 'García', email: client.user.email, phone: '+34600111222', address: 'Calle 1', ...fields },
      });
    const wrongPrefix = await save({ residenceCountry: 'FR', buyerKind: 'business', businessName: 'Comercial', businessTaxId: 'DE123456789' });
    expect(wrongPrefix.statusCode).toBe(400);
    expect(wrongPrefix.json().issues).toEqual([{ path: 'businessTaxId', message: expect.stringContaining('not valid for the country') }]);
    const nameless = await save({ residenceCountry: 'ES', buyerKind: 'business', businessTaxId: 'B12345674' });
    expect(nameless.json().issues).toEqual([{ path: 'businessName', message: expect.any(String) }]);
    const saved = await save({ residenceCountry: 'FR', buyerKind: 'business', businessName: 'Comercial', businessTaxId: 'fr 123-456.789 01' });
    expect(saved.json().profile).toMatchObject({ residenceCountry: 'FR', buyerKind: 'business', businessTaxId: 'FR12345678901' });
    expect((await save({ residenceCountry: 'XX' })).json().issues).toEqual([{ path: 'residenceCountry', message: expect.any(String) }]);
  });
});

describe('IRPF withheld by a Spanish business when the firm invoices as a professional', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: 'http://asesoria.test', FIRM_IRPF_WITHHOLDING_PERCENT: '15', ...sampleFirm } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('charges the total less 15 % of the base, and the invoice shows the withholding and what was paid', async () => {
    const company = await createAccount(t, { profile: { address: 'Avenida 2, Elche', residenceCountry: 'ES', buyerKind: 'business', businessName: 'Comercial Ejemplo', businessTaxId: 'B12345674' } });
    const quote = await t.app.inject({ url: '/api/payments/quote/arraigo', headers: { cookie: company.cookie } });
    expect(quote.json()).toMatchObject({ amountCents: 26_281, tax: { treatment: 'subject', vatCents: 5207, withholdingPercent: 15, withholdingCents: 3719 } });
    const payment = await createPaidPayment(t, company, 'arraigo');
    expect(payment.amountCents).toBe(26_281);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    expect(invoiceContentSchema.parse(row?.content)).toMatchObject({ baseCents: 24_793, vatCents: 5207, totalCents: 30_000, tax: { withholdingPercent: 15, withholdingCents: 3719, payableCents: 26_281 } });
    const text = await pdfText((await t.app.inject({ url: `/api/invoices/${row?.id}/pdf`, headers: { cookie: company.cookie } })).rawPayload);
    expect(text).toContain('Retención IRPF (15 %)');
    expect(text).toContain('Total a pagar');

    // A private client of the same firm withholds nothing.
    const person = await createAccount(t);
    expect((await t.app.inject({ url: '/api/payments/quote/arraigo', headers: { cookie: person.cookie } })).json()).toMatchObject({ amountCents: 30_000, tax: { withholdingPercent: null } });
  });
});
