import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaSettings, consultations, consultationSlotHolds, payments } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { testClock } from '#server/test/clock.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */
const everyDay = Array.from({ length: 7 }, () => [{ opens: '09:00', closes: '11:15' }]);

describe('no double booking across two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  let instances: [Instance, Instance];
  const clock = testClock();

  beforeAll(async () => {
    running = await startInstances(2, { worker: { clock: clock.now } });
    instances = running.instances as [Instance, Instance];
    await instances[0].database.db.insert(agendaSettings).values({ weeklyHours: everyDay, minimumNoticeHours: 2 });
    // Monday 22 March 2027, 08:00 in Madrid, whatever today is.
    clock.advance(Date.parse('2027-03-22T07:00:00Z') - clock.now().getTime());
  });
  afterAll(async () => {
    await running?.close();
  });

  const checkout = async (instance: Instance, account: TestAccount, startsAt: string, remoteAddress: string) =>
    instance.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: { cookie: account.cookie },
      remoteAddress,
      payload: await acceptingLetter(instance.app, { cookie: account.cookie }, { service: { id: 'scheduled' }, user: { id: account.user.id, email: account.user.email }, booking: { startsAt, meetingMode: 'video' } }),
    });

  it('lets exactly one of six clients checking out the same slot at once, through both instances, hold and pay it', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, (_, index) => createAccount(instances[index % 2] as Instance)));
    const startsAt = '2027-03-23T08:45:00.000Z';
    const responses = await Promise.all(clients.map((client, index) => checkout(instances[index % 2] as Instance, client, startsAt, `198.51.100.${index + 1}`)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);

    const db = instances[0].database.db;
    expect(await db.select().from(consultationSlotHolds).where(eq(consultationSlotHolds.startsAt, new Date(startsAt)))).toHaveLength(1);
    expect(await db.select().from(payments)).toHaveLength(1);

    const winner = responses.findIndex((response) => response.statusCode === 200);
    const session = new URL(responses[winner]?.json<{ url: string }>().url ?? '').searchParams.get('session');
    const paid = await instances[1].app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers: { cookie: clients[winner]?.cookie ?? '' } });
    expect(paid.statusCode).toBe(204);
    expect(await db.select({ scheduledAt: consultations.scheduledAt }).from(consultations)).toEqual([{ scheduledAt: new Date(startsAt) }]);

    // Once paid, the slot stays taken for everyone, on either instance.
    const late = await checkout(instances[0], clients[(winner + 1) % 6] as TestAccount, startsAt, '198.51.100.9');
    expect(late.statusCode).toBe(400);
    const free = await instances[1].app.inject({ url: '/api/consultations/slots?from=2027-03-23&to=2027-03-23' });
    expect(free.json()).toEqual({ slots: ['2027-03-23T08:00:00.000Z', '2027-03-23T09:30:00.000Z'] });
  });

  it('lets six throwaway accounts checking out six slots at once from one address, through both instances, hold one between them', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, (_, index) => createAccount(instances[index % 2] as Instance)));
    const days = ['2027-03-24', '2027-03-25'];
    const slots = days.flatMap((day) => ['08:00', '08:45', '09:30'].map((time) => `${day}T${time}:00.000Z`));
    const responses = await Promise.all(accounts.map((account, index) => checkout(instances[index % 2] as Instance, account, slots[index] ?? '', '203.0.113.66')));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);

    const now = clock.now();
    const live = (await instances[1].database.db.select().from(consultationSlotHolds)).filter((hold) => hold.expiresAt > now);
    expect(live).toHaveLength(1);
    const free = await instances[0].app.inject({ url: `/api/consultations/slots?from=${days[0]}&to=${days[1]}` });
    expect(free.json<{ slots: string[] }>().slots).toHaveLength(5);
  });
});
