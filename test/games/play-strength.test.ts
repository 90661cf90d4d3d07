/**
 * Grundy never throws away a won position (nor a tie): exhaustively against every reply on small positions,
 * and against random replies on big ones. The review's first mistake is the one minimax finds.
 */
import { describe, expect, it } from 'vitest';
import { stableStringify } from '../../src/core/canonical.js';
import type { AnyGame, PlaySupport, Seat, Verdict } from '../../src/core/game.js';
import { parseParams } from '../../src/core/params.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import { builtInGames as games } from '../../src/games/catalog.js';
import { Minimax } from '../../src/play/minimax.js';
import { playOf, playStudentMove, reviewSession, startSession, viewSession } from '../../src/play/session.js';

const RANK: Record<Verdict, number> = { loss: 0, tie: 1, win: 2 };

/** Small starts per game, each playable exhaustively. */
const SMALL: Record<string, unknown[]> = {
  seagm: [
    [2, 6, 3],
    [6, 10, 15, 22, 28],
    [1, 2, 3, 4],
    [2, 4, 8, 16, 3],
    [6, 10, 15, 4, 9, 25],
  ].map((cards) => ({
    cards,
  })),
  multiplication: [12, 30, 40, 50, 72, 96, 360, 1024, 2310].flatMap((n) =>
    ['Alice', 'Bob'].map((first) => ({ n: String(n), first })),
  ),
  abgame: ['A.B', 'A..B', 'A..B.A..B', 'A...B.A.B', 'A..A.B.B', '.A.B..A...B', 'B..A.A..B.'].map((board) => ({
    board,
  })),
  partisan: [
    { n: '20', alice: [1, 3], bob: [2, 3] },
    { n: '25', alice: [2, 5], bob: [1, 4] },
    { n: '30', alice: [1, 2, 5], bob: [3, 4] },
    { n: '18', alice: [], bob: [1] },
  ],
  magic: [
    { rooms: '4', passages: [], p1: 1, p2: 1 },
    { rooms: '4', passages: [[3, 4]], p1: 1, p2: 1 },
    { rooms: '5', passages: [[1, 3]], p1: 0, p2: 1 },
    { rooms: '5', passages: [], p1: 1, p2: 0 },
  ],
};

/** Big starts, played against random replies. */
const BIG: Record<string, unknown[]> = {
  seagm: [{ cards: Array.from({ length: 60 }, (_, i) => ((i * 37) % 97) + 2) }],
  multiplication: [
    { n: '999999866000004473', first: 'Alice' },
    { n: String(2n ** 20n * 3n ** 19n), first: 'Alice' },
  ],
  abgame: [{ board: 'A....B..A.....B...A..B.......A.B....A......B..A...B.A........B....A..B' }],
  partisan: [
    { n: '3000', alice: [6, 11, 13], bob: [1, 9, 10] },
    { n: '2500', alice: [2, 7, 30], bob: [3, 5, 64] },
  ],
  magic: [
    {
      rooms: '10',
      passages: [
        [3, 4],
        [5, 6],
        [6, 7],
      ],
      p1: 1,
      p2: 1,
    },
  ],
};

/** Does Grundy (at `seat`) reach at least `target` against every reply? Memoised on the position. */
function holdsAgainstAll(
  play: PlaySupport<unknown, unknown>,
  seat: Seat,
  target: Verdict,
): (p: unknown) => boolean {
  const memo = new Map<string, boolean>();
  const holds = (position: unknown): boolean => {
    const key = stableStringify(position);
    const known = memo.get(key);
    if (known !== undefined) return known;
    const status = play.status(position);
    let result: boolean;
    if (status.over) {
      const got: Verdict = status.winner === 'tie' ? 'tie' : status.winner === seat ? 'win' : 'loss';
      result = RANK[got] >= RANK[target];
    } else if (status.toMove === seat) {
      result = holds(play.apply(position, play.bestMove(position).move));
    } else {
      result = play.moves(position).every((m) => holds(play.apply(position, m.id)));
    }
    memo.set(key, result);
    return result;
  };
  return holds;
}

function game(id: string): AnyGame {
  const found = games.find((g) => g.id === id);
  if (found === undefined) throw new Error(id);
  return found;
}

