/**
 * A solver pool with a bounded backlog (the costly lane of a process without Redis): once its threads are all
 * taken and `maxWaiting` tasks wait, one more is refused at once as busy, and a slot freed by a task that ends
 * takes a new one again. Real solver threads, running the `slow` fixture game.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceUnavailableError, SolveCancelledError } from '../../src/core/errors.js';
import { busyState, SolvePool } from '../../src/jobs/thread-pool.js';
import { slowGamesModule, withTimeout } from './helpers.js';

const pools: SolvePool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

function openPool(maxWaiting: number | undefined, threads = 1, ownText = true): SolvePool {
  const pool = new SolvePool({
    threads,
    extraGamesModule: slowGamesModule,
    ...(maxWaiting === undefined ? {} : { maxWaiting }),
    ...(ownText
      ? { busyText: (taken: number, waiting: number) => `busy: ${taken} running, ${waiting} waiting` }
      : {}),
  });
  pools.push(pool);
  return pool;
}

/** A 30 s spin (far longer than any test here) that `controller` ends; settles to its outcome, never rejects. */
function spin(pool: SolvePool, tag: string, controller: AbortController, onProgress?: () => void) {
  return pool
    .run(
      'slow',
      { ms: 30_000, tag },
      { timeoutMs: 60_000, signal: controller.signal, ...(onProgress === undefined ? {} : { onProgress }) },
    )
    .then(
      (answer) => answer as unknown,
      (error: unknown) => error,
    );
}

describe('a solver pool with a bounded backlog', () => {
  it('says how busy it is in plain words', () => {
    expect(busyState(1, 0, '')).toBe('its one solver thread is taken');
    expect(busyState(2, 1, '')).toBe('all 2 of its solver threads are taken, and 1 more question is waiting');
    expect(busyState(4, 64, ' for big questions', 'big question')).toBe(
      'all 4 of its solver threads for big questions are taken, and 64 more big questions are waiting',
    );
  });

  it('refuses a task beyond its threads and maxWaiting at once, and takes one again when a slot frees', async () => {
    const pool = openPool(1);
    const [running, waiting, later] = [new AbortController(), new AbortController(), new AbortController()];
    try {
      let started!: () => void;
      const progress = new Promise<void>((resolve) => (started = resolve));
      const first = spin(pool, 'running', running, () => started());
      await withTimeout(progress, 15_000, 'the first task to start');
      const second = spin(pool, 'waiting', waiting);

      const refused = await withTimeout(spin(pool, 'refused', new AbortController()), 5_000, 'the refusal');
      expect(refused).toBeInstanceOf(ServiceUnavailableError);
      expect((refused as ServiceUnavailableError).message).toBe('busy: 1 running, 1 waiting');
      expect((refused as ServiceUnavailableError).publicText).toBe('busy: 1 running, 1 waiting');

      // The waiting one gives up: its slot takes a new task (which waits in turn), and the next is refused.
      waiting.abort(new SolveCancelledError());
      expect(await withTimeout(second, 5_000, 'the waiting task to leave')).toBeInstanceOf(
        SolveCancelledError,
      );
      const third = spin(pool, 'later', later);
      expect(await spin(pool, 'refused-again', new AbortController())).toBeInstanceOf(
        ServiceUnavailableError,
      );

      running.abort(new SolveCancelledError());
      later.abort(new SolveCancelledError());
      expect(await withTimeout(first, 15_000, 'the running task to end')).toBeInstanceOf(SolveCancelledError);
      expect(await withTimeout(third, 15_000, 'the later task to end')).toBeInstanceOf(SolveCancelledError);
      // Everything has ended: a task is taken, and answered.
      const answer = await pool.run('slow', { ms: 1, tag: 'after' }, { timeoutMs: 15_000 });
      expect(answer.result).toEqual({ spunMs: 1, tag: 'after' });
    } finally {
      for (const controller of [running, waiting, later]) controller.abort();
    }
  });

  it('with maxWaiting 0, refuses any task while all its threads are taken; without a limit, none', async () => {
    const bounded = openPool(0, 2, false);
    const open = openPool(undefined);
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    const second = new AbortController();
    try {
      let started!: () => void;
      const progress = new Promise<void>((resolve) => (started = resolve));
      const first = spin(bounded, 'only', controllers[0] ?? new AbortController(), () => started());
      await withTimeout(progress, 15_000, 'the task to start');
      // Two threads: a second task still finds room, a third does not, and hears the default text.
      const beside = spin(bounded, 'beside', second);
      const refused = await spin(bounded, 'no-room', new AbortController());
      expect(refused).toBeInstanceOf(ServiceUnavailableError);
      expect((refused as ServiceUnavailableError).publicText).toBe(
        'Grundy is busy: all 2 of its solver threads are taken. Ask again in a few minutes.',
      );
      second.abort(new SolveCancelledError());
      expect(await beside).toBeInstanceOf(SolveCancelledError);

      // No limit: a second and a third wait (neither is refused) until they are called off.
      const waiting = [1, 2].map((i) => spin(open, `wait-${i}`, controllers[i] ?? new AbortController()));
      controllers[1]?.abort(new SolveCancelledError());
      controllers[2]?.abort(new SolveCancelledError());
      for (const outcome of await Promise.all(waiting)) expect(outcome).toBeInstanceOf(SolveCancelledError);
      controllers[0]?.abort(new SolveCancelledError());
      expect(await first).toBeInstanceOf(SolveCancelledError);
    } finally {
      for (const controller of [...controllers, second]) controller.abort();
    }
  });
});
