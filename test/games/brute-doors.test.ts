/**
 * The brute forces' own doors: where each says it fits (its limit, one below, one above) and how
 * `securesOptimum` treats a move that is not legal at all, a legal losing move and a legal winning one, on
 * positions small enough to check by hand (each worked out in a comment). The conformance suite compares the
 * brute forces' whole results with the solvers; this file pins what it cannot see: the edges of each reference.
 */
import { describe, expect, it } from 'vitest';
import { abgameBrute, BRUTE_MAX_CELLS } from '../../src/games/abgame/brute.js';
import { abgame } from '../../src/games/abgame/index.js';
import {
  BRUTE_LIMIT as MAGIC_LIMIT,
  bruteFirstWins,
  bruteFits,
  bruteSecuresOptimum,
  bruteSolve,
  SmallBoard,
} from '../../src/games/magic/brute.js';
import { magic } from '../../src/games/magic/index.js';
import { BRUTE_LIMIT as MULT_LIMIT, multiplicationBrute } from '../../src/games/multiplication/brute.js';
import { multiplication } from '../../src/games/multiplication/index.js';
import { BRUTE_LIMIT as OCTAL_LIMIT, bruteValues, octalBrute } from '../../src/games/octal/brute.js';
import { octal } from '../../src/games/octal/index.js';
import { SAMPLE_LIMIT } from '../../src/games/octal/limits.js';
import { BRUTE_LIMIT as PARTISAN_LIMIT, partisanBrute } from '../../src/games/partisan/brute.js';
import { partisan } from '../../src/games/partisan/index.js';
import type { PartisanResult } from '../../src/games/partisan/schema.js';
import { BRUTE_LIMIT as SEAGM_LIMIT, bruteReplyWins, seagmBrute } from '../../src/games/seagm/brute.js';
import { seagm } from '../../src/games/seagm/index.js';

