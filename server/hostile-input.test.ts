import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { identificationInputSchema, identityDocumentRule } from '#common/aml/aml.contract.ts';
import { caseDocumentRule } from '#common/cases/cases.contract.ts';
import { chatTokenHeader } from '#common/chat/chat.contract.ts';
import { consultationAttachmentRule, consultationMessageInputSchema } from '#common/consultations/consultation-thread.contract.ts';
import { errorStatus } from '#common/errors.ts';
import { languages, type Language } from '#common/i18n/languages.ts';
import { formWithoutScriptPath } from '#common/page/form-without-script.ts';
import { localizedPath } from '#common/site-addresses.ts';
import { quoteDocumentsRule, requestDocumentRule } from '#common/intake/uploads.ts';
import { translationQuoteSchema, translationRequestSchema } from '#common/translations/translations.contract.ts';
import { openCase } from '#server/features/cases/cases.service.ts';
import { sanitizeMarkdown } from '#server/features/news/sanitize-markdown.ts';
import { formContentTypes } from '#server/features/pages/form-without-script.routes.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { stillWorker } from '#server/test/clock.ts';
import { rawClient, type RawResponse } from '#server/test/raw-http.ts';
import { createPaidCase, createPaidExpressConsultation } from '#server/test/factories.ts';
import {
  brokenBodies,
  brokenForms,
  hostileQueryValues,
  hostileSegments,
  isRefusedBy,
  jsonSchemaOf,
  jsonText,
  mutationsOf,
  pathSpellings,
  sampleValue,
  wrongShapes,
  type UploadForm,
} from '#server/test/hostile-input.ts';
import { stateSnapshotter, type StateSnapshot } from '#server/test/state-snapshot.ts';
import { permissionsPolicy } from '#server/platform/security.ts';

/**
 * Hostile input on every route (ADR 026): the cases are generated from the
 * zod schemas the app registers with each route, so a new route is asked as soon as it exists.
 * Whatever the contract refuses must come back as a 4xx with a code and a message of the catalog in
 * the caller's language, and leave the database and the stored files as they were; whatever it
 * accepts (SQL or script text in a free-text field) may be served, and is then stored as written.
 * Never a 5xx, never a stack trace.
 */

/**
 * The routes that read a multipart form, which no route schema describes: their upload rule and the
 * contract of their text fields. A route listed here that the app no longer registers fails the suite.
 */
const uploadForms: Record<string, UploadForm> = {
  'POST /api/translation-quotes': { rule: quoteDocumentsRule, fileField: 'documents', fields: translationQuoteSchema },
  'POST /api/translation-requests': { rule: requestDocumentRule, fileField: 'document', fields: translationRequestSchema },
  'POST /api/consultations/:id/messages': { rule: consultationAttachmentRule, fileField: 'attachments', fields: consultationMessageInputSchema },
  'POST /api/admin/consultations/:id/messages': { rule: consultationAttachmentRule, fileField: 'attachments', fields: consultationMessageInputSchema },
  'POST /api/cases/:id/documents': { rule: caseDocumentRule, fileField: 'document' },
  'POST /api/admin/cases/:id/documents': { rule: caseDocumentRule, fileField: 'document' },
  'POST /api/cases/:id/requests/:requestId/documents': { rule: caseDocumentRule, fileField: 'document' },
  'POST /api/admin/cases/:id/requests/:requestId/documents': { rule: caseDocumentRule, fileField: 'document' },
  'POST /api/cases/:id/identification': { rule: identityDocumentRule, fileField: 'document', fields: identificationInputSchema },
};

/** Fields the app rewrites on purpose before storing them (a news article's Markdown, in each language), with the rewrite: anything else is stored as written. */
const rewrittenOnWrite: { route: string; field: RegExp; rewrite: (text: string) => string }[] = [
  { route: 'POST /api/admin/news', field: /(^|\.)content$/, rewrite: sanitizeMarkdown },
  { route: 'PUT /api/admin/news/:id', field: /(^|\.)content$/, rewrite: sanitizeMarkdown },
];

