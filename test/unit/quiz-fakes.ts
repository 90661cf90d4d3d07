/** Test doubles for the quiz runner: fake time with per-process timer scopes, and a solver that calls the game. */
import type { AnyGame } from '../../src/core/game.js';
import { parseParams } from '../../src/core/params.js';
import { builtInGames as games } from '../../src/games/catalog.js';
import type { QuizClock, QuizEvent, QuizSolver } from '../../src/quiz/service.js';

interface Timer {
  readonly at: number;
  readonly order: number;
  readonly fn: () => void;
  readonly scope: number;
}

/**
 * Shared fake time. Each `scope()` is one process's clock: `kill(scope)` drops its timers as a crash would.
 * `advanceTo` fires due timers in time order; timers due at the same moment fire together (so two processes
 * really race), then `settle` runs before time moves on.
 */
export class FakeTime {
  private current: number;
  private timers: Timer[] = [];
  private counter = 0;
  private scopes = 0;

  constructor(start: number) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  scope(): QuizClock & { readonly id: number } {
    const id = ++this.scopes;
    return {
      id,
      now: () => this.current,
      schedule: (at, fn) => {
        const timer: Timer = { at, order: ++this.counter, fn, scope: id };
        this.timers.push(timer);
        return () => {
          this.timers = this.timers.filter((t) => t !== timer);
        };
      },
    };
  }

  kill(scope: number): void {
    this.timers = this.timers.filter((t) => t.scope !== scope);
  }

  /** The earliest pending timer, if any. */
  nextAt(): number | undefined {
    return this.timers.reduce<number | undefined>(
      (min, t) => (min === undefined || t.at < min ? t.at : min),
      undefined,
    );
  }

  pending(): number {
    return this.timers.length;
  }

  /** Time moves on without running any timer (a stalled event loop); they run at the next `advanceTo`. */
  jump(ms: number): void {
    this.current += ms;
  }

  async advanceTo(target: number, settle: () => Promise<void>): Promise<void> {
    await settle();
    for (;;) {
      const at = this.nextAt();
      if (at === undefined || at > target) break;
      if (at > this.current) this.current = at;
      const due = this.timers.filter((t) => t.at <= this.current).sort((a, b) => a.order - b.order);
      this.timers = this.timers.filter((t) => !due.includes(t));
      for (const t of due) t.fn();
      await settle();
    }
    if (target > this.current) this.current = target;
  }
}

/** The solve service's contract, answered by calling the game directly. TEST ONLY: no threads, no cache. */
export function directSolver(list: readonly AnyGame[] = games): QuizSolver & { calls: number } {
  const solver = {
    calls: 0,
    solve(gameId: string, candidate: unknown) {
      solver.calls++;
      const game = list.find((g) => g.id === gameId);
      if (game === undefined) return Promise.reject(new Error(`unknown game ${gameId}`));
      try {
        const params: unknown = parseParams(game, candidate);
        const result: unknown = game.solve(params);
        return Promise.resolve({ params, result, explanation: game.explain(params, result) });
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
  return solver;
}

/** Deterministic uint32s for quiz ids and seeds. */
export function counterRandom(seed = 1): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return x;
  };
}

export function eventLog(): { events: QuizEvent[]; emit: (event: QuizEvent) => void } {
  const events: QuizEvent[] = [];
  return { events, emit: (event) => void events.push(event) };
}