describe('SEAGM brute force', () => {
  const of = (cards: number[]) => seagm.params.parse({ cards });

  it(`fits at most ${SEAGM_LIMIT} cards`, () => {
    expect(seagmBrute.fits(of(Array.from({ length: SEAGM_LIMIT - 1 }, () => 2)))).toBe(true);
    expect(seagmBrute.fits(of(Array.from({ length: SEAGM_LIMIT }, () => 2)))).toBe(true);
    expect(seagmBrute.fits(of(Array.from({ length: SEAGM_LIMIT + 1 }, () => 2)))).toBe(false);
  });

  it('2, 3, 4: only 3 wins; a card not in the hand is no move', () => {
    // Take 3: g = 3, and either card left (2 or 4) makes g = 1 for the opponent. Take 2 (or 4): the
    // opponent takes the other even card, and the first player must take 3, making g = 1.
    const params = of([2, 3, 4]);
    expect(seagmBrute.securesOptimum(params, { card: 3 })).toBe(true);
    expect(seagmBrute.securesOptimum(params, { card: 2 })).toBe(false);
    expect(seagmBrute.securesOptimum(params, { card: 4 })).toBe(false);
    expect(seagmBrute.securesOptimum(params, { card: 6 })).toBe(false);
  });
  it('whole results by hand: 2, 6, 3 (lost), 2, 3, 4 (won), 4, 1, 18 (a 1 that loses by itself), 6 alone', () => {
    // Random play ends when a card makes g = 1; endsOnTurn[t] is the chance that the card taken at turn t
    // (from 0) does it, the last entry the chance nobody does. 2, 6, 3: of the 6 orders, 2-3 and 3-2 end at
    // turn 1 (the first player wins), the other four at turn 2. Each first card is refuted by the reply that
    // keeps g above 1 and leaves the third card to the first player.
    expect(seagmBrute.solve(of([2, 6, 3]))).toEqual({
      n: 3,
      gcdAll: 1,
      firstWins: false,
      winningCards: [],
      winningCardCount: 0,
      refutations: [
        { card: 2, reply: 6 },
        { card: 3, reply: 6 },
        { card: 6, reply: 2 },
      ],
      probability: 1 / 3,
      fraction: { num: '1', den: '3' },
      endsOnTurn: [0, 1 / 3, 2 / 3, 0],
    });
    // 2, 3, 4: only 3 wins (above); at random, 2-3, 3-2, 3-4, 4-3 end at turn 1, 2-4 and 4-2 at turn 2.
    expect(seagmBrute.solve(of([2, 3, 4]))).toMatchObject({
      firstWins: true,
      winningCards: [3],
      winningCardCount: 1,
      refutations: [],
      fraction: { num: '2', den: '3' },
      endsOnTurn: [0, 2 / 3, 1 / 3, 0],
    });
    // 4, 1, 18: taking 1 makes g = 1 at once (no reply needed); 4 and 18 answer each other (g = 2, and the
    // 1 is left for the first player). At random: 1 first ends at turn 0, 4-1 and 18-1 at turn 1, else turn 2.
    expect(seagmBrute.solve(of([4, 1, 18]))).toMatchObject({
      firstWins: false,
      refutations: [
        { card: 1, reply: null },
        { card: 4, reply: 18 },
        { card: 18, reply: 4 },
      ],
      fraction: { num: '1', den: '3' },
      endsOnTurn: [1 / 3, 1 / 3, 1 / 3, 0],
    });
    // One card: g never reaches 1; the first player takes it and the second has nothing left.
    expect(seagmBrute.solve(of([6]))).toEqual({
      n: 1,
      gcdAll: 6,
      firstWins: true,
      winningCards: [6],
      winningCardCount: 1,
      refutations: [],
      probability: 1,
      fraction: { num: '1', den: '1' },
      endsOnTurn: [0, 1],
    });
  });

  it('bruteReplyWins: the reply must be another card in the hand, and it must keep the replier safe', () => {
    expect(bruteReplyWins([2, 6, 3], 2, 6)).toBe(true);
    // 3 after 2 makes g = 1: the replier loses.
    expect(bruteReplyWins([2, 6, 3], 2, 3)).toBe(false);
    expect(bruteReplyWins([2, 6, 3], 5, 3)).toBe(false);
    expect(bruteReplyWins([2, 6, 3], 2, 5)).toBe(false);
    // The reply 2 is the other 2, not the one already taken.
    expect(bruteReplyWins([2, 2], 2, 2)).toBe(true);
    expect(bruteReplyWins([2, 3], 2, 2)).toBe(false);
  });

  it('names the first winning reply in hand order when several win; a card not in a lost hand is still no move', () => {
    // 6, 10, 21, 35: every first card is answered by two cards that keep g above 1 and leave two cards that each
    // make g = 1 (after 6: 10 gives g = 2, 21 gives g = 3; 35 would make g = 1). The first in hand order is named.
    expect(seagmBrute.solve(of([6, 35, 10, 21])).refutations).toEqual([
      { card: 6, reply: 10 },
      { card: 10, reply: 6 },
      { card: 21, reply: 6 },
      { card: 35, reply: 10 },
    ]);
    // In a lost hand a card that is not there must not pass for a winning move (nor a reply to it).
    expect(seagmBrute.securesOptimum(of([2, 6, 3]), { card: 5 })).toBe(false);
    expect(bruteReplyWins([3, 2, 4], 5, 3)).toBe(false);
    expect(bruteReplyWins([3, 2, 4], 2, 3)).toBe(false);
  });
});

