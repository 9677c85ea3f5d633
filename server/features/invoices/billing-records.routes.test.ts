import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContentSchema } from '#common/invoices/invoices.contract.ts';
import { auditLogs, billingRecords, invoices, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import type { TestApp } from '#server/test/app.ts';
import { sampleFirm, startBillingApp } from '#server/test/billing.ts';
import { createPaidPayment } from '#server/test/factories.ts';
import type { MailCapture } from '#server/test/mail-capture.ts';
import { pdfQrCodes } from '#server/test/pdf-qr.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { billingRecordFieldsSchema, billingRecordFingerprint, cancellationFieldsSchema, cancellationFingerprint } from './billing-record.ts';
import { verifyInvoiceChain } from './invoices.service.ts';

describe("VeriFactu's billing records of the invoices", () => {
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

  const pay = (account: TestAccount, serviceId: string) => createPaidPayment(t, account, serviceId);

  const recordsInOrder = async () =>
    (await t.database.db.select().from(billingRecords).where(eq(billingRecords.kind, 'alta')).orderBy(asc(billingRecords.position))).map((row) => ({
      ...row,
      fields: billingRecordFieldsSchema.parse(row.fields),
    }));
  const invoiceOf = async (id: string) => {
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
    if (!row) throw new Error(`no invoice ${id}`);
    return { ...row, content: invoiceContentSchema.parse(row.content) };
  };

  it('makes a chained record of each invoice and rectification, in the official form', async () => {
    const withNie = await createAccount(t);
    await t.database.db.update(users).set({ nie: 'X1234567L' }).where(eq(users.id, withNie.user.id));
    // A private client living outside the EU, with a passport: no Spanish IVA (art. 69.Dos), N2.
    const fromMorocco = await createAccount(t, { profile: { passportNumber: 'MA1234567', address: 'Rue 5, Tanger', residenceCountry: 'MA', buyerKind: 'private' } });
    const arraigo = await pay(withNie, 'arraigo');
    await pay(fromMorocco, 'express');
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${arraigo.id}/refunds`,
      headers: { cookie: admin.cookie },
      payload: { amountCents: 10_000, reason: 'Desistimiento parcial', outcome: 'keep_open' },
    });
    expect(refund.statusCode, refund.body).toBeLessThan(300);

    const records = await recordsInOrder();
    expect(records).toHaveLength(3);
    const [first, second, third] = records;
    expect(first?.previousFingerprint).toBeNull();
    expect(second?.previousFingerprint).toBe(first?.fingerprint);
    expect(third?.previousFingerprint).toBe(second?.fingerprint);
    for (const record of records) expect(record.fingerprint).toBe(billingRecordFingerprint(record.fields, record.previousFingerprint));

    const invoice = await invoiceOf(first?.invoiceId ?? '');
    const [, , day] = /^(\d{4})-(\d{2})-(\d{2})/.exec(invoice.content.issuedAt) ?? [];
    expect(first?.fields).toMatchObject({
      IDEmisorFactura: sampleFirm.FIRM_TAX_ID,
      NumSerieFactura: invoice.number,
      TipoFactura: 'F1',
      CuotaTotal: '52.07',
      ImporteTotal: '300.00',
    });
    expect(first?.fields.FechaExpedicionFactura).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(Number(first?.fields.FechaExpedicionFactura.slice(0, 2))).toBeGreaterThanOrEqual(Number(day) - 1);
    expect(first?.fields.FechaHoraHusoGenRegistro).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    // The express consultation's buyer lives in Morocco: its base only, no IVA, on a complete invoice with the passport.
    expect(second?.fields).toMatchObject({ TipoFactura: 'F1', ImporteTotal: '16.52', CuotaTotal: '0.00' });
    expect(third?.fields).toMatchObject({ TipoFactura: 'R1', ImporteTotal: '-100.00', CuotaTotal: '-17.36' });
    expect(await verifyInvoiceChain({ db: t.database.db })).toMatchObject({ problems: [] });

    const notSubjectPdf = await pdfText((await t.app.inject({ url: `/api/invoices/${second?.invoiceId}/pdf`, headers: { cookie: fromMorocco.cookie } })).rawPayload);
    expect(notSubjectPdf).toContain(`Factura ${second?.fields.NumSerieFactura}`);
    expect(notSubjectPdf).toContain('Ley 37/1992, art. 69.Dos.e');
  });

  it("prints the record's QR code, which reads as the agency's verification address of that invoice", async () => {
    const client = await createAccount(t);
    const payment = await pay(client, 'nie-crue');
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    const [record] = await t.database.db.select().from(billingRecords).where(eq(billingRecords.invoiceId, invoice?.id ?? ''));
    const fields = billingRecordFieldsSchema.parse(record?.fields);

    const download = await t.app.inject({ url: `/api/invoices/${invoice?.id}/pdf`, headers: { cookie: client.cookie } });
    expect(download.statusCode).toBe(200);
    const [code, ...others] = await pdfQrCodes(download.rawPayload);
    expect(others).toEqual([]);
    const url = new URL(code ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      nif: sampleFirm.FIRM_TAX_ID,
      numserie: invoice?.number,
      fecha: fields.FechaExpedicionFactura,
      importe: '150.00',
    });
    expect(await pdfText(download.rawPayload)).toContain('QR tributario:');

    const mail = await capture.waitFor(client.user.email, new RegExp(invoice?.number ?? '-'));
    expect(await pdfQrCodes(mail.attachments[0]?.content ?? Buffer.alloc(0))).toEqual([code]);
  });

  it("exports a year's records as the agency's XML to the staff who keep the accounts, chained as stored", async () => {
    const accountant = await createAccount(t, { role: 'accounting' });
    const year = new Date().getFullYear();
    const response = await t.app.inject({ url: `/api/admin/billing-records?year=${year}`, headers: { cookie: accountant.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`registros-facturacion-${year}.xml`);
    const xml = response.body;

    const records = await recordsInOrder();
    const altas = xml.split('<sum1:RegistroAlta>').slice(1);
    expect(altas).toHaveLength(records.length);
    expect(xml).toContain(`<sum1:ObligadoEmision>\n      <sum1:NombreRazon>${sampleFirm.FIRM_LEGAL_NAME}</sum1:NombreRazon>\n      <sum1:NIF>${sampleFirm.FIRM_TAX_ID}</sum1:NIF>`);
    const value = (block: string, name: string) => new RegExp(`<sum1:${name}>([^<]*)</sum1:${name}>`).exec(block)?.[1];
    records.forEach((record, index) => {
      const block = altas[index] ?? '';
      expect(value(block, 'NumSerieFactura')).toBe(record.fields.NumSerieFactura);
      expect(value(block, 'TipoFactura')).toBe(record.fields.TipoFactura);
      expect(value(block, 'ImporteTotal')).toBe(record.fields.ImporteTotal);
      expect(value(block, 'FechaHoraHusoGenRegistro')).toBe(record.fields.FechaHoraHusoGenRegistro);
      expect(block).toMatch(new RegExp(`<sum1:TipoHuella>01</sum1:TipoHuella>\\s*<sum1:Huella>${record.fingerprint}</sum1:Huella>`));
      const previous = records[index - 1];
      if (previous) expect(block).toMatch(new RegExp(`<sum1:RegistroAnterior>[\\s\\S]*<sum1:Huella>${previous.fingerprint}</sum1:Huella>\\s*</sum1:RegistroAnterior>`));
      else expect(block).toContain('<sum1:PrimerRegistro>S</sum1:PrimerRegistro>');
    });
    const [complete, notSubject, rectifying] = altas;
    expect(complete).toMatch(/<sum1:Destinatarios>\s*<sum1:IDDestinatario>[\s\S]*<sum1:NIF>X1234567L<\/sum1:NIF>/);
    expect(complete).toContain('<sum1:CalificacionOperacion>S1</sum1:CalificacionOperacion>');
    // Not subject by the place-of-supply rules: N2, the amount without a rate or a tax; the passport as another identity.
    expect(notSubject).toMatch(/<sum1:IDOtro>\s*<sum1:CodigoPais>MA<\/sum1:CodigoPais>\s*<sum1:IDType>03<\/sum1:IDType>\s*<sum1:ID>MA1234567<\/sum1:ID>/);
    expect(notSubject).toMatch(/<sum1:ClaveRegimen>01<\/sum1:ClaveRegimen>\s*<sum1:CalificacionOperacion>N2<\/sum1:CalificacionOperacion>\s*<sum1:BaseImponibleOimporteNoSujeto>16.52<\/sum1:BaseImponibleOimporteNoSujeto>\s*<\/sum1:DetalleDesglose>/);
    expect(rectifying).toContain('<sum1:TipoRectificativa>I</sum1:TipoRectificativa>');
    expect(value(rectifying ?? '', 'BaseImponibleOimporteNoSujeto')).toBe('-82.64');

    const none = await t.app.inject({ url: `/api/admin/billing-records?year=${year - 1}`, headers: { cookie: accountant.cookie } });
    expect(none.body).not.toContain('<sum1:RegistroAlta>');
    const lawyer = await createAccount(t, { role: 'lawyer' });
    expect((await t.app.inject({ url: `/api/admin/billing-records?year=${year}`, headers: { cookie: lawyer.cookie } })).statusCode).toBe(403);
    const badYear = await t.app.inject({ url: '/api/admin/billing-records?year=dos-mil', headers: { cookie: accountant.cookie, 'accept-language': 'en' } });
    expect(badYear.statusCode).toBe(400);
  });

  it("cancels an invoice's record made in error, for the staff who keep the accounts, with a cancellation record in the agency's form", async () => {
    const accountant = await createAccount(t, { role: 'accounting' });
    const client = await createAccount(t);
    const payment = await pay(client, 'nie-crue');
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    const cancel = (cookie: string, id = invoice?.id ?? '', payload: unknown = { reason: 'Cobro duplicado por error.' }) =>
      t.app.inject({ method: 'POST', url: `/api/admin/invoices/${id}/cancellation`, headers: { cookie, 'accept-language': 'en' }, payload: payload as Record<string, string> });

    const lawyer = await createAccount(t, { role: 'lawyer' });
    expect((await cancel(lawyer.cookie)).statusCode).toBe(403);
    expect((await cancel(client.cookie)).statusCode).toBe(403);
    expect((await cancel(accountant.cookie, invoice?.id, { reason: '' })).statusCode).toBe(400);

    const response = await cancel(accountant.cookie);
    expect(response.statusCode, response.body).toBe(201);
    const records = await t.database.db.select().from(billingRecords).orderBy(asc(billingRecords.position));
    const issue = records.find((record) => record.invoiceId === invoice?.id && record.kind === 'alta');
    const [cancellation, ...after] = records.slice(-1);
    expect(after).toEqual([]);
    const issueFields = billingRecordFieldsSchema.parse(issue?.fields);
    const fields = cancellationFieldsSchema.parse(cancellation?.fields);
    expect(cancellation).toMatchObject({ invoiceId: invoice?.id, kind: 'anulacion', previousFingerprint: records.at(-2)?.fingerprint });
    expect(fields).toMatchObject({
      IDEmisorFacturaAnulada: sampleFirm.FIRM_TAX_ID,
      NumSerieFacturaAnulada: invoice?.number,
      FechaExpedicionFacturaAnulada: issueFields.FechaExpedicionFactura,
    });
    expect(cancellation?.fingerprint).toBe(cancellationFingerprint(fields, cancellation?.previousFingerprint ?? null));
    expect(response.json()).toEqual({ number: invoice?.number, fingerprint: cancellation?.fingerprint });
    expect(await verifyInvoiceChain({ db: t.database.db })).toMatchObject({ problems: [] });
    const [audit] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'INVOICE_CANCEL'));
    expect(audit).toMatchObject({ adminId: accountant.user.id, targetId: payment.id, details: { invoice: invoice?.number, reason: 'Cobro duplicado por error.' } });

    const again = await cancel(accountant.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: "This invoice's billing record is already cancelled." });
    // A cancelled invoice no longer counts: a refund's rectifying invoice would correct nothing, so the refund is refused and nothing is written.
    const invoicesBefore = await t.database.db.select().from(invoices);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refunds`,
      headers: { cookie: admin.cookie, 'accept-language': 'en' },
      payload: { amountCents: 1000, reason: 'Cobro duplicado', outcome: 'keep_open' },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json()).toMatchObject({ message: expect.stringContaining('This invoice was cancelled as issued in error: it cannot be rectified.') });
    expect(await t.database.db.select().from(invoices)).toEqual(invoicesBefore);
    // The rectified arraigo of the first test: its rectification stands, so it is refused.
    const [rectified] = await t.database.db.select({ id: invoices.rectifiesId }).from(invoices).where(eq(invoices.series, 'R'));
    expect((await cancel(accountant.cookie, rectified?.id ?? '')).json()).toMatchObject({ message: expect.stringContaining('has been rectified') });

    // The export carries it after the invoice's own record, chained like any other.
    const xml = (await t.app.inject({ url: `/api/admin/billing-records?year=${new Date().getFullYear()}`, headers: { cookie: accountant.cookie } })).body;
    const block = xml.split('<sum1:RegistroAnulacion>')[1] ?? '';
    expect(block).toMatch(
      new RegExp(
        `<sum1:IDEmisorFacturaAnulada>${sampleFirm.FIRM_TAX_ID}</sum1:IDEmisorFacturaAnulada>\\s*<sum1:NumSerieFacturaAnulada>${invoice?.number}</sum1:NumSerieFacturaAnulada>\\s*<sum1:FechaExpedicionFacturaAnulada>${fields.FechaExpedicionFacturaAnulada}</sum1:FechaExpedicionFacturaAnulada>`,
      ),
    );
    expect(block).toMatch(new RegExp(`<sum1:RegistroAnterior>[\\s\\S]*<sum1:Huella>${cancellation?.previousFingerprint}</sum1:Huella>`));
    expect(block).toMatch(new RegExp(`<sum1:TipoHuella>01</sum1:TipoHuella>\\s*<sum1:Huella>${cancellation?.fingerprint}</sum1:Huella>\\s*</sum1:RegistroAnulacion>`));
  });

  it('refuses to change or remove a record, and invoices:verify names a record changed behind its back', async () => {
    const [first] = await recordsInOrder();
    if (!first) throw new Error('no record made');
    await expect(t.database.db.update(billingRecords).set({ fingerprint: 'A'.repeat(64) }).where(eq(billingRecords.id, first.id))).rejects.toThrow();
    await expect(t.database.db.delete(billingRecords).where(eq(billingRecords.id, first.id))).rejects.toThrow();

    // Someone with the database's owner rights goes around the trigger and lowers the record's total.
    await t.database.db.execute(sql`alter table billing_records disable trigger billing_records_immutable`);
    await t.database.db.execute(sql`update billing_records set fields = jsonb_set(fields, '{ImporteTotal}', '"3.00"') where id = ${first.id}`);
    await t.database.db.execute(sql`alter table billing_records enable trigger billing_records_immutable`);
    const invoice = await invoiceOf(first.invoiceId);
    const { problems } = await verifyInvoiceChain({ db: t.database.db });
    expect(problems).toEqual([
      `The billing record of ${invoice.number}: its fields no longer match its fingerprint.`,
      `The billing record of ${invoice.number}: it says something other than the invoice.`,
    ]);
  });
});
