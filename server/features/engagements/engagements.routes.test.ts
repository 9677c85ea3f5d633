import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, engagementAcceptances, invoices, payments } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { sampleFirm } from '#server/test/billing.ts';
import { testClock } from '#server/test/clock.ts';
import { acceptingLetter } from '#server/test/engagement.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { pdfText } from '#server/test/pdf-text.ts';

const day = 24 * 60 * 60 * 1000;

describe('the engagement letter and the right of withdrawal', () => {
  let t: TestApp;
  let capture: MailCapture;
  let admin: TestAccount;
  const clock = testClock();

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({
      env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com', APP_URL: 'http://asesoria.test', ...sampleFirm },
      worker: { clock: clock.now },
    });
    admin = await createAccount(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  const headers = (account: TestAccount, language = 'es') => ({ cookie: account.cookie, 'accept-language': language });
  const checkout = (account: TestAccount, payload: Record<string, unknown>, language = 'es') =>
    t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: headers(account, language), payload });
  const pay = async (account: TestAccount, url: string) => {
    const session = new URL(url).searchParams.get('session') ?? '';
    const paid = await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers: headers(account) });
    expect(paid.statusCode, paid.body).toBe(204);
  };
  const acceptanceOf = async (userId: string) => t.database.db.select().from(engagementAcceptances).where(eq(engagementAcceptances.userId, userId));
  const paymentsOf = (userId: string) => t.database.db.select().from(payments).where(eq(payments.userId, userId));

  /** An arraigo hired as a person does: the letter read and accepted, paid. Answers the client's letter as the panel lists it. */
  async function hireArraigo(client: TestAccount, options: { isEarlyStartRequested?: boolean } = {}) {
    const started = await checkout(client, await acceptingLetter(t.app, headers(client), { service: { id: 'arraigo' }, user: client.user }, options));
    expect(started.statusCode, started.body).toBe(200);
    await pay(client, started.json<{ url: string }>().url);
    const [letter] = (await t.app.inject({ url: '/api/engagements', headers: headers(client) })).json<Array<{ id: string; caseId: number; withdrawableUntil: string }>>();
    if (!letter) throw new Error('no engagement letter after paying');
    return letter;
  }

  it('refuses a checkout without the acceptance, in the client language, and stores nothing', async () => {
    const client = await createAccount(t);
    const refused = await checkout(client, { service: { id: 'arraigo' }, user: client.user }, 'en');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string; issues: Array<{ message: string }> }>().issues.map((issue) => issue.message)).toContain(
      'Read and accept the engagement letter before paying.',
    );
    const unticked = await checkout(client, { service: { id: 'arraigo' }, user: client.user, engagement: { version: 0, textSha256: '0'.repeat(64), isAccepted: false, isEarlyStartRequested: true } });
    expect(unticked.statusCode).toBe(400);
    expect(await paymentsOf(client.user.id)).toEqual([]);
    expect(await acceptanceOf(client.user.id)).toEqual([]);
  });

  it('refuses a letter other than the one this checkout is made under (another price, another text) with a 409, storing nothing', async () => {
    const client = await createAccount(t);
    const express = await acceptingLetter(t.app, headers(client), { service: { id: 'express' }, user: client.user });
    const changed = await checkout(client, { ...express, service: { id: 'arraigo' } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ message: string }>().message).toMatch(/ha cambiado desde que la leíste/);
    expect(await paymentsOf(client.user.id)).toEqual([]);
    expect(await acceptanceOf(client.user.id)).toEqual([]);
  });

  it('shows the letter filled with the client, the service and the price, and stores the acceptance with its SHA-256, time, address and early start, audited', async () => {
    const client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    const letter = await t.app.inject({ method: 'POST', url: '/api/engagements/letter', headers: headers(client), payload: { service: { id: 'arraigo' } } });
    expect(letter.statusCode, letter.body).toBe(200);
    const read = letter.json<{ version: number; language: string; text: string; textSha256: string }>();
    expect(read).toMatchObject({ version: 0, language: 'es' });
    expect(read.text).toMatch(/\*\*300,00\s€\*\*/);
    for (const part of ['Amina Diallo', 'NIE X1234567L', 'Arraigo', sampleFirm.FIRM_LEGAL_NAME, '14 días naturales', 'Modelo de formulario de desistimiento', 'Agencia Española de Protección de Datos', 'Colegio de la Abogacía'])
      expect(read.text).toContain(part);
    expect(read.textSha256).toBe(createHash('sha256').update(read.text, 'utf8').digest('hex'));

    const started = await checkout(client, { service: { id: 'arraigo' }, user: client.user, engagement: { version: read.version, textSha256: read.textSha256, isAccepted: true, isEarlyStartRequested: true } });
    expect(started.statusCode, started.body).toBe(200);
    const [stored] = await acceptanceOf(client.user.id);
    const [payment] = await paymentsOf(client.user.id);
    expect(stored).toMatchObject({ paymentId: payment?.id, version: 0, text: read.text, textSha256: read.textSha256, isEarlyStartRequested: true, contractedAt: null });
    expect(stored?.clientAddress).toMatch(/127\.0\.0\.1/);
    const [audit] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'ENGAGEMENT_ACCEPT'), eq(auditLogs.targetId, payment?.id ?? '')));
    expect(audit).toMatchObject({ adminId: client.user.id, details: expect.objectContaining({ textSha256: read.textSha256, version: 0, isEarlyStartRequested: true }) });
    expect(audit?.ipAddress).toBeTruthy();

    // Paid: the contract is made, the client gets the letter as a PDF, and it downloads from the panel and the case page.
    await pay(client, started.json<{ url: string }>().url);
    const mail = await capture.waitFor(client.user.email, /hoja de encargo/i);
    const attached = mail.attachments.find((file) => file.mimeType === 'application/pdf');
    const printed = await pdfText(attached?.content ?? Buffer.alloc(0));
    expect(printed).toContain('Amina Diallo');
    expect(printed).toContain(read.textSha256);
    const [listed] = (await t.app.inject({ url: '/api/engagements', headers: headers(client) })).json<Array<{ id: string; caseId: number }>>();
    expect(listed?.caseId).toBe((await paymentsOf(client.user.id))[0]?.caseId);
    expect((await t.app.inject({ url: `/api/engagements/${listed?.id}/pdf`, headers: headers(client) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/engagements/${listed?.id}/pdf`, headers: headers(admin) })).statusCode).toBe(200);
    const onCase = await t.app.inject({ url: `/api/admin/cases/${listed?.caseId}/engagements`, headers: headers(admin) });
    expect(onCase.json()).toEqual([expect.objectContaining({ id: listed?.id, isEarlyStartRequested: true, withdrawnAt: null })]);
  });

  it('takes a withdrawal on day 2: acknowledged to the client, told to the firm, audited, and the refund with its rectifying invoice follow', async () => {
    const client = await createAccount(t);
    const letter = await hireArraigo(client);
    clock.advance(2 * day);
    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/engagements/${letter.id}/withdrawal`, headers: headers(client) });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<{ withdrawnAt: string | null }>().withdrawnAt).not.toBeNull();
    await capture.waitFor(client.user.email, /desistimiento/i);
    const notice = await capture.waitFor('despacho@example.com', /Desistimiento/);
    expect(notice.text).toContain('Pagos');
    const [payment] = await paymentsOf(client.user.id);
    const [audit] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'ENGAGEMENT_WITHDRAW'), eq(auditLogs.targetId, payment?.id ?? '')));
    expect(audit?.adminId).toBe(client.user.id);
    const onCase = (await t.app.inject({ url: `/api/admin/cases/${letter.caseId}/engagements`, headers: headers(admin) })).json<Array<{ withdrawnAt: string | null }>>();
    expect(onCase[0]?.withdrawnAt).not.toBeNull();
    // The Pagos tab marks the payment, where the firm refunds it.
    const listed = await t.app.inject({ url: `/api/admin/payments?q=${encodeURIComponent(client.user.email)}`, headers: headers(admin) });
    expect(listed.json<{ items: Array<{ id: string; withdrawnAt: string | null }> }>().items).toEqual([expect.objectContaining({ id: payment?.id, withdrawnAt: onCase[0]?.withdrawnAt })]);

    // Twice is refused; the firm refunds in full (nothing started) through the payment's refund, and the rectifying invoice follows.
    expect((await t.app.inject({ method: 'POST', url: `/api/engagements/${letter.id}/withdrawal`, headers: headers(client) })).statusCode).toBe(409);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment?.id}/refunds`,
      headers: headers(admin),
      payload: { amountCents: payment?.amountCents, reason: 'Desistimiento en plazo', outcome: 'cancel' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const rectifying = await t.database.db.select().from(invoices).where(and(eq(invoices.paymentId, payment?.id ?? ''), eq(invoices.series, 'R')));
    expect(rectifying).toHaveLength(1);
    expect((await paymentsOf(client.user.id))[0]?.paymentStatus).toBe('refunded');

    // The Auditoría tab shows the acceptance and the withdrawal with their labelled details.
    const auditTab = await t.app.inject({ url: '/api/admin/audit?pageSize=100', headers: headers(admin) });
    expect(auditTab.statusCode, auditTab.body).toBe(200);
    const actions = auditTab.json<{ items: Array<{ action: string }> }>().items.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['ENGAGEMENT_ACCEPT', 'ENGAGEMENT_WITHDRAW', 'PAYMENT_REFUND']));
  });

  it('refuses a withdrawal after the 14 days', async () => {
    const client = await createAccount(t);
    const letter = await hireArraigo(client, { isEarlyStartRequested: false });
    clock.advance(15 * day);
    const late = await t.app.inject({ method: 'POST', url: `/api/engagements/${letter.id}/withdrawal`, headers: headers(client, 'fr') });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/14 jours/);
    expect((await acceptanceOf(client.user.id))[0]?.withdrawnAt).toBeNull();
  });

  it('lets nobody else read, download or withdraw a client letter, and the templates only to whom the services belong', async () => {
    const owner = await createAccount(t);
    const other = await createAccount(t);
    const letter = await hireArraigo(owner);
    expect((await t.app.inject({ url: `/api/engagements/${letter.id}/pdf`, headers: headers(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/engagements/${letter.id}/withdrawal`, headers: headers(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/engagements', headers: headers(other) })).json()).toEqual([]);
    expect((await t.app.inject({ url: `/api/engagements/${letter.id}/pdf` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/admin/cases/${letter.caseId}/engagements`, headers: headers(other) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/engagements/templates/arraigo', headers: headers(other) })).statusCode).toBe(403);
    expect((await acceptanceOf(owner.user.id))[0]?.withdrawnAt).toBeNull();
  });

  it('lets the firm write a service letter (Spanish required); a new version is what the next client reads, in their language or in Spanish', async () => {
    const empty = await t.app.inject({ method: 'PUT', url: '/api/admin/engagements/templates/arraigo', headers: headers(admin), payload: { es: ' ', en: '', fr: '' } });
    expect(empty.statusCode).toBe(400);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/engagements/templates/arraigo',
      headers: headers(admin),
      payload: { es: '# Hoja propia\n\n{{clientName}} encarga {{service}} por {{price}}.', en: '', fr: '' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ versions: { es: 1 }, isDefault: false, en: '' });
    const client = await createAccount(t, { firstName: 'John', lastName: 'Smith' });
    const letter = await t.app.inject({ method: 'POST', url: '/api/engagements/letter', headers: headers(client, 'en'), payload: { service: { id: 'arraigo' } } });
    expect(letter.json()).toMatchObject({ version: 1, language: 'es', text: expect.stringContaining('John Smith encarga Arraigo') });
  });
});
