import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/**
 * Where each side runs. The server under test gets core 0 and the load generator (this process,
 * with every thread it has) core 1, so neither steals the other's time and the figures of the
 * product and of its baseline are taken under the same conditions.
 */
const serverCore = 0;
const loadCore = 1;

const cores = os.cpus().length;
const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const canPin = cores >= 2 && hasTaskset;

/** Pins this process (all its threads: libuv's pool and V8's helpers too) to the load generator's core. */
export function pinSelfToLoadCore(): void {
  if (canPin) execFileSync('taskset', ['-a', '-p', '-c', String(loadCore), String(process.pid)], { stdio: 'ignore' });
}

/** The command line that runs `command` on the server's core. */
export function onServerCore(command: string, args: string[]): [string, string[]] {
  return canPin ? ['taskset', ['-c', String(serverCore), command, ...args]] : [command, args];
}

export function describeMachine() {
  return {
    cores,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    pinned: canPin,
  };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux everywhere in practice). */
const ticksPerSecond = 100;

/** CPU time (ms) that every core spent running any program since boot: user, nice and system. */
function machineBusyMs(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [user = 0, nice = 0, system = 0] = line.split(/\s+/).slice(1).map(Number);
  return ((user + nice + system) * 1000) / ticksPerSecond;
}

/** CPU time (ms) one process has used, or 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** Resident memory of a process in MiB (VmRSS), or undefined once it is gone. */
export function residentMiB(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** This process and every process it started, still running. */
function ownProcesses(): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const own = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!own.has(pid) && own.has(parent)) {
        own.add(pid);
        grew = true;
      }
    }
  }
  return [...own];
}

/**
 * Watches how much CPU the rest of the machine used while a measurement ran: the machine's busy
 * time less that of the bench and its servers, in percent of one core. Another engineer's test
 * run on this shared machine shows here, and the measurement is then taken again.
 */
export function watchOtherLoad(): () => number {
  const pids = ownProcesses();
  const ownStart = new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
  const busyStart = machineBusyMs();
  const started = performance.now();
  return () => {
    const elapsed = performance.now() - started;
    const busy = machineBusyMs() - busyStart;
    let own = 0;
    for (const pid of ownProcesses()) own += processCpuMs(pid) - (ownStart.get(pid) ?? 0);
    return Math.max(0, ((busy - own) / elapsed) * 100);
  };
}