/** Routes that answer with a stream that stays open: asked only with input they refuse. */
const isStream = (url: string) => url.endsWith('/stream');
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const bodyLimit = 1024 * 1024;
const formWithoutScriptUrls = new Set(languages.map((language) => localizedPath(formWithoutScriptPath, language)));
const minimumRequests = 2000;

type Registered = { method: string; url: string; schema: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType } };

type HostileRequest = {
  label: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** true: the contract refuses it; false: it accepts it; undefined: no schema says (Better Auth's routes). */
  isRefused: boolean | undefined;
  stored?: { field: string; marker: string; text: string };
};

type Fixtures = { client: TestAccount; admin: TestAccount; caseId: number; requestId: string; expressId: string; propertyCaseId: number };

let t: TestApp;
let fixtures: Fixtures;
let snapshot: () => Promise<StateSnapshot>;
let everyRowQuery = '';
const routes: Registered[] = [];
let sent = 0;
let ip = 0;

/** A new client address for every request, so the per-address limits never answer instead of the validation. */
const nextIp = () => `10.93.${Math.floor(++ip / 250) % 250}.${ip % 250}`;

/** The catalog's texts in each language; those with values ({{max}}) as patterns. */
const catalogs = loadCatalogs();

function loadCatalogs(): Record<Language, { texts: Set<string>; patterns: RegExp[] }> {
  const localesDir = fileURLToPath(new URL('../common/i18n/locales', import.meta.url));
  const strings = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return Object.fromEntries(
    languages.map((language) => {
      const dir = path.join(localesDir, language);
      const all = fs.readdirSync(dir).flatMap((file) => strings(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))));
      const patterns = all
        .filter((text) => text.includes('{{'))
        .map((text) => new RegExp(`^${text.split(/\{\{[^}]+\}\}/).map(escape).join('.+')}$`, 's'));
      return [language, { texts: new Set(all), patterns }];
    }),
  ) as Record<Language, { texts: Set<string>; patterns: RegExp[] }>;
}

function isCatalogText(language: Language, text: unknown): boolean {
  if (typeof text !== 'string' || text.trim() === '') return false;
  const catalog = catalogs[language];
  return catalog.texts.has(text) || catalog.patterns.some((pattern) => pattern.test(text));
}

/**
 * What an answer must never show: a stack frame, a file path, a driver's or a library's own words.
 * A stack frame names a script file (`at run (/srv/app.ts:12:5)`): English prose followed by a
 * saved time ('… at a school …', "updatedAt":"…T09:30:00Z") is no frame.
 */
const leak = /\bat [^"]*?\.[cm]?[jt]sx?:\d+:\d+|node_modules|\/work\/|ZodError|"stack"|SQLSTATE|syntax error at|violates|duplicate key|invalid input syntax|Cannot read propert|is not a function|\bundefined\b.*\bof\b/i;

function actorOf(url: string): TestAccount {
  return url.startsWith('/api/admin/') ? fixtures.admin : fixtures.client;
}

/** The ids of real records of the caller, so a route's own checks pass and the request meets its validation. */
function realParams(url: string): Record<string, string> {
  const own: Record<string, string> = {};
  if (/^\/api(\/admin)?\/cases\/:id/.test(url)) own.id = String(url.includes('/identification') ? fixtures.propertyCaseId : fixtures.caseId);
  if (/^\/api(\/admin)?\/consultations\/:id/.test(url)) own.id = fixtures.expressId;
  if (url.includes(':requestId')) own.requestId = fixtures.requestId;
  return own;
}

function baseParams(route: Registered): Record<string, string> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const sampled = route.schema.params ? (sampleValue(jsonSchemaOf(route.schema.params)) as Record<string, unknown>) : {};
  const own = realParams(route.url);
  return Object.fromEntries(names.map((name) => [name, own[name] ?? String(sampled[name] ?? 'x')]));
}

function urlWith(route: Registered, params: Record<string, string>, encoded: Record<string, string> = {}, query = ''): string {
  return route.url.replace(/:(\w+)/g, (_match, name: string) => encoded[name] ?? encodeURIComponent(params[name] ?? '')) + query;
}

