import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingRecordSendings, billingRecordSends, billingRecords, invoices } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { sampleFirm } from '#server/test/billing.ts';
import { testClock } from '#server/test/clock.ts';
import { startFakeAgency, type FakeAgency } from '#server/test/fake-agency.ts';
import { createPaidPayment } from '#server/test/factories.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { pdfQrCodes } from '#server/test/pdf-qr.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { createVerifactuCertificates, type VerifactuCertificates } from '#server/test/verifactu-certificates.ts';

/** The worker's check for records to send comes every 10 s of its clock. */
const checkMs = 10_000;

describe('sending the billing records to the tax agency (VERI*FACTU)', () => {
  let certificates: VerifactuCertificates;
  let agency: FakeAgency;
  let capture: MailCapture;
  let t: TestApp;
  const clock = testClock();

  beforeAll(async () => {
    certificates = createVerifactuCertificates();
    agency = await startFakeAgency(certificates);
    capture = await startMailCapture();
    t = await createTestApp({
      env: {
        SMTP_URL: capture.url,
        APP_URL: 'http://asesoria.test',
        ...sampleFirm,
        VERIFACTU_CERT_PATH: certificates.firmP12Path,
        VERIFACTU_CERT_PASSWORD: certificates.password,
        VERIFACTU_ENDPOINT: agency.url,
      },
      configure: (config) => (config.verifactu ? { ...config, verifactu: { ...config.verifactu, ca: certificates.ca, timeoutMs: 500 } } : config),
      // The worker runs when kicked, on a clock the test moves.
      worker: { clock: clock.now, pollMs: 3_600_000 },
    });
  });
  afterAll(async () => {
    await t.close();
    await agency.close();
    await capture.close();
    certificates.remove();
  });

  const sendings = async () =>
    t.database.db
      .select({ number: invoices.number, state: billingRecordSendings.state, csv: billingRecordSendings.csv, errorCode: billingRecordSendings.errorCode, errorDescription: billingRecordSendings.errorDescription, sentAt: billingRecordSendings.sentAt })
      .from(billingRecordSendings)
      .innerJoin(billingRecords, eq(billingRecords.id, billingRecordSendings.recordId))
      .innerJoin(invoices, eq(invoices.id, billingRecords.invoiceId))
      .orderBy(asc(billingRecordSendings.position));
  const sends = () => t.database.db.select().from(billingRecordSends).orderBy(asc(billingRecordSends.sentAt));
  /** Moves the worker's clock and lets it run whatever has come due. */
  const pass = async (ms: number) => {
    clock.advance(ms);
    await t.app.worker.kick();
  };
  const numberOf = async (paymentId: string) => (await t.database.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.paymentId, paymentId)))[0]?.number ?? '';

  let client: TestAccount;

  it('prints VERI*FACTU and a QR code to the check of records sent on the invoices of a system that sends them', async () => {
    client = await createAccount(t);
    const payment = await createPaidPayment(t, client, 'nie-crue');
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    const download = await t.app.inject({ url: `/api/invoices/${invoice?.id}/pdf`, headers: { cookie: client.cookie } });
    const [code] = await pdfQrCodes(download.rawPayload);
    // Not the agency's production: its test environment's check.
    expect(code).toMatch(/^https:\/\/prewww2\.aeat\.es\/wlpl\/TIKE-CONT\/ValidarQR\?nif=B03123456&numserie=F-\d{4}-\d{4}&fecha=\d{2}-\d{2}-\d{4}&importe=150\.00$/);
    const text = await pdfText(download.rawPayload);
    expect(text).toContain('VERI*FACTU');
    expect(text).toContain('Factura verificable en la sede electrónica de la AEAT');
    expect(await sendings()).toEqual([expect.objectContaining({ number: invoice?.number, state: 'pending', csv: null })]);
  });

  it('sends the waiting records with the firm certificate and keeps what the agency answered (Correcto)', async () => {
    await pass(checkMs);
    expect(agency.received).toHaveLength(1);
    const [send] = agency.received;
    expect(send?.clientSubject).toBe('B12345678 DESPACHO');
    expect(send?.body).toContain('<soapenv:Body>\n<sum:RegFactuSistemaFacturacion');
    expect(send?.body).toMatch(/<sum1:ObligadoEmision>\s*<sum1:NombreRazon>Asesoría Palmeral S\.L\.<\/sum1:NombreRazon>\s*<sum1:NIF>B03123456<\/sum1:NIF>/);
    expect(await sendings()).toEqual([expect.objectContaining({ state: 'accepted', csv: 'A-YDSW8NLFLANWPM', errorCode: null })]);
    expect(await sends()).toEqual([expect.objectContaining({ outcome: 'Correcto', recordCount: 1, csv: 'A-YDSW8NLFLANWPM' })]);
  });

  it('waits the time the agency asked for (TiempoEsperaEnvio) before the next send, then sends what waited together', async () => {
    const first = await createPaidPayment(t, client, 'nie-crue');
    const second = await createPaidPayment(t, client, 'express');
    const rejected = await numberOf(second.id);
    agency.answerNext({ rejectNumber: rejected, code: '1100', description: 'Valor o tipo incorrecto del campo: NIF' });
    await pass(checkMs);
    await pass(checkMs);
    // 20 s after the last send: the agency's 60 s have not passed.
    expect(agency.received).toHaveLength(1);
    await pass(40_000);
    expect(agency.received).toHaveLength(2);
    expect(agency.received[1]?.invoiceNumbers).toEqual([await numberOf(first.id), rejected]);

    const states = await sendings();
    expect(states.slice(1)).toEqual([
      expect.objectContaining({ number: await numberOf(first.id), state: 'accepted', csv: 'A-YDSW8NLFLANWPM' }),
      expect.objectContaining({ number: rejected, state: 'rejected', csv: null, errorCode: '1100', errorDescription: 'Valor o tipo incorrecto del campo: NIF' }),
    ]);
    expect((await sends()).at(-1)).toMatchObject({ outcome: 'ParcialmenteCorrecto', recordCount: 2 });
  });

  it('keeps the records waiting after a SOAP Fault or no answer, and tries again a minute later', async () => {
    const payment = await createPaidPayment(t, client, 'nie-crue');
    const number = await numberOf(payment.id);
    agency.answerNext('fault');
    await pass(60_000);
    expect(agency.received).toHaveLength(3);
    expect((await sends()).at(-1)).toMatchObject({ outcome: 'failed', recordCount: 1, csv: null });
    expect((await sends()).at(-1)?.failure).toContain('4102');
    expect((await sendings()).at(-1)).toMatchObject({ number, state: 'pending', sentAt: null });

    agency.answerNext('silent');
    await pass(checkMs);
    expect(agency.received).toHaveLength(3);
    await pass(50_000);
    expect(agency.received).toHaveLength(4);
    expect((await sends()).at(-1)).toMatchObject({ outcome: 'failed', failure: 'no answer within 500 ms' });
    expect((await sendings()).at(-1)).toMatchObject({ state: 'pending' });

    await pass(60_000);
    expect(agency.received).toHaveLength(5);
    expect(agency.received[4]?.invoiceNumbers).toEqual([number]);
    expect((await sendings()).at(-1)).toMatchObject({ number, state: 'accepted' });
  });

  it("sends a cancellation record like any other, and the agency's answer names it as one", async () => {
    const accountant = await createAccount(t, { role: 'accounting' });
    const payment = await createPaidPayment(t, client, 'nie-crue');
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/admin/invoices/${invoice?.id}/cancellation`, headers: { cookie: accountant.cookie }, payload: { reason: 'Emitida por error.' } });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    await pass(60_000);
    const send = agency.received.at(-1);
    expect(send?.invoiceNumbers).toEqual([invoice?.number, invoice?.number]);
    expect(send?.body).toMatch(/<sum1:RegistroAlta>[\s\S]*<\/sum1:RegistroAlta>[\s\S]*<sum1:RegistroAnulacion>/);
    expect((await sendings()).slice(-2)).toEqual([
      expect.objectContaining({ number: invoice?.number, state: 'accepted' }),
      expect.objectContaining({ number: invoice?.number, state: 'accepted' }),
    ]);
  });

  it('never sends while nothing waits', async () => {
    const before = agency.received.length;
    await pass(120_000);
    expect(agency.received).toHaveLength(before);
  });
});
