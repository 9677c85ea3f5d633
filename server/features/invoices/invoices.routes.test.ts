import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContentSchema } from '#common/invoices/invoices.contract.ts';
import { invoices, payments, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import type { TestApp } from '#server/test/app.ts';
import { sampleFirm, startBillingApp } from '#server/test/billing.ts';
import { createPaidPayment } from '#server/test/factories.ts';
import type { MailCapture } from '#server/test/mail-capture.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { acceptingLetter } from '#server/test/engagement.ts';
import { verifyInvoiceChain } from './invoices.service.ts';

const year = new Date().getFullYear();

describe('invoices', () => {
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

  async function pay(account: TestAccount, serviceId: string, extra: Record<string, unknown> = {}) {
    const payment = await createPaidPayment(t, account, serviceId, extra);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    if (!invoice) throw new Error(`no invoice for ${serviceId}`);
    return { ...invoice, content: invoiceContentSchema.parse(invoice.content) };
  }

  const pdfOf = (account: TestAccount, id: string) => t.app.inject({ url: `/api/invoices/${id}/pdf`, headers: { cookie: account.cookie } });

  it('invoices a paid case to the client, mails them the PDF and lets them download it from their payments', async () => {
    const client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    await t.database.db.update(users).set({ nie: 'X1234567L', language: 'fr' }).where(eq(users.id, client.user.id));
    const invoice = await pay(client, 'arraigo');

    expect(invoice.number).toMatch(new RegExp(`^F-${year}-\\d{4}$`));
    expect(invoice.content).toMatchObject({
      seller: { legalName: sampleFirm.FIRM_LEGAL_NAME, taxId: sampleFirm.FIRM_TAX_ID, address: sampleFirm.FIRM_ADDRESS },
      buyer: { name: 'Amina Diallo', taxIdKind: 'nie', taxId: 'X1234567L', email: client.user.email },
      language: 'fr',
      baseCents: 24793,
      vatRatePercent: 21,
      vatCents: 5207,
      totalCents: 30000,
      paymentMethod: 'card_online',
    });

    const mail = await capture.waitFor(client.user.email, new RegExp(`Votre facture ${invoice.number}`));
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: `${invoice.number}.pdf`, mimeType: 'application/pdf' });
    const mailed = await pdfText(mail.attachments[0]?.content ?? Buffer.alloc(0));
    for (const piece of [invoice.number, sampleFirm.FIRM_TAX_ID, 'X1234567L', 'Base imposable', '247,93 €', 'TVA (21 %)', '52,07 €', '300,00 €']) expect(mailed).toContain(piece);
    // A Spanish invoice, with the client's language beside each word.
    expect(mailed).toContain('Base imponible / Base imposable');
    expect(mailed).toMatch(/Fecha de expedición: \d+ de \S+ de \d{4} \/ Date d'émission\s:/);

    const listed = (await t.app.inject({ url: '/api/payments', headers: { cookie: client.cookie } })).json<Array<{ invoices: Array<{ id: string; number: string }> }>>();
    expect(listed[0]?.invoices).toEqual([{ id: invoice.id, number: invoice.number }]);
    const download = await pdfOf(client, invoice.id);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(`${invoice.number}.pdf`);
    expect(await pdfText(download.rawPayload)).toBe(mailed);
  });

  it('gives an invoice to its client and the admin only', async () => {
    const client = await createAccount(t);
    const stranger = await createAccount(t);
    const invoice = await pay(client, 'express');
    expect((await pdfOf(admin, invoice.id)).statusCode).toBe(200);
    expect((await pdfOf(stranger, invoice.id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/invoices/${invoice.id}/pdf` })).statusCode).toBe(401);
    expect((await pdfOf(client, 'not-an-id')).statusCode).toBe(400);
    const adminList = (await t.app.inject({ url: '/api/admin/payments', headers: { cookie: admin.cookie } })).json<{ items: Array<{ invoices: Array<{ number: string }> }> }>();
    expect(adminList.items.flatMap((item) => item.invoices.map((link) => link.number))).toContain(invoice.number);
  });

  it('splits base and IVA to the cent, the consultation fee credited to a case included', async () => {
    const client = await createAccount(t);
    const express = await pay(client, 'express');
    const credited = await pay(client, 'arraigo');
    const plain = await pay(client, 'nie-crue');
    expect(express.content).toMatchObject({ totalCents: 1999, baseCents: 1652, vatCents: 347 });
    expect(credited.content).toMatchObject({ totalCents: 28001, baseCents: 23141, vatCents: 4860 });
    expect(credited.content.lines.map((line) => line.amountCents)).toEqual([30000, -1999]);
    expect(plain.content).toMatchObject({ totalCents: 15000, baseCents: 12397, vatCents: 2603 });
  });

  it('bills the company the client names before paying, with its CIF', async () => {
    const client = await createAccount(t);
    const billing = { name: 'Exportaciones Diallo S.L.', taxIdKind: 'cif', taxId: 'B12345674', address: 'Avenida de Alicante 5, Elche' };
    const invoice = await pay(client, 'nie-crue', { billing });
    expect(invoice.content.buyer).toEqual({ ...billing, country: 'ES', kind: 'private', email: client.user.email });
    const text = await pdfText((await pdfOf(client, invoice.id)).rawPayload);
    expect(text).toContain('Exportaciones Diallo S.L.');
    expect(text).toContain('CIF: B12345674');
  });

  it('refuses a billing party with an invalid tax id, and changes nothing', async () => {
    const client = await createAccount(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: { cookie: client.cookie },
      payload: await acceptingLetter(t.app, { cookie: client.cookie }, { service: { id: 'nie-crue' }, user: client.user, billing: { name: 'Empresa', taxIdKind: 'cif', taxId: '123', address: 'Elche' } }),
    });
    expect(response.statusCode).toBe(400);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, client.user.id))).toHaveLength(0);
  });

  it('numbers the invoices without gaps and chains them; a tampered invoice breaks the chain', async () => {
    const all = await t.database.db.select().from(invoices).orderBy(invoices.position);
    expect(all.map((row) => row.sequence)).toEqual(all.map((_, index) => index + 1));
    expect(await verifyInvoiceChain({ db: t.database.db })).toMatchObject({ count: all.length, problems: [] });

    const [first] = all;
    if (!first) throw new Error('no invoice issued');
    await expect(t.database.db.update(invoices).set({ number: 'F-1999-0001' }).where(eq(invoices.id, first.id))).rejects.toThrow();
    await expect(t.database.db.delete(invoices).where(eq(invoices.id, first.id))).rejects.toThrow();

    // Someone with the database's owner rights goes around the trigger and lowers a total.
    await t.database.db.execute(sql`alter table invoices disable trigger invoices_immutable`);
    await t.database.db.execute(sql`update invoices set content = jsonb_set(content, '{totalCents}', '1') where id = ${first.id}`);
    await t.database.db.execute(sql`alter table invoices enable trigger invoices_immutable`);
    const { problems } = await verifyInvoiceChain({ db: t.database.db });
    // Its VeriFactu record, if it has one, still states the old total: that is caught too.
    expect(problems).toEqual([`${first.number}: its content no longer matches its fingerprint.`, `The billing record of ${first.number}: it says something other than the invoice.`]);
  });
});