describe('Multiplication brute force', () => {
  const of = (n: string, first = 'Alice') => multiplication.params.parse({ n, first });

  it(`fits N up to ${MULT_LIMIT.toLocaleString('en-US')}`, () => {
    expect(multiplicationBrute.fits(of(String(MULT_LIMIT - 1)))).toBe(true);
    expect(multiplicationBrute.fits(of(String(MULT_LIMIT)))).toBe(true);
    expect(multiplicationBrute.fits(of(String(MULT_LIMIT + 1)))).toBe(false);
  });

  it('N = 2: multiplying by 2 reaches N and wins; anything that is not a prime of N is no move', () => {
    const params = of('2');
    expect(multiplicationBrute.securesOptimum(params, { prime: '2' })).toBe(true);
    for (const prime of ['3', '4', '1', '02x', 'x2', '', '2.0']) {
      expect(multiplicationBrute.securesOptimum(params, { prime }), prime).toBe(false);
    }
  });

  it('N = 12: multiplying by 2 wins; by 3 lets the other player force a tie', () => {
    // x2 (M = 2): whatever Bob does (x2 -> 4, x3 -> 6), Alice lands on 12. x3 (M = 3): Bob multiplies by 3
    // again, M = 9 no longer divides 12, and nobody can win: a tie, worse for Alice than the win.
    expect(multiplicationBrute.securesOptimum(of('12'), { prime: '2' })).toBe(true);
    expect(multiplicationBrute.securesOptimum(of('12'), { prime: '3' })).toBe(false);
  });

  it('N = 30: a tie, kept by any of its primes; a prime that is not one of them is still no move', () => {
    // Three primes: whoever would lose can always overshoot (multiply a prime in twice), so best play ties.
    // Multiplying by 7 also leads to a tie (M = 7 never divides 30), but it is not a move of this game.
    expect(multiplicationBrute.solve(of('30')).outcome).toBe('tie');
    for (const prime of ['2', '3', '5'])
      expect(multiplicationBrute.securesOptimum(of('30'), { prime })).toBe(true);
    expect(multiplicationBrute.securesOptimum(of('30'), { prime: '7' })).toBe(false);
  });
});

describe('ABGAME brute force', () => {
  const of = (board: string) => abgame.params.parse({ board });

  it(`fits boards of at most ${BRUTE_MAX_CELLS} cells`, () => {
    expect(abgameBrute.fits(of('A'.padEnd(BRUTE_MAX_CELLS - 1, '.')))).toBe(true);
    expect(abgameBrute.fits(of('A'.padEnd(BRUTE_MAX_CELLS, '.')))).toBe(true);
    expect(abgameBrute.fits(of('A'.padEnd(BRUTE_MAX_CELLS + 1, '.')))).toBe(false);
  });

  it("the solver's winning move secures the win; moves that are not legal do not", () => {
    const params = of('B...A');
    const move = abgame.solve(params).move;
    expect(move).not.toBeNull();
    if (move === null) return;
    expect(abgameBrute.securesOptimum(params, move)).toBe(true);
    expect(abgameBrute.securesOptimum(params, { ...move, from: move.from + 1 })).toBe(false);
    expect(abgameBrute.securesOptimum(params, { ...move, to: 0 })).toBe(false);
    expect(abgameBrute.securesOptimum(params, { ...move, to: 6 })).toBe(false);
  });
});

