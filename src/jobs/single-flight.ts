/**
 * Callers asking the same question at once share one run (one thread task, or one wait on one queued job).
 * Each caller may leave early with its own AbortSignal; when the last one leaves, the run's signal is aborted
 * with a SolveCancelledError, so the run can stop the work nobody waits for.
 */
import { SolveCancelledError } from '../core/errors.js';

export interface FlightOptions {
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((fraction: number) => void) | undefined;
}

export type FlightStart<T> = (signal: AbortSignal, progress: (fraction: number) => void) => Promise<T>;

interface Flight<T> {
  readonly promise: Promise<T>;
  readonly controller: AbortController;
  readonly listeners: Set<(fraction: number) => void>;
  callers: number;
  settled: boolean;
}

export class SingleFlight<T> {
  private readonly flights = new Map<string, Flight<T>>();
  private readonly everything = new Set<Promise<unknown>>();

  /** Runs in flight now. */
  get size(): number {
    return this.flights.size;
  }

  /** Whether a run of `key` is in flight (a new caller would join it). */
  has(key: string): boolean {
    return this.flights.has(key);
  }

  run(key: string, start: FlightStart<T>, options: FlightOptions = {}): Promise<T> {
    const { signal, onProgress } = options;
    if (signal?.aborted === true) return Promise.reject(new SolveCancelledError());
    const flight = this.flights.get(key) ?? this.launch(key, start);
    flight.callers++;
    if (onProgress !== undefined) flight.listeners.add(onProgress);
    return new Promise<T>((resolve, reject) => {
      const leave = (): void => {
        flight.callers--;
        if (onProgress !== undefined) flight.listeners.delete(onProgress);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        leave();
        if (flight.callers === 0 && !flight.settled) {
          if (this.flights.get(key) === flight) this.flights.delete(key);
          flight.controller.abort(new SolveCancelledError());
        }
        reject(new SolveCancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (value) => {
          leave();
          resolve(value);
        },
        (error: unknown) => {
          leave();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  private launch(key: string, start: FlightStart<T>): Flight<T> {
    const controller = new AbortController();
    const listeners = new Set<(fraction: number) => void>();
    const progress = (fraction: number): void => {
      for (const listener of listeners) {
        try {
          listener(fraction);
        } catch {
          // A caller's progress callback must not break the run for the others.
        }
      }
    };
    const promise = Promise.resolve().then(() => {
      // Aborted before it even began (abortAll right after run): do not start work nobody will wait for.
      if (controller.signal.aborted) throw controller.signal.reason;
      return start(controller.signal, progress);
    });
    const flight: Flight<T> = { promise, controller, listeners, callers: 0, settled: false };
    this.flights.set(key, flight);
    const done = promise.then(
      () => undefined,
      () => undefined,
    );
    this.everything.add(done);
    void done.then(() => {
      flight.settled = true;
      this.everything.delete(done);
      if (this.flights.get(key) === flight) this.flights.delete(key);
    });
    return flight;
  }

  /** Aborts every run with `reason` and waits (at most `waitMs`) for them to wind down. */
  async abortAll(reason: Error, waitMs = 2_000): Promise<void> {
    for (const flight of this.flights.values()) flight.controller.abort(reason);
    this.flights.clear();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...this.everything]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
  }
}
