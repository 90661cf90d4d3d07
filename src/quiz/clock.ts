/** The quiz's clock: time and timers, injectable so tests run on fake time. */

export interface QuizClock {
  now(): number;
  /** Calls `fn` at (or soon after) `at`; returns a function that cancels it. */
  schedule(at: number, fn: () => void): () => void;
}

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export const systemClock: QuizClock = {
  now: () => Date.now(),
  schedule(at, fn) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (): void => {
      const delay = at - Date.now();
      // setTimeout cannot wait longer than ~24.8 days; hop there in steps.
      timer = delay > MAX_TIMEOUT_MS ? setTimeout(arm, MAX_TIMEOUT_MS) : setTimeout(fn, Math.max(0, delay));
    };
    arm();
    return () => clearTimeout(timer);
  },
};