describe('PartisanGame brute force', () => {
  const of = (n: string, alice: number[], bob: number[]) => partisan.params.parse({ n, alice, bob });

  it(`fits n up to ${PARTISAN_LIMIT.toLocaleString('en-US')}`, () => {
    expect(partisanBrute.fits(of(String(PARTISAN_LIMIT - 1), [1], [1]))).toBe(true);
    expect(partisanBrute.fits(of(String(PARTISAN_LIMIT), [1], [1]))).toBe(true);
    expect(partisanBrute.fits(of(String(PARTISAN_LIMIT + 1), [1], [1]))).toBe(false);
  });

  it('n = 3, Alice {1, 3}, Bob {1}: taking 3 wins at once; taking 1 leaves Bob 2, and he moves last', () => {
    // Take 3: Bob faces 0 and has no move. Take 1: Bob takes 1, Alice takes the last... and Bob faces 0:
    // 3 -1-> 2 -1-> 1 -1-> 0 with Bob to move, so taking 1 also wins. Both secure the win.
    const params = of('3', [1, 3], [1]);
    expect(partisanBrute.securesOptimum(params, { take: 3 })).toBe(true);
    expect(partisanBrute.securesOptimum(params, { take: 1 })).toBe(true);
    expect(partisanBrute.securesOptimum(params, { take: 2 })).toBe(false);
  });

  it('n = 2, Alice {1}, Bob {1}: taking both stones would leave Bob nothing, but 2 is not one of her moves', () => {
    expect(partisanBrute.securesOptimum(of('2', [1], [1]), { take: 2 })).toBe(false);
    expect(partisanBrute.securesOptimum(of('2', [1], [1]), { take: 1 })).toBe(false);
  });

  it('n = 2, Alice {1, 3}, Bob {1}: 3 is more than the heap; taking 1 lets Bob take the last', () => {
    const params = of('2', [1, 3], [1]);
    expect(partisanBrute.securesOptimum(params, { take: 3 })).toBe(false);
    expect(partisanBrute.securesOptimum(params, { take: 1 })).toBe(false);
  });

  const whole = (overrides: Partial<PartisanResult> & Pick<PartisanResult, 'n'>): PartisanResult => ({
    aliceWins: false,
    bobWinsMovingFirst: false,
    aliceMoves: [],
    bobReplies: [],
    bobSum: null,
    width: 1,
    certified: false,
    searched: 0,
    cycle: null,
    ...overrides,
  });

  it('whole results worked by hand: Alice {2}, Bob {3}', () => {
    // A(m), B(m) for m = 0..5: A = 0 0 1 1 1 0 (2 fits from 2 on and leaves B a pile it loses at, until 5
    // leaves 3, where Bob takes 3); B = 0 0 0 1 1 0.
    expect(partisanBrute.solve(of('4', [2], [3]))).toEqual(
      whole({ n: '4', aliceWins: true, bobWinsMovingFirst: true, aliceMoves: [2], width: 3 }),
    );
    // At 5 every round of "Alice 2, Bob 3" takes 5: Bob's one-line strategy is the sum 5, and it answers 2 by 3.
    expect(partisanBrute.solve(of('5', [2], [3]))).toEqual(
      whole({ n: '5', bobReplies: [{ alice: 2, bob: 3 }], bobSum: 5, width: 3 }),
    );
  });

  it('whole results worked by hand: no constant sum, so Bob answers with his smallest winning take', () => {
    // Alice {1}, Bob {1, 2}: A = 0 1 0 0 0 0, B = 0 1 1 1 1 1. At 5 Alice takes 1; Bob may take 1 (Alice at 3
    // loses) or 2 (Alice at 2 loses): the smaller is named. No sum s works: Alice always has 1 to take.
    expect(partisanBrute.solve(of('5', [1], [1, 2]))).toEqual(
      whole({ n: '5', bobWinsMovingFirst: true, bobReplies: [{ alice: 1, bob: 1 }], width: 2 }),
    );
    // Alice {1, 4}: both her takes are answered by 1 (4 -> 1 -> 0 leaves her nothing).
    expect(partisanBrute.solve(of('5', [1, 4], [1, 2]))).toEqual(
      whole({
        n: '5',
        bobWinsMovingFirst: true,
        bobReplies: [
          { alice: 1, bob: 1 },
          { alice: 4, bob: 1 },
        ],
        width: 4,
      }),
    );
  });

  it('whole results worked by hand: the largest constant sum, 128 = 64 + 64, and an empty game', () => {
    // 130 = 128 + 2: Alice takes 64, Bob 64, and Alice faces 2.
    expect(partisanBrute.solve(of('130', [64], [64]))).toEqual(
      whole({ n: '130', bobReplies: [{ alice: 64, bob: 64 }], bobSum: 128, width: 64 }),
    );
    // 192 = 3 x 64: the takes go Alice, Bob, Alice, and Bob faces 0.
    expect(partisanBrute.solve(of('192', [64], [64])).aliceWins).toBe(true);
    expect(partisanBrute.solve(of('0', [], [1]))).toEqual(whole({ n: '0' }));
    expect(partisanBrute.solve(of('7', [1, 3], [2]))).toEqual(
      whole({ n: '7', aliceWins: true, aliceMoves: [1, 3], width: 3 }),
    );
  });
});

