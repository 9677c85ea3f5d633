import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { root } from '../../scripts/lib/web-build.mjs';

export type RunningServer = { url: string; dataDir: string; stop: () => Promise<void> };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The embedded database global-setup.ts migrated, which newDataDir copies. */
    migratedDatabaseDir: string;
  }
}

/**
 * A new DATA_DIR whose embedded database is a copy of the one migrated once per run
 * (global-setup.ts): a server or command started on it still runs its migration check, which
 * finds nothing left to apply. A plain empty folder is for the tests of a first install.
 */
export function newDataDir(prefix = 'e2e-data-'): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(inject('migratedDatabaseDir'), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/** A port nothing listens on now, for a server a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Starts the real server with `npm start`'s entry on a free port and a fresh DATA_DIR (newDataDir,
 * or the one given).
 * `withDemoNews` runs `npm run seed:demo` on that DATA_DIR first.
 */
export async function startServer(
  options: { withDemoNews?: boolean; env?: Record<string, string>; dataDir?: string } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? newDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', APP_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env };
  delete env.DATABASE_URL;

  if (options.withDemoNews) {
    const seeded = spawnSync('npx', ['tsx', 'scripts/seed-demo.ts'], { cwd: root, env, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seed:demo failed:\n${seeded.stderr}`);
  }

  let log = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForHealth(url, child, () => log);

  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
