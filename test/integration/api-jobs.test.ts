/**
 * The API's job board on its own (no server): random ids, progress, done and failed views, the cap on jobs
 * (503 while full of running ones, finished ones make room), expiry, and close() stopping the waits.
 */
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/http/api/errors.js';
import { JOB_ID, JobBoard } from '../../src/http/api/jobs.js';

/** Work the test finishes by hand. */
function pending() {
  let resolve: (value: unknown) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  let signal: AbortSignal | undefined;
  let progress: (fraction: number) => void = () => undefined;
  const work = (s: AbortSignal, onProgress: (fraction: number) => void): Promise<unknown> => {
    signal = s;
    progress = onProgress;
    return new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
  };
  return {
    work,
    resolve: (value: unknown) => resolve(value),
    reject: (error: unknown) => reject(error),
    progress: (fraction: number) => progress(fraction),
    signal: () => signal,
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('JobBoard', () => {
  test('a job goes queued -> running with clamped progress -> done, with random ids', async () => {
    const board = new JobBoard({ failureText: () => 'failed' });
    const job = pending();
    const id = board.start(job.work, true);
    expect(id).toMatch(JOB_ID);
    expect(board.start(pending().work, true)).not.toBe(id);
    expect(board.view(id)).toEqual({ status: 'queued', progress: null });
    job.progress(0.25);
    expect(board.view(id)).toEqual({ status: 'running', progress: 0.25 });
    job.progress(7);
    expect(board.view(id)).toEqual({ status: 'running', progress: 1 });
    job.resolve({ answer: 42 });
    await settled();
    expect(board.view(id)).toEqual({ status: 'done', answer: { answer: 42 } });
    job.progress(0.5);
    expect(board.view(id)?.status).toBe('done');
  });

  test('a failure shows the failure text the API maps it to', async () => {
    const board = new JobBoard({ failureText: (error) => `mapped: ${String(error)}` });
    const job = pending();
    const id = board.start(job.work, false);
    expect(board.view(id)).toEqual({ status: 'running', progress: null });
    job.reject('boom');
    await settled();
    expect(board.view(id)).toEqual({ status: 'failed', error: { message: 'mapped: boom' } });
  });

  test('full of running jobs it refuses with 503 and Retry-After; a finished job makes room; finished jobs expire', async () => {
    let now = 1_000;
    const board = new JobBoard({ maxJobs: 2, keepMs: 500, now: () => now, failureText: () => '' });
    const [a, b] = [pending(), pending()];
    const idA = board.start(a.work, false);
    const idB = board.start(b.work, false);
    let refusal: unknown;
    try {
      board.start(pending().work, false);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 503, headers: { 'retry-after': 60 } });
    expect(board.running).toBe(2);
    a.resolve('done');
    await settled();
    expect(board.view(idA)?.status).toBe('done');
    // Full again: the finished job is forgotten to make room for a new one.
    const idC = board.start(pending().work, false);
    expect(board.view(idA)).toBeUndefined();
    expect(board.view(idC)?.status).toBe('running');
    b.resolve('done too');
    await settled();
    now += 499;
    expect(board.view(idB)).toEqual({ status: 'done', answer: 'done too' });
    now += 2;
    expect(board.view(idB)).toBeUndefined();
    expect(board.running).toBe(1);
  });

  test('close() aborts the running jobs and refuses new ones', () => {
    const board = new JobBoard({ failureText: () => '' });
    const job = pending();
    board.start(job.work, false);
    board.close();
    expect(job.signal()?.aborted).toBe(true);
    expect(() => board.start(pending().work, false)).toThrow(ApiError);
  });
});