function queryText(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of [value].flat()) if (item !== undefined) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Every hostile request of one route, generated from its schemas. */
function requestsOf(route: Registered): HostileRequest[] {
  const requests: HostileRequest[] = [];
  const params = baseParams(route);
  const { body: bodySchema, querystring: querySchema, params: paramsSchema } = route.schema;
  const baseQuery = querySchema ? (sampleValue(jsonSchemaOf(querySchema)) as Record<string, unknown>) : {};
  const query = queryText(baseQuery);
  const url = urlWith(route, params, {}, query);
  const body = bodySchema ? mutationsOf(bodySchema) : undefined;
  const basePayload = body ? jsonText(body.base) : undefined;
  const json = 'application/json';

  for (const mutation of body?.mutations ?? []) {
    requests.push({ label: `body ${mutation.label}`, url, payload: jsonText(mutation.value), contentType: json, isRefused: mutation.isRefused, stored: mutation.stored });
  }
  if (bodySchema) {
    for (const shape of wrongShapes(body?.base)) {
      const parsed = shape.contentType === json ? (JSON.parse(shape.payload as string) as unknown) : shape.payload;
      requests.push({ label: `body ${shape.label}`, url, payload: shape.payload, contentType: shape.contentType, isRefused: isRefusedBy(bodySchema, parsed) });
    }
  }
  if (bodyMethods.has(route.method)) {
    for (const broken of brokenBodies(body?.base, bodyLimit)) {
      // A form posted without scripts (ADR 034) is what that route takes; it keeps nothing of it.
      const isForm = formWithoutScriptUrls.has(route.url) && formContentTypes.includes(broken.contentType ?? '');
      requests.push({ label: `body ${broken.label}`, url, payload: broken.payload, contentType: broken.contentType, isRefused: !isForm });
    }
  }

  if (querySchema) {
    const stringBase = Object.fromEntries(Object.entries(baseQuery).map(([key, value]) => [key, String(value)]));
    for (const key of Object.keys(jsonSchemaOf(querySchema).properties ?? {})) {
      const values: [string, unknown][] = [...hostileQueryValues.map((item): [string, unknown] => [item.label, item.value]), ['twice', ['1', '2']], ['missing', undefined]];
      for (const [label, value] of values) {
        const mutated = { ...stringBase, [key]: value };
        if (value === undefined) delete mutated[key];
        requests.push({ label: `query ${key}: ${label}`, url: urlWith(route, params, {}, queryText(mutated)), payload: basePayload, contentType: basePayload ? json : undefined, isRefused: isRefusedBy(querySchema, mutated) });
      }
    }
  } else if (route.method === 'GET') {
    for (const item of hostileQueryValues) {
      requests.push({ label: `query ${item.label}`, url: urlWith(route, params, {}, queryText({ token: item.value, page: item.value, callbackURL: item.value })), isRefused: undefined });
    }
  }

  // The schema's own mutations of each parameter (years 0 and 9999 for a date), then what no id is.
  for (const mutation of paramsSchema ? mutationsOf(paramsSchema, { asText: true, base: params }).mutations : []) {
    const values = mutation.value as Record<string, unknown>;
    // An empty segment is another route's address, and a lone surrogate has no URL encoding.
    const isWritable = (value: unknown) => typeof value === 'string' && value !== '' && !/\p{Cs}/u.test(value);
    if (!Object.keys(params).every((name) => isWritable(values[name]))) continue;
    const url = urlWith(route, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])), {}, query);
    requests.push({ label: `param ${mutation.label}`, url, payload: basePayload, contentType: basePayload ? json : undefined, isRefused: mutation.isRefused });
  }
  for (const name of Object.keys(params)) {
    for (const item of hostileSegments) {
      let decoded: string | undefined;
      try {
        decoded = decodeURIComponent(item.segment);
      } catch {
        decoded = undefined;
      }
      const isRefused = decoded === undefined ? true : paramsSchema ? isRefusedBy(paramsSchema, { ...params, [name]: decoded }) : undefined;
      requests.push({ label: `param ${name}: ${item.label}`, url: urlWith(route, params, { [name]: item.segment }, query), payload: basePayload, contentType: basePayload ? json : undefined, isRefused });
    }
  }

  const form = uploadForms[`${route.method} ${route.url}`];
  for (const broken of form ? brokenForms(form) : []) {
    requests.push({ label: `form ${broken.label}`, url, payload: broken.payload, contentType: broken.contentType, isRefused: true });
  }
  return requests;
}

