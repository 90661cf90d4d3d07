/**
 * SEAGM move by move. A position is the cards still on the table and g. The fast solver's search already
 * works on "primes of g, cards taken since g got them": analysing only the cards left, a position (g, left)
 * is exactly the search's (primes of g, t = 0), and g = 0 is a start position of the cards left.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import type { BestMove, PlayMove, PlayStatus, PlaySupport, Verdict } from '../../core/game.js';
import { otherSeat, requireMove } from '../../core/play.js';
import { distinctPrimes } from './factor.js';
import type { SeagmParams } from './schema.js';
import { analyse, cardFor, OptimalSearch } from './solve.js';
import { PLAY_MAX_CARDS, seagmMeta } from './meta.js';

export { PLAY_MAX_CARDS };

export const SeagmPosition = z.strictObject({
  /** Cards still on the table, ascending. */
  cards: z.array(z.number().int().min(1).max(1_000_000_000)).max(PLAY_MAX_CARDS),
  /** gcd of the cards taken; 0 before the first move. */
  g: z.number().int().min(0).max(1_000_000_000),
  turn: z.union([z.literal(0), z.literal(1)]),
});
export type SeagmPosition = z.infer<typeof SeagmPosition>;

function gcd(x: number, y: number): number {
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

function status(p: SeagmPosition): PlayStatus {
  // g = 1 was made by the previous mover, who lost; an empty table leaves the mover without a move.
  if (p.g === 1) return { toMove: p.turn, over: true, winner: p.turn };
  if (p.cards.length === 0) return { toMove: p.turn, over: true, winner: otherSeat(p.turn) };
  return { toMove: p.turn, over: false, winner: null };
}

function moves(p: SeagmPosition): PlayMove[] {
  if (status(p).over) return [];
  return [...new Set(p.cards)].map((card) => {
    const next = gcd(p.g, card);
    const text = next === 1 ? `take ${card}: g becomes 1, which loses` : `take ${card}: g becomes ${next}`;
    return { id: String(card), text };
  });
}

function apply(p: SeagmPosition, move: string): SeagmPosition {
  const card = Number(requireMove(moves(p), move).id);
  const cards = [...p.cards];
  cards.splice(cards.indexOf(card), 1);
  return { cards, g: gcd(p.g, card), turn: otherSeat(p.turn) };
}

/** A card that wins for the mover, or undefined when every card loses. */
function winningCard(p: SeagmPosition): number | undefined {
  const a = analyse(p.cards);
  const search = new OptimalSearch(a);
  if (p.g === 0) {
    // Any first card c hands the opponent (primes of c, one card taken).
    const cls = a.classes.find((c) => c.primes.length > 0 && !search.wins(c.primes, c.radical, 1));
    return cls?.values[0];
  }
  const primes = distinctPrimes(p.g);
  const radical = primes.reduce((x, y) => x * y, 1);
  const target = search.findWinningMove(primes, radical, 0);
  return target === undefined ? undefined : cardFor(a, primes, target, new Map());
}

function verdict(p: SeagmPosition): Verdict {
  const s = status(p);
  if (s.over) return s.winner === p.turn ? 'win' : 'loss';
  return winningCard(p) === undefined ? 'loss' : 'win';
}

function countsAfter(cards: readonly number[], g: number): string {
  return distinctPrimes(g)
    .map((prime) => {
      const left = cards.filter((c) => c % prime === 0).length;
      return `${left} left divisible by ${prime} (${left % 2 === 0 ? 'even' : 'odd'})`;
    })
    .join(', ');
}

function bestMove(p: SeagmPosition): BestMove {
  if (status(p).over) throw new InputError('The game is over: there is no move to make.', 'move');
  const card = winningCard(p);
  if (card !== undefined) {
    const after = apply(p, String(card));
    return {
      move: String(card),
      verdict: 'win',
      reason:
        `Take ${card}: g becomes ${after.g}, with ${countsAfter(after.cards, after.g)}. ` +
        'Every reply of the opponent from there can be answered until they must make g = 1 or run out of cards.',
    };
  }
  // Lost anyway: prefer a card that does not end the game at once.
  const options = moves(p);
  const safe = options.find((m) => gcd(p.g, Number(m.id)) !== 1) ?? options[0];
  return {
    // Stryker disable next-line OptionalChaining: options is not empty (bestMove throws above when the game is over)
    move: safe?.id ?? '',
    verdict: 'loss',
    reason:
      p.g === 0
        ? 'Every first card leaves the opponent a position they win with perfect play.'
        : `With g = ${p.g} (${countsAfter(p.cards, p.g)}), every card either makes g = 1 or leaves the opponent a won position.`,
  };
}

function show(p: SeagmPosition): string[] {
  const table = p.cards.length === 0 ? 'none' : p.cards.join(' ');
  return [p.g === 0 ? 'g = 0 (no card taken yet)' : `g = ${p.g}`, `Cards on the table: ${table}`];
}

/** Why a typed card ("7" or "take 7") cannot be taken: it is not on the table. */
function whyIllegal(p: SeagmPosition, typed: string): string | undefined {
  const card = /^(?:take )?(\d{1,12})$/.exec(typed)?.[1];
  if (card === undefined || p.cards.includes(Number(card))) return undefined;
  const left = [...new Set(p.cards)];
  const shown = left.length > 12 ? `${left.slice(0, 12).join(', ')}, ...` : left.join(', ');
  return `no card ${card} is on the table (the cards left: ${shown})`;
}

export const seagmPlay: PlaySupport<SeagmParams, SeagmPosition> = {
  position: SeagmPosition,
  limit: seagmMeta.playLimit,
  start(params) {
    if (params.cards.length > PLAY_MAX_CARDS) {
      throw new InputError(
        `numbers: play takes at most ${PLAY_MAX_CARDS} cards (got ${params.cards.length}); solve handles more, e.g. 2 6 3`,
        'numbers',
      );
    }
    return { cards: [...params.cards], g: 0, turn: 0 };
  },
  status,
  moves,
  apply,
  whyIllegal,
  verdict,
  bestMove,
  show,
};
