/**
 * Typed moves a student gets wrong: each game says why the move cannot be played (`whyIllegal`), and moves
 * may be typed by their words as well as their ids ("take 6" for "6"). The properties walk random games and
 * type every well-formed move of a small range: a reason is given exactly when the move is not legal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGame, PlaySupport } from '../../src/core/game.js';
import { normaliseMove, requireMove } from '../../src/core/play.js';
import { paramsFromFields } from '../../src/core/params.js';
import { createCatalog } from '../../src/games/catalog.js';
import { playStudentMove, startSession } from '../../src/play/session.js';

const catalog = createCatalog();
const game = (id: string): AnyGame => catalog.resolveGame(id);

/** A game of `raw` (typed fields) against Grundy; the student moves first unless `first` is 'grundy'. */
function startAt(id: string, raw: Record<string, string>, first: 'you' | 'grundy' = 'you') {
  const g = game(id);
  return { g, session: startSession(g, paramsFromFields(g, raw), { id: 'x', owner: 'u', first, now: 0 }) };
}

/** The message a student gets for `typed` at the start of `raw` (Grundy moving second). */
function refusal(id: string, raw: Record<string, string>, typed: string): string {
  const { g, session } = startAt(id, raw);
  try {
    playStudentMove(g, session, typed, 0);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`"${typed}" was accepted`);
}

/** Only the reason: between "is not a legal move here: " and ". Legal moves:". */
function reason(id: string, raw: Record<string, string>, typed: string): string {
  const message = refusal(id, raw, typed);
  const match = /is not a legal move here: (.*)\. Legal moves: /.exec(message);
  if (match === null) throw new Error(`no reason in: ${message}`);
  return match[1] ?? '';
}

/** The move the student's `typed` became at the start of `raw`, as recorded. */
function played(id: string, raw: Record<string, string>, typed: string): string | undefined {
  const { g, session } = startAt(id, raw);
  return playStudentMove(g, session, typed, 0).moves[0]?.move;
}

describe('moves written another way', () => {
  it('a passage either way round, a split either heap first, a move in its words', () => {
    const board = { rooms: '5', passages: '3-4', telepoints: '1' };
    expect(played('magic', board, '5-1')).toBe('1-5');
    expect(played('magic', { rooms: '3', passages: '1-2', telepoints: '0' }, 'walk to room 2')).toBe(
      'walk 2',
    );
    expect(played('magic', { rooms: '3', passages: '1-2', telepoints: '0' }, 'Walk room 2')).toBe('walk 2');
    expect(played('magic', board, ' 5-1 TP 3 ')).toBe('1-5 tp 3');
    expect(played('octal', { code: '0.77', heaps: '5,8' }, 'take 1 from heap 1 leaving 3 and 1')).toBe(
      'take 1 from heap 1 leaving 1 and 3',
    );
    expect(played('seagm', { numbers: '2 6 3' }, 'take 6')).toBe('6');
    expect(played('multiplication', { n: '40' }, 'multiply by 5')).toBe('5');
    expect(played('partisan', { n: '7', alice: '3 4', bob: '4' }, 'take 4')).toBe('4');
  });
});

