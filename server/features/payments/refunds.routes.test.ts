import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContentSchema } from '#common/invoices/invoices.contract.ts';
import { auditLogs, cases, caseStageChanges, consultations, invoices, payments, refunds, users } from '#server/db/schema/index.ts';
import { verifyInvoiceChain } from '#server/features/invoices/invoices.service.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import type { TestApp } from '#server/test/app.ts';
import { startBillingApp } from '#server/test/billing.ts';
import { createPaidPayment } from '#server/test/factories.ts';
import type { MailCapture } from '#server/test/mail-capture.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

const year = new Date().getFullYear();

describe('refunds from the Pagos tab', () => {
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

  const paid = (account: TestAccount, serviceId: string) => createPaidPayment(t, account, serviceId);

  const refund = (paymentId: string, payload: Record<string, unknown>, account: TestAccount | null = admin, language = 'es') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refunds`,
      headers: { 'accept-language': language, ...(account ? { cookie: account.cookie } : {}) },
      payload,
    });

  const paymentRow = async (id: string) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0];
  const refundsOf = (paymentId: string) => t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  const rectifyingOf = async (paymentId: string) =>
    (await t.database.db.select().from(invoices).where(and(eq(invoices.paymentId, paymentId), eq(invoices.series, 'R'))).orderBy(invoices.position)).map((row) => ({
      ...row,
      content: invoiceContentSchema.parse(row.content),
    }));
  const caseOf = async (id: number | null) => (await t.database.db.select().from(cases).where(eq(cases.id, id ?? 0)))[0];
  const consultationOf = async (id: string | null) => (await t.database.db.select().from(consultations).where(eq(consultations.id, id ?? '')))[0];
  const auditOf = (targetId: string) => t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, targetId)).orderBy(desc(auditLogs.createdAt));

  it('refunds a whole case payment and cancels the case: a rectifying invoice R-YYYY-NNNN for minus the payment, mailed to the client with its PDF', async () => {
    const client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    await t.database.db.update(users).set({ nie: 'X1234567L' }).where(eq(users.id, client.user.id));
    const payment = await paid(client, 'arraigo');
    const [original] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));

    const response = await refund(payment.id, { amountCents: 30000, reason: 'El cliente desiste antes de empezar', outcome: 'cancel' });
    expect(response.statusCode, response.body).toBe(201);
    const { invoice } = response.json<{ paymentId: string; invoice: { id: string; number: string } }>();
    expect(invoice.number).toMatch(new RegExp(`^R-${year}-\\d{4}$`));

    expect(await paymentRow(payment.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 30000 });
    expect(await refundsOf(payment.id)).toEqual([
      expect.objectContaining({ amountCents: 30000, reason: 'El cliente desiste antes de empezar', outcome: 'cancel', createdBy: admin.user.id, providerRefundId: expect.stringMatching(/^test_refund_/) }),
    ]);
    const [rectifying] = await rectifyingOf(payment.id);
    expect(rectifying?.content).toMatchObject({
      number: invoice.number,
      series: 'R',
      buyer: { name: 'Amina Diallo', taxIdKind: 'nie', taxId: 'X1234567L', email: client.user.email },
      lines: [{ description: 'Devolución: Arraigo', amountCents: -30000 }],
      totalCents: -30000,
      baseCents: -24793,
      vatCents: -5207,
      rectifies: { number: original?.number, reason: 'El cliente desiste antes de empezar' },
    });
    expect(rectifying?.rectifiesId).toBe(original?.id);

    const opened = await caseOf(payment.caseId);
    expect(opened?.stage).toBe('cancelled');
    const [lastMove] = await t.database.db.select().from(caseStageChanges).where(eq(caseStageChanges.caseId, payment.caseId ?? 0)).orderBy(desc(caseStageChanges.createdAt)).limit(1);
    expect(lastMove).toMatchObject({ stage: 'cancelled', note: 'El cliente desiste antes de empezar', changedBy: admin.user.id });
    // Newest first: the refund, then the client's acceptance of the engagement letter at the checkout.
    expect((await auditOf(payment.id)).map((entry) => entry.action)).toEqual(['PAYMENT_REFUND', 'ENGAGEMENT_ACCEPT']);
    expect((await auditOf(String(payment.caseId))).map((entry) => entry.action)).toContain('STAGE_CHANGE');

    const mail = await capture.waitFor(client.user.email, new RegExp(`Tu factura rectificativa ${invoice.number}`));
    expect(mail.attachments[0]).toMatchObject({ filename: `${invoice.number}.pdf`, mimeType: 'application/pdf' });
    const text = await pdfText(mail.attachments[0]?.content ?? Buffer.alloc(0));
    for (const piece of [invoice.number, 'Factura rectificativa', `Rectifica la factura ${original?.number}`, 'El cliente desiste antes de empezar', '-247,93 €', '-52,07 €', '-300,00 €', 'Devolución por: Tarjeta']) {
      expect(text).toContain(piece);
    }
    expect(text).not.toContain('Forma de pago');
    const stageMail = await capture.waitFor(client.user.email, /ha cambiado de fase/);
    expect(stageMail.text).toContain('Cancelado');
    expect(stageMail.text).toContain('El cliente desiste antes de empezar');

    const listed = (await t.app.inject({ url: '/api/payments', headers: { cookie: client.cookie } })).json<Array<Record<string, unknown>>>();
    expect(listed[0]).toMatchObject({ status: 'refunded', refundedCents: 30000, invoices: [{ number: original?.number }, { number: invoice.number }] });
    const panel = (await t.app.inject({ url: '/api/cases', headers: { cookie: client.cookie } })).json<Array<{ stage: string }>>();
    expect(panel[0]?.stage).toBe('cancelled');
    expect(await verifyInvoiceChain({ db: t.database.db })).toMatchObject({ problems: [] });
  });

  it('refunds in parts, keeping the case open, until nothing is left; base and IVA of each part to the cent', async () => {
    const client = await createAccount(t);
    const payment = await paid(client, 'arraigo');

    const first = await refund(payment.id, { amountCents: 10000, reason: 'Parte de los honorarios', outcome: 'keep_open' });
    expect(first.statusCode, first.body).toBe(201);
    expect(await paymentRow(payment.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 10000 });
    const admins = (await t.app.inject({ url: `/api/admin/payments?q=${encodeURIComponent(client.user.email)}`, headers: { cookie: admin.cookie } })).json<{
      items: Array<Record<string, unknown>>;
    }>();
    expect(admins.items[0]).toMatchObject({ status: 'paid', refundedCents: 10000, provider: 'test', caseId: payment.caseId, consultationId: null });

    const second = await refund(payment.id, { amountCents: 19999, reason: 'El resto menos un céntimo', outcome: 'keep_open' });
    expect(second.statusCode, second.body).toBe(201);
    const third = await refund(payment.id, { amountCents: 1, reason: 'El último céntimo', outcome: 'keep_open' });
    expect(third.statusCode, third.body).toBe(201);

    expect(await paymentRow(payment.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 30000 });
    expect((await caseOf(payment.caseId))?.stage).toBe('awaiting_documents');
    expect((await rectifyingOf(payment.id)).map(({ content }) => [content.totalCents, content.baseCents, content.vatCents])).toEqual([
      [-10000, -8264, -1736],
      [-19999, -16528, -3471],
      [-1, -1, 0],
    ]);
    const fourth = await refund(payment.id, { amountCents: 1, reason: 'Otra vez', outcome: 'keep_open' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe('Solo se puede reembolsar un pago cobrado que no se haya devuelto entero.');
  });

  it('refuses a refund larger than what remains with a translated 400, and changes nothing', async () => {
    const client = await createAccount(t);
    const payment = await paid(client, 'nie-crue');
    expect((await refund(payment.id, { amountCents: 5000, reason: 'Primera parte', outcome: 'keep_open' })).statusCode).toBe(201);

    const response = await refund(payment.id, { amountCents: 10001, reason: 'Demasiado', outcome: 'cancel' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', message: expect.stringMatching(/^El reembolso supera lo que queda por devolver de este pago \(100\s€\)\.$/) });
    const inEnglish = await refund(payment.id, { amountCents: 10001, reason: 'Too much', outcome: 'cancel' }, admin, 'en');
    expect(inEnglish.json().message).toBe('The refund is more than what is left to give back of this payment (€100).');

    expect(await paymentRow(payment.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 5000 });
    expect(await refundsOf(payment.id)).toHaveLength(1);
    expect(await rectifyingOf(payment.id)).toHaveLength(1);
    expect((await caseOf(payment.caseId))?.stage).toBe('awaiting_documents');
  });

  it('never gives back more than was paid when two refunds arrive at once', async () => {
    const client = await createAccount(t);
    const payment = await paid(client, 'arraigo');
    const answers = await Promise.all([
      refund(payment.id, { amountCents: 20000, reason: 'Primera a la vez', outcome: 'keep_open' }),
      refund(payment.id, { amountCents: 20000, reason: 'Segunda a la vez', outcome: 'keep_open' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(await paymentRow(payment.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 20000 });
    expect(await refundsOf(payment.id)).toHaveLength(1);
    expect(await rectifyingOf(payment.id)).toHaveLength(1);
    expect(await verifyInvoiceChain({ db: t.database.db })).toMatchObject({ problems: [] });
  });

  it('cancels a refunded consultation, or keeps it pending, as the admin chooses', async () => {
    const client = await createAccount(t);
    const kept = await paid(client, 'express');
    const cancelled = await paid(client, 'express');

    expect((await refund(kept.id, { amountCents: 999, reason: 'Compensación por el retraso', outcome: 'keep_open' })).statusCode).toBe(201);
    expect(await consultationOf(kept.consultationId)).toMatchObject({ status: 'pendiente', cancelledAt: null });

    expect((await refund(cancelled.id, { amountCents: 1999, reason: 'No podemos atenderla', outcome: 'cancel' })).statusCode).toBe(201);
    expect(await consultationOf(cancelled.consultationId)).toMatchObject({ status: 'cancelada', cancelledAt: expect.any(Date) });
    const [entry] = await auditOf(cancelled.consultationId ?? '');
    expect(entry).toMatchObject({ action: 'CONSULTATION_CANCEL', adminId: admin.user.id, details: expect.objectContaining({ reason: 'No podemos atenderla' }) });
    const listed = (await t.app.inject({ url: '/api/consultations', headers: { cookie: client.cookie } })).json<Array<{ id: string; status: string }>>();
    expect(listed.find((row) => row.id === cancelled.consultationId)?.status).toBe('cancelada');
  });

  it('refuses to cancel a completed consultation, before any money moves', async () => {
    const client = await createAccount(t);
    const payment = await paid(client, 'express');
    const completed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/consultations/${payment.consultationId}`,
      headers: { cookie: admin.cookie },
      payload: { status: 'completada', firmNote: 'Le explicamos los requisitos del arraigo.' },
    });
    expect(completed.statusCode, completed.body).toBe(204);
    const response = await refund(payment.id, { amountCents: 1999, reason: 'Queja', outcome: 'cancel' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Esta consulta ya está completada y no se puede cancelar.');
    expect(await refundsOf(payment.id)).toHaveLength(0);
    expect(await paymentRow(payment.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 });
    expect((await refund(payment.id, { amountCents: 1999, reason: 'Queja', outcome: 'keep_open' })).statusCode).toBe(201);
  });

  it('credits a later case with what was kept of a consultation, and nothing of one refunded whole', async () => {
    const priceOf = async (account: TestAccount) =>
      (await t.app.inject({ url: '/api/payments/quote/arraigo', headers: { cookie: account.cookie } })).json<{ creditedCents: number; amountCents: number }>();

    const whole = await createAccount(t);
    const wholePayment = await paid(whole, 'express');
    expect((await priceOf(whole)).creditedCents).toBe(1999);
    expect((await refund(wholePayment.id, { amountCents: 1999, reason: 'Devuelta entera', outcome: 'cancel' })).statusCode).toBe(201);
    expect(await priceOf(whole)).toMatchObject({ creditedCents: 0, amountCents: 30000 });

    const part = await createAccount(t);
    const partPayment = await paid(part, 'express');
    expect((await refund(partPayment.id, { amountCents: 999, reason: 'Devuelta en parte', outcome: 'keep_open' })).statusCode).toBe(201);
    expect(await priceOf(part)).toMatchObject({ creditedCents: 1000, amountCents: 29000 });
    const casePayment = await paid(part, 'arraigo');
    expect(casePayment).toMatchObject({ creditedCents: 1000, amountCents: 29000, creditConsultationId: partPayment.consultationId });
  });

  it('refuses to refund a consultation whose fee a case already took', async () => {
    const client = await createAccount(t);
    const consultation = await paid(client, 'express');
    await paid(client, 'arraigo');
    const response = await refund(consultation.id, { amountCents: 1999, reason: 'Ya descontada', outcome: 'keep_open' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Lo pagado por esta consulta ya se descontó de un expediente: reembolsa el expediente.');
    expect(await refundsOf(consultation.id)).toHaveLength(0);
  });

  it('refuses bad input with translated 400s, a payment not paid with a 409, and an unknown one with a 404', async () => {
    const client = await createAccount(t);
    const payment = await paid(client, 'nie-crue');
    for (const payload of [
      { amountCents: 0, reason: 'Nada', outcome: 'keep_open' },
      { amountCents: 12.5, reason: 'Céntimos partidos', outcome: 'keep_open' },
      { amountCents: 1000, reason: '  ', outcome: 'keep_open' },
      { amountCents: 1000, reason: 'Sin decidir' },
      { amountCents: 1000, reason: 'Otra cosa', outcome: 'delete' },
    ]) {
      const response = await refund(payment.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation', issues: [expect.objectContaining({ message: expect.any(String) })] });
    }
    expect((await refund(payment.id, { amountCents: 1000, reason: 'Sin decidir' })).json().issues).toEqual([
      { path: 'outcome', message: 'Elige qué pasa con lo que abrió el pago.' },
    ]);

    const checkout = await t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: { cookie: client.cookie }, payload: await acceptingLetter(t.app, { cookie: client.cookie }, { service: { id: 'arraigo' }, user: client.user }) });
    const session = new URL(checkout.json<{ url: string }>().url).searchParams.get('session') ?? '';
    const [pending] = await t.database.db.select().from(payments).where(eq(payments.providerSessionId, session));
    expect((await refund(pending?.id ?? '', { amountCents: 1000, reason: 'Aún sin pagar', outcome: 'keep_open' })).statusCode).toBe(409);
    expect((await refund('00000000-0000-4000-8000-000000000000', { amountCents: 1000, reason: 'No existe', outcome: 'keep_open' })).statusCode).toBe(404);

    expect(await refundsOf(payment.id)).toHaveLength(0);
    expect(await paymentRow(payment.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 });
  });

  it('lets only an admin refund: a client gets a 403, a visitor a 401, and nothing changes', async () => {
    const client = await createAccount(t);
    const payment = await paid(client, 'nie-crue');
    const payload = { amountCents: 15000, reason: 'Me lo devuelvo yo', outcome: 'cancel' };
    expect((await refund(payment.id, payload, client)).statusCode).toBe(403);
    expect((await refund(payment.id, payload, null)).statusCode).toBe(401);
    expect(await paymentRow(payment.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 });
    expect(await refundsOf(payment.id)).toHaveLength(0);
    expect((await caseOf(payment.caseId))?.stage).toBe('awaiting_documents');
  });
});