describe('MAGIC brute force', () => {
  const of = (rooms: string, passages: [number, number][], p1 = 0, p2 = 0) =>
    magic.params.parse({ rooms, passages, p1, p2 });

  it(`fits at most ${MAGIC_LIMIT} rooms`, () => {
    expect(bruteFits(of(String(MAGIC_LIMIT - 1), []))).toBe(true);
    expect(bruteFits(of(String(MAGIC_LIMIT), []))).toBe(true);
    expect(bruteFits(of(String(MAGIC_LIMIT + 1), []))).toBe(false);
  });

  it('rooms 1 and 2 joined: walking to room 2 wins; walking elsewhere or building does not', () => {
    const params = of('3', [[1, 2]]);
    expect(bruteSecuresOptimum(params, { walkTo: 2 })).toBe(true);
    expect(bruteSecuresOptimum(params, { walkTo: 3 })).toBe(false);
    expect(bruteSecuresOptimum(params, { join: [1, 3] })).toBe(false);
  });

  it('apart: a walk is no move, and neither is a loop, a passage built twice, a room past the board or a teleport without telepoints', () => {
    const params = of('4', [[1, 3]], 0, 0);
    expect(bruteSecuresOptimum(params, { walkTo: 2 })).toBe(false);
    expect(bruteSecuresOptimum(params, { join: [3, 3] })).toBe(false);
    expect(bruteSecuresOptimum(params, { join: [1, 3] })).toBe(false);
    expect(bruteSecuresOptimum(params, { join: [3, 1] })).toBe(false);
    expect(bruteSecuresOptimum(params, { join: [3, 5] })).toBe(false);
    expect(bruteSecuresOptimum(params, { join: [3, 4], teleportTo: 4 })).toBe(false);
    expect(bruteSecuresOptimum(of('4', [[1, 3]], 1, 0), { join: [3, 4], teleportTo: 5 })).toBe(false);
  });

  it('boards of 2 to 6 rooms only', () => {
    expect(() => new SmallBoard(1)).toThrow('brute force: 2 to 6 rooms, not 1');
    expect(() => new SmallBoard(7)).toThrow('brute force: 2 to 6 rooms, not 7');
    expect(() => new SmallBoard(2.5)).toThrow(RangeError);
    expect(new SmallBoard(6).pairs).toHaveLength(15);
    expect(new SmallBoard(2).pairs).toEqual([[0, 1]]);
    expect(() => bruteSolve(of('7', []))).toThrow('the brute force handles at most 6 rooms');
  });

  it('whole results worked by hand: two rooms apart, and rooms 1 and 2 already joined', () => {
    // Two rooms, nothing built: First must build 1-2 and Second walks over.
    expect(bruteSolve(of('2', []))).toEqual({
      outcome: 'second',
      connected: false,
      components: '2',
      oddComponents: '2',
      evenComponents: '0',
      untouched: '0',
      largest: [1, 1],
      firstSize: 1,
      secondSize: 1,
      missing: 0,
      // One passage left to build (odd): First needs both final groups even.
      target: 'even',
      firstCanTeleport: false,
      secondCanTeleport: false,
      rule: 'no-telepoints',
      moves: [],
    });
    expect(bruteFirstWins(of('2', []))).toBe(false);
    expect(bruteSolve(of('3', [[1, 2]], 1, 0))).toEqual({
      outcome: 'first',
      connected: true,
      components: '2',
      oddComponents: '1',
      evenComponents: '1',
      untouched: '1',
      largest: [2, 1],
      firstSize: 2,
      secondSize: 2,
      missing: 0,
      target: null,
      firstCanTeleport: true,
      secondCanTeleport: false,
      rule: 'connected',
      moves: [{ move: { walkTo: 2 }, builds: 'walk' }],
    });
  });

  it('whole results worked by hand: three empty rooms, without and with a telepoint', () => {
    // Building 1-3 or 2-3 forces Second to join the magicians' groups, and First walks over; 1-2 hands
    // Second the walk.
    expect(bruteSolve(of('3', []))).toEqual({
      outcome: 'first',
      connected: false,
      components: '3',
      oddComponents: '3',
      evenComponents: '0',
      untouched: '1',
      largest: [1, 1, 1],
      firstSize: 1,
      secondSize: 1,
      missing: 0,
      target: null,
      firstCanTeleport: false,
      secondCanTeleport: false,
      rule: 'odd-board',
      moves: [
        { move: { join: [1, 3] }, builds: 'own+odd' },
        { move: { join: [2, 3] }, builds: 'rival+odd' },
      ],
    });
    // With a telepoint, 1-2 then teleporting to room 3 wins as well (listed first, in passage order); teleporting
    // into Second's group loses. Four moves are named at most.
    expect(bruteSolve(of('3', [], 1, 0)).moves).toEqual([
      { move: { join: [1, 2], teleportTo: 3 }, builds: 'own+rival', lands: 'odd' },
      { move: { join: [1, 3] }, builds: 'own+odd' },
      { move: { join: [1, 3], teleportTo: 1 }, builds: 'own+odd', lands: 'even' },
      { move: { join: [1, 3], teleportTo: 3 }, builds: 'own+odd', lands: 'even' },
    ]);
    const three = of('3', [], 1, 0);
    expect(bruteSecuresOptimum(three, { join: [1, 2], teleportTo: 3 })).toBe(true);
    expect(bruteSecuresOptimum(three, { join: [1, 2], teleportTo: 2 })).toBe(false);
    expect(bruteSecuresOptimum(three, { join: [2, 3], teleportTo: 1 })).toBe(true);
    expect(bruteSecuresOptimum(three, { join: [2, 3], teleportTo: 3 })).toBe(false);
    expect(bruteSecuresOptimum(three, { join: [3, 2] })).toBe(true);
    expect(bruteSecuresOptimum(three, { join: [1, 2] })).toBe(false);
  });
});

