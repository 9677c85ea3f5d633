import fs from 'node:fs';
import path from 'node:path';
import { startBaseline, startProduct } from '../product.ts';
import type { RunningServer } from '../processes.ts';
import { canRepeat, measureQuietly, type Quiet } from '../quiet.ts';

/**
 * Milliseconds from the spawn to the first 200 of /healthz. `dataDir` is empty for a fresh start
 * (the product then creates its database, migrates and writes its secret) or a copy of the
 * product's directory; the baseline opens the same kind of directory with PGlite alone.
 */
async function timeStart(start: () => Promise<RunningServer>): Promise<Quiet<number>> {
  return measureQuietly(async () => {
    const server = await start();
    await server.stop();
    return server.startMs;
  });
}

export function freshProductStart(workDir: string, logDir: string) {
  return timeStart(() => startProduct({ dataDir: emptyDir(workDir, 'fresh-product') }, logDir, 'product-fresh'));
}

export function freshBaselineStart(workDir: string, logDir: string) {
  return timeStart(() => startBaseline('pglite-start.ts', { BENCH_PGLITE_DIR: emptyDir(workDir, 'fresh-baseline') }, logDir));
}

/** The baseline on the product's own database directory (the product is stopped meanwhile). */
export function existingBaselineStart(dataDir: string, logDir: string) {
  return timeStart(() => startBaseline('pglite-start.ts', { BENCH_PGLITE_DIR: path.join(dataDir, 'db') }, logDir));
}

function emptyDir(workDir: string, name: string): string {
  const dir = path.join(workDir, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The product on its existing directory, left running for the next measurements: started again
 * when other programs disturbed the start (the disturbed instance is stopped first).
 */
export async function existingProductStart(
  start: () => Promise<RunningServer>,
  attempts = 3,
): Promise<{ server: RunningServer; startMs: Quiet<number> }> {
  let result: { server: RunningServer; startMs: Quiet<number> } | undefined;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const measured = await measureQuietly(start, 1);
    result = { server: measured.value, startMs: { ...measured, value: measured.value.startMs, attempts: attempt } };
    if (!measured.isNoisy || attempt === attempts || !canRepeat()) break;
    await measured.value.stop();
  }
  if (!result) throw new Error('no start');
  return result;
}