/**
 * Some limits count per account, not per address (a client's uploads): their counters are emptied
 * every few requests, so the limiter never answers instead of the validation (it has its own tests).
 */
async function forgetLimits() {
  await t.database.db.execute(sql`delete from rate_limit_buckets`);
}

async function send(route: Registered, request: HostileRequest, language?: Language): Promise<LightMyRequestResponse> {
  if (sent % 20 === 0) await forgetLimits();
  const account = actorOf(route.url);
  const headers: Record<string, string> = { cookie: account.cookie, [chatTokenHeader]: randomBytes(32).toString('base64url') };
  if (language) headers['accept-language'] = language;
  if (request.contentType) headers['content-type'] = request.contentType;
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: request.url, headers, remoteAddress: nextIp() };
  if (request.payload !== undefined) options.payload = request.payload;
  sent += 1;
  return t.app.inject(options);
}

/** What is wrong with the answer to a request the contract refuses; nothing when it is a translated 4xx of the validation. */
function refusalFault(response: LightMyRequestResponse, language: Language): string | undefined {
  const status = response.statusCode;
  if (status < 400 || status >= 500) return `answered ${status}`;
  if ([401, 403, 429].includes(status)) return `refused by ${status} before its validation`;
  let body: { code?: unknown; message?: unknown; issues?: { message?: unknown }[] };
  try {
    body = response.json();
  } catch {
    return `answered ${status} with no JSON`;
  }
  if (typeof body.code !== 'string' || !(body.code in errorStatus)) return `no known code: ${response.body.slice(0, 200)}`;
  if (!isCatalogText(language, body.message)) return `message not the catalog's ${language} text: ${JSON.stringify(body.message)}`;
  const untranslated = (body.issues ?? []).find((issue) => !isCatalogText(language, issue.message));
  if (untranslated) return `issue not the catalog's ${language} text: ${JSON.stringify(untranslated.message)}`;
  return undefined;
}

/** Rows anywhere in the database holding `marker`, and how many of them hold `text` as written. */
async function storedCopies(marker: string, text: string): Promise<{ marked: number; verbatim: number }> {
  const escaped = JSON.stringify(text).slice(1, -1);
  const result = (await t.database.db.execute(
    sql`select count(*)::int as marked, count(*) filter (where strpos(j, ${escaped}) > 0)::int as verbatim from (${sql.raw(everyRowQuery)}) rows where strpos(j, ${marker}) > 0`,
  )) as unknown as { rows: { marked: number; verbatim: number }[] };
  return result.rows[0] ?? { marked: 0, verbatim: 0 };
}

/** Routes whose answer a cache may keep, by what they say of it: the same for everyone. */
const publicAnswers: Record<string, RegExp> = {
  'GET /robots.txt': /^public, max-age=\d+$/,
  'GET /sitemap.xml': /^public, max-age=\d+$/,
  // The web app manifest and the offline pages hold nothing of anyone (ADR 059).
  'GET /manifest.webmanifest': /^public, max-age=\d+$/,
  'GET /offline/:language': /^public, max-age=\d+$/,
};

/** The spellings the router reads as the route itself; the others reach no route. */
const routeReadingSpellings = new Set(['a percent-encoded letter', 'an absolute-form target']);

const isNotFound = (response: RawResponse) => response.statusCode === 404 && response.body.includes('"code":"notFound"');

