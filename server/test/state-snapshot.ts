import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestApp } from './app.ts';

/** Counters a refused request may move (rate limits) and the worker's clock: left out of the fingerprint. */
const volatileTables = new Set(['rate_limit_buckets', 'scheduled_tasks']);

export type StateSnapshot = { tables: Record<string, string>; files: string[] };

/**
 * What a refused request must leave as it was: every table's rows hashed (but the volatile ones)
 * and the stored files' names. The worker's pending mail is delivered first, so mail queued by an
 * earlier accepted request is not taken for a change made by the refused one.
 */
export async function stateSnapshotter(t: TestApp): Promise<() => Promise<StateSnapshot>> {
  const uploadsDir = path.join(t.app.config.dataDir, 'uploads');
  const tables = (await t.database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  const fingerprintQuery = tables.rows
    .filter((row) => !volatileTables.has(row.name))
    .map((row) => `select '${row.name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from "${row.name}" x`)
    .join(' union all ');

  const databaseFingerprint = async () => {
    const result = (await t.database.db.execute(sql.raw(fingerprintQuery))) as unknown as { rows: { name: string; digest: string }[] };
    return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
  };
  const storedFiles = () => {
    if (!fs.existsSync(uploadsDir)) return [];
    return (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter((file) => fs.statSync(path.join(uploadsDir, file)).isFile()).sort();
  };
  return async () => {
    await t.app.worker.kick();
    return { tables: await databaseFingerprint(), files: storedFiles() };
  };
}
