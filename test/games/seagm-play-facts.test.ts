/**
 * SEAGM move by move (`play.ts`), every field a user sees, on every position reachable from small card sets:
 * the status, each move's words, the position after it, the shown lines and the best move's verdict, move and
 * reason, against a minimax over (cards left, g) written here from the rules (making g = 1 loses, an empty
 * table loses for the player to move) and the counts of cards each prime of g divides, by trial division.
 * Nothing here uses the solver.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { parseParams } from '../../src/core/params.js';
import { seagm } from '../../src/games/seagm/index.js';
import { seagmPlay as play, type SeagmPosition } from '../../src/games/seagm/play.js';
import { multisets, walkReachable } from './play-walk.js';
import { gcd, primesOf, without } from './seagm.reference.js';

const memo = new Map<string, boolean>();

/** The player to move wins with cards `left` on the table and g (0: nothing taken yet), by the rules alone. */
function wins(left: readonly number[], g: number): boolean {
  if (g === 1) return true; // the previous player made g = 1
  if (left.length === 0) return false;
  const key = `${g}:${left.join(',')}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  let win = false;
  for (const card of new Set(left)) {
    const next = gcd(g, card);
    if (next !== 1 && !wins(without(left, card), next)) win = true;
  }
  memo.set(key, win);
  return win;
}

const counts = (cards: readonly number[], g: number): string =>
  primesOf(g)
    .map((p) => {
      const n = cards.filter((c) => c % p === 0).length;
      return `${n} left divisible by ${p} (${n % 2 === 0 ? 'even' : 'odd'})`;
    })
    .join(', ');

/** Checks every field at `p` and the position after every move; notes the kinds of answer in `kinds`. */
function check(p: SeagmPosition, kinds: Set<string>): void {
  const other = p.turn === 0 ? 1 : 0;
  const over = p.g === 1 || p.cards.length === 0;
  expect(play.status(p)).toEqual({
    toMove: p.turn,
    over,
    winner: p.g === 1 ? p.turn : p.cards.length === 0 ? other : null,
  });
  expect(play.show(p)).toEqual([
    p.g === 0 ? 'g = 0 (no card taken yet)' : `g = ${p.g}`,
    `Cards on the table: ${p.cards.length === 0 ? 'none' : p.cards.join(' ')}`,
  ]);
  const win = wins(p.cards, p.g);
  expect(play.verdict(p)).toBe(win ? 'win' : 'loss');
  if (over) {
    expect(play.moves(p)).toEqual([]);
    expect(() => play.bestMove(p)).toThrow(InputError);
    kinds.add(p.g === 1 ? 'g is 1' : 'empty');
    return;
  }
  const distinct = [...new Set(p.cards)];
  expect(play.moves(p)).toEqual(
    distinct.map((card) => {
      const g = gcd(p.g, card);
      return {
        id: String(card),
        text: g === 1 ? `take ${card}: g becomes 1, which loses` : `take ${card}: g becomes ${g}`,
      };
    }),
  );
  for (const card of distinct) {
    expect(play.apply(p, String(card))).toEqual({
      cards: without(p.cards, card),
      g: gcd(p.g, card),
      turn: other,
    });
  }
  const best = play.bestMove(p);
  const card = Number(best.move);
  if (win) {
    const g = gcd(p.g, card);
    const left = without(p.cards, card);
    // A winning card: on the table, keeps g above 1 and leaves the opponent lost.
    expect(distinct).toContain(card);
    expect(g).not.toBe(1);
    expect(wins(left, g)).toBe(false);
    expect(best).toEqual({
      move: String(card),
      verdict: 'win',
      reason: `Take ${card}: g becomes ${g}, with ${counts(left, g)}. Every reply of the opponent from there can be answered until they must make g = 1 or run out of cards.`,
    });
    kinds.add(p.g === 0 ? 'win first' : 'win');
  } else {
    // Lost anyway: the first card (ascending) that does not make g = 1, else the first card.
    const safe = distinct.find((c) => gcd(p.g, c) !== 1) ?? distinct[0];
    expect(best).toEqual({
      move: String(safe),
      verdict: 'loss',
      reason:
        p.g === 0
          ? 'Every first card leaves the opponent a position they win with perfect play.'
          : `With g = ${p.g} (${counts(p.cards, p.g)}), every card either makes g = 1 or leaves the opponent a won position.`,
    });
    kinds.add(
      `${p.g === 0 ? 'loss first' : 'loss'}${safe !== undefined && gcd(p.g, safe) === 1 ? ', no safe card' : ''}`,
    );
  }
}

describe('SEAGM play: every field on every reachable position, against a minimax over the rules', () => {
  it('every multiset of up to 4 cards from 1, 2, 3, 4, 6, 10, 15, 30, and every position reachable from it', () => {
    const kinds = new Set<string>();
    const seen = new Set<string>();
    for (let size = 1; size <= 4; size++) {
      for (const cards of multisets([1, 2, 3, 4, 6, 10, 15, 30], size)) {
        const start = play.start(parseParams(seagm, { cards }));
        expect(start).toEqual({ cards, g: 0, turn: 0 });
        walkReachable(play, [start], seen, (p) => check(p, kinds));
      }
    }
    expect([...kinds].sort()).toEqual([
      'empty',
      'g is 1',
      'loss',
      'loss first',
      'loss first, no safe card',
      'loss, no safe card',
      'win',
      'win first',
    ]);
  });

  it('plays up to 200 cards and refuses more, naming the limit', () => {
    const cards = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(play.start(parseParams(seagm, { cards }))).toEqual({ cards, g: 0, turn: 0 });
    expect(() => play.start(parseParams(seagm, { cards: [...cards, 7] }))).toThrow(
      'numbers: play takes at most 200 cards (got 201); solve handles more, e.g. 2 6 3',
    );
  });
});
