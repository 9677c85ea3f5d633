import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The EICAR test file: harmless, and flagged by every antivirus by agreement. */
export const eicar = Buffer.from(String.raw`X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*`);

const signatureName = 'Eicar-Test-Signature';

/** The name clamd reports for it: the test database's one signature, marked as not from ClamAV's own (signed) databases. */
export const eicarSignature = `${signatureName}.UNOFFICIAL`;

/** Debian's clamav-daemon installs clamd in /usr/sbin, which a non-root PATH may lack. */
function findClamd(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin'];
  return dirs.map((dir) => path.join(dir, 'clamd')).find((file) => fs.existsSync(file));
}

const clamdBinary = findClamd();

/** Why the clamd tests cannot run here, or undefined when they can; the caller prints it and skips. */
export const clamdMissing = clamdBinary ? undefined : 'clamd is not installed (apt-get install clamav-daemon): the virus-scan tests are skipped';

/** Whether clamd answers PING on the socket (it binds the socket a moment before it listens). */
function answersPing(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ path: socketPath });
    let reply = '';
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
    });
    socket.on('connect', () => socket.write('zPING\0'));
    socket.on('close', () => resolve(reply.startsWith('PONG')));
    socket.on('error', () => resolve(false));
  });
}

/** A loopback port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** clamd listens on a Unix socket and on a loopback TCP port (CLAMD_SOCKET takes either). */
export type TestClamd = { socketPath: string; tcpPort: number; stop: () => Promise<void> };

/**
 * Starts Debian's clamd in the foreground with its own configuration and a database of one
 * signature: the EICAR string anywhere in a file (so it is found inside a PDF too). Nothing of the
 * system's clamav is used (no /var/lib/clamav, no freshclam, no network). Resolves once its socket
 * answers.
 */
export async function startClamd(): Promise<TestClamd> {
  if (!clamdBinary) throw new Error(clamdMissing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clamd-test-'));
  const database = path.join(dir, 'db');
  fs.mkdirSync(database);
  fs.writeFileSync(path.join(database, 'eicar.ndb'), `${signatureName}:0:*:${eicar.toString('hex')}\n`);
  const socketPath = path.join(dir, 'clamd.sock');
  const tcpPort = await freePort();
  const configFile = path.join(dir, 'clamd.conf');
  fs.writeFileSync(
    configFile,
    [
      `LocalSocket ${socketPath}`,
      `TCPSocket ${tcpPort}`,
      'TCPAddr 127.0.0.1',
      `DatabaseDirectory ${database}`,
      `TemporaryDirectory ${dir}`,
      `PidFile ${path.join(dir, 'clamd.pid')}`,
      'Foreground yes',
      // The uploads' largest file is 10 MB: clamd refuses a longer stream.
      'StreamMaxLength 12M',
      '',
    ].join('\n'),
  );
  const child = spawn(clamdBinary, [`--config-file=${configFile}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };

  // clamd opens its socket once the database is loaded: a fraction of a second with one signature.
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (fs.existsSync(socketPath) && (await answersPing(socketPath))) return { socketPath, tcpPort, stop };
    if (child.exitCode !== null) break;
    await sleep(50);
  }
  await stop();
  throw new Error(`clamd did not start: ${stderr.trim() || 'no socket after 10 s'}`);
}
