/**
 * ABGAME explanations (`explain.ts`), every field a user sees, against the brute force: the winner by its
 * game-tree search, every count (spare moves, contested gaps, their XOR, the move's gap) by its plain recount
 * of the pairs, and the named move confirmed by it. The wording is the explanation's; every number and name
 * in it is computed here or by the brute force, independently of the solver.
 */
import { describe, expect, it } from 'vitest';
import type { Explanation } from '../../src/core/game.js';
import { abgame } from '../../src/games/abgame/index.js';
import { legalMoves, moverWins, recount } from '../../src/games/abgame/brute.js';
import type { AbgameMove, AbgameResult, ContestedGap } from '../../src/games/abgame/schema.js';
import { MAX_BOARD_CELLS, SHOWN_CONTESTED } from '../../src/games/abgame/schema.js';

const fmt = (n: number): string => n.toLocaleString('en-US');
const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten'.split(' ');
const cells = (n: number): string => `${NUMBER_WORDS[n] ?? fmt(n)} cell${n === 1 ? '' : 's'}`;
const count = (n: number, word: string): string => `${fmt(n)} ${word}${n === 1 ? '' : 's'}`;

/** The whole explanation, from the brute force's recount of `board` with `winner` and A's named move. */
function expected(board: string, winner: 'A' | 'B', move: AbgameMove | null): Explanation<AbgameMove> {
  const r: AbgameResult = recount(board, winner, move);
  const { spareA, spareB, xor } = r;
  const shown = r.contestedShown.map((g) => fmt(g.gap)).join(', ');
  const list =
    r.contestedCount === 0
      ? 'none'
      : r.contestedCount > SHOWN_CONTESTED
        ? `${shown}, ... (${fmt(r.contestedCount)} in all)`
        : shown;
  const tieText = spareA === 0 ? 'neither player has spare moves' : `the spare moves tie at ${fmt(spareA)}`;
  const TieText = tieText.charAt(0).toUpperCase() + tieText.slice(1);
  const moves: { text: string; move: AbgameMove }[] = [];
  if (r.move !== null) {
    const step = Math.abs(r.move.to - r.move.from);
    const head = `Slide the A at cell ${fmt(r.move.from)} ${cells(step)} ${r.move.to > r.move.from ? 'right' : 'left'}: gap ${fmt(r.move.gapBefore)} -> ${fmt(r.move.gapAfter)}`;
    moves.push({
      text:
        r.move.kind === 'contested'
          ? `${head} (the contested gaps' XOR becomes 0).`
          : `${head} (a spare move: A keeps ${fmt(spareA - step)} to B's ${fmt(spareB)}).`,
      move: { from: r.move.from, to: r.move.to },
    });
  }
  const headline =
    spareA > spareB
      ? `A wins: A has ${count(spareA, 'spare move')} to B's ${fmt(spareB)}.`
      : spareA < spareB
        ? `B wins: B has ${count(spareB, 'spare move')} to A's ${fmt(spareA)}.`
        : xor !== 0
          ? `A wins: ${tieText} and the contested gaps XOR to ${fmt(xor)}, not 0.`
          : `B wins: ${tieText} and the contested gaps XOR to 0.`;
  const verdict =
    spareA > spareB
      ? `A has more spare moves (${fmt(spareA)} to B's ${fmt(spareB)}), so A wins whatever the contested gaps hold: A keeps their XOR at 0 after each of its moves, and spends a spare move when it is already 0.`
      : spareA < spareB
        ? `B has more spare moves (${fmt(spareB)} to A's ${fmt(spareA)}), so B wins.`
        : xor !== 0
          ? `${TieText}, so the contested gaps decide, as in Nim: their XOR is ${fmt(xor)}, not 0, so A (moving first) wins by making it 0.`
          : `${TieText}, so the contested gaps decide, as in Nim: their XOR is 0, so A (moving first) loses.`;
  const pair = (g: ContestedGap): string => {
    const [left, right] = g.a === 'left' ? ['A', 'B'] : ['B', 'A'];
    return `${left} at cell ${fmt(g.left)}, ${right} at cell ${fmt(g.right)}: gap ${fmt(g.gap)}`;
  };
  const aStuck = legalMoves(board, 'A').length === 0;
  const whole: Explanation<AbgameMove> = {
    outcome: winner === 'A' ? 'first' : 'second',
    winner,
    headline,
    moves,
    reasons: [
      'Characters pair up left to right (1st with 2nd, 3rd with 4th, ...) and each pair slides toward each other; an odd last character slides toward the right wall. Dots outside those gaps never matter.',
      `A gap between two characters of one player, or behind an odd last character, holds spare moves only that player can use: A has ${fmt(spareA)}, B has ${fmt(spareB)}.`,
      `A gap between an A and a B is a Nim heap either player may shrink: ${count(r.contestedCount, 'such gap')}` +
        (r.contestedCount === 0 ? '' : ` (${list}), XOR ${fmt(xor)}`) +
        '.',
      verdict,
    ],
    facts: [
      { label: 'Board', value: `${count(board.length, 'cell')}, ${count(r.characters, 'character')}` },
      { label: "A's spare moves", value: fmt(spareA) },
      { label: "B's spare moves", value: fmt(spareB) },
      { label: 'Contested gaps', value: list },
      { label: 'XOR of contested gaps', value: `${fmt(xor)} (binary ${xor.toString(2)})` },
    ],
    brief: [
      `Spare moves (gaps only one player can use): A ${fmt(spareA)}, B ${fmt(spareB)}.`,
      r.contestedCount === 0
        ? 'No contested gaps (between an A and a B).'
        : `Contested gaps (between an A and a B): ${list}; their XOR is ${fmt(xor)}.`,
      spareA !== spareB
        ? `${spareA > spareB ? 'A' : 'B'} has more spare moves, so ${spareA > spareB ? 'A' : 'B'} can always reply and makes the last slide.`
        : xor !== 0
          ? 'Spare moves are equal, so the XOR decides: it is not 0, and A, moving first, makes it 0.'
          : 'Spare moves are equal, so the XOR decides: it is 0, so A, moving first, loses.',
    ],
    ...(r.contestedCount === 0
      ? {}
      : {
          details: [
            {
              title:
                r.contestedCount > SHOWN_CONTESTED
                  ? `The first ${fmt(SHOWN_CONTESTED)} of ${fmt(r.contestedCount)} contested gaps`
                  : 'Contested gaps',
              lines: r.contestedShown.map(pair),
            },
          ],
        }),
  };
  if (winner === 'A') return whole;
  return {
    ...whole,
    whyNoMove: aStuck
      ? 'A has no move at all: no A has an empty cell in front of it, so A loses at once.'
      : spareA < spareB
        ? `B has more spare moves (${fmt(spareB)} to A's ${fmt(spareA)}). Whatever A does, B answers: if the contested gaps' XOR is not 0, B shrinks a contested gap to make it 0; otherwise B spends one spare move. A runs out of moves first.`
        : `${TieText} and the contested gaps' XOR is 0. If A spends a spare move, B spends one of its own; if A shrinks a contested gap, the XOR stops being 0 and B shrinks a contested gap to bring it back to 0. B always has a reply, so B makes the last move.`,
    refutation: aStuck
      ? 'A has no slide at all.'
      : spareA < spareB
        ? 'B answers each slide by bringing the XOR back to 0 or spending a spare move, and A runs out first.'
        : 'B copies: a spare move for a spare move, and any contested slide is answered by bringing the XOR back to 0.',
  };
}

