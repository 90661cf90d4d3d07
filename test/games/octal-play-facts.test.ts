/**
 * Octal games move by move (`play.ts`), every field a user sees: the moves listed (against a listing written
 * here from the code's digits), their words, the position after each, the status, the shown lines, the verdict
 * and the best move with its reason (against G by the definition, octal.reference.ts), and the limits of a game
 * move by move. Nothing here uses the solver.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { parseParams } from '../../src/core/params.js';
import { octal } from '../../src/games/octal/index.js';
import { octalPlay as play, type OctalPosition } from '../../src/games/octal/play.js';
import { definitionValues } from './octal.reference.js';

const position = (code: string, heaps: number[], turn: 0 | 1 = 0): OctalPosition => ({
  code,
  heaps: heaps.map(String),
  turn,
});

interface Listed {
  id: string;
  text: string;
  after: number[];
}

/** Every move of a position from the code's digits: take t, leave nothing (bit 1), one heap (2), two (4). */
function listed(code: string, heaps: readonly number[]): Listed[] {
  const digits = code === 'nim' ? null : [...code.slice(2)].map(Number);
  const out: Listed[] = [];
  heaps.forEach((h, i) => {
    for (let t = 1; t <= h; t++) {
      const d = digits === null ? 3 : (digits[t - 1] ?? 0);
      const rest = h - t;
      const put = (leave: number[], words: string, id: string) =>
        out.push({
          id,
          text: `take ${t} from heap ${i + 1} (${h}): ${words}`,
          after: [...heaps.slice(0, i), ...leave, ...heaps.slice(i + 1)],
        });
      if (d & 1 && rest === 0) put([], 'nothing left of it', `take ${t} from heap ${i + 1}`);
      if (d & 2 && rest > 0) put([rest], `a heap of ${rest} left`, `take ${t} from heap ${i + 1}`);
      if (d & 4) {
        for (let a = 1; a <= rest - a; a++) {
          put(
            [a, rest - a],
            `split into ${a} + ${rest - a}`,
            `take ${t} from heap ${i + 1} leaving ${a} and ${rest - a}`,
          );
        }
      }
    }
  });
  return out;
}

const xorOf = (g: ArrayLike<number>, heaps: readonly number[]) => heaps.reduce((x, h) => x ^ g[h]!, 0);

