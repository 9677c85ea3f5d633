import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/index.ts';
import type { MailMessage } from '#server/integrations/mail/mailer.ts';
import { testClock } from '#server/test/clock.ts';
import { createTestDatabase, type TestDatabase } from '#server/test/database.ts';
import type { NotificationKind } from '#common/notifications/notifications.contract.ts';
import { createMailDelivery, createMailOutbox, failureReason } from './mail.service.ts';

const log = pino({ level: 'silent' });
const smtpError = (message: string, fields: { code?: string; responseCode?: number }) => Object.assign(new Error(message), fields);

describe('mail delivery', () => {
  const clock = testClock();
  let database: TestDatabase;
  // No worker here: the test runs the delivery job's steps itself.
  const worker = { now: clock.now, wake: async () => {} };
  // Every kind wanted: the client's choices are the notifications feature's tests' (notifications.routes.test.ts).
  const preferences = { wantedByEmail: async (_executor: unknown, _userId: string, kinds: readonly NotificationKind[]) => [...kinds], unsubscribeUrl: () => 'https://asesoria.test/unsubscribe', push: async () => false };
  const outbox = () => createMailOutbox({ worker, preferences });
  const mailTo = async (recipient: string) => {
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
    return row;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('sorts what the transport says into reasons the firm can act on', () => {
    expect(failureReason(smtpError('connect ECONNREFUSED 127.0.0.1:25', { code: 'ESOCKET' }))).toBe('unreachable');
    expect(failureReason(smtpError('Greeting never received', { code: 'ETIMEDOUT' }))).toBe('unreachable');
    expect(failureReason(smtpError('Invalid login: 535 Authentication failed', { code: 'EAUTH', responseCode: 535 }))).toBe('authentication');
    expect(failureReason(smtpError('550 5.1.1 User unknown', { code: 'EENVELOPE', responseCode: 550 }))).toBe('rejected');
    expect(failureReason(smtpError('452 4.2.2 Mailbox full', { code: 'EENVELOPE', responseCode: 452 }))).toBe('deferred');
    expect(failureReason(new Error('ENOSPC: no space left on device'))).toBe('other');
  });

  it('hands the transport the message exactly as it was written, reply-to and attachments included', async () => {
    const sent: MailMessage[] = [];
    const message = {
      to: 'firma@example.com',
      subject: 'Nuevo mensaje',
      text: 'Hola: http://localhost:3000/admin',
      html: '<p>Hola</p>',
      replyTo: 'cliente@example.com',
      attachments: [{ filename: 'cita.ics', contentType: 'text/calendar', contentBase64: Buffer.from('BEGIN:VCALENDAR').toString('base64') }],
    };
    await outbox().enqueue(database.db, message);
    const job = createMailDelivery({ db: database.db, worker, mailer: { send: async (mail) => void sent.push(mail) }, log });
    expect(await job.step()).toBe(true);
    expect(await job.step()).toBe(false);
    expect(sent).toEqual([message]);
    expect(await mailTo('firma@example.com')).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
  });

  it('follows the retry schedule it is given and fails for good after its last delay', async () => {
    await outbox().enqueue(database.db, { to: 'clave@example.com', subject: 'Clave', text: 'x', html: '<p>x</p>' });
    const refusing = { send: async () => Promise.reject(smtpError('Invalid login: 535 Authentication failed', { code: 'EAUTH', responseCode: 535 })) };
    const job = createMailDelivery({ db: database.db, worker, mailer: refusing, log }, [10_000]);

    expect(await job.step()).toBe(true);
    const first = await mailTo('clave@example.com');
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastErrorReason: 'authentication', lastError: 'Invalid login: 535 Authentication failed' });
    expect((first?.nextAttemptAt.getTime() ?? 0) - (first?.lastAttemptAt?.getTime() ?? 0)).toBe(10_000);
    expect(await job.step()).toBe(false);

    clock.advance(10_000);
    expect(await job.step()).toBe(true);
    expect(await mailTo('clave@example.com')).toMatchObject({ status: 'failed', attempts: 2 });
    clock.advance(24 * 60 * 60 * 1000);
    expect(await job.step()).toBe(false);
  });
});
