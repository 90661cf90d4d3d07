/**
 * Whether the queue is being served: jobs waiting while no `grundy worker` has been seen for a while means
 * every queued question hangs, so health turns degraded and says why.
 */
export class WorkerWatch {
  private lastSeenAt: number;

  constructor(
    private readonly graceMs: number,
    private readonly now: () => number = Date.now,
  ) {
    // Counting from start-up gives workers started alongside time to connect.
    this.lastSeenAt = now();
  }

  /** Records one look at the queue; returns why it is degraded, or undefined when it is served. */
  observe(workers: number | undefined, waiting: number): string | undefined {
    const now = this.now();
    // Unknown (CLIENT LIST not allowed): no evidence either way, so no alarm.
    if (workers === undefined || workers > 0) {
      this.lastSeenAt = now;
      return undefined;
    }
    const unseenMs = now - this.lastSeenAt;
    if (waiting === 0 || unseenMs < this.graceMs) return undefined;
    return (
      `${waiting} job(s) waiting and no worker seen for ${Math.round(unseenMs / 1000)} s; ` +
      'start `grundy worker` processes against the same REDIS_URL and GRUNDY_PREFIX'
    );
  }
}
