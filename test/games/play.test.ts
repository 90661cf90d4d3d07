/**
 * Play positions, exhaustively: on every position reachable from small start positions, each game's fast
 * `verdict` and `bestMove` agree with plain minimax over the rules, and the rules agree with each game's own
 * brute force at the start. MAGIC mid-game positions are also checked against its explicit-state brute force.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, PlaySupport, Verdict } from '../../src/core/game.js';
import { parseParams } from '../../src/core/params.js';
import { abgame } from '../../src/games/abgame/index.js';
import { smallBoard } from '../../src/games/magic/brute.js';
import { magic } from '../../src/games/magic/index.js';
import type { MagicPosition } from '../../src/games/magic/play.js';
import { multiplication } from '../../src/games/multiplication/index.js';
import { octal } from '../../src/games/octal/index.js';
import { partisan } from '../../src/games/partisan/index.js';
import { seagm } from '../../src/games/seagm/index.js';
import { Minimax, reachable } from '../../src/play/minimax.js';
import { multisets } from './play-walk.js';

function playOf(game: AnyGame): PlaySupport<unknown, unknown> {
  const play = game.play;
  if (play === undefined) throw new Error(`${game.id} has no play support`);
  return play;
}

function startVerdict(outcome: string): Verdict {
  return outcome === 'first' ? 'win' : outcome === 'second' ? 'loss' : 'tie';
}

/**
 * For every start (raw params): minimax at the start equals the game's own brute force; on every reachable
 * position the fast verdict equals minimax and the best move is legal and holds that verdict.
 */
function checkGame(game: AnyGame, starts: Iterable<unknown>): { starts: number; positions: number } {
  const play = playOf(game);
  const minimax = new Minimax(play);
  const seen = new Set<string>();
  const failures: string[] = [];
  let count = 0;
  for (const raw of starts) {
    count++;
    const params: unknown = parseParams(game, raw);
    const start = play.start(params);
    const brute = startVerdict(game.outcome(game.brute.solve(params), params));
    if (minimax.verdict(start) !== brute) failures.push(`start ${JSON.stringify(raw)}: brute says ${brute}`);
    for (const position of reachable(play, start)) {
      const key = JSON.stringify(position);
      if (seen.has(key)) continue;
      seen.add(key);
      expect(play.position.safeParse(position).success, key).toBe(true);
      const expected = minimax.verdict(position);
      const fast = play.verdict(position);
      if (fast !== expected) failures.push(`verdict ${key}: fast ${fast}, minimax ${expected}`);
      if (play.status(position).over) continue;
      const best = play.bestMove(position);
      if (best.verdict !== expected)
        failures.push(`best verdict ${key}: ${best.verdict}, minimax ${expected}`);
      const held = minimax.moveValue(position, best.move);
      if (held !== expected) failures.push(`best move ${best.move} at ${key} gives ${held}, not ${expected}`);
      if (best.reason.length === 0) failures.push(`no reason at ${key}`);
    }
    if (failures.length > 5) break;
  }
  expect(failures).toEqual([]);
  return { starts: count, positions: seen.size };
}

function* boards(length: number): Generator<string> {
  if (length === 0) {
    yield '';
    return;
  }
  for (const rest of boards(length - 1)) for (const c of ['A', 'B', '.']) yield c + rest;
}

function* subsets(values: readonly number[]): Generator<number[]> {
  for (let mask = 0; mask < 1 << values.length; mask++) yield values.filter((_, i) => (mask >> i) & 1);
}

