import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** NOTIFY, the sending half of pg-listener.ts: given a transaction, it is delivered when that commits. */
export async function notify(executor: Db | Tx, channel: string, payload: string): Promise<void> {
  await executor.execute(sql`select pg_notify(${channel}, ${payload})`);
}
