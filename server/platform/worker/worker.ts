import type { FastifyBaseLogger } from 'fastify';

/** What time the worker thinks it is; tests move it forward instead of waiting. */
export type Clock = () => Date;

/** One kind of background work: does one unit of it if one is due, and says whether it did. */
export type WorkerJob = { name: string; step: () => Promise<boolean> };

type Worker = {
  addJob: (job: WorkerJob) => void;
  start: () => void;
  /** Wakes the worker now; resolves once a pass that began after the call has ended. */
  kick: () => Promise<void>;
  /** Takes no more work and waits for the unit in hand, at most `graceMs`. */
  stop: () => Promise<void>;
};

/**
 * One loop per app instance that runs its jobs in turn, one unit at a time, until none has
 * anything due, then sleeps until kicked or for `pollMs`. Every unit is claimed in the database,
 * so any number of instances may run this loop side by side.
 */
export function createWorker({ log, pollMs, graceMs }: { log: FastifyBaseLogger; pollMs: number; graceMs: number }): Worker {
  const jobs: WorkerJob[] = [];
  /** Kicks waiting for the next pass to begin, and those the running pass serves. */
  let waiting: Array<() => void> = [];
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let isStopping = false;

  async function step(job: WorkerJob): Promise<boolean> {
    try {
      return await job.step();
    } catch (error) {
      // Counted as idle, so a database that is down is retried at the next poll rather than at once.
      log.error({ err: error, job: job.name }, 'background job failed');
      return false;
    }
  }

  async function pass() {
    let isBusy = true;
    while (isBusy && !isStopping) {
      isBusy = false;
      for (const job of jobs) {
        if (isStopping) return;
        if (await step(job)) isBusy = true;
      }
    }
  }

  function sleep() {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function run() {
    while (!isStopping) {
      const served = waiting;
      waiting = [];
      await pass();
      for (const resolve of served) resolve();
      if (!isStopping && waiting.length === 0) await sleep();
    }
    for (const resolve of waiting) resolve();
    waiting = [];
  }

  return {
    addJob: (job) => {
      jobs.push(job);
    },
    start: () => {
      loop ??= run();
    },
    kick: () => {
      if (isStopping) return Promise.resolve();
      const served = new Promise<void>((resolve) => waiting.push(resolve));
      wakeUp?.();
      return served;
    },
    stop: async () => {
      isStopping = true;
      wakeUp?.();
      if (!loop) {
        for (const resolve of waiting) resolve();
        waiting = [];
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<'gave up'>((resolve) => {
        timer = setTimeout(() => resolve('gave up'), graceMs);
      });
      const outcome = await Promise.race([loop, gaveUp]);
      clearTimeout(timer);
      // Whatever was claimed is retaken by another instance, or this one's next start, once its claim runs out.
      if (outcome === 'gave up') log.warn({ graceMs }, 'background work still running at shutdown; left to its claim’s expiry');
    },
  };
}