describe('why a typed move is not legal', () => {
  it('gives no reason for text that is no move of the game at all, whatever move it holds', () => {
    const cases: [string, Record<string, string>, string[]][] = [
      ['seagm', { numbers: '2 6 3' }, ['x5', '5x', 'take 5 now', '5 6']],
      ['multiplication', { n: '40' }, ['x3', '3x', 'multiply by 3 now', 'abc']],
      ['partisan', { n: '7', alice: '3 4', bob: '4' }, ['x5', '5x', 'take 5 now', 'abc']],
      [
        'magic',
        { rooms: '5', passages: '3-4', telepoints: '0' },
        ['x1-6', '1-6x', 'walk 2x', 'xwalk 2', '5-1x', 'x5-1'],
      ],
      ['abgame', { board: 'A..B.A..B' }, ['x1-10', '1-10x', 'one-two']],
      [
        'octal',
        { code: '0.77', heaps: '5,8' },
        [
          'take 6 from heap 1x',
          'xtake 6 from heap 1',
          'take 1 from heap 1 leaving 3 and 1x',
          'xtake 1 from heap 1 leaving 3 and 1',
        ],
      ],
    ];
    for (const [id, raw, typed] of cases)
      for (const text of typed)
        expect(refusal(id, raw, text), `${id} "${text}"`).toMatch(
          /^".*" is not a legal move here\. Legal moves: /,
        );
  });

  it('reads numbers of several digits, and speaks of the player to move', () => {
    const cards = { numbers: '2 4 6 8 10 12 14 16 18 20 22 24 26' };
    expect(reason('seagm', cards, '3')).toBe(
      'no card 3 is on the table (the cards left: 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, ...)',
    );
    const twelve = { numbers: '2 4 6 8 10 12 14 16 18 20 22 24' };
    expect(reason('seagm', twelve, '3')).toBe(
      'no card 3 is on the table (the cards left: 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24)',
    );
    const rooms = { rooms: '10', passages: '3-4', telepoints: '1' };
    expect(reason('magic', rooms, '1-11')).toBe('there is no room 11: the rooms are 1 to 10');
    expect(reason('magic', rooms, '11-1')).toBe('there is no room 11: the rooms are 1 to 10');
    expect(reason('magic', rooms, '1-10 tp 11')).toBe('there is no room 11: the rooms are 1 to 10');
    expect(reason('magic', rooms, 'walk 10')).toBe(
      'walking only counts when it catches the rival, who is in room 2',
    );
    expect(played('magic', rooms, '10-9 tp 10')).toBe('9-10 tp 10');
    expect(reason('abgame', { board: 'A..B.A..B...' }, '10-12')).toBe('cell 10 is empty');
    const heaps = { code: '0.77', heaps: '1,1,1,1,1,1,1,1,1,1,12' };
    expect(reason('octal', heaps, 'take 13 from heap 11')).toBe('heap 11 holds only 12 tokens');
    expect(reason('octal', heaps, 'take 1 from heap 12')).toBe(
      'there is no heap 12: the heaps are numbered 1 to 11',
    );
    expect(reason('octal', heaps, 'take 1 from heap 11 leaving 10 and 11')).toBe(
      '10 + 11 is not 11, what taking 1 from 12 leaves',
    );
    expect(
      played('octal', { code: '0.4444444444', heaps: '35' }, 'take 10 from heap 1 leaving 13 and 12'),
    ).toBe('take 10 from heap 1 leaving 12 and 13');
    expect(played('octal', heaps, 'take 1 from heap 11 leaving 10 and 1')).toBe(
      'take 1 from heap 11 leaving 1 and 10',
    );
    expect(reason('octal', { code: '0.77', heaps: '1' }, 'take 2 from heap 1')).toBe(
      'heap 1 holds only 1 token',
    );
    expect(reason('octal', { code: '0.4', heaps: '3' }, 'take 1 from heap 1')).toBe(
      '0.4 lets a move taking 1 only split what is left: say how, e.g. "take 1 from heap 1 leaving 1 and 1"',
    );
    expect(reason('multiplication', { n: '1000000007' }, '1000000009')).toBe(
      "1000000009 is not a prime of N = 1000000007: each move multiplies M by one of N's primes (1000000007)",
    );
    // Grundy opens as Alice and must take 3; the student plays Bob at 1 stone.
    const { g, session } = startAt('partisan', { n: '4', alice: '3', bob: '1 2' }, 'grundy');
    expect(() => playStudentMove(g, session, '5', 0)).toThrow(': Bob may take only 1 or 2 stones at a time.');
    expect(() => playStudentMove(g, session, '2', 0)).toThrow(': only 1 stone is left.');
  });

  it('SEAGM: a card not on the table; "take 6" names the card 6', () => {
    expect(reason('seagm', { numbers: '2 6 3' }, '5')).toBe(
      'no card 5 is on the table (the cards left: 2, 3, 6)',
    );
    expect(reason('seagm', { numbers: '2 6 3' }, 'take 9')).toBe(
      'no card 9 is on the table (the cards left: 2, 3, 6)',
    );
    expect(refusal('seagm', { numbers: '2 6 3' }, 'six')).toBe(
      '"six" is not a legal move here. Legal moves: "2", "3", "6".',
    );
    expect(played('seagm', { numbers: '2 6 3' }, ' Take 6 ')).toBe('6');
  });

  it("Multiplication: a number that is not one of N's primes", () => {
    expect(reason('multiplication', { n: '40' }, '3')).toBe(
      "3 is not a prime of N = 40: each move multiplies M by one of N's primes (2, 5)",
    );
    expect(reason('multiplication', { n: '40' }, 'multiply by 10')).toBe(
      "10 is not a prime of N = 40: each move multiplies M by one of N's primes (2, 5)",
    );
  });

  it("PartisanGame: a number outside the mover's set, or more than the pile", () => {
    expect(reason('partisan', { n: '7', alice: '3 4', bob: '4' }, '5')).toBe(
      'Alice may take only 3 or 4 stones at a time',
    );
    expect(reason('partisan', { n: '7', alice: '1 2 9', bob: '4' }, 'take 5')).toBe(
      'Alice may take only 1, 2 or 9 stones at a time',
    );
    expect(reason('partisan', { n: '7', alice: '1 2 9', bob: '4' }, '9')).toBe('only 7 stones are left');
    expect(reason('partisan', { n: '7', alice: '1', bob: '4' }, '2')).toBe(
      'Alice may take only 1 stone at a time',
    );
  });

  it('MAGIC: rooms that do not exist, loops, built passages, telepoints, walks and the order of a pair', () => {
    const board = { rooms: '5', passages: '3-4', telepoints: '0' };
    expect(reason('magic', board, '1-6')).toBe('there is no room 6: the rooms are 1 to 5');
    expect(reason('magic', board, '0-2')).toBe('there is no room 0: the rooms are 1 to 5');
    expect(reason('magic', board, '2-2')).toBe('a passage joins two different rooms');
    expect(reason('magic', board, '4-3')).toBe('passage 3-4 is built already');
    expect(reason('magic', board, '3-4')).toBe('passage 3-4 is built already');
    expect(reason('magic', board, '1-5 tp 3')).toBe(
      'the player to move has no telepoints left: build without "tp"',
    );
    expect(reason('magic', { ...board, telepoints: '1' }, '5-1 tp 9')).toBe(
      'there is no room 9: the rooms are 1 to 5',
    );
    expect(reason('magic', { ...board, telepoints: '1' }, '1-5 tp 7')).toBe(
      'there is no room 7: the rooms are 1 to 5',
    );
    expect(reason('magic', board, 'walk 2')).toBe(
      'room 2 cannot be reached from room 1 along the passages built so far',
    );
    expect(reason('magic', board, 'walk to room 3')).toBe(
      'walking only counts when it catches the rival, who is in room 2',
    );
  });

  it('ABGAME: cells off the board, empty or the other letter, the wrong way, and letters in the way', () => {
    const board = { board: 'A..B.A..B' };
    expect(reason('abgame', board, '1-10')).toBe('there is no cell 10: the cells are 1 to 9');
    expect(reason('abgame', board, '2-3')).toBe('cell 2 is empty');
    expect(reason('abgame', board, '4-5')).toBe(
      'cell 4 holds a B, and the player to move slides only A letters',
    );
    expect(reason('abgame', board, '1-1')).toBe('a slide moves at least one cell');
    expect(reason('abgame', board, '1-4')).toBe('cell 4 is in the way: a letter never jumps over another');
    expect(reason('abgame', board, '1-5')).toBe('cell 4 is in the way: a letter never jumps over another');
    // The A at cell 6 is the third letter from the left: it slides right.
    expect(reason('abgame', board, '6-5')).toBe(
      'the A at cell 6 slides only right (it is letter 3 from the left, and odd-numbered letters slide right)',
    );
    expect(reason('abgame', { board: 'A..BA..B' }, '5-4')).toBe(
      'the A at cell 5 slides only right (it is letter 3 from the left, and odd-numbered letters slide right)',
    );
    expect(refusal('abgame', board, 'a-b')).toMatch(/^"a-b" is not a legal move here\. Legal moves: "1-2"/);
  });

  it('octal: heaps that do not exist, too many tokens, what the code allows, and how a split is written', () => {
    const kayles = { code: '0.77', heaps: '5,8' };
    expect(reason('octal', kayles, 'take 1 from heap 3')).toBe(
      'there is no heap 3: the heaps are numbered 1 to 2',
    );
    expect(reason('octal', kayles, 'take 6 from heap 1')).toBe('heap 1 holds only 5 tokens');
    expect(reason('octal', kayles, 'take 3 from heap 1')).toBe('0.77 never lets a move take 3 tokens');
    expect(reason('octal', kayles, 'take 0 from heap 1')).toBe('a move takes at least one token');
    expect(reason('octal', kayles, 'take 1 from heap 1 leaving 3 and 2')).toBe(
      '3 + 2 is not 4, what taking 1 from 5 leaves',
    );
    expect(reason('octal', kayles, 'take 1 from heap 1 leaving 2 and 3')).toBe(
      '2 + 3 is not 4, what taking 1 from 5 leaves',
    );
    expect(reason('octal', kayles, 'take 1 from heap 1 leaving 0 and 4')).toBe(
      'both heaps a split leaves hold at least one token',
    );
    // Dawson's Kayles, 0.07: taking 1 is not a move. 0.6: taking 1 must leave one heap or two, never nothing.
    expect(reason('octal', { code: '0.07', heaps: '2,7' }, 'take 1 from heap 2')).toBe(
      '0.07 never lets a move take 1 token',
    );
    expect(reason('octal', { code: '0.6', heaps: '1,7' }, 'take 1 from heap 1')).toBe(
      '0.6 does not let a move take a whole heap of 1',
    );
    // 0.4: taking 1 must split the rest in two.
    const split = { code: '0.4', heaps: '6,2' };
    expect(reason('octal', split, 'take 1 from heap 1')).toBe(
      '0.4 lets a move taking 1 only split what is left: say how, e.g. "take 1 from heap 1 leaving 1 and 4"',
    );
    expect(reason('octal', split, 'take 1 from heap 2')).toBe(
      '0.4 does not let a move taking 1 leave one heap',
    );
    expect(reason('octal', { code: '0.33', heaps: '5' }, 'take 1 from heap 1 leaving 1 and 3')).toBe(
      '0.33 does not let a move taking 1 split the heap',
    );
  });
});

