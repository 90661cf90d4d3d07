/**
 * Shared pieces of the exhaustive `/play` tests: the multisets of small values, and a walk over every position
 * reachable from some starts, each position checked once (its schema first, then the test's own check).
 */
import { expect } from 'vitest';
import type { PlaySupport } from '../../src/core/game.js';

/** Every multiset of `size` values from `values` (each in the order of `values`). */
export function* multisets(values: readonly number[], size: number, from = 0): Generator<number[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let i = from; i < values.length; i++)
    for (const rest of multisets(values, size - 1, i)) yield [values[i] ?? 0, ...rest];
}

/** Visits every position reachable from `starts` not in `seen` yet (JSON keys), checking its schema first. */
export function walkReachable<Pos>(
  play: Pick<PlaySupport<never, Pos>, 'position' | 'moves' | 'apply'>,
  starts: readonly Pos[],
  seen: Set<string>,
  check: (p: Pos) => void,
): void {
  const stack = [...starts];
  while (stack.length > 0) {
    const p = stack.pop();
    if (p === undefined || seen.has(JSON.stringify(p))) continue;
    seen.add(JSON.stringify(p));
    expect(play.position.safeParse(p).success).toBe(true);
    check(p);
    for (const m of play.moves(p)) stack.push(play.apply(p, m.id));
  }
}
