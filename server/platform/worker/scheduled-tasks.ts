import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { claimDueTask, finishTask, insertMissingTasks } from './scheduled-tasks.repository.ts';
import type { Clock, WorkerJob } from './worker.ts';

/**
 * A named task run by one app instance, whichever claims it first: every `intervalMs` after its
 * previous run ended, or at the time of day `nextRunAt` gives after it (a morning mail at 08:00).
 */
export type ScheduledTask = { name: string; run: () => Promise<void> } & ({ intervalMs: number } | { nextRunAt: (finishedAt: Date) => Date });

/** How long a run may take before another instance may take the task again, as after a crash. */
const runLeaseMs = 30 * 60 * 1000;

/**
 * The periodic tasks of the worker (scheduled_tasks): a task first runs when the worker first
 * starts on a database, then every interval after its previous run ended, across restarts.
 */
export function createScheduledTasks({ db, clock, log }: { db: Db; clock: Clock; log: FastifyBaseLogger }) {
  const tasks = new Map<string, ScheduledTask>();
  let isPrepared = false;

  const job: WorkerJob = {
    name: 'scheduled-tasks',
    step: async () => {
      if (tasks.size === 0) return false;
      const names = [...tasks.keys()];
      if (!isPrepared) {
        await insertMissingTasks(db, names, clock());
        isPrepared = true;
      }
      const claimedAt = clock();
      const claim = new Date(claimedAt.getTime() + runLeaseMs);
      const name = await claimDueTask(db, names, claimedAt, claim);
      const task = name === undefined ? undefined : tasks.get(name);
      if (!task) return false;
      try {
        await task.run();
      } catch (error) {
        // The next occurrence comes as usual: a task that keeps failing is not retried in a loop.
        log.error({ err: error, task: task.name }, 'scheduled task failed');
      }
      const finishedAt = clock();
      const nextRunAt = 'intervalMs' in task ? new Date(finishedAt.getTime() + task.intervalMs) : task.nextRunAt(finishedAt);
      await finishTask(db, task.name, claim, { finishedAt, nextRunAt });
      return true;
    },
  };

  return {
    add: (task: ScheduledTask) => {
      if (tasks.has(task.name)) throw new Error(`scheduled task ${task.name} added twice`);
      tasks.set(task.name, task);
      isPrepared = false;
    },
    job,
  };
}
