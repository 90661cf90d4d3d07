import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError, SolveCancelledError } from '../../src/core/errors.js';
import { SingleFlight } from '../../src/jobs/single-flight.js';

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: Error) => void } {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SingleFlight', () => {
  it('runs once for callers asking the same key at once, and fans progress out to each', async () => {
    const flights = new SingleFlight<string>();
    const gate = deferred<string>();
    let runs = 0;
    let report: (fraction: number) => void = () => undefined;
    const start = (_signal: AbortSignal, progress: (fraction: number) => void): Promise<string> => {
      runs++;
      report = progress;
      return gate.promise;
    };
    const seenA: number[] = [];
    const seenB: number[] = [];
    const a = flights.run('k', start, { onProgress: (f) => seenA.push(f) });
    const b = flights.run('k', start, { onProgress: (f) => seenB.push(f) });
    const other = flights.run('other', () => Promise.resolve('x'));
    await Promise.resolve();
    report(0.5);
    gate.resolve('answer');
    expect(await Promise.all([a, b, other])).toEqual(['answer', 'answer', 'x']);
    expect(runs).toBe(1);
    expect(seenA).toEqual([0.5]);
    expect(seenB).toEqual([0.5]);
    expect(flights.size).toBe(0);
  });

  it('a caller who leaves is released at once; the run stops only when the last one leaves', async () => {
    const flights = new SingleFlight<string>();
    let runSignal: AbortSignal | undefined;
    const start = (signal: AbortSignal): Promise<string> => {
      runSignal = signal;
      return new Promise<string>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason as Error)),
      );
    };
    const first = new AbortController();
    const second = new AbortController();
    const a = flights.run('k', start, { signal: first.signal });
    const b = flights.run('k', start, { signal: second.signal });
    await Promise.resolve();
    first.abort();
    await expect(a).rejects.toBeInstanceOf(SolveCancelledError);
    expect(runSignal?.aborted).toBe(false);
    second.abort();
    await expect(b).rejects.toBeInstanceOf(SolveCancelledError);
    expect(runSignal?.aborted).toBe(true);
    expect(runSignal?.reason).toBeInstanceOf(SolveCancelledError);
    // A new caller starts afresh.
    expect(await flights.run('k', () => Promise.resolve('again'))).toBe('again');
  });

  it('shares failures, and refuses an already aborted caller', async () => {
    const flights = new SingleFlight<string>();
    const failing = (): Promise<string> => Promise.reject(new Error('boom'));
    await expect(Promise.all([flights.run('k', failing), flights.run('k', failing)])).rejects.toThrow('boom');
    await expect(
      flights.run('k', () => Promise.resolve('x'), { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(SolveCancelledError);
  });

  it('abortAll stops every run with the reason given and waits for them', async () => {
    const flights = new SingleFlight<string>();
    const start = (signal: AbortSignal): Promise<string> =>
      new Promise<string>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason as Error)),
      );
    const a = flights.run('a', start);
    const b = flights.run('b', start);
    await flights.abortAll(new ServiceUnavailableError('shutting down'));
    await expect(a).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(b).rejects.toThrow('shutting down');
  });
});
