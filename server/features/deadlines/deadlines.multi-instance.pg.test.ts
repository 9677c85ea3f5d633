import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadlineReminders } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { acceptingLetter } from '#server/test/engagement.ts';
import { createDeadlineMails } from './deadlines.mails.ts';
import { sendDueReminders } from './deadlines.service.ts';

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */
const day = 24 * 60 * 60 * 1000;

describe('deadline reminders across two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  /** One clock for both instances: 09:00 in Elche of the day a test names. */
  let now = new Date('2026-11-23T08:00:00Z');
  let one: Instance;
  let two: Instance;
  let smtp: MailCapture;
  let admin: TestAccount;
  let client: TestAccount;

  /** Both workers at the same moment, several times over, at 09:00 and 10:00 of `isoDay`. */
  async function workTogetherOn(isoDay: string) {
    for (const hour of ['08', '09']) {
      now = new Date(`${isoDay}T${hour}:00:00Z`);
      for (let round = 0; round < 2; round += 1) await Promise.all([one.app.worker.kick(), two.app.worker.kick()]);
    }
  }

  beforeAll(async () => {
    smtp = await startMailCapture();
    running = await startInstances(2, {
      env: { SMTP_URL: smtp.url, FIRM_EMAIL: 'despacho@example.com' },
      worker: { clock: () => now, pollMs: day },
    });
    [one, two] = running.instances as [Instance, Instance];
    admin = await createAccount(one, { role: 'admin' });
    client = await createAccount(one, { firstName: 'Amina', lastName: 'Diallo' });
  });
  afterAll(async () => {
    await running?.close();
    await smtp?.close();
  });

  async function deadlineOnNewCase(payload: { kind: string; startDate: string }) {
    const checkout = await one.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: { cookie: client.cookie },
      payload: await acceptingLetter(one.app, { cookie: client.cookie }, { service: { id: 'arraigo' }, user: client.user }),
    });
    const session = new URL(checkout.json<{ url: string }>().url).searchParams.get('session');
    await two.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers: { cookie: client.cookie } });
    const cases = (await one.app.inject({ url: '/api/cases', headers: { cookie: client.cookie } })).json<Array<{ id: number }>>();
    const created = await two.app.inject({ method: 'POST', url: `/api/admin/cases/${cases[0]?.id}/deadlines`, headers: { cookie: admin.cookie }, payload });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: string; displayId: string; dueDate: string }>();
  }

  const deliveredTo = (recipient: string, ...texts: string[]) =>
    smtp.messages.filter((message) => message.to.includes(recipient) && texts.every((text) => message.text.includes(text)));

  it('mails each reminder of a deadline exactly once to the client and to the firm, whichever worker runs it', async () => {
    // Notified Tue 1 Dec 2026: due Wed 16 Dec (8 Dec is a holiday).
    const deadline = await deadlineOnNewCase({ kind: 'requerimiento', startDate: '2026-12-01' });
    expect(deadline.dueDate).toBe('2026-12-16');

    for (const isoDay of ['2026-12-09', '2026-12-10', '2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17']) await workTogetherOn(isoDay);
    await Promise.all([one.app.worker.kick(), two.app.worker.kick()]);

    for (const text of ['dentro de una semana', 'dentro de dos días', 'Hoy, 16 de diciembre de 2026']) {
      expect(deliveredTo(client.user.email, text, deadline.displayId)).toHaveLength(1);
      expect(deliveredTo('despacho@example.com', text, deadline.displayId)).toHaveLength(1);
    }
    expect(await one.database.db.select().from(deadlineReminders).where(eq(deadlineReminders.deadlineId, deadline.id))).toHaveLength(6);
  });

  it('keeps a reminder once when both instances run the reminder pass at the same instant', async () => {
    const deadline = await deadlineOnNewCase({ kind: 'tie', startDate: '2026-12-20' });
    now = new Date(`${deadline.dueDate}T08:00:00Z`);
    const pass = (instance: Instance) =>
      sendDueReminders({ db: instance.database.db, mails: createDeadlineMails(instance.app.config, instance.app.outbox), now: () => now });
    const queued = await Promise.all([pass(one), pass(two), pass(one), pass(two)]);
    // The client's and the firm's 'on the day' mail, queued by whichever pass took each first.
    expect(queued.reduce((sum, count) => sum + count, 0)).toBe(2);
    await Promise.all([one.app.worker.kick(), two.app.worker.kick()]);
    expect(deliveredTo(client.user.email, 'Hoy,', deadline.displayId)).toHaveLength(1);
    expect(deliveredTo('despacho@example.com', 'Hoy,', deadline.displayId)).toHaveLength(1);
    expect(await one.database.db.select().from(deadlineReminders).where(eq(deadlineReminders.deadlineId, deadline.id))).toHaveLength(2);
  });
});
