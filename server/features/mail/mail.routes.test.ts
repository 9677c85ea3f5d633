import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, mailOutbox } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { testClock } from '#server/test/clock.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

const minute = 60 * 1000;
const hour = 60 * minute;
const day = 24 * hour;

describe('durable mail', () => {
  const clock = testClock();
  let t: TestApp;
  let port: number;
  /** The SMTP server, while it is up. */
  let smtp: MailCapture | undefined;
  let admin: TestAccount;
  let ip = 0;

  const mailServerUp = async () => {
    smtp ??= await startMailCapture(port);
    return smtp;
  };
  const mailServerDown = async () => {
    await smtp?.close();
    smtp = undefined;
  };
  /** One pass of the worker, as its poll or a wake-up would run it. */
  const work = () => t.app.worker.kick();
  const mailsTo = (recipient: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
  const mailTo = async (recipient: string) => {
    const [row] = await mailsTo(recipient);
    if (!row) throw new Error(`no mail to ${recipient} in the outbox`);
    return row;
  };
  const register = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { firstName: 'Amina', lastName: 'El Idrissi', email, phone: '+34 612 345 678', password: 'Palmeral-de-Elche-26', acceptTerms: true },
      remoteAddress: `10.1.0.${(ip += 1)}`,
    });
  /** Lets every retry run out while the mail server is down. */
  async function failForGood(recipient: string) {
    for (let attempt = 0; attempt < 10 && (await mailTo(recipient)).status !== 'failed'; attempt += 1) {
      clock.advance(day);
      await work();
    }
    expect(await mailTo(recipient)).toMatchObject({ status: 'failed', attempts: 6 });
  }

  beforeAll(async () => {
    // A port where the mail server listens only while a test says it is up.
    const first = await startMailCapture();
    port = Number(new URL(first.url).port);
    await first.close();
    // No poll: the worker runs when a mail wakes it or a test kicks it.
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: 'http://localhost:3000' }, worker: { clock: clock.now, pollMs: day } });
    admin = await createAccount(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await mailServerDown();
  });
  beforeEach(mailServerDown);

  it("keeps a registration's confirmation mail while the mail server is down and delivers it once it is back, exactly once", async () => {
    const response = await register('espera@example.com');
    expect(response.statusCode).toBe(202);
    await work();
    expect(await mailTo('espera@example.com')).toMatchObject({ status: 'queued', attempts: 1, lastErrorReason: 'unreachable' });

    const server = await mailServerUp();
    await work();
    expect(server.messages.filter((message) => message.to.includes('espera@example.com'))).toEqual([]);

    clock.advance(minute);
    await work();
    const mail = await server.waitFor('espera@example.com', /Confirma tu cuenta/);
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=\S+/);
    expect(await mailTo('espera@example.com')).toMatchObject({ status: 'sent', attempts: 2 });

    for (let pass = 0; pass < 3; pass += 1) {
      clock.advance(day);
      await work();
    }
    expect(server.messages.filter((message) => message.to.includes('espera@example.com'))).toHaveLength(1);
  });

  it('waits 1 min, 5 min, 30 min, 2 h and 12 h between attempts, then marks the mail failed for good', async () => {
    expect((await register('sin-servidor@example.com')).statusCode).toBe(202);
    await work();
    const delays = [minute, 5 * minute, 30 * minute, 2 * hour, 12 * hour];
    for (const [index, delay] of delays.entries()) {
      const row = await mailTo('sin-servidor@example.com');
      expect(row).toMatchObject({ status: 'queued', attempts: index + 1 });
      expect(row.nextAttemptAt.getTime() - (row.lastAttemptAt?.getTime() ?? 0)).toBe(delay);

      clock.advance(delay - 1000);
      await work();
      expect((await mailTo('sin-servidor@example.com')).attempts).toBe(index + 1);
      clock.advance(1000);
      await work();
    }
    expect(await mailTo('sin-servidor@example.com')).toMatchObject({ status: 'failed', attempts: 6, lockedUntil: null });
  });

  it('wakes when another instance announces a mail (NOTIFY), with nothing polling', async () => {
    const server = await mailServerUp();
    await t.database.db.insert(mailOutbox).values({ recipient: 'avisado@example.com', subject: 'Aviso', textBody: 'Hola', htmlBody: '<p>Hola</p>', nextAttemptAt: clock.now() });
    await t.database.db.execute(sql`select pg_notify('background_work', '')`);
    expect((await server.waitFor('avisado@example.com')).subject).toBe('Aviso');
  });

  it('writes no mail when the change it tells of is rolled back', async () => {
    const rolledBack = t.database.db.transaction(async (tx) => {
      await t.app.outbox.enqueue(tx, { to: 'nunca@example.com', subject: 'Nunca', text: 'x', html: '<p>x</p>' });
      throw new Error('the change failed');
    });
    await expect(rolledBack).rejects.toThrow('the change failed');
    await work();
    expect(await mailsTo('nunca@example.com')).toEqual([]);
  });

  it('retakes a mail whose sender stopped mid-send once its claim has run out', async () => {
    await t.database.db.insert(mailOutbox).values({
      recipient: 'abandonado@example.com',
      subject: 'Abandonado',
      textBody: 'Hola',
      htmlBody: '<p>Hola</p>',
      status: 'sending',
      attempts: 1,
      lockedUntil: new Date(clock.now().getTime() + 10 * minute),
    });
    const server = await mailServerUp();
    const delivered = () => server.messages.filter((message) => message.to.includes('abandonado@example.com'));
    await work();
    expect(delivered()).toEqual([]);
    clock.advance(10 * minute);
    await work();
    expect(delivered()).toHaveLength(1);
    expect(await mailTo('abandonado@example.com')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('forgets delivered mails after a week', async () => {
    const server = await mailServerUp();
    await t.app.outbox.enqueue(t.database.db, { to: 'olvido@example.com', subject: 'Olvido', text: 'x', html: '<p>x</p>' });
    await server.waitFor('olvido@example.com');
    clock.advance(6 * day);
    await work();
    expect(await mailsTo('olvido@example.com')).toHaveLength(1);
    clock.advance(2 * day);
    await work();
    expect(await mailsTo('olvido@example.com')).toEqual([]);
  });

  describe('the admin panel', () => {
    const as = (account: TestAccount | undefined, method: 'GET' | 'POST', url: string) =>
      t.app.inject({ method, url, headers: account ? { cookie: account.cookie } : {} });

    it('lists the mails that failed for good with a readable reason, and sends one again with its audit row', async () => {
      expect((await register('reintento@example.com')).statusCode).toBe(202);
      await failForGood('reintento@example.com');
      const { id } = await mailTo('reintento@example.com');

      const list = await as(admin, 'GET', '/api/admin/failed-mails?q=reintento');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ total: 1, page: 1 });
      expect(list.json().items).toEqual([
        {
          id,
          recipient: 'reintento@example.com',
          subject: expect.stringMatching(/Confirma tu cuenta/),
          attempts: 6,
          reason: 'unreachable',
          error: expect.stringContaining('ECONNREFUSED'),
          createdAt: expect.any(String),
          lastAttemptAt: expect.any(String),
        },
      ]);

      const resent = await as(admin, 'POST', `/api/admin/failed-mails/${id}/resend`);
      expect(resent.statusCode).toBe(204);
      // Back in the queue with its count of attempts started again: tried at once, then after a minute.
      await work();
      expect(await mailTo('reintento@example.com')).toMatchObject({ status: 'queued', attempts: 1 });
      expect(await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, id), eq(auditLogs.action, 'MAIL_RESEND')))).toEqual([
        expect.objectContaining({ adminId: admin.user.id, targetTable: 'mail_outbox', details: { recipient: 'reintento@example.com', subject: expect.any(String) } }),
      ]);

      const server = await mailServerUp();
      clock.advance(minute);
      await work();
      expect((await server.waitFor('reintento@example.com')).subject).toMatch(/Confirma tu cuenta/);
      expect((await as(admin, 'GET', '/api/admin/failed-mails?q=reintento')).json().items).toEqual([]);
      expect((await as(admin, 'POST', `/api/admin/failed-mails/${id}/resend`)).statusCode).toBe(409);
      expect((await as(admin, 'POST', '/api/admin/failed-mails/00000000-0000-4000-8000-000000000000/resend')).statusCode).toBe(404);
      expect((await as(admin, 'POST', '/api/admin/failed-mails/not-an-id/resend')).statusCode).toBe(400);
    });

    it('answers 401 to someone signed out and 403 to a client, and changes nothing', async () => {
      const client = await createAccount(t);
      await t.app.outbox.enqueue(t.database.db, { to: 'prohibido@example.com', subject: 'Prohibido', text: 'x', html: '<p>x</p>' });
      await failForGood('prohibido@example.com');
      const { id } = await mailTo('prohibido@example.com');
      for (const [account, status] of [
        [undefined, 401],
        [client, 403],
      ] as const) {
        expect((await as(account, 'GET', '/api/admin/failed-mails')).statusCode).toBe(status);
        expect((await as(account, 'POST', `/api/admin/failed-mails/${id}/resend`)).statusCode).toBe(status);
      }
      expect(await mailTo('prohibido@example.com')).toMatchObject({ status: 'failed', attempts: 6 });
    });
  });
});
