import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/index.ts';
import { testClock } from '#server/test/clock.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */
const minute = 60 * 1000;
const day = 24 * 60 * minute;

describe('background work across two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  const clock = testClock();
  const counted = { runs: 0 };
  let one: Instance;
  let two: Instance;
  let port: number;
  let databaseUrl: string;
  let smtp: MailCapture | undefined;

  /** Both workers at the same moment, several times over. */
  async function workTogether() {
    for (let round = 0; round < 3; round += 1) await Promise.all([one.app.worker.kick(), two.app.worker.kick()]);
  }

  beforeAll(async () => {
    const first = await startMailCapture();
    port = Number(new URL(first.url).port);
    await first.close();
    // The worker only polls once a day: every pass below is one the test asks for.
    running = await startInstances(2, {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      worker: { clock: clock.now, pollMs: day },
      prepare: (app) =>
        app.worker.addTask({
          name: 'test.count',
          intervalMs: day,
          run: async () => {
            counted.runs += 1;
          },
        }),
    });
    [one, two] = running.instances as [Instance, Instance];
    databaseUrl = running.databaseUrl;
  });
  afterAll(async () => {
    await running?.close();
    await smtp?.close();
  });

  it('keeps a confirmation mail while the mail server is down and delivers it exactly once when it is back', async () => {
    const registered = await one.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { firstName: 'Amina', lastName: 'El Idrissi', email: 'dos@example.com', phone: '+34 612 345 678', password: 'Palmeral-de-Elche-26', acceptTerms: true },
    });
    expect(registered.statusCode).toBe(202);
    await workTogether();
    const [waiting] = await one.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'dos@example.com'));
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastErrorReason: 'unreachable' });

    smtp = await startMailCapture(port);
    // Many mails at once, so that both workers claim side by side.
    for (let index = 0; index < 20; index += 1) {
      await two.app.outbox.enqueue(two.database.db, { to: `lote${index}@example.com`, subject: `Lote ${index}`, text: 'x', html: '<p>x</p>' });
    }
    clock.advance(minute);
    await workTogether();

    const recipients = smtp.messages.flatMap((message) => message.to);
    expect(recipients.filter((to) => to === 'dos@example.com')).toHaveLength(1);
    expect(recipients.filter((to) => to.startsWith('lote')).sort()).toEqual(Array.from({ length: 20 }, (_, index) => `lote${index}@example.com`).sort());
    const statuses = await one.database.db.select({ status: mailOutbox.status, count: sql<number>`count(*)::int` }).from(mailOutbox).groupBy(mailOutbox.status);
    expect(statuses).toEqual([{ status: 'sent', count: 21 }]);
  });

  it('is woken by a NOTIFY from outside, with nothing polling', async () => {
    smtp ??= await startMailCapture(port);
    const server = smtp;
    await one.database.db
      .insert(mailOutbox)
      .values({ recipient: 'de-fuera@example.com', subject: 'De fuera', textBody: 'x', htmlBody: '<p>x</p>', nextAttemptAt: clock.now() });
    // Another process on the same database, such as a third instance or an operator command.
    const notifier = new pg.Client({ connectionString: databaseUrl });
    await notifier.connect();
    await notifier.query(`select pg_notify('background_work', '')`);
    await notifier.end();
    await server.waitFor('de-fuera@example.com');
    expect(server.messages.filter((message) => message.to.includes('de-fuera@example.com'))).toHaveLength(1);
  });

  it('runs each occurrence of a periodic task on one instance only', async () => {
    await workTogether();
    expect(counted.runs).toBe(1);
    clock.advance(day);
    await workTogether();
    expect(counted.runs).toBe(2);
    clock.advance(day);
    await workTogether();
    expect(counted.runs).toBe(3);
  });
});
