// The baseline of the public reads and of the idle memory: a bare Fastify (no plugins, no schemas,
// no logger) with one raw query, the same SQL the product's Drizzle query sends, on PGlite
// (BENCH_PGLITE_DIR, the product's own data directory) or on a `pg` pool (BENCH_DATABASE_URL,
// with as many connections as the product's pool).
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

type NewsRow = { id: string; language: string; languages: string[]; title: string; content: string; created_at: Date };

const latestNewsSql =
  'select "news"."id", "news"."created_at", coalesce("chosen"."language", "spanish"."language") as "language", ' +
  '(select array_agg("news_translations"."language") from "news_translations" where "news_translations"."news_id" = "news"."id") as "languages", ' +
  'coalesce("chosen"."title", "spanish"."title") as "title", coalesce("chosen"."content", "spanish"."content") as "content" from "news" ' +
  'inner join "news_translations" "spanish" on ("spanish"."news_id" = "news"."id" and "spanish"."language" = $1) ' +
  'left join "news_translations" "chosen" on ("chosen"."news_id" = "news"."id" and "chosen"."language" = $2) ' +
  'where "news"."created_at" <= now() order by "news"."created_at" desc limit $3';

const siteOrder = ['es', 'en', 'fr'];

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

app.get<{ Querystring: { limit?: string; lang?: string } }>('/api/news', async (request) => {
  const limit = Math.min(50, Math.max(1, Number(request.query.limit ?? 50) || 50));
  const language = siteOrder.includes(request.query.lang ?? '') ? request.query.lang : 'es';
  const rows = await query(latestNewsSql, ['es', language, limit]);
  return rows.map((row) => ({
    id: row.id,
    language: row.language,
    languages: siteOrder.filter((code) => row.languages.includes(code)),
    title: row.title,
    content: row.content,
    createdAt: row.created_at.toISOString(),
  }));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