describe('play: fast verdicts and best moves against minimax on every reachable position', () => {
  it('seagm: every multiset of up to 5 cards from 1..10', () => {
    const values = Array.from({ length: 10 }, (_, i) => i + 1);
    function* starts(): Generator<unknown> {
      for (let n = 1; n <= 5; n++) for (const cards of multisets(values, n)) yield { cards };
    }
    const { positions } = checkGame(seagm, starts());
    expect(positions).toBeGreaterThan(10_000);
  });

  it('seagm: cards with shared primes, g != 0 with several primes', () => {
    const starts = [
      [6, 10, 15, 22, 28],
      [30, 42, 70, 105, 6, 10],
      [2, 4, 8, 16, 32, 3, 9],
      [6, 6, 10, 10, 15, 15, 1],
      [210, 330, 390, 462, 546, 770],
    ].map((cards) => ({ cards }));
    checkGame(seagm, starts);
  });

  it('multiplication: every N up to 1,200, either player first', () => {
    function* starts(): Generator<unknown> {
      for (let n = 2; n <= 1200; n++) for (const first of ['Alice', 'Bob']) yield { n: String(n), first };
    }
    checkGame(multiplication, starts());
  });

  it('multiplication: three and four primes with larger exponents', () => {
    const starts = [
      2 ** 3 * 3 ** 2 * 5,
      2 * 3 * 5 * 7,
      2 ** 4 * 3 ** 3,
      2 ** 5 * 3 ** 4 * 5,
      2 ** 6 * 3 ** 2 * 7,
    ].map((n) => ({ n: String(n), first: 'Alice' }));
    checkGame(multiplication, starts);
  });

  it('abgame: every board of up to 8 cells', () => {
    function* starts(): Generator<unknown> {
      for (let length = 1; length <= 8; length++) for (const board of boards(length)) yield { board };
    }
    const { positions } = checkGame(abgame, starts());
    expect(positions).toBeGreaterThan(9_000);
  });

  it('partisan: every pair of sets within 1..4, piles up to 14, and a few wider sets', () => {
    function* starts(): Generator<unknown> {
      for (const alice of subsets([1, 2, 3, 4]))
        for (const bob of subsets([1, 2, 3, 4])) yield { n: '14', alice, bob };
      yield { n: '60', alice: [3, 7, 11], bob: [2, 5, 13] };
      yield { n: '80', alice: [6, 11], bob: [1, 9, 10] };
    }
    checkGame(partisan, starts());
  });

  it('octal: every code 0.d1d2 with one or two heaps up to 6, and classics on three heaps', () => {
    function* starts(): Generator<unknown> {
      for (let d1 = 0; d1 < 8; d1++)
        for (let d2 = 0; d2 < 8; d2++)
          for (const size of [1, 2])
            for (const heaps of multisets([1, 2, 3, 4, 5, 6], size))
              yield { code: `0.${d1}${d2}`, heaps: heaps.map(String) };
      for (const code of ['0.77', '0.07', '0.137', '0.156', '0.4', '0.6', 'nim'])
        yield { code, heaps: ['0', '3', '4', '5'] };
      yield { code: '0.144', heaps: ['9', '2'] };
    }
    const { positions } = checkGame(octal, starts());
    expect(positions).toBeGreaterThan(5_000);
  });

  it('magic: every graph on 2 to 4 rooms, telepoints 0..2 each (0..1 on 4 rooms)', () => {
    function* starts(): Generator<unknown> {
      for (let n = 2; n <= 4; n++) {
        const pairs = smallBoard(n).pairs;
        for (let mask = 0; mask < 1 << pairs.length; mask++) {
          const passages = pairs.filter((_, k) => (mask >> k) & 1).map(([i, j]) => [i + 1, j + 1]);
          const most = n === 4 ? 1 : 2;
          for (let p1 = 0; p1 <= most; p1++)
            for (let p2 = 0; p2 <= most; p2++) yield { rooms: String(n), passages, p1, p2 };
        }
      }
    }
    checkGame(magic, starts());
  });

  it('magic: 5 and 6 rooms mid-game, against the explicit-state brute force', () => {
    const play = playOf(magic) as PlaySupport<unknown, MagicPosition>;
    const failures: string[] = [];
    let checked = 0;
    for (const [rooms, passages, p1, p2] of [
      [5, [], 1, 1],
      [5, [[3, 4]], 1, 0],
      [6, [[1, 3]], 0, 1],
      [6, [], 2, 2],
    ] as const) {
      const start = play.start(parseParams(magic, { rooms: String(rooms), passages, p1, p2 }));
      // A walk along the lines of play: every position up to two turns deep from the start and from its children.
      for (const position of reachable(play, start, 3000)) {
        if (play.status(position).over) continue;
        const board = smallBoard(position.rooms);
        let mask = 0;
        for (const [x, y] of position.passages) mask |= 1 << board.bit(x - 1, y - 1);
        const me = position.turn;
        const rival = me === 0 ? 1 : 0;
        const wins = board.wins(
          mask,
          position.at[me] - 1,
          position.at[rival] - 1,
          position.telepoints[me],
          position.telepoints[rival],
        );
        checked++;
        if (play.verdict(position) !== (wins ? 'win' : 'loss')) failures.push(JSON.stringify(position));
        const best = play.bestMove(position);
        const next = play.apply(position, best.move);
        if (wins && !play.status(next).over) {
          let nextMask = 0;
          for (const [x, y] of next.passages) nextMask |= 1 << board.bit(x - 1, y - 1);
          const replyWins = board.wins(
            nextMask,
            next.at[rival] - 1,
            next.at[me] - 1,
            next.telepoints[rival],
            next.telepoints[me],
          );
          if (replyWins) failures.push(`best ${best.move} at ${JSON.stringify(position)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(5000);
  });
});
