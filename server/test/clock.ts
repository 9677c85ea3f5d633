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
