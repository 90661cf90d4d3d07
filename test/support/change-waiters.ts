/**
 * Waiting on something a test double records (requests, gateway messages, log lines): every waiter re-checks
 * its condition whenever the double calls `changed()`, and fails at its deadline with what was seen so far.
 * No polling and no sleeps.
 */
export class ChangeWaiters {
  private readonly waiters = new Set<() => void>();

  /** Call after each recorded change: every waiter re-checks. */
  changed(): void {
    for (const wake of [...this.waiters]) wake();
  }

  /**
   * Resolves with the first value `check` returns that is not undefined; rejects with `check`'s thrown error
   * (e.g. "the process exited first") or, after `timeoutMs`, with `timedOut()`'s message.
   */
  until<T>(check: () => T | undefined, timeoutMs: number, timedOut: () => string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const wake = (): void => {
        let value: T | undefined;
        try {
          value = check();
        } catch (error) {
          done();
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        if (value === undefined) return;
        done();
        resolve(value);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(timedOut()));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
      };
      this.waiters.add(wake);
      wake();
    });
  }
}
