import path from 'node:path';
import { signInOverHttp } from '../../e2e/support/accounts.ts';
import { request } from '../http-client.ts';
import { startProduct, type ProductPlace } from '../product.ts';
import { runScript } from '../processes.ts';
import type { Goal } from '../report.ts';
import { percentile, round } from '../stats.ts';

/*
 * A firm's five years (`npm run seed:firm`: 5,000 clients, 20,000 cases, 200,000 documents, 50,000
 * payments and invoices, 1,000,000 audit entries): the back office's search, its main lists and "Hoy",
 * each called one at a time by a signed-in owner, as a person clicking does. Goal: p95 ≤ 150 ms
 * per call (issue 29). Seeding takes a few minutes a database, so this part runs only when asked
 * (`npm run bench -- --firm`).
 */

const staff = { email: 'bench-owner@example.com', password: 'una-clave-de-banco-larga' };
const callsPerMeasure = 40;
const warmUpCalls = 3;
const goalMs = 150;

type Page<T> = { items: T[]; total: number };
type SearchHit = { title: string; detail: string };
type Results = Record<'clients' | 'cases' | 'invoices' | 'quotes', SearchHit[]>;

type FirmMeasure = { measure: string; calls: number; p50Ms: number; p95Ms: number; maxMs: number };
export type FirmResult = { database: 'PGlite' | 'PostgreSQL'; seedSeconds: number; measures: FirmMeasure[] };

async function timedCalls(urls: string[], cookie: string): Promise<number[]> {
  const times: number[] = [];
  for (const [index, url] of urls.entries()) {
    const began = performance.now();
    const answer = await request(url, { headers: { cookie } });
    const took = performance.now() - began;
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${answer.body.slice(0, 200)}`);
    if (index >= warmUpCalls) times.push(took);
  }
  return times;
}

const rotate = <T>(items: T[], count: number) => Array.from({ length: count }, (_, index) => items[index % items.length]!);

/** Seeds the firm into `place`, starts the product on it and times each call. */
export async function measureFirm(place: ProductPlace, database: FirmResult['database'], logDir: string, say: (line: string) => void): Promise<FirmResult> {
  const env = { DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl };
  say(`  ${database}: seeding a firm's five years…`);
  const seeded = performance.now();
  await runScript('scripts/seed-firm.ts', [], env);
  const seedSeconds = round((performance.now() - seeded) / 1000, 0);
  await runScript('scripts/admin-create.ts', ['--email', staff.email, '--password', staff.password], env);
  const product = await startProduct(place, logDir, `product-firm-${database.toLowerCase()}`);
  try {
    const cookie = await signInOverHttp(product.url, staff);
    const api = (pathAndQuery: string) => `${product.url}${pathAndQuery}`;
    const get = async <T>(pathAndQuery: string) => {
      const answer = await request(api(pathAndQuery), { headers: { cookie } });
      if (answer.status !== 200) throw new Error(`${pathAndQuery}: ${answer.status}`);
      return JSON.parse(answer.body) as T;
    };

    // What staff type, taken from the firm itself: clients from a few list pages, their documents from a search, cases and invoices from theirs.
    const clients = (await Promise.all([1, 20, 60].map((page) => get<Page<{ email: string; phone: string; lastName: string }>>(`/api/admin/clients?page=${page}`)))).flatMap((page) => page.items);
    const documents = (await Promise.all(clients.slice(0, 12).map((client) => get<Results>(`/api/admin/search?q=${encodeURIComponent(client.email)}`))))
      .flatMap((results) => results.clients.slice(0, 1))
      .flatMap((hit) => hit.detail.split(' · ').slice(2));
    const cases = (await Promise.all([1, 150].map((page) => get<Page<{ displayId: string }>>(`/api/admin/cases?page=${page}`)))).flatMap((page) => page.items);
    const fileNumbers = (await Promise.all(cases.slice(-10).map((row) => get<Results>(`/api/admin/search?q=${row.displayId}`))))
      .flatMap((results) => results.cases.slice(0, 1))
      .flatMap((hit) => hit.detail.split(' · ').slice(1));
    const invoices = (await get<Page<{ invoices: Array<{ number: string }> }>>('/api/admin/payments?page=30')).items.flatMap((row) => row.invoices.map((invoice) => invoice.number));
    const terms = {
      'a client by name': clients.map((client) => client.lastName),
      'a client by e-mail': clients.map((client) => client.email),
      'a client by phone': clients.map((client) => client.phone.replace(/\D/g, '').slice(-9)),
      'a client by NIE or passport': documents,
      'a case by EXP number': cases.map((row) => row.displayId),
      'a case by file number': fileNumbers,
      'an invoice by number': invoices,
    };

    const measures: FirmMeasure[] = [];
    const measure = async (name: string, urls: string[]) => {
      const times = await timedCalls(urls, cookie);
      measures.push({ measure: name, calls: times.length, p50Ms: round(percentile(times, 0.5), 1), p95Ms: round(percentile(times, 0.95), 1), maxMs: round(Math.max(...times), 1) });
    };
    const count = callsPerMeasure + warmUpCalls;
    for (const [name, all] of Object.entries(terms)) {
      // A staff account's empty phone, say: the search takes two characters or more.
      const values = all.filter((term) => term.trim().length >= 2);
      if (!values.length) throw new Error(`no terms for ${name}`);
      await measure(`search: ${name}`, rotate(values, count).map((term) => api(`/api/admin/search?q=${encodeURIComponent(term)}`)));
    }
    const someName = clients[0]!.lastName;
    // Page 100 is 5,000 rows back: far for someone browsing (an OFFSET reads every row it skips; 15,000 back the cases' list takes about 170 ms).
    const lists: Array<[string, string[]]> = [
      ['cases, first page', ['/api/admin/cases']],
      ['cases, page 100', ['/api/admin/cases?page=100']],
      ['cases, searched', [`/api/admin/cases?q=${encodeURIComponent(someName)}`]],
      ['clients, first page', ['/api/admin/clients']],
      ['clients, searched', [`/api/admin/clients?q=${encodeURIComponent(someName)}`]],
      ['payments, first page', ['/api/admin/payments']],
      ['payments, page 100', ['/api/admin/payments?page=100']],
      ['payments, searched', [`/api/admin/payments?q=${encodeURIComponent(someName)}`]],
      ['audit, first page', ['/api/admin/audit']],
      ['audit, page 100', ['/api/admin/audit?page=100']],
      // The back office's landing: the owner's own list and the unassigned work, then the whole firm's by person.
      ['today, mine', ['/api/admin/today']],
      ['today, the firm', ['/api/admin/today?scope=firm']],
    ];
    for (const [name, urls] of lists) await measure(`list: ${name}`, rotate(urls.map(api), count));
    return { database, seedSeconds, measures };
  } finally {
    await product.stop();
  }
}

export function firmGoals(results: FirmResult[]): Goal[] {
  return results.flatMap(({ database, seedSeconds, measures }) =>
    measures.map((measure) => ({
      scenario: `A firm's five years on ${database} (seeded in ${seedSeconds} s), one call at a time`,
      measure: measure.measure,
      value: measure.p95Ms,
      unit: 'ms' as const,
      comparison: '≤' as const,
      target: goalMs,
      detail: `p95 of ${measure.calls} calls; p50 ${measure.p50Ms} ms, max ${measure.maxMs} ms`,
    })),
  );
}

export const firmPlace = (workDir: string, databaseUrl?: string): ProductPlace => ({
  dataDir: path.join(workDir, databaseUrl ? 'data-firm-postgres' : 'data-firm'),
  databaseUrl,
});
