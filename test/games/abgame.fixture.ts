import fc from 'fast-check';
import { expect } from 'vitest';
import { BRUTE_MAX_CELLS, recount } from '../../src/games/abgame/brute.js';
import { abgame } from '../../src/games/abgame/index.js';
import { wholeResultCheck, type ConformanceFixture } from './conformance.js';

const cell = fc.constantFrom('A', 'B', '.');

export const fixture: ConformanceFixture = {
  small: fc
    .string({ unit: cell, minLength: 1, maxLength: BRUTE_MAX_CELLS, size: 'max' })
    .map((board) => ({ board })),
  sizes: [
    { name: 'board length', measure: (c: { board: string }) => c.board.length, min: 1, max: BRUTE_MAX_CELLS },
  ],
  wholeResult: wholeResultCheck(abgame, ({ params, fast, brute, explanation, confirms }) => {
    // Every count, the XOR and the listed contested gaps are the brute force's plain recount.
    const { move, ...counts } = fast;
    const { move: bruteMove, ...bruteCounts } = brute;
    expect(counts).toEqual(bruteCounts);
    // A winning move exactly when A wins; the solver's may differ from the brute's first, but must win and
    // be described as the brute force describes that same move.
    expect(move === null).toBe(bruteMove === null);
    if (move !== null) {
      expect(confirms({ from: move.from, to: move.to })).toBe(true);
      expect(recount(params.board, fast.winner, move).move).toEqual(move);
    }
    expect(explanation.moves.map((m) => m.move)).toEqual(
      move === null ? [] : [{ from: move.from, to: move.to }],
    );
  }),
  invalid: [
    { fields: { board: 'A..C' }, mentions: ['board', 'cell 4', '"C"', '"A", "B" and "."', 'A..B.A..B'] },
    { fields: { board: 'A. B' }, mentions: ['board', 'cell 3', 'a space'] },
    { fields: { board: 'AB\u00e9' }, mentions: ['board', 'cell 3', 'non-ASCII'] },
    { fields: { board: '   ' }, mentions: ['board', 'A..B.A..B'] },
    { fields: { board: 42 }, mentions: ['board', 'A..B.A..B'] },
  ],
};
