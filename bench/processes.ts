import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { onServerCore, processCpuMs, residentMiB } from './machine.ts';

export const repoRoot = new URL('..', import.meta.url).pathname;

export type RunningServer = {
  name: string;
  url: string;
  pid: number;
  /** Milliseconds from the spawn to the first 200 of the health path. */
  startMs: number;
  rssMiB: () => number;
  cpuMs: () => number;
  isAlive: () => boolean;
  stop: () => Promise<void>;
};

export type ServerSpec = {
  name: string;
  command: string;
  args: string[];
  /** The environment on top of this process's, given the server's own address (the product's APP_URL). */
  env?: (url: string) => Record<string, string | undefined>;
  /** Answers 200 once the server is ready (the product's /healthz). */
  healthPath: string;
  /** Where stdout and stderr go: a server's log is kept, never read by the bench while it measures. */
  logFile: string;
};

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

/** One GET without keep-alive, so polling leaves no connection behind in the server. */
function isHealthy(url: string): Promise<boolean> {
  return fetch(url, { headers: { connection: 'close' } })
    .then(async (response) => {
      await response.arrayBuffer();
      return response.status === 200;
    })
    .catch(() => false);
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode}); see ${logFile}`);
    if (await isHealthy(url)) return;
    // Polled often, so that the start-up figure is not rounded up by the poll.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url}: not healthy after ${timeoutMs / 1000} s; see ${logFile}`);
}

/** Starts a server on the server's core with PORT and waits for its first 200. */
export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = fs.openSync(spec.logFile, 'a');
  const [command, args] = onServerCore(spec.command, spec.args);
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...spec.env?.(url), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${spec.name} did not start`);
  try {
    await waitForHealth(`${url}${spec.healthPath}`, child, spec.logFile, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const startMs = performance.now() - started;
  return {
    name: spec.name,
    url,
    pid,
    startMs,
    rssMiB: () => residentMiB(pid) ?? 0,
    cpuMs: () => processCpuMs(pid),
    isAlive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // The product ends its streams and exits within 9 s by itself; past that it is stuck.
      const killer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Runs a helper script (TypeScript, through tsx like the product) to completion. */
export function runScript(script: string, args: string[], env: Record<string, string | undefined>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${script} failed (${code}):\n${output}`))));
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