describe('octal move by move', () => {
  it('Kayles 3 + 1: every move, its words, and the position after it', () => {
    const p = position('0.77', [3, 1]);
    expect(play.moves(p)).toEqual([
      { id: 'take 1 from heap 1', text: 'take 1 from heap 1 (3): a heap of 2 left' },
      { id: 'take 1 from heap 1 leaving 1 and 1', text: 'take 1 from heap 1 (3): split into 1 + 1' },
      { id: 'take 2 from heap 1', text: 'take 2 from heap 1 (3): a heap of 1 left' },
      { id: 'take 1 from heap 2', text: 'take 1 from heap 2 (1): nothing left of it' },
    ]);
    expect(play.apply(p, 'take 1 from heap 1 leaving 1 and 1')).toEqual(position('0.77', [1, 1, 1], 1));
    expect(play.apply(p, 'take 1 from heap 2')).toEqual(position('0.77', [3], 1));
    expect(play.apply(position('0.77', [3, 1], 1), 'take 2 from heap 1')).toEqual(
      position('0.77', [1, 1], 0),
    );
    expect(() => play.apply(p, 'take 3 from heap 1')).toThrow(InputError);
    expect(play.show(p)).toEqual(['Game: 0.77', 'Heaps: 1: 3, 2: 1']);
    expect(play.show(position('0.77', []))).toEqual(['Game: 0.77', 'Heaps: none']);
  });

  it('the best move and its reason; a lost position says so and still offers a move', () => {
    // Kayles G(3) = 3, G(1) = 1: XOR 2. The winning move brings heap 1's value from 3 to 3 ^ 2 = 1: it leaves a
    // heap of 1 (G = 1).
    expect(play.bestMove(position('0.77', [3, 1]))).toEqual({
      move: 'take 2 from heap 1',
      verdict: 'win',
      reason:
        "The heaps' values G(3), G(1) = 3, 1 XOR to 2; take 2 from heap 1 puts G(1) in place of G(3), so the XOR becomes 0 and the opponent is lost.",
    });
    expect(play.bestMove(position('0.77', [1]))).toEqual({
      move: 'take 1 from heap 1',
      verdict: 'win',
      reason:
        "The heaps' values G(1) = 1 XOR to 1; take 1 from heap 1 puts nothing in place of G(1), so the XOR becomes 0 and the opponent is lost.",
    });
    expect(play.bestMove(position('0.77', [4, 4]))).toEqual({
      move: 'take 1 from heap 1',
      verdict: 'loss',
      reason:
        "The heaps' values G(4), G(4) = 1, 1 XOR to 0: every move changes exactly one heap's value, so it leaves a XOR other than 0, which the opponent can bring back to 0.",
    });
    // G(2) = 2, G(5) = 4: heap 2 must become worth 2, and only 1 + 3 (1 ^ 3) does it.
    expect(play.bestMove(position('0.77', [2, 5]))).toEqual({
      move: 'take 1 from heap 2 leaving 1 and 3',
      verdict: 'win',
      reason:
        "The heaps' values G(2), G(5) = 2, 4 XOR to 6; take 1 from heap 2 leaving 1 and 3 puts G(1) ^ G(3) in place of G(5), so the XOR becomes 0 and the opponent is lost.",
    });
    expect(() => play.bestMove(position('0.77', []))).toThrow('The game is over: there is no move to make.');
  });

  it('status and verdict at the end of a game and before it', () => {
    expect(play.status(position('0.77', [], 1))).toEqual({ toMove: 1, over: true, winner: 0 });
    expect(play.status(position('0.77', [], 0))).toEqual({ toMove: 0, over: true, winner: 1 });
    // 0.4 cannot move on a heap of 2 (taking 1 must leave two non-empty heaps).
    expect(play.status(position('0.4', [2, 1], 0))).toEqual({ toMove: 0, over: true, winner: 1 });
    expect(play.status(position('0.4', [3], 1))).toEqual({ toMove: 1, over: false, winner: null });
    expect(play.verdict(position('0.77', []))).toBe('loss');
    expect(play.verdict(position('0.77', [4, 4]))).toBe('loss');
    expect(play.verdict(position('0.77', [4, 5]))).toBe('win');
  });

  it('starts with the heaps in play (zeros dropped) up to 12 heaps of 100, and says why not beyond', () => {
    const start = (heaps: string[]) => play.start(parseParams(octal, { code: '0.77', heaps }));
    expect(start(['0', '5', '0', '7'])).toEqual(position('0.77', [5, 7]));
    expect(start(Array.from({ length: 12 }, () => '100')).heaps).toHaveLength(12);
    expect(() => start(Array.from({ length: 13 }, () => '1'))).toThrow(
      'Play move by move takes at most 12 heaps of at most 100 tokens (got 13 heaps, the largest 1); e.g. heaps 5,8,13. Larger games: ask solve.',
    );
    expect(() => start(['101'])).toThrow(
      'Play move by move takes at most 12 heaps of at most 100 tokens (got 1 heap, the largest 101); e.g. heaps 5,8,13. Larger games: ask solve.',
    );
    expect(() => start(['7', '1000000000000000000', '3'])).toThrow(
      /got 3 heaps, the largest 1000000000000000000\)/,
    );
    expect(start(['100', '99'])).toEqual(position('0.77', [100, 99]));
    expect(play.limit).toBe('at most 12 heaps of at most 100 tokens');
  });

  it('positions: canonical codes only, heaps of 1 to 999 tokens written plainly', () => {
    const ok = (p: unknown) => play.position.safeParse(p).success;
    expect(ok(position('0.77', [5]))).toBe(true);
    expect(ok(position('nim', [5], 1))).toBe(true);
    expect(ok(position('.77', [5]))).toBe(false);
    expect(ok(position('0.770', [5]))).toBe(false);
    expect(ok(position('0.8', [5]))).toBe(false);
    expect(ok({ code: '0.77', heaps: ['05'], turn: 0 })).toBe(false);
    expect(ok({ code: '0.77', heaps: ['0'], turn: 0 })).toBe(false);
    expect(ok({ code: '0.77', heaps: ['1000'], turn: 0 })).toBe(false);
    expect(ok({ code: '0.77', heaps: ['999'], turn: 2 })).toBe(false);
    const refused = play.position.safeParse(position('.77', [5]));
    expect(refused.error?.issues[0]?.message).toBe('code must be a canonical octal code such as 0.77 or nim');
  });

  it('random positions: the moves, the positions after them, the verdict and a best move that wins', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .integer({ min: 1, max: 511 })
            .map((c) => `0.${c.toString(8).padStart(3, '0')}`.replace(/0+$/, '')),
          fc.constant('nim'),
        ),
        fc.array(fc.integer({ min: 1, max: 14 }), { minLength: 1, maxLength: 4, size: 'max' }),
        fc.constantFrom<0 | 1>(0, 1),
        (code, heaps, turn) => {
          const p = position(code, heaps, turn);
          const expected = listed(code, heaps);
          expect(play.moves(p)).toEqual(expected.map(({ id, text }) => ({ id, text })));
          for (const m of expected)
            expect(play.apply(p, m.id)).toEqual(position(code, m.after, turn === 0 ? 1 : 0));
          const g =
            code === 'nim'
              ? Int32Array.from({ length: 60 }, (_, i) => i)
              : definitionValues([...code.slice(2)].map(Number), 60);
          const wins = xorOf(g, heaps) !== 0;
          expect(play.verdict(p)).toBe(wins ? 'win' : 'loss');
          expect(play.status(p)).toEqual(
            expected.length === 0
              ? { toMove: turn, over: true, winner: turn === 0 ? 1 : 0 }
              : { toMove: turn, over: false, winner: null },
          );
          if (expected.length === 0) return;
          const best = play.bestMove(p);
          expect(best.verdict).toBe(wins ? 'win' : 'loss');
          const chosen = expected.find((m) => m.id === best.move);
          expect(chosen, best.move).toBeDefined();
          if (wins) expect(xorOf(g, chosen!.after), `${best.move} leaves XOR 0`).toBe(0);
          else expect(best.move).toBe(expected[0]!.id);
        },
      ),
      { numRuns: 300 },
    );
  });
});
