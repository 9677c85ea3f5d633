import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#server/test/database.ts';
import { createRealtime, type Realtime, type RealtimeNotice } from './realtime.ts';

function collector() {
  const notices: RealtimeNotice[] = [];
  return {
    notices,
    listener: (notice: RealtimeNotice) => notices.push(notice),
    waitFor: async (match: (notice: RealtimeNotice) => boolean, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = notices.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no matching notice; got ${JSON.stringify(notices)}`);
    },
  };
}

const payload = (value: string) => (notice: RealtimeNotice) => notice.kind === 'payload' && notice.payload === value;

describe('realtime fan-out through LISTEN/NOTIFY', () => {
  let database: TestDatabase;
  let realtime: Realtime;

  beforeAll(async () => {
    database = await createTestDatabase();
    realtime = createRealtime(database, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await realtime.close();
    await database.dispose();
  });

  it('delivers a published payload to every subscriber of the channel, and to none of another', async () => {
    const first = collector();
    const second = collector();
    const other = collector();
    const stopFirst = await realtime.subscribe('test_events', first.listener);
    await realtime.subscribe('test_events', second.listener);
    await realtime.subscribe('other_events', other.listener);

    await realtime.publish('test_events', '{"n":1}');
    await first.waitFor(payload('{"n":1}'));
    await second.waitFor(payload('{"n":1}'));

    stopFirst();
    await realtime.publish('test_events', '{"n":2}');
    await second.waitFor(payload('{"n":2}'));
    expect(first.notices.some(payload('{"n":2}'))).toBe(false);
    expect(other.notices).toEqual([]);
  });

  it('sends a notice published inside a transaction at its commit, and never after a rollback', async () => {
    const heard = collector();
    await realtime.subscribe('tx_events', heard.listener);
    await database.db
      .transaction(async (tx) => {
        await realtime.publish('tx_events', 'rolled back', tx);
        throw new Error('rollback');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await realtime.publish('tx_events', 'committed', tx);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.notices).toEqual([]);
    });
    await heard.waitFor(payload('committed'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.notices).toEqual([{ kind: 'payload', payload: 'committed' }]);
  });

  it('refuses payloads PostgreSQL would refuse, and channel names that are not plain identifiers', async () => {
    await expect(realtime.publish('test_events', 'x'.repeat(8000))).rejects.toThrow(/over 7999 bytes/);
    await expect(realtime.subscribe('bad channel; drop table users', () => {})).rejects.toThrow(/invalid LISTEN channel/);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'reconnects its LISTEN connection when the server drops it, and tells subscribers to catch up',
    async () => {
      const heard = collector();
      await realtime.subscribe('drop_events', heard.listener);
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      );
      await heard.waitFor((notice) => notice.kind === 'resync', 10_000);
      await realtime.publish('drop_events', 'after the drop');
      await heard.waitFor(payload('after the drop'));
    },
  );
});
