/**
 * Big questions asked through the API: each gets a job here, polled at GET /api/jobs/:id, while the solve
 * service does the work (the queue with REDIS_URL, this process's solver threads without). A job id is 128
 * random bits, never derived from the question: the service already shares one run among identical questions,
 * and a random id keeps one asker from finding, or learning of, another's question. Finished jobs are kept an
 * hour; the board holds at most `maxJobs`, and refuses new ones (503) while that many are still running.
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from './errors.js';

export type JobView =
  | { readonly status: 'queued' | 'running'; readonly progress: number | null }
  | { readonly status: 'done'; readonly answer: unknown }
  | { readonly status: 'failed'; readonly error: { readonly message: string } };

type Work = (signal: AbortSignal, onProgress: (fraction: number) => void) => Promise<unknown>;

interface Job {
  view: JobView;
  /** When a finished job may be forgotten. */
  expiresAt: number;
  readonly controller: AbortController;
}

export const JOB_ID = /^[A-Za-z0-9_-]{22}$/;

export interface JobBoardOptions {
  readonly maxJobs?: number;
  readonly keepMs?: number;
  readonly now?: () => number;
  /** The text a failure shows (errors are mapped by the API's one error mapping). */
  readonly failureText: (error: unknown) => string;
}

export class JobBoard {
  private readonly jobs = new Map<string, Job>();
  private readonly maxJobs: number;
  private readonly keepMs: number;
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly options: JobBoardOptions) {
    this.maxJobs = options.maxJobs ?? 10_000;
    this.keepMs = options.keepMs ?? 60 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  /** Starts `work` in the background and returns the job's id. `queued`: it waits for a worker first. */
  start(work: Work, queued: boolean): string {
    if (this.closed) throw new ApiError(503, 'The server is shutting down; try again in a moment.');
    this.sweep();
    if (this.jobs.size >= this.maxJobs) {
      throw new ApiError(
        503,
        'Too many big questions are being solved right now; try again in a minute.',
        null,
        {
          'retry-after': 60,
        },
      );
    }
    const id = randomBytes(16).toString('base64url');
    const job: Job = {
      view: { status: queued ? 'queued' : 'running', progress: null },
      expiresAt: Number.POSITIVE_INFINITY,
      controller: new AbortController(),
    };
    this.jobs.set(id, job);
    const onProgress = (fraction: number): void => {
      if (job.view.status === 'queued' || job.view.status === 'running')
        job.view = { status: 'running', progress: Math.min(1, Math.max(0, fraction)) };
    };
    work(job.controller.signal, onProgress).then(
      (answer) => this.finish(job, { status: 'done', answer }),
      (error: unknown) =>
        this.finish(job, { status: 'failed', error: { message: this.options.failureText(error) } }),
    );
    return id;
  }

  view(id: string): JobView | undefined {
    const job = this.jobs.get(id);
    if (job === undefined) return undefined;
    if (job.expiresAt <= this.now()) {
      this.jobs.delete(id);
      return undefined;
    }
    return job.view;
  }

  /** Jobs not yet finished. */
  get running(): number {
    let count = 0;
    for (const job of this.jobs.values()) if (job.expiresAt === Number.POSITIVE_INFINITY) count++;
    return count;
  }

  /** Stops waiting for every running job (the service stops their runs when nobody else waits). Idempotent. */
  close(): void {
    this.closed = true;
    for (const job of this.jobs.values()) job.controller.abort();
  }

  private finish(job: Job, view: JobView): void {
    job.view = view;
    job.expiresAt = this.now() + this.keepMs;
  }

  /** Forgets expired jobs, then the oldest finished ones while the board is full. */
  private sweep(): void {
    const now = this.now();
    for (const [id, job] of this.jobs) if (job.expiresAt <= now) this.jobs.delete(id);
    if (this.jobs.size < this.maxJobs) return;
    for (const [id, job] of this.jobs) {
      if (this.jobs.size < this.maxJobs) break;
      if (job.expiresAt !== Number.POSITIVE_INFINITY) this.jobs.delete(id);
    }
  }
}
