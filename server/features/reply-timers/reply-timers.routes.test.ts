import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { privacyPolicyVersion } from '#common/intake/fields.ts';
import type { ReplyTimers } from '#common/reply-timers/reply-timers.contract.ts';
import {
  agendaDayOverrides,
  agendaSettings,
  auditLogs,
  chatConversations,
  consultations,
  contactFormSubmissions,
  generalChatMessages,
  translationRequests,
} from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

const hour = 60 * 60 * 1000;
const day = 24 * hour;
/** A wall-clock time in Madrid in November and December (winter time, UTC+1). */
const madrid = (local: string) => new Date(`${local}+01:00`);

/** Requests as they are stored, received at a chosen instant (their timers start there). */
function requestFactories(t: () => TestApp) {
  const consent = (at: Date) => ({ privacyConsentedAt: at, privacyPolicyVersion, createdAt: at });
  let ip = 0;
  return {
    contact: async (name: string, receivedAt: Date) => {
      const [row] = await t().database.db.insert(contactFormSubmissions).values({ name, email: 'ana@example.com', message: 'Hola', ...consent(receivedAt) }).returning();
      return row?.id as string;
    },
    translation: async (name: string, receivedAt: Date) => {
      const [row] = await t().database.db.insert(translationRequests).values({ name, email: 'tr@example.com', ...consent(receivedAt) }).returning();
      return row?.id as string;
    },
    consultation: async (values: Partial<typeof consultations.$inferInsert> & { consultationType: string; createdAt: Date }) => {
      const [row] = await t().database.db.insert(consultations).values({ details: {}, ...values }).returning();
      return row?.id as string;
    },
    /** A visitor's chat message through the API, then dated `at`. */
    chatMessage: async (token: string, name: string, at: Date) => {
      ip += 1;
      const response = await t().app.inject({
        method: 'POST',
        url: '/api/chat/messages',
        payload: { name, email: 'visitor@example.com', message: 'Hola, ¿podéis ayudarme?' },
        headers: { 'x-chat-token': token },
        remoteAddress: `10.13.0.${ip}`,
      });
      expect(response.statusCode).toBe(201);
      const id = response.json<{ entry: { id: string } }>().entry.id;
      await t().database.db.update(generalChatMessages).set({ createdAt: at }).where(eq(generalChatMessages.id, id));
      return id;
    },
  };
}

const newToken = () => randomBytes(32).toString('base64url');

