import fp from 'fastify-plugin';
import { sweepOrphanFiles, type OrphanSweepDeps } from './orphan-sweep.service.ts';

const day = 24 * 60 * 60 * 1000;

/**
 * Sweeps stored files no row names: once at start-up, in the background so that readiness does not
 * wait for a listing of the bucket, and daily through the worker.
 */
export const orphanSweepPlugin = fp(async (app) => {
  const deps: OrphanSweepDeps = { db: app.db, storage: app.storage, log: app.log, now: app.worker.now };
  app.worker.addTask({ name: 'uploads.orphan-sweep', intervalMs: day, run: async () => void (await sweepOrphanFiles(deps)) });

  const closing = new AbortController();
  let startUpSweep: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    startUpSweep = sweepOrphanFiles(deps, { signal: closing.signal }).then(
      () => {},
      (error: unknown) => app.log.error({ err: error }, 'orphan sweep at start-up failed'),
    );
  });
  app.addHook('onClose', async () => {
    closing.abort();
    await startUpSweep;
  });
});
