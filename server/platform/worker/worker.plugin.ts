import fp from 'fastify-plugin';
import type { Db, Tx } from '#server/db/client.ts';
import { createScheduledTasks, type ScheduledTask } from '#server/platform/worker/scheduled-tasks.ts';
import { createWorker, type Clock, type WorkerJob } from '#server/platform/worker/worker.ts';

export type BackgroundWorker = {
  /** The worker's clock: what its jobs compare due times with. */
  now: Clock;
  /** Register before the app is ready. */
  addJob: (job: WorkerJob) => void;
  /** A periodic task; register before the app is ready. */
  addTask: (task: ScheduledTask) => void;
  /**
   * Tells every instance's worker that work is waiting: this one at once, the others by NOTIFY,
   * which leaves at the commit of `executor`'s transaction.
   */
  wake: (executor: Db | Tx) => Promise<void>;
  /** Wakes this instance's worker; resolves once a pass that began after the call has ended. */
  kick: () => Promise<void>;
};

export type WorkerOptions = {
  clock?: Clock;
  /** How often the worker looks for due work when nothing woke it. */
  pollMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work (mail delivery, periodic tasks) shared by every app instance through the database. */
    worker: BackgroundWorker;
  }
}

const wakeChannel = 'background_work';
const defaultPollMs = 30_000;
/** What app.close() waits for the unit in hand (a mail being sent), so the process ends within 10 s. */
const shutdownGraceMs = 5_000;

/** Starts the worker when the app is ready, and stops it when the app closes. */
export const workerPlugin = fp<WorkerOptions>(async (app, { clock = () => new Date(), pollMs = defaultPollMs }) => {
  const worker = createWorker({ log: app.log, pollMs, graceMs: shutdownGraceMs });
  const tasks = createScheduledTasks({ db: app.db, clock, log: app.log });
  worker.addJob(tasks.job);

  app.decorate('worker', {
    now: clock,
    addJob: worker.addJob,
    addTask: tasks.add,
    wake: async (executor) => {
      await app.realtime.publish(wakeChannel, '', executor);
      void worker.kick();
    },
    kick: worker.kick,
  } satisfies BackgroundWorker);

  app.addHook('onReady', async () => {
    // Also woken after the LISTEN connection comes back, for what was announced meanwhile.
    await app.realtime.subscribe(wakeChannel, () => void worker.kick()).catch((error: unknown) => {
      app.log.warn({ err: error }, 'background worker not listening for wake-ups; polling only');
    });
    worker.start();
  });
  app.addHook('onClose', () => worker.stop());
});