describe('octal brute force', () => {
  const of = (code: string, heaps: number[]) => octal.params.parse({ code, heaps: heaps.map(String) });

  it(`fits heaps up to ${OCTAL_LIMIT}, every one of them`, () => {
    expect(octalBrute.fits(of('0.77', [OCTAL_LIMIT - 1]))).toBe(true);
    expect(octalBrute.fits(of('0.77', [OCTAL_LIMIT, 1]))).toBe(true);
    expect(octalBrute.fits(of('0.77', [1, OCTAL_LIMIT + 1]))).toBe(false);
  });

  it('Kayles, one heap of 3: taking the middle pin wins; the rest are losing or not moves', () => {
    // 0.77 takes 1 or 2 pins, leaving 0, 1 or 2 rows. From 3: take the middle one, leaving 1 + 1 (XOR 0).
    const params = of('0.77', [3]);
    expect(octalBrute.securesOptimum(params, { heap: 0, take: '1', leave: ['1', '1'] })).toBe(true);
    // Taking 1 from an end leaves a row of 2 (G = 2); taking 2 leaves a row of 1 (G = 1).
    expect(octalBrute.securesOptimum(params, { heap: 0, take: '1', leave: ['2'] })).toBe(false);
    expect(octalBrute.securesOptimum(params, { heap: 0, take: '2', leave: ['1'] })).toBe(false);
    // Not moves: three at once, a heap that is not there, tokens that do not add up.
    expect(octalBrute.securesOptimum(params, { heap: 0, take: '3', leave: [] })).toBe(false);
    expect(octalBrute.securesOptimum(params, { heap: 1, take: '1', leave: ['1', '1'] })).toBe(false);
    expect(octalBrute.securesOptimum(params, { heap: 0, take: '1', leave: ['1'] })).toBe(false);
    // Not moves either, although each would leave XOR 0: a legal leave with the wrong take, a legal take
    // with the wrong leave.
    expect(octalBrute.securesOptimum(params, { heap: 0, take: '2', leave: ['1', '1'] })).toBe(false);
    expect(octalBrute.securesOptimum(params, { heap: 0, take: '1', leave: [] })).toBe(false);
  });

  it('the whole result for Kayles 2 + 5, by hand', () => {
    // G(2) = 2, G(5) = 4, XOR 6. Heap 2 cannot reach 6 ^ 2 = 4; heap 5 must reach 2: taking 1 and leaving
    // 4 gives 1, taking 1 and leaving 1 + 3 gives 1 ^ 3 = 2, the first that works.
    expect(octalBrute.solve(of('0.77', [2, 5]))).toEqual({
      code: '0.77',
      heaps: ['2', '5'],
      values: ['2', '4'],
      xor: '6',
      moves: [{ heap: 1, take: '1', leave: ['1', '3'] }],
      preperiod: null,
      period: null,
      proof: null,
      computed: 5,
      sample: [0, 1, 2, 3, 1, 4],
      periodSample: [],
    });
  });

  it('a move that takes a whole heap leaves nothing; the value sample stops at its limit', () => {
    // Nim 3 alone: take all 3, nothing is left, XOR 0.
    expect(octalBrute.securesOptimum(of('nim', [3]), { heap: 0, take: '3', leave: [] })).toBe(true);
    const { sample, computed } = octalBrute.solve(of('0.77', [OCTAL_LIMIT]));
    expect(computed).toBe(OCTAL_LIMIT);
    expect(sample).toEqual(bruteValues('0.77', SAMPLE_LIMIT - 1));
  });

  it('names at most three winning moves: Nim 3, 3, 3, 3, 1 has five', () => {
    // XOR 1: each 3 goes to 2, the 1 to 0; the first three heaps are named.
    const { moves, xor } = octalBrute.solve(of('nim', [3, 3, 3, 3, 1]));
    expect(xor).toBe('1');
    expect(moves).toEqual([0, 1, 2].map((heap) => ({ heap, take: '1', leave: ['2'] })));
  });

  it('Kayles, heaps 2 and 5: the split is read in either order', () => {
    // G(2) = 2 and G(5) = 4 (XOR 6): from 5, take 1 leaving 1 + 3 (G 1 ^ 3 = 2), so 2 ^ 2 = 0.
    const params = of('0.77', [2, 5]);
    expect(octalBrute.securesOptimum(params, { heap: 1, take: '1', leave: ['1', '3'] })).toBe(true);
    expect(octalBrute.securesOptimum(params, { heap: 1, take: '1', leave: ['3', '1'] })).toBe(true);
  });

  it("the definition's values: Kayles and Dawson's chess as published, and small codes worked by hand", () => {
    // OEIS A002186 (Kayles, 0.77) and A002187 (Dawson's chess, 0.137), from n = 0.
    expect(bruteValues('0.77', 30)).toEqual([
      0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7,
    ]);
    expect(bruteValues('0.137', 52)).toEqual([
      0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0,
      1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3,
    ]);
    // 0.4: take one token and split the rest in two; 0, 1 and 2 tokens have no move, 3 goes to 1 + 1.
    expect(bruteValues('0.4', 4)).toEqual([0, 0, 0, 1, 1]);
    // 0.51: one token is taken as the whole heap or from inside it (splitting the rest), two only as the whole
    // heap; every heap has a move to 0 (n = 4: take one, leaving 1 + 2).
    expect(bruteValues('0.51', 6)).toEqual([0, 1, 1, 1, 1, 1, 1]);
    // 0.6: one token taken, one or two non-empty heaps left, so a lone token has no move.
    expect(bruteValues('0.6', 5)).toEqual([0, 0, 1, 2, 0, 1]);
    // Nim and take-1-to-3 (0.333).
    expect(bruteValues('nim', 9)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(bruteValues('0.333', 9)).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
  });
});
