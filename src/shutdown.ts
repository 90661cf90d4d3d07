/**
 * How the long-running verbs (`grundy serve`, `grundy worker`) end: every process exits within 10 s of SIGTERM
 * (Docker's and Kubernetes' default stop grace), whatever is down. Work in progress gets `SHUTDOWN_GRACE_MS` to
 * finish; a close that waits on a peer that is away (Redis, the Discord gateway) is cut off at
 * `SHUTDOWN_DEADLINE_MS` by exiting, since ioredis and discord.js keep their reconnect timers running.
 */

/** How long running solves and jobs may finish after SIGTERM before they are stopped. */
export const SHUTDOWN_GRACE_MS = 5_000;

/** After SIGTERM the process exits by this time at the latest, closed or not. */
export const SHUTDOWN_DEADLINE_MS = 8_000;

/**
 * Exits the process (code 1) `ms` after this call unless it has ended by then, saying so on stderr. The timer
 * does not itself keep the process alive. Call it once a stop signal has arrived.
 */
export function armShutdownDeadline(
  command: string,
  stderr: { write(text: string): unknown } = process.stderr,
  ms = SHUTDOWN_DEADLINE_MS,
): void {
  setTimeout(() => {
    stderr.write(
      `grundy ${command}: still closing ${ms / 1000} s after the stop signal (something it waits on is down); exiting now.\n`,
    );
    process.exit(1);
  }, ms).unref();
}

/**
 * Once a command has returned, nothing of ours is left to do: timers that libraries leave behind (reconnect
 * attempts to a Redis or gateway that is away) must not keep the process alive. Exits after `ms` if the event
 * loop has not emptied by then.
 */
export function exitWhenDone(ms = 1_000): void {
  setTimeout(() => process.exit(), ms).unref();
}