/** What is wrong with the answer to a path spelled some way; nothing when it carries every header it must. */
function spellingFault(route: Registered, response: RawResponse, privateTexts: string[]): string | undefined {
  const { headers, statusCode } = response;
  if (statusCode >= 500) return `answered ${statusCode}`;
  if (!String(headers['content-security-policy']).includes("frame-ancestors 'none'")) return 'no Content-Security-Policy';
  if (headers['x-content-type-options'] !== 'nosniff' || headers['referrer-policy'] !== 'same-origin') return "no helmet's headers";
  if (headers['permissions-policy'] !== permissionsPolicy) return 'no Permissions-Policy';
  const cacheControl = String(headers['cache-control']);
  const isPublic = !isNotFound(response) && publicAnswers[`${route.method} ${route.url}`]?.test(cacheControl);
  if (!isPublic && !cacheControl.includes('no-store')) return `Cache-Control ${cacheControl}`;
  if (!cacheControl.includes('no-store') && privateTexts.some((text) => response.body.includes(text))) return 'private data a cache may keep';
  return undefined;
}

describe('hostile input: every route that takes input, generated from its schemas', () => {
  const faults: string[] = [];
  let translatedSamples = 0;
  let storedVerbatim = 0;
  let refusedCount = 0;
  /** Routes that take input (a schema, or a body) but were sent nothing their contract refuses. */
  const unasked: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      // The path spellings go over a real socket, from 127.0.0.1: each says its own address, as a proxy would.
      env: { TRUST_PROXY: '127.0.0.1' },
      // The worker acts only when kicked or woken, and nothing comes due on its own between two snapshots.
      worker: stillWorker(),
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') routes.push({ method, url: route.url, schema: (route.schema ?? {}) as Registered['schema'] });
        }
      },
    });
    const [client, admin] = await Promise.all([createAccount(t), createAccount(t, { role: 'admin' })]);
    const caseId = await createPaidCase(t.app, client);
    const expressId = await createPaidExpressConsultation(t.app, client);
    const created = await t.app.inject({ method: 'POST', url: `/api/admin/cases/${caseId}/requests`, headers: { cookie: admin.cookie }, payload: { title: 'Pasaporte', dueDate: null } });
    // A property purchase, opened as a paid quote opens it: its identification's routes reach their validation.
    const propertyCaseId = await openCase({ db: t.database.db }, { userId: client.user.id, serviceId: 'property-purchase' });
    fixtures = { client, admin, caseId, expressId, requestId: created.json<{ id: string }>().id, propertyCaseId };
    snapshot = await stateSnapshotter(t);
    const tables = (await t.database.db.execute(
      // The mails are not where what a person wrote is kept: they show it as words, link-like text broken (typedText).
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'mail_outbox' order by table_name`,
    )) as unknown as { rows: { name: string }[] };
    everyRowQuery = tables.rows.map((row) => `select to_jsonb(x)::text as j from "${row.name}" x`).join(' union all ');
  }, 120_000);
  afterAll(() => t?.close());

  it('knows every upload route it lists', () => {
    const registered = new Set(routes.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(uploadForms).filter((route) => !registered.has(route))).toEqual([]);
  });

  it('asks every route that takes input, as the caller who reaches its validation', async () => {
    for (const route of routes) {
      const requests = requestsOf(route);
      const refused = requests.filter((request) => request.isRefused === true);
      const others = requests.filter((request) => request.isRefused !== true && !isStream(route.url));
      refusedCount += refused.length;
      const takesInput = Boolean(route.schema.body ?? route.schema.querystring ?? route.schema.params) || bodyMethods.has(route.method);
      if (takesInput && refused.length === 0) unasked.push(`${route.method} ${route.url}`);

      const before = await snapshot();
      for (const [index, request] of refused.entries()) {
        const response = await send(route, request);
        const fault = refusalFault(response, 'es') ?? (leak.test(response.body) ? 'shows internals' : undefined);
        if (fault) faults.push(`${route.method} ${route.url} [${request.label}] ${fault}`);
        // Every twelfth refusal is asked again in English and French: the same answer, in that language.
        if (index % 12 === 0 && !fault) {
          for (const language of ['en', 'fr'] as const) {
            const again = refusalFault(await send(route, request, language), language);
            if (again) faults.push(`${route.method} ${route.url} [${request.label}] in ${language}: ${again}`);
            else translatedSamples += 1;
          }
        }
      }
      const after = await snapshot();
      if (JSON.stringify(after) !== JSON.stringify(before)) faults.push(`${route.method} ${route.url}: refused requests changed the database or the stored files`);

      for (const request of others) {
        const response = await send(route, request);
        if (response.statusCode >= 500) faults.push(`${route.method} ${route.url} [${request.label}] answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
        else if (leak.test(response.body)) faults.push(`${route.method} ${route.url} [${request.label}] shows internals: ${response.body.slice(0, 200)}`);
        if (response.statusCode < 300 && request.stored) {
          const { field, marker, text } = request.stored;
          const rewrite = rewrittenOnWrite.find((item) => item.route === `${route.method} ${route.url}` && item.field.test(field))?.rewrite;
          const copies = await storedCopies(marker, rewrite ? rewrite(text) : text);
          if (copies.verbatim !== copies.marked) faults.push(`${route.method} ${route.url} [${request.label}] stored otherwise than written`);
          if (copies.verbatim > 0) storedVerbatim += 1;
        }
      }
    }
    expect(faults).toEqual([]);
  }, 600_000);

  it('answers every route under every spelling of its path with the security headers, and lets no cache keep what it answers', async ({ annotate }) => {
    const raw = await rawClient(t.app);
    const before = await snapshot();
    const privateTexts = [fixtures.client.user.email, fixtures.admin.user.email];
    const spellingFaults: string[] = [];
    const readsReached = new Map<string, number>();
    let spelled = 0;
    for (const route of routes) {
      const params = baseParams(route);
      const query = route.schema.querystring ? queryText(sampleValue(jsonSchemaOf(route.schema.querystring)) as Record<string, unknown>) : '';
      const isRead = route.method === 'GET';
      let registeredStatus = 0;
      for (const { label, target } of pathSpellings(urlWith(route, params, {}, query))) {
        const headers: Record<string, string> = { cookie: actorOf(route.url).cookie, [chatTokenHeader]: randomBytes(32).toString('base64url'), 'x-forwarded-for': nextIp() };
        // A write is sent a body no parser reads, so no spelling changes anything.
        if (!isRead) headers['content-type'] = 'application/json';
        const response = await raw.send(target, { method: route.method, headers, ...(isRead ? {} : { body: '{' }) });
        spelled += 1;
        const fault = spellingFault(route, response, privateTexts);
        if (fault) spellingFaults.push(`${route.method} ${route.url} [${label}: ${target}] ${fault}`);
        if (label === 'as registered') registeredStatus = response.statusCode;
        else if (isRead && response.statusCode === registeredStatus && !isNotFound(response)) readsReached.set(label, (readsReached.get(label) ?? 0) + 1);
        // The router reads an escaped letter and an absolute-form target as the route itself.
        if (routeReadingSpellings.has(label) && response.statusCode !== registeredStatus) spellingFaults.push(`${route.method} ${route.url} [${label}: ${target}] answered ${response.statusCode}, as registered ${registeredStatus}`);
      }
    }
    const reads = routes.filter((route) => route.method === 'GET').length;
    await annotate(`${spelled} requests: ${routes.length} routes × ${spelled / routes.length} spellings; of ${reads} reads, answered as the route itself: ${[...readsReached].map(([label, count]) => `${label} ${count}`).join(', ')}`);
    expect(spellingFaults).toEqual([]);
    // Reading a client's documents or data is audited, and exporting VeriFactu's records or events is logged as an event (decisions/054): the only rows a read may add.
    const withoutAudit = ({ tables: { audit_logs: _audit, verifactu_events: _events, ...tables }, files }: StateSnapshot) => ({ tables, files });
    expect(withoutAudit(await snapshot()), 'the database and the stored files after every spelling').toEqual(withoutAudit(before));
  }, 300_000);

  it(`sends at least ${minimumRequests} requests, with refusals asked in every language and hostile text stored as written`, async ({ annotate }) => {
    await annotate(`${sent} requests to ${routes.length} routes: ${refusedCount} refused by their contract, ${translatedSamples} asked again in en and fr, ${storedVerbatim} hostile texts stored as written`);
    expect(sent).toBeGreaterThanOrEqual(minimumRequests);
    expect(unasked, 'routes that take input but got no refused case').toEqual([]);
    expect(translatedSamples).toBeGreaterThan(100);
    expect(storedVerbatim).toBeGreaterThan(10);
  });
});
