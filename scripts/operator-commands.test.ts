import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { news, translationRequestDocuments, translationRequests, verifactuEvents } from '#server/db/schema/index.ts';
import { sweepOrphanFiles } from '#server/features/uploads/orphan-sweep.service.ts';
import { createLocalStorage } from '#server/integrations/storage/local-storage.ts';
import { emptyPostgresDatabase } from '#server/test/database.ts';
import { signInOverHttp } from '../e2e/support/accounts.ts';
import { freePort } from '../e2e/support/server.ts';

/*
 * The operator's first hour, as an operator meets it: the real server entry and the real npm
 * scripts, each in its own process, on one embedded DATA_DIR.
 */

const root = path.resolve(import.meta.dirname, '..');
const password = 'una-clave-muy-larga-2026';
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

type Result = { status: number | null; stdout: string; stderr: string };

function run(args: string[], env: NodeJS.ProcessEnv): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

type Server = { url: string; child: ChildProcess; env: NodeJS.ProcessEnv; output: () => string };

/** `extra` adds settings such as DATABASE_URL (PostgreSQL instead of the embedded database) or TRUST_PROXY. */
function environment(dataDir: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...extra };
  env.APP_URL = `http://127.0.0.1:${port}`;
  return env;
}

async function startServer(dataDir: string, extra: NodeJS.ProcessEnv = {}): Promise<Server> {
  const port = await freePort();
  const env = environment(dataDir, port, extra);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  const url = env.APP_URL as string;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log}`);
    const isHealthy = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
    if (isHealthy) return { url, child, env, output: () => log };
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the server did not become healthy:\n${log}`);
}

async function kill(server: Server, signal: NodeJS.Signals) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

async function createAdmin(server: Server, email: string): Promise<string> {
  const created = await run(['scripts/admin-create.ts', '--email', email, '--password', password], server.env);
  expect(created.stderr).toBe('');
  expect(created.status).toBe(0);
  return signInOverHttp(server.url, { email, password });
}

async function postNews(server: Server, cookie: string, title: string): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/news`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify({ texts: { es: { title, content: `Texto de ${title}` } }, publishedAt: new Date().toISOString() }),
  });
  if (response.status !== 201) throw new Error(`news answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/** Writes articles one after another until stopped; returns the ids the server acknowledged, in order. */
function keepWriting(server: Server, cookie: string) {
  const acknowledged: string[] = [];
  let isStopped = false;
  const writers = Array.from({ length: 4 }, async (_, writer) => {
    for (let n = 0; !isStopped; n += 1) {
      try {
        acknowledged.push(await postNews(server, cookie, `Artículo ${writer}-${n}`));
      } catch {
        return; // the server went away
      }
    }
  });
  return {
    acknowledged,
    stop: async () => {
      isStopped = true;
      await Promise.all(writers);
    },
  };
}

async function uploadTranslationRequest(server: Server, content: Buffer): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Luc Martin',
    email: 'luc@example.com',
    phone: '+33612345678',
    sourceLanguage: 'fr',
    targetLanguage: 'es',
    privacy: 'true',
  })) {
    form.append(name, value);
  }
  form.append('documents', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), 'acte-de-naissance.pdf');
  const response = await fetch(`${server.url}/api/translation-requests`, { method: 'POST', headers: { origin: server.url }, body: form });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function readDatabase<T>(
  dataDir: string,
  read: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
  databaseUrl?: string,
): Promise<T> {
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { pgliteDir: path.join(dataDir, 'db') });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

type Submission = { id: string; documents: Buffer[] };

/** A quote request from the public page with two documents of fresh bytes, from `address` (TRUST_PROXY is set). */
async function submitQuote(server: Server, address: string): Promise<Submission> {
  const documents = [0, 1].map(() => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(256 * 1024)]));
  const form = new FormData();
  for (const [name, value] of Object.entries({ name: 'Luc Martin', email: 'luc@example.com', phone: '+33612345678', privacy: 'true' })) {
    form.append(name, value);
  }
  documents.forEach((document, n) => form.append('documents', new Blob([new Uint8Array(document)], { type: 'application/pdf' }), `acte-${n}.pdf`));
  const response = await fetch(`${server.url}/api/translation-quotes`, {
    method: 'POST',
    headers: { origin: server.url, 'x-forwarded-for': address },
    body: form,
  });
  if (response.status !== 201) throw new Error(`the quote form answered ${response.status}`);
  return { id: ((await response.json()) as { id: string }).id, documents };
}

/** Sends quote requests with files from four senders at once until stopped; returns those acknowledged. */
function keepSubmitting(server: Server) {
  const acknowledged: Submission[] = [];
  let isStopped = false;
  const senders = Array.from({ length: 4 }, async (_, sender) => {
    // A new address for each form, so the hourly limit per address never answers instead.
    for (let n = 0; !isStopped; n += 1) {
      try {
        acknowledged.push(await submitQuote(server, `203.0.${sender}.${n % 250}`));
      } catch {
        return; // the server went away
      }
    }
  });
  return {
    acknowledged,
    stop: async () => {
      isStopped = true;
      await Promise.all(senders);
    },
  };
}

