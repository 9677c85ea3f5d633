import fp from 'fastify-plugin';
import { sweepOrphanFiles, type OrphanSweepDeps } from './orphan-sweep.service.ts';

/**
 * Sweeps stored files no row names once at start-up, in the background so that readiness does not
 * wait for a listing of the bucket (daily: uploads.tasks.ts).
 */
export const orphanSweepPlugin = fp<OrphanSweepDeps>(async (app, deps) => {
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