describe('play: Grundy never loses a position that is won for it', () => {
  for (const id of Object.keys(SMALL)) {
    it(`${id}: against every reply, from either seat`, () => {
      const g = game(id);
      const play = playOf(g);
      let won = 0;
      for (const raw of SMALL[id] ?? []) {
        const start = play.start(parseParams(g, raw));
        for (const seat of [0, 1] as const) {
          // Grundy at seat 1 means the student moves first: each student move is a start for Grundy.
          const positions = seat === 0 ? [start] : play.moves(start).map((m) => play.apply(start, m.id));
          for (const position of positions) {
            if (play.status(position).over) continue;
            const value = play.verdict(position);
            if (value === 'win') won++;
            expect(holdsAgainstAll(play, seat, value)(position), `${JSON.stringify(position)}`).toBe(true);
          }
        }
      }
      expect(won).toBeGreaterThan(0);
    });
  }

  for (const id of Object.keys(BIG)) {
    it(`${id}: against random replies on big positions`, () => {
      const g = game(id);
      const play = playOf(g);
      const rng = createRng(17);
      for (const raw of BIG[id] ?? []) {
        for (let round = 0; round < 5; round++) {
          let position = play.start(parseParams(g, raw));
          const seat: Seat = play.verdict(position) === 'win' ? 0 : 1;
          if (seat === 1) position = play.apply(position, rng.pick(play.moves(position)).id);
          const target = FLIP_FOR(play.verdict(position), play.status(position).toMove === seat);
          for (let ply = 0; ply < 2000 && !play.status(position).over; ply++) {
            const move =
              play.status(position).toMove === seat
                ? play.bestMove(position).move
                : rng.pick(play.moves(position)).id;
            position = play.apply(position, move);
          }
          const status = play.status(position);
          expect(status.over).toBe(true);
          const got: Verdict = status.winner === 'tie' ? 'tie' : status.winner === seat ? 'win' : 'loss';
          expect(RANK[got]).toBeGreaterThanOrEqual(RANK[target]);
        }
      }
    });
  }
});

/** The verdict for Grundy, given the verdict for the player to move and whether that is Grundy. */
function FLIP_FOR(value: Verdict, grundyToMove: boolean): Verdict {
  if (grundyToMove) return value;
  return value === 'win' ? 'loss' : value === 'loss' ? 'win' : 'tie';
}

/** A student who plays at random: the review must name the first move minimax calls a mistake. */
function randomStudent(g: AnyGame, raw: unknown, rng: Rng, seed: number): void {
  const play = playOf(g);
  const minimax = new Minimax(play);
  let session = startSession(g, parseParams(g, raw), { id: `t${seed}`, owner: 'u', first: 'you', now: 0 });
  let expected: { ply: number; move: string } | null = null;
  while (!viewSession(g, session).over) {
    const before = minimax.verdict(session.position);
    const move = rng.pick(play.moves(session.position)).id;
    if (expected === null && RANK[minimax.moveValue(session.position, move)] < RANK[before])
      expected = { ply: session.moves.length + 1, move };
    session = playStudentMove(g, session, move, 0);
  }
  const review = reviewSession(g, session);
  if (expected === null) {
    expect(review.mistake).toBeNull();
    expect(review.lines.join(' ')).toMatch(/No mistake/);
  } else {
    expect(review.mistake).toMatchObject(expected);
    const better = review.mistake?.better ?? '';
    // The move named instead really keeps the student's result.
    const replay = startSession(g, parseParams(g, raw), { id: 'r', owner: 'u', first: 'you', now: 0 });
    let position = replay.position;
    for (const m of session.moves.slice(0, expected.ply - 1)) position = play.apply(position, m.move);
    expect(minimax.moveValue(position, better)).toBe(minimax.verdict(position));
    expect(review.lines.join(' ')).toContain(`move ${expected.ply}, ${expected.move}`);
  }
}

describe('play: the review names the first mistake minimax finds', () => {
  for (const id of Object.keys(SMALL)) {
    it(`${id}: random students`, () => {
      const g = game(id);
      const rng = createRng(99);
      let seed = 0;
      for (const raw of SMALL[id] ?? []) for (let k = 0; k < 6; k++) randomStudent(g, raw, rng, seed++);
    });
  }
});
