/**
 * The brute force for play: plain minimax over the rules (`moves`, `apply`, `status`), memoised on the
 * position's JSON. It knows nothing of any game's theory, so it checks `verdict` and `bestMove` on every
 * small reachable position; tests also tie it to each game's own brute force at start positions.
 */
import type { PlaySupport, Verdict } from '../core/game.js';
import { stableStringify } from '../core/canonical.js';

const RANK: Record<Verdict, number> = { loss: 0, tie: 1, win: 2 };
const FLIP: Record<Verdict, Verdict> = { loss: 'win', tie: 'tie', win: 'loss' };

export class Minimax<Pos> {
  private readonly memo = new Map<string, Verdict>();
  constructor(private readonly play: PlaySupport<unknown, Pos>) {}

  /** The value of `position` for the player to move. */
  verdict(position: Pos): Verdict {
    const key = stableStringify(position);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const status = this.play.status(position);
    let best: Verdict;
    if (status.over) {
      best = status.winner === 'tie' ? 'tie' : status.winner === status.toMove ? 'win' : 'loss';
    } else {
      best = 'loss';
      for (const move of this.play.moves(position)) {
        const value = this.moveValue(position, move.id);
        if (RANK[value] > RANK[best]) best = value;
        if (best === 'win') break;
      }
    }
    this.memo.set(key, best);
    return best;
  }

  /** The value, for the player making it, of playing `move` at `position`. */
  moveValue(position: Pos, move: string): Verdict {
    const next = this.play.apply(position, move);
    const status = this.play.status(next);
    // After a move the turn usually passes; a game may end with the mover still "to move" in its status.
    const value = this.verdict(next);
    return status.toMove === this.play.status(position).toMove ? value : FLIP[value];
  }

  get size(): number {
    return this.memo.size;
  }
}

/** Every position reachable from `start` (including it), depth first, up to `limit` positions. */
export function reachable<Pos>(play: PlaySupport<unknown, Pos>, start: Pos, limit = 100_000): Pos[] {
  const seen = new Set<string>();
  const out: Pos[] = [];
  const stack = [start];
  while (stack.length > 0 && out.length < limit) {
    const position = stack.pop() as Pos;
    const key = stableStringify(position);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(position);
    for (const move of play.moves(position)) stack.push(play.apply(position, move.id));
  }
  return out;
}
