import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, consultations, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

const form = {
  name: 'Jean Dupont',
  email: 'jean.form@example.com',
  phone: '+33612345678',
  originCountry: 'Francia',
  destinationCity: 'Elche',
  objectives: { work: true, reunification: true },
  arrivalDate: '2027-03',
  message: 'Nos mudamos en familia.',
  privacy: true,
};

let ip = 0;
const nextIp = () => `10.13.0.${++ip}`;

describe('expatriation consultations of the account, and the firm answer', () => {
  let t: TestApp;
  let capture: MailCapture;
  let client: TestAccount;
  let other: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com' } });
    client = await createAccount(t, { firstName: 'Jean', lastName: 'Dupont' });
    other = await createAccount(t);
    admin = await createAccount(t, { role: 'admin' });
    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, client.user.id));
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  const send = (headers: Record<string, string> = {}, payload: Record<string, unknown> = form) =>
    t.app.inject({ method: 'POST', url: '/api/consultations/expatriation', payload, headers, remoteAddress: nextIp() });
  const panel = async (account: TestAccount) =>
    (await t.app.inject({ url: '/api/consultations', headers: { cookie: account.cookie } })).json<Array<Record<string, unknown>>>();
  const answer = (id: string, payload: Record<string, unknown>, headers: Record<string, string> = { cookie: admin.cookie }) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/consultations/${id}/answer`, payload, headers });
  /** An express consultation hired as a client hires it: the letter accepted, checkout, then 'Pagar' on the test provider. */
  const hireExpress = async (account: TestAccount) => {
    const headers = { cookie: account.cookie };
    const checkout = await t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers, payload: await acceptingLetter(t.app, headers, { service: { id: 'express' }, user: account.user }) });
    const session = new URL(checkout.json<{ url: string }>().url).searchParams.get('session');
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers })).statusCode).toBeLessThan(300);
    const hired = (await panel(account)).find((item) => item.type === 'express');
    return hired?.id as string;
  };
  const row = async (id: string) => (await t.database.db.select().from(consultations).where(eq(consultations.id, id)))[0];

  it('keeps a signed-in request as the account’s own: in its panel with its status, not in another client’s', async () => {
    const response = await send({ cookie: client.cookie });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect((await row(id))?.userId).toBe(client.user.id);

    expect(await panel(client)).toContainEqual(
      expect.objectContaining({ id, type: 'expatriacion', title: null, status: 'pendiente', firmNote: null, scheduledAt: null }),
    );
    expect((await panel(other)).map((item) => item.id)).not.toContain(id);
  });

  it('still takes an anonymous request, which belongs to nobody', async () => {
    const response = await send();
    expect(response.statusCode).toBe(201);
    expect((await row(response.json<{ id: string }>().id))?.userId).toBeNull();
  });

  it('lets only an admin answer: 401 without a session, 403 for a client, nothing kept', async () => {
    const { id } = (await send({ cookie: client.cookie })).json<{ id: string }>();
    expect((await answer(id, { note: 'Hola', scheduledAt: null }, {})).statusCode).toBe(401);
    expect((await answer(id, { note: 'Hola', scheduledAt: null }, { cookie: client.cookie })).statusCode).toBe(403);
    expect(await row(id)).toMatchObject({ firmNote: null, answeredAt: null });
  });

  it('refuses an empty note with its message, an unknown consultation with 404 and a hired one with 409', async () => {
    const { id } = (await send()).json<{ id: string }>();
    const empty = await answer(id, { note: ' ', scheduledAt: null });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toContainEqual({ path: 'note', message: 'Este campo es obligatorio' });
    expect((await answer('00000000-0000-4000-8000-000000000000', { note: 'Hola', scheduledAt: null })).statusCode).toBe(404);

    const hired = await hireExpress(other);
    const refused = await answer(hired, { note: 'Hola', scheduledAt: null }, { cookie: admin.cookie, 'accept-language': 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only an expatriation consultation is answered this way.');
  });

  it('keeps the answer on a client’s request, shows it in their panel and tells them by mail in their language', async () => {
    const { id } = (await send({ cookie: client.cookie })).json<{ id: string }>();
    const response = await answer(id, { note: 'Le proponemos una llamada para preparar el visado.', scheduledAt: '2026-12-01T09:30:00.000Z' });
    expect(response.statusCode).toBe(204);

    const kept = await row(id);
    expect(kept).toMatchObject({ firmNote: 'Le proponemos una llamada para preparar el visado.', scheduledAt: new Date('2026-12-01T09:30:00.000Z') });
    expect(kept?.answeredAt).toBeInstanceOf(Date);
    expect(await panel(client)).toContainEqual(
      expect.objectContaining({ id, firmNote: 'Le proponemos una llamada para preparar el visado.', scheduledAt: '2026-12-01T09:30:00.000Z' }),
    );

    const mail = await capture.waitFor(client.user.email, /Answer to your expatriation consultation/);
    expect(mail.text).toContain('You will find our answer in your client area.');
    expect(mail.text).toContain('We will call you on Tuesday, 1 December 2026 at 10:30 (Madrid time).');
    expect(mail.text).toContain('/panel');

    const [audit] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id));
    expect(audit).toMatchObject({ action: 'CONSULTATION_ANSWER', targetTable: 'consultations', adminId: admin.user.id });
    const log = (await t.app.inject({ url: '/api/admin/audit', headers: { cookie: admin.cookie } })).json<{ items: Array<Record<string, unknown>> }>();
    expect(log.items.find((item) => item.id === audit?.id)).toMatchObject({
      action: 'CONSULTATION_ANSWER',
      target: { kind: 'consultation', name: 'Jean Dupont' },
      details: [
        { field: 'scheduledAt', value: { kind: 'instant', at: '2026-12-01T09:30:00.000Z' } },
        { field: 'note', value: { kind: 'text', text: 'Le proponemos una llamada para preparar el visado.' } },
      ],
    });

    const firstAnsweredAt = kept?.answeredAt;
    expect((await answer(id, { note: 'Cambiamos la hora.', scheduledAt: null })).statusCode).toBe(204);
    expect(await row(id)).toMatchObject({ firmNote: 'Cambiamos la hora.', scheduledAt: null, answeredAt: firstAnsweredAt });
  });

  it('mails the answer itself to an anonymous requester, in the language they wrote in, greeting without the name nobody confirmed', async () => {
    const { id } = (await send({ 'accept-language': 'fr' }, { ...form, email: 'anonyme@example.com' })).json<{ id: string }>();
    expect((await answer(id, { note: 'Nous vous conseillons le visa de recherche d’emploi.', scheduledAt: null })).statusCode).toBe(204);
    const mail = await capture.waitFor('anonyme@example.com', /Réponse à votre consultation d'expatriation/);
    expect(mail.text.split('\n')[0]).toBe('Bonjour,');
    expect(mail.text).not.toContain('Jean Dupont');
    expect(mail.text).toContain('Nous vous conseillons le visa de recherche d’emploi.');
    expect(mail.text).not.toContain('Nous vous appellerons');
  });

  it('gives the Consultas tab readable rows: translated type, the form as typed fields, the payment as a summary', async () => {
    const sent = (await send({ cookie: client.cookie })).json<{ id: string }>();
    const hired = await hireExpress(other);
    const page = (await t.app.inject({ url: '/api/admin/consultations', headers: { cookie: admin.cookie, 'accept-language': 'en' } })).json<{
      items: Array<Record<string, unknown>>;
    }>();
    const expatriation = page.items.find((item) => item.id === sent.id);
    expect(expatriation).toEqual({
      id: sent.id,
      consultationType: 'expatriacion',
      typeTitle: null,
      status: 'pendiente',
      client: { name: client.user.firstName + ' ' + client.user.lastName, email: client.user.email },
      form: {
        name: 'Jean Dupont',
        email: 'jean.form@example.com',
        phone: '+33612345678',
        originCountry: 'Francia',
        destinationCity: 'Elche',
        objectives: ['work', 'reunification'],
        arrivalMonth: '2027-03',
        message: 'Nos mudamos en familia.',
      },
      payment: null,
      meetingMode: null,
      videoUrl: null,
      firmNote: null,
      answeredAt: null,
      scheduledAt: null,
      assigneeId: null,
      createdAt: expect.any(String),
    });
    const express = page.items.find((item) => item.id === hired);
    expect(express).toMatchObject({ typeTitle: 'Express consultation', form: null, payment: { amountCents: 1999, currency: 'eur', status: 'paid' } });
    expect(express).not.toHaveProperty('details');

    const spanish = (await t.app.inject({ url: '/api/admin/consultations', headers: { cookie: admin.cookie } })).json<{ items: Array<Record<string, unknown>> }>();
    expect(spanish.items.find((item) => item.id === hired)).toMatchObject({ typeTitle: 'Consulta exprés' });
  });
});