/** Every well-formed move of a small range at a position: the typed texts the properties try. */
const typedMoves: Record<string, (position: unknown) => string[]> = {
  seagm: () => Array.from({ length: 14 }, (_, i) => `${i}`),
  multiplication: () => Array.from({ length: 40 }, (_, i) => `${i}`),
  partisan: () => Array.from({ length: 24 }, (_, i) => `${i}`),
  magic: (position) => {
    const { rooms } = position as { rooms: number };
    const out: string[] = [];
    for (let x = 0; x <= rooms + 1; x++) {
      out.push(`walk ${x}`);
      for (let y = 0; y <= rooms + 1; y++) {
        out.push(`${x}-${y}`);
        for (let r = 0; r <= rooms + 1; r += 2) out.push(`${x}-${y} tp ${r}`);
      }
    }
    return out;
  },
  abgame: (position) => {
    const { board } = position as { board: string };
    const out: string[] = [];
    for (let i = 0; i <= board.length + 1; i++)
      for (let j = 0; j <= board.length + 1; j++) out.push(`${i}-${j}`);
    return out;
  },
  octal: (position) => {
    const { heaps } = position as { heaps: string[] };
    const out: string[] = [];
    for (let h = 0; h <= heaps.length + 1; h++)
      for (let t = 0; t <= 5; t++) {
        out.push(`take ${t} from heap ${h}`);
        for (let a = 0; a <= 5; a++)
          for (let b = 0; b <= 5; b++) out.push(`take ${t} from heap ${h} leaving ${a} and ${b}`);
      }
    return out;
  },
};