describe('reply timers: the firm\'s promises in business hours (docs/product/reply-times.md)', () => {
  /** The worker's clock, which the timers are read at. */
  let now = madrid('2026-11-23T09:00');
  let t: TestApp;
  let admin: TestAccount;
  let client: TestAccount;
  const create = requestFactories(() => t);

  beforeAll(async () => {
    t = await createTestApp({ env: { FIRM_EMAIL: 'despacho@example.com' }, worker: { clock: () => now, pollMs: day } });
    admin = await createAccount(t, { role: 'admin' });
    client = await createAccount(t, { firstName: 'Karim', lastName: 'Haddad' });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    const { db } = t.database;
    await Promise.all([
      db.delete(contactFormSubmissions),
      db.delete(translationRequests),
      db.delete(consultations),
      db.delete(chatConversations),
      db.delete(agendaSettings),
      db.delete(agendaDayOverrides),
    ]);
  });

  const timersAt = async (local: string) => {
    now = madrid(local);
    const response = await t.app.inject({ url: '/api/admin/reply-timers', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<ReplyTimers>();
  };
  const timerOf = (timers: ReplyTimers, id: string) => timers.timers.find((timer) => timer.id === id);
  const markAnswered = (resource: string, id: string, payload: object = { answered: true }, account = admin) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/${resource}/${id}`, payload, headers: { cookie: account.cookie } });

  it('answers 401 without a session and 403 to a client', async () => {
    const id = await create.contact('Ana', madrid('2026-11-23T09:00'));
    expect((await t.app.inject({ url: '/api/admin/reply-timers' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/reply-timers', headers: { cookie: client.cookie } })).statusCode).toBe(403);
    expect((await markAnswered('contact-requests', id, { answered: true }, client)).statusCode).toBe(403);
    expect((await markAnswered('translation-requests', id, { answered: true }, client)).statusCode).toBe(403);
  });

  it('gives a contact request 48 business hours, counts it overdue past them, and stops when the admin marks it answered', async () => {
    const id = await create.contact('Ana López', madrid('2026-11-23T09:00'));

    // Six days of 8 hours: due Monday 30 November at 19:00.
    const before = await timersAt('2026-11-30T13:30');
    expect(timerOf(before, id)).toEqual({ kind: 'contact', id, promise: 'contact', dueAt: '2026-11-30T18:00:00.000Z', businessMsLeft: 3.5 * hour });
    expect(before.overdue).toEqual({ contact: 0, translation: 0, consultation: 0, chat: 0 });

    const after = await timersAt('2026-12-01T12:00');
    expect(timerOf(after, id)?.businessMsLeft).toBe(-3 * hour);
    expect(after.overdue.contact).toBe(1);

    const marked = await markAnswered('contact-requests', id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id, name: 'Ana López', answeredAt: expect.any(String) });
    const page = (await t.app.inject({ url: '/api/admin/contact-requests', headers: { cookie: admin.cookie } })).json();
    expect(page.items[0]).toMatchObject({ id, answeredAt: marked.json().answeredAt });
    const answered = await timersAt('2026-12-01T12:00');
    expect(timerOf(answered, id)).toBeUndefined();
    expect(answered.overdue.contact).toBe(0);

    // Once: marking it again keeps the first answer and writes no second audit row.
    expect((await markAnswered('contact-requests', id)).json().answeredAt).toBe(marked.json().answeredAt);
    const audit = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'MARK_ANSWERED'), eq(auditLogs.targetId, id)));
    expect(audit).toMatchObject([{ adminId: admin.user.id, targetTable: 'contact_form_submissions', details: { name: 'Ana López', email: 'ana@example.com' } }]);

    expect((await markAnswered('contact-requests', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await markAnswered('contact-requests', id, { answered: false })).statusCode).toBe(400);
  });

  it('gives a translation quote 48 business hours from a Friday evening, and stops when marked answered', async () => {
    const id = await create.translation('Olena Kovalenko', madrid('2026-11-27T18:30'));
    // Half an hour on Friday, five days of 8 hours, then 7.5 hours on Monday 7 December.
    const timers = await timersAt('2026-11-30T09:00');
    expect(timerOf(timers, id)).toMatchObject({ kind: 'translation', promise: 'translation', dueAt: madrid('2026-12-07T18:30').toISOString() });

    const marked = await markAnswered('translation-requests', id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id, documents: [], answeredAt: expect.any(String) });
    expect(timerOf(await timersAt('2026-11-30T09:00'), id)).toBeUndefined();
    expect(await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'MARK_ANSWERED'), eq(auditLogs.targetId, id)))).toHaveLength(1);
  });

  it('times consultations by their promise: expatriation 48 h, express 8 h, scheduled 24 h; none once answered, called or closed', async () => {
    const expatriation = await create.consultation({ consultationType: 'expatriacion', details: { name: 'Lucía Pérez' }, createdAt: madrid('2026-11-23T09:00') });
    const express = await create.consultation({ consultationType: 'express', userId: client.user.id, createdAt: madrid('2026-11-23T17:00') });
    const scheduled = await create.consultation({ consultationType: 'scheduled', userId: client.user.id, createdAt: madrid('2026-11-19T18:00') });
    const answered = await create.consultation({ consultationType: 'express', userId: client.user.id, createdAt: madrid('2026-11-23T09:00'), answeredAt: madrid('2026-11-23T10:00') });
    const called = await create.consultation({ consultationType: 'scheduled', userId: client.user.id, createdAt: madrid('2026-11-23T09:00'), scheduledAt: madrid('2026-11-25T10:30') });
    const done = await create.consultation({ consultationType: 'express', userId: client.user.id, createdAt: madrid('2026-11-23T09:00'), status: 'completada' });
    const cancelled = await create.consultation({ consultationType: 'scheduled', userId: client.user.id, createdAt: madrid('2026-11-23T09:00'), status: 'cancelada' });

    const timers = await timersAt('2026-11-24T18:00');
    expect(timerOf(timers, expatriation)).toMatchObject({ kind: 'consultation', promise: 'expatriation', dueAt: madrid('2026-11-30T19:00').toISOString() });
    // Two hours on Monday, five on Tuesday morning, one in the afternoon: overdue since 17:00.
    expect(timerOf(timers, express)).toMatchObject({ promise: 'express', dueAt: madrid('2026-11-24T17:00').toISOString(), businessMsLeft: -hour });
    // One hour on Thursday, Friday and Monday, then Tuesday until 18:00: due this very moment.
    expect(timerOf(timers, scheduled)).toMatchObject({ promise: 'scheduled', dueAt: madrid('2026-11-24T18:00').toISOString(), businessMsLeft: 0 });
    for (const id of [answered, called, done, cancelled]) expect(timerOf(timers, id)).toBeUndefined();
    expect(timers.overdue.consultation).toBe(2);
  });

  it('times a chat conversation from the oldest visitor message since the firm\'s last reply, and counts it once', async () => {
    const waiting = newToken();
    const answeredFirst = await create.chatMessage(waiting, 'Nadia', madrid('2026-11-23T10:00'));
    const reply = await t.app.inject({ method: 'POST', url: `/api/admin/chat/messages/${answeredFirst}/replies`, payload: { message: 'Claro, dinos.' }, headers: { cookie: admin.cookie } });
    expect(reply.statusCode).toBe(201);
    const second = await create.chatMessage(waiting, 'Nadia', madrid('2026-11-24T09:00'));
    const third = await create.chatMessage(waiting, 'Nadia', madrid('2026-11-24T09:30'));
    const forgotten = newToken();
    const alone = await create.chatMessage(forgotten, 'Sven', madrid('2026-11-23T09:00'));

    const timers = await timersAt('2026-12-01T12:00');
    expect(timerOf(timers, answeredFirst)).toBeUndefined();
    // Both of Nadia's waiting messages carry the conversation's timer, from Tuesday 9:00.
    expect(timerOf(timers, second)).toEqual({ kind: 'chat', id: second, promise: 'chat', dueAt: madrid('2026-12-01T19:00').toISOString(), businessMsLeft: 5 * hour });
    expect(timerOf(timers, third)).toEqual({ ...timerOf(timers, second), id: third });
    expect(timerOf(timers, alone)?.businessMsLeft).toBe(-3 * hour);
    expect(timers.overdue.chat).toBe(1);

    // A reply to the older message answers everything the visitor wrote before it.
    await t.app.inject({ method: 'POST', url: `/api/admin/chat/messages/${answeredFirst}/replies`, payload: { message: '¿Seguís ahí?' }, headers: { cookie: admin.cookie } });
    const after = await timersAt('2026-12-01T12:00');
    expect([second, third].map((id) => timerOf(after, id))).toEqual([undefined, undefined]);
    expect(after.overdue.chat).toBe(1);
  });

  it('moves the due time when the firm edits its hours in the Agenda', async () => {
    const id = await create.contact('Ana', madrid('2026-11-23T09:00'));
    const dueAt = async () => timerOf(await timersAt('2026-11-23T12:00'), id)?.dueAt;
    const save = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload, headers: { cookie: admin.cookie } });
    expect(await dueAt()).toBe(madrid('2026-11-30T19:00').toISOString());

    const long = [{ opens: '09:00', closes: '21:00' }];
    expect((await save('/api/admin/agenda/hours', { weekly: [long, long, long, long, long, [], []], minimumNoticeHours: 4, expressFollowUps: 2 })).statusCode).toBe(200);
    expect(await dueAt()).toBe(madrid('2026-11-26T21:00').toISOString());

    expect((await save('/api/admin/agenda/days/2026-11-25', { ranges: [] })).statusCode).toBe(200);
    expect(await dueAt()).toBe(madrid('2026-11-27T21:00').toISOString());
  });
});

describe('the morning mail of overdue requests', () => {
  let now = madrid('2026-11-30T07:30');
  let t: TestApp;
  let smtp: MailCapture;
  let admin: TestAccount;
  const create = requestFactories(() => t);

  beforeAll(async () => {
    smtp = await startMailCapture();
    // The worker first runs at 07:30 on Monday 30 November: too early, the mail is due at 08:00.
    t = await createTestApp({ env: { SMTP_URL: smtp.url, FIRM_EMAIL: 'despacho@example.com' }, worker: { clock: () => now, pollMs: day } });
    admin = await createAccount(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The worker's pass at `local` on the firm's clock, twice, as a second instance or a retry would. */
  async function workAt(local: string) {
    now = madrid(local);
    await t.app.worker.kick();
    await t.app.worker.kick();
  }
  /** What the firm's inbox received about overdue requests. */
  const digests = () => smtp.messages.filter((mail) => mail.to.includes('despacho@example.com') && mail.subject.includes('respuesta vencida'));

  it('lists what is overdue, in Spanish, once each morning the firm opens, and never when nothing is', async () => {
    const contact = await create.contact('Ana López', madrid('2026-11-16T09:00'));
    await create.chatMessage(newToken(), 'Sven', madrid('2026-11-19T10:00'));
    await create.contact('Todavía a tiempo', madrid('2026-11-30T07:00'));

    await workAt('2026-11-30T07:45');
    expect(digests()).toEqual([]);

    await workAt('2026-11-30T08:05');
    const [first] = digests();
    expect(first?.subject).toBe('2 solicitudes con la respuesta vencida');
    expect(first?.text).toContain('Buenos días:');
    // Due Monday 23 November at 19:00: four days of 8 hours overdue by Monday 8:05, the firm not yet open.
    expect(first?.text).toContain('Solicitud de contacto · Ana López · recibida el 16 nov 2026, 09:00 · Vencida hace 32 h hábiles');
    expect(first?.text).toContain('Conversación del chat · Sven · recibida el 19 nov 2026, 10:00 · Vencida hace');
    expect(first?.text).not.toContain('Todavía a tiempo');
    expect(first?.text).toContain('Abrir el panel de administración\nhttp://localhost:3000/admin');

    await workAt('2026-11-30T11:00');
    expect(digests()).toHaveLength(1);

    // Tuesday: the contact request was answered meanwhile, the chat still waits.
    await t.app.inject({ method: 'PATCH', url: `/api/admin/contact-requests/${contact}`, payload: { answered: true }, headers: { cookie: admin.cookie } });
    await workAt('2026-12-01T08:00');
    expect(digests().map((mail) => mail.subject)).toEqual(['2 solicitudes con la respuesta vencida', '1 solicitud con la respuesta vencida']);

    // Closed on Saturday and Sunday, on a day off the firm set (Monday 7), and on the 8 December holiday.
    await t.app.inject({ method: 'PUT', url: '/api/admin/agenda/days/2026-12-07', payload: { ranges: [], note: 'Puente' }, headers: { cookie: admin.cookie } });
    for (const morning of ['2026-12-05T08:00', '2026-12-06T08:00', '2026-12-07T08:00', '2026-12-08T08:00']) await workAt(morning);
    expect(digests()).toHaveLength(2);
    await workAt('2026-12-09T08:00');
    expect(digests()).toHaveLength(3);

    // Nothing overdue: no mail.
    await t.database.db.delete(chatConversations);
    await t.database.db.delete(contactFormSubmissions);
    await workAt('2026-12-10T08:00');
    expect(digests()).toHaveLength(3);
  });
});
