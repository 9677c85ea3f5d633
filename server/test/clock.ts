import type { WorkerOptions } from '#server/platform/worker/worker.plugin.ts';
import type { Clock } from '#server/platform/worker/worker.ts';

export type TestClock = { now: Clock; advance: (ms: number) => void };

/** The real time moved forward on demand, so a test reaches a retry due in hours without waiting. */
export function testClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
  };
}

/**
 * The worker of the suites that compare the database before and after a refused request: its
 * clock stands still at its start, so once the first pass has run no periodic task comes due
 * again, nor does a reply's grace or a mail's retry; it polls hourly. It acts only when kicked or
 * woken, and `app.worker.kick()` settles what a request before left it.
 */
export function stillWorker(): WorkerOptions {
  const startedAt = Date.now();
  return { clock: () => new Date(startedAt), pollMs: 60 * 60 * 1000 };
}
