// The baseline of the public reads and of the idle memory: a bare Fastify (no plugins, no schemas,
// no logger) with one raw query, the same SQL the product's Drizzle query sends, on PGlite
// (BENCH_PGLITE_DIR, the product's own data directory) or on a `pg` pool (BENCH_DATABASE_URL,
// with as many connections as the product's pool).
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

type NewsRow = { id: string; title: string; content: string; created_at: Date };

const latestNewsSql =
  'select "id", "title", "content", "created_at" from "news" where "news"."created_at" <= now() order by "news"."created_at" desc limit $1';

async function openQuery(): Promise<(sql: string, params: unknown[]) => Promise<NewsRow[]>> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return async (sql, params) => (await pool.query<NewsRow>(sql, params)).rows;
  }
  const db = new PGlite(process.env.BENCH_PGLITE_DIR);
  await db.waitReady;
  return async (sql, params) => (await db.query<NewsRow>(sql, params)).rows;
}

const query = await openQuery();
const app = Fastify();

app.get('/healthz', async () => {
  await query('select 1', []);
  return { status: 'ok' };
});

app.get<{ Querystring: { limit?: string } }>('/api/news', async (request) => {
  const limit = Math.min(50, Math.max(1, Number(request.query.limit ?? 50) || 50));
  const rows = await query(latestNewsSql, [limit]);
  return rows.map((row) => ({ id: row.id, title: row.title, content: row.content, createdAt: row.created_at.toISOString() }));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
