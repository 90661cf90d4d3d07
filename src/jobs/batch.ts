/**
 * Quick questions travel to the workers together. BullMQ's own work per job (three scripts, four events, a
 * completion read back by every asker) costs Redis and both processes far more than solving a question the
 * worker answers in microseconds, so under load it, not the solving, sets how many questions a second the queue
 * takes. The batcher collects the quick questions asked in one turn of the event loop and sends them as one
 * job (BATCH_JOB_NAME in queue.ts), up to QUEUE_BATCH_MAX a job.
 *
 * Nothing changes for a lone question: one asked on its own (the usual case, and every costly question) goes
 * as its own job as before, with its id the canonical key, shared by everyone asking it and cancelled when
 * nobody waits. A question in a batch is never lost: when the batch job fails or disappears, or a worker could
 * not answer one of its questions for a reason worth another try (an older worker that does not know batches,
 * a crash), each of those questions is asked again on its own. A caller who gives up stops waiting at once;
 * the batch goes on for the others.
 */
import { randomUUID } from 'node:crypto';
import { SolveCancelledError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import type { Metrics } from '../metrics.js';
import { decodeAnswer, type StoredAnswer } from './answer.js';
import type { AnswerCache } from './cache.js';
import {
  BATCH_JOB_NAME,
  BatchAnswer,
  batchJobOptions,
  decodeFailure,
  errorFromFailure,
  type SolveJobData,
  type SolveQueue,
} from './queue.js';
import type { Config } from '../config.js';

interface Pending {
  readonly game: AnyGame;
  readonly data: SolveJobData;
  readonly signal: AbortSignal;
  readonly progress: (fraction: number) => void;
  /** Settles the caller once (later calls do nothing). */
  readonly resolve: (answer: StoredAnswer) => void;
  readonly reject: (error: unknown) => void;
  readonly settled: () => boolean;
}

export class SolveBatcher {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly queue: SolveQueue,
    private readonly config: Pick<Config, 'QUEUE_BATCH_MAX'> & Parameters<typeof batchJobOptions>[0],
    private readonly metrics: Metrics,
    /** Where the worker leaves the batch's answers (the asker's Redis cache). */
    private readonly cache: AnswerCache,
  ) {}

  /**
   * Like SolveQueue.run, for a question the worker answers in a moment: no progress, and a caller who gives up
   * stops waiting without stopping the batch.
   */
  run(
    game: AnyGame,
    data: SolveJobData,
    signal: AbortSignal,
    progress: (fraction: number) => void,
  ): Promise<StoredAnswer> {
    if (this.config.QUEUE_BATCH_MAX < 2 || data.file !== undefined)
      return this.queue.run(game, data, signal, progress);
    return new Promise<StoredAnswer>((resolve, reject) => {
      let done = false;
      const onAbort = (): void =>
        settle(() => reject(signal.reason instanceof Error ? signal.reason : new SolveCancelledError()));
      const settle = (finish: () => void): void => {
        if (done) return;
        done = true;
        signal.removeEventListener('abort', onAbort);
        finish();
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.push({
        game,
        data,
        signal,
        progress,
        resolve: (answer) => settle(() => resolve(answer)),
        reject: (error) => settle(() => reject(error instanceof Error ? error : new Error(String(error)))),
        settled: () => done,
      });
      if (this.pending.length >= this.config.QUEUE_BATCH_MAX) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const items = this.pending.filter((item) => !item.settled());
    this.pending = [];
    if (items.length === 0) return;
    if (items.length === 1) {
      this.alone(items[0]!);
      return;
    }
    void this.send(items);
  }

  /** One question asked again on its own job, as if it had never been batched. */
  private alone(item: Pending): void {
    if (item.settled()) return;
    this.queue.run(item.game, item.data, item.signal, item.progress).then(item.resolve, item.reject);
  }

  private async send(items: readonly Pending[]): Promise<void> {
    // Random: a batch id that another asker's batch had too would hand this one that batch's answers.
    const jobId = `${BATCH_JOB_NAME}.${randomUUID()}`;
    for (const item of items) this.metrics.jobsQueued.inc({ game: item.game.id });
    let value: unknown;
    try {
      const outcome = await this.queue.runOwn(
        jobId,
        BATCH_JOB_NAME,
        { batch: items.map((item) => item.data) },
        batchJobOptions(this.config, jobId),
      );
      // Failed for good (retries used up) or gone: every question is asked again on its own.
      if (outcome.kind !== 'completed') {
        for (const item of items) this.alone(item);
        return;
      }
      value = outcome.value;
    } catch (error) {
      // Redis away, or no worker within JOB_WAIT_MS: asking again would fail the same way.
      for (const item of items) item.reject(error);
      return;
    }
    const parsed = BatchAnswer.safeParse(value);
    const entries = parsed.success && parsed.data.batch.length === items.length ? parsed.data.batch : [];
    await Promise.all(
      items.map(async (item, i) => {
        const entry = entries[i];
        if (entry !== undefined && 'failed' in entry && decodeFailure(entry.failed).code !== undefined)
          return item.reject(errorFromFailure(entry.failed, item.data, jobId));
        const answer =
          entry === undefined || 'failed' in entry
            ? undefined
            : 'cached' in entry
              ? await this.cache.get(item.game, item.data.key)
              : decodeAnswer(item.game, entry.answer);
        // No answer that holds (evicted from the cache, a worker of another release, an unexpected error):
        // once more, on its own job.
        if (answer === undefined) this.alone(item);
        else item.resolve(answer);
      }),
    );
  }
}