/** Checks the explanation of `board` whole; the winner is the brute force's unless the board is too big for it. */
function check(board: string, winner: 'A' | 'B' = moverWins(board, 'A') ? 'A' : 'B'): void {
  const e = abgame.explain({ board }, abgame.solve({ board }));
  const named = e.moves[0]?.move ?? null;
  expect([board, e]).toStrictEqual([board, expected(board, winner, named)]);
  if (board.length <= 12 && named !== null)
    expect([board, abgame.brute.securesOptimum({ board }, named)]).toEqual([board, true]);
}

function* allBoards(length: number): Generator<string> {
  for (let i = 0; i < 3 ** length; i++) {
    let board = '';
    for (let k = 0, x = i; k < length; k++, x = Math.floor(x / 3)) board += 'AB.'[x % 3] ?? '';
    yield board;
  }
}

describe('abgame explanations against the brute force', () => {
  it('every field, on every board of up to 6 cells', () => {
    for (let length = 1; length <= 6; length++) for (const board of allBoards(length)) check(board);
  });

  it('every field on chosen boards: spare moves of A that win, every kind of loss, both orientations', () => {
    for (const board of [
      'A..B.A..B', // spare moves tie at 0, XOR 0
      'A.BB..B', // B has more spare moves
      'A...B.A.B', // the spec's example
      'A.A..BB.A', // a spare move wins
      'AA..BB...B', // spare moves tie at 2, XOR 0: B copies
      'AA...B.A.B', // spare moves tie and a contested gap decides
      'A.B.A...', // A's spare moves beat B's
      '..BA.BA..', // contested pairs with the A on the right
      'AB.', // A has no move
      'BA.BA..B.', // B's spare moves beat A's
    ])
      check(board);
  });

  it('every field on big boards, where the winner is plain: one contested pair, or A alone', () => {
    // One A facing one B across g empty cells: A wins exactly when g > 0 (it closes the gap; B is then stuck).
    for (const g of [0, 1, 2, 10, 11, 999, 1000, 1234, MAX_BOARD_CELLS - 2])
      check(`A${'.'.repeat(g)}B`, g > 0 ? 'A' : 'B');
    // A alone before g empty cells: A wins exactly when it can move at all (B never can).
    for (const g of [0, 1, 12, 1001]) check(`A${'.'.repeat(g)}`, g > 0 ? 'A' : 'B');
  });

  it('lists the first contested gaps and counts the rest, 13 and more pairs that A cannot win', () => {
    // k pairs "A.B": every gap is 1; A wins exactly when their XOR (k mod 2) is 1.
    for (const k of [SHOWN_CONTESTED, SHOWN_CONTESTED + 1, SHOWN_CONTESTED + 2, 1001])
      check('A.B'.repeat(k), k % 2 === 1 ? 'A' : 'B');
  });
});
