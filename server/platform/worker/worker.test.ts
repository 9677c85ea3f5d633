import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createWorker } from './worker.ts';

const day = 24 * 60 * 60 * 1000;

function fakeLog() {
  return { error: vi.fn(), warn: vi.fn() };
}

/** A promise the test settles when it chooses. */
function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('background worker', () => {
  it('runs its jobs in turn until none has anything due, then waits to be kicked', async () => {
    const worker = createWorker({ log: fakeLog() as unknown as FastifyBaseLogger, pollMs: day, graceMs: 1000 });
    const queue = ['a', 'b', 'c'];
    const done: string[] = [];
    let ticks = 0;
    worker.addJob({ name: 'mail', step: async () => (queue.length ? (done.push(queue.shift() ?? ''), true) : false) });
    worker.addJob({ name: 'tick', step: async () => ((ticks += 1), false) });

    worker.start();
    await worker.kick();
    expect(done).toEqual(['a', 'b', 'c']);
    const ticksAfterPass = ticks;

    queue.push('d');
    await worker.kick();
    expect(done).toEqual(['a', 'b', 'c', 'd']);
    expect(ticks).toBeGreaterThan(ticksAfterPass);
    await worker.stop();
  });

  it('logs a job that fails and carries on with the next pass', async () => {
    const log = fakeLog();
    const worker = createWorker({ log: log as unknown as FastifyBaseLogger, pollMs: day, graceMs: 1000 });
    let calls = 0;
    worker.addJob({
      name: 'flaky',
      step: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database unreachable');
        return false;
      },
    });
    worker.start();
    await worker.kick();
    await worker.kick();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'flaky' }), 'background job failed');
    await worker.stop();
  });

  it('on stop, finishes the unit in hand and takes no more work', async () => {
    const worker = createWorker({ log: fakeLog() as unknown as FastifyBaseLogger, pollMs: day, graceMs: 60_000 });
    const sending = deferred();
    const started = deferred();
    const sent: string[] = [];
    const queue = ['first', 'second'];
    worker.addJob({
      name: 'mail',
      step: async () => {
        const next = queue.shift();
        if (!next) return false;
        started.resolve();
        await sending.promise;
        sent.push(next);
        return true;
      },
    });
    worker.start();
    void worker.kick();
    await started.promise;

    const stopped = worker.stop();
    sending.resolve();
    await stopped;
    expect(sent).toEqual(['first']);
    expect(queue).toEqual(['second']);
    await worker.kick();
    expect(sent).toEqual(['first']);
  });

  it('stops waiting for a unit that does not end within the grace period, and says so', async () => {
    const log = fakeLog();
    const worker = createWorker({ log: log as unknown as FastifyBaseLogger, pollMs: day, graceMs: 10 });
    const started = deferred();
    worker.addJob({
      name: 'stuck',
      step: async () => {
        started.resolve();
        return new Promise<boolean>(() => {});
      },
    });
    worker.start();
    void worker.kick();
    await started.promise;
    await worker.stop();
    expect(log.warn).toHaveBeenCalledWith({ graceMs: 10 }, expect.stringContaining('still running at shutdown'));
  });
});