/** Every file under DATA_DIR/uploads, partial ones included, as storage keys. */
function filesOnDisk(dataDir: string): string[] {
  const dir = path.join(dataDir, 'uploads');
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .map((file) => file.split(path.sep).join('/'));
}

/**
 * Kills the server with SIGKILL while quote requests with files stream in, starts it again on the
 * same DATA_DIR (and database), and checks that every acknowledged request is there with its files,
 * byte for byte; that no request is missing a document or names a missing file; and that after a
 * sweep with no grace period every stored file is one a row names.
 */
async function expectSubmissionsSurviveKill(dataDir: string, databaseUrl?: string) {
  const extra: NodeJS.ProcessEnv = { TRUST_PROXY: '1', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const server = await startServer(dataDir, extra);
  const submitting = keepSubmitting(server);
  while (submitting.acknowledged.length < 12) await new Promise((resolve) => setTimeout(resolve, 20));
  await kill(server, 'SIGKILL');
  await submitting.stop();
  const acknowledged = [...submitting.acknowledged];

  const restarted = await startServer(dataDir, extra);
  const cookie = await createAdmin(restarted, 'marta@despacho.es');
  const listed = await fetch(`${restarted.url}/api/admin/translation-requests?page=1`, { headers: { cookie } });
  expect(((await listed.json()) as { total: number }).total).toBeGreaterThanOrEqual(acknowledged.length);
  await kill(restarted, 'SIGTERM');

  const storage = createLocalStorage(dataDir);
  await readDatabase(
    dataDir,
    async ({ db }) => {
      const requests = await db.select({ id: translationRequests.id }).from(translationRequests);
      const documents = await db.select().from(translationRequestDocuments);
      const contents = new Map<string, Buffer[]>();
      for (const document of documents) {
        const content = await buffer(await storage.read(document.storageKey));
        contents.set(document.translationRequestId, [...(contents.get(document.translationRequestId) ?? []), content]);
      }
      // Each request was sent with two documents: one with fewer would be half written.
      expect(requests.map((request) => contents.get(request.id)?.length)).toEqual(requests.map(() => 2));
      for (const submission of acknowledged) {
        const stored = (contents.get(submission.id) ?? []).map((content) => content.toString('hex')).sort();
        expect(stored).toEqual(submission.documents.map((content) => content.toString('hex')).sort());
      }

      await sweepOrphanFiles({ db, storage, log: pino({ enabled: false }), now: () => new Date() }, { graceMs: 0 });
      expect(filesOnDisk(dataDir).sort()).toEqual(documents.map((document) => document.storageKey).sort());
    },
    databaseUrl,
  );
}

describe('one owner for the embedded database', () => {
  it('refuses a second server, or a restore, on a held DATA_DIR with one line naming the holder', async () => {
    const dataDir = temporaryDir('owner-');
    const server = await startServer(dataDir);
    const holder = new RegExp(`^DATA_DIR ${dataDir} is in use by the server \\(process ${server.child.pid}, since [^)]+\\): stop it first, or use another DATA_DIR\\.\n$`);

    const second = await run(['server/main.ts'], environment(dataDir, await freePort()));
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(holder);
    expect(await fetch(`${server.url}/healthz`).then((response) => response.status)).toBe(200);

    const archive = path.join(temporaryDir('archive-'), 'copia.tar.gz');
    expect((await run(['scripts/db-backup.ts', archive], server.env)).status).toBe(0);
    const restore = await run(['scripts/db-restore.ts', archive], server.env);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toMatch(holder);
    // A server on a fresh database and four commands, each its own tsx process: over 90 s on a loaded machine.
  }, 180_000);

  it('runs admin:create, seed:demo and invoices:verify through the running server, which sees the result at once', async () => {
    const dataDir = temporaryDir('owner-');
    const server = await startServer(dataDir);

    await createAdmin(server, 'marta@despacho.es');
    const seeded = await run(['scripts/seed-demo.ts'], server.env);
    expect(seeded.stdout).toBe('Added 4 demo news articles.\n');
    const articles = (await (await fetch(`${server.url}/api/news?limit=50`)).json()) as Array<{ title: string }>;
    expect(articles.map((article) => article.title)).toContain('Traducciones juradas: cuándo las necesitas');
    const verified = await run(['scripts/invoices-verify.ts'], server.env);
    expect(verified).toMatchObject({ status: 0, stdout: 'No invoices issued yet.\n', stderr: '' });

    const invalid = await run(['scripts/admin-create.ts', '--email', 'not-an-address', '--password', password], server.env);
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toMatch(/^--email: /);
    expect(invalid.stderr).not.toMatch(/\n\s+at /);
  }, 90_000);

  it('on SIGTERM ends live streams with a retry hint, exits 0 and frees DATA_DIR', async () => {
    const dataDir = temporaryDir('owner-');
    const server = await startServer(dataDir);
    const cookie = await createAdmin(server, 'marta@despacho.es');
    const stream = await fetch(`${server.url}/api/admin/chat/stream`, { headers: { cookie } });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const received = stream.text();

    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await received).toMatch(/^retry: \d+\n/);
    expect(fs.existsSync(path.join(dataDir, 'control.sock'))).toBe(false);
    await startServer(dataDir);
  }, 90_000);

  it('starts again after a SIGKILL with every acknowledged row present', async () => {
    const dataDir = temporaryDir('owner-');
    const server = await startServer(dataDir);
    const cookie = await createAdmin(server, 'marta@despacho.es');

    const writing = keepWriting(server, cookie);
    while (writing.acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));
    await kill(server, 'SIGKILL');
    await writing.stop();
    const acknowledged = [...writing.acknowledged];

    const restarted = await startServer(dataDir);
    const response = await fetch(`${restarted.url}/api/admin/news?page=1`, { headers: { cookie: await signInOverHttp(restarted.url, { email: 'marta@despacho.es', password }) } });
    expect(response.status).toBe(200);
    await kill(restarted, 'SIGTERM');

    const stored = await readDatabase(dataDir, (database) =>
      database.db.select({ id: news.id }).from(news).where(inArray(news.id, acknowledged)),
    );
    expect(stored).toHaveLength(acknowledged.length);
  }, 120_000);

  it('keeps every acknowledged upload after a SIGKILL mid-upload, and sweeps the files the killed ones left', async () => {
    await expectSubmissionsSurviveKill(temporaryDir('owner-'));
  }, 90_000);

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('keeps every acknowledged upload after a SIGKILL on PostgreSQL too', async () => {
    const database = await emptyPostgresDatabase();
    cleanups.push(database.drop);
    await expectSubmissionsSurviveKill(temporaryDir('owner-'), database.url);
  }, 90_000);

  it('backs up while requests are written, and restores into a fresh DATA_DIR with every row and file of that moment', async () => {
    const dataDir = temporaryDir('owner-');
    const server = await startServer(dataDir);
    const cookie = await createAdmin(server, 'marta@despacho.es');
    const documents = [Buffer.from('%PDF-1.7\nprimero\n'), Buffer.from('%PDF-1.7\nsegundo\n'), Buffer.from('%PDF-1.7\ntercero\n')];
    for (const document of documents) await uploadTranslationRequest(server, document);

    const writing = keepWriting(server, cookie);
    while (writing.acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    const beforeBackup = [...writing.acknowledged];
    const archive = path.join(temporaryDir('archive-'), 'copia.tar.gz');
    const backup = await run(['scripts/db-backup.ts', archive], server.env);
    await writing.stop();
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toBe(`Backup written to ${archive}.\n`);
    expect(writing.acknowledged.length).toBeGreaterThan(beforeBackup.length);

    const freshDir = temporaryDir('restored-');
    const restore = await run(['scripts/db-restore.ts', archive], environment(freshDir, 1));
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(/^Restored the backup of .*: the database and 3 uploaded files\.\n$/);

    const again = await run(['scripts/db-restore.ts', archive], environment(freshDir, 1));
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toMatch(/is not empty: a backup is restored only into an empty DATA_DIR\.$/);

    // The Web Push keys travel with the backup: the browsers subscribed with them still receive.
    expect(fs.readFileSync(path.join(freshDir, 'vapid-keys.json'), 'utf8')).toBe(fs.readFileSync(path.join(dataDir, 'vapid-keys.json'), 'utf8'));
    const restored = await startServer(freshDir);
    const signedIn = await signInOverHttp(restored.url, { email: 'marta@despacho.es', password });
    const listed = await fetch(`${restored.url}/api/admin/translation-requests?page=1`, { headers: { cookie: signedIn } });
    expect(((await listed.json()) as { total: number }).total).toBe(3);
    await kill(restored, 'SIGTERM');

    const { articles, files, events } = await readDatabase(freshDir, async (database) => ({
      articles: await database.db.select({ id: news.id }).from(news),
      files: await database.db.select({ key: translationRequestDocuments.storageKey }).from(translationRequestDocuments),
      events: await database.db.select({ type: verifactuEvents.type }).from(verifactuEvents).orderBy(verifactuEvents.position),
    }));
    // The records are kept (no certificate): the restore is in VeriFactu's event log, after what the backup held.
    expect(events.map((event) => event.type)).toContain('07');
    const restoredIds = new Set(articles.map((article) => article.id));
    expect(beforeBackup.filter((id) => !restoredIds.has(id))).toEqual([]);
    const contents = files.map((file) => fs.readFileSync(path.join(freshDir, 'uploads', ...file.key.split('/'))).toString());
    expect(contents.sort()).toEqual(documents.map((document) => document.toString()).sort());
  }, 180_000);
});