/** Small questions, as typed fields. */
const smallQuestions: Record<string, fc.Arbitrary<Record<string, string>>> = {
  seagm: fc
    .array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 })
    .map((cards) => ({ numbers: cards.join(' ') })),
  multiplication: fc.integer({ min: 2, max: 400 }).map((n) => ({ n: String(n) })),
  partisan: fc
    .tuple(
      fc.integer({ min: 0, max: 30 }),
      fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 4 }),
      fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 4 }),
    )
    .map(([n, alice, bob]) => ({ n: String(n), alice: alice.join(' '), bob: bob.join(' ') })),
  magic: fc
    .tuple(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 0, max: 2 }))
    .map(([rooms, telepoints]) => ({ rooms: String(rooms), passages: '', telepoints: String(telepoints) })),
  abgame: fc
    .array(fc.constantFrom('A', 'B', '.', '.'), { minLength: 1, maxLength: 9 })
    .map((cells) => ({ board: cells.join('') })),
  octal: fc
    .tuple(
      fc.constantFrom('0.77', '0.07', '0.4', '0.137', '0.33', '0.6', 'nim'),
      fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 3 }),
    )
    .map(([code, heaps]) => ({ code, heaps: heaps.join(',') })),
};

describe('whyIllegal, property: a reason exactly when the typed move is not legal', () => {
  for (const id of Object.keys(typedMoves)) {
    it(id, () => {
      const g = game(id);
      const play = g.play as PlaySupport<unknown, unknown>;
      const whyIllegal = play.whyIllegal?.bind(play);
      expect(whyIllegal, `${id} has whyIllegal`).toBeDefined();
      fc.assert(
        fc.property(
          smallQuestions[id] ?? fc.constant<Record<string, string>>({}),
          fc.infiniteStream(fc.nat()),
          (raw, picks) => {
            let position = play.start(paramsFromFields(g, raw));
            const it = picks[Symbol.iterator]();
            for (let ply = 0; ply < 6; ply++) {
              const moves = play.moves(position);
              const accepts = (typed: string): boolean => {
                try {
                  requireMove(moves, typed, { sameMove: (wanted) => play.sameMove?.(position, wanted) });
                  return true;
                } catch {
                  return false;
                }
              };
              if (moves.length > 0)
                for (const typed of typedMoves[id]?.(position) ?? []) {
                  const why = whyIllegal?.(position, normaliseMove(typed));
                  expect(why === undefined, `${id} ${JSON.stringify(position)} "${typed}": ${why}`).toBe(
                    accepts(typed),
                  );
                }
              if (moves.length === 0) break;
              const pick = moves[(it.next().value ?? 0) % moves.length];
              if (pick === undefined) break;
              position = play.apply(position, pick.id);
            }
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});
