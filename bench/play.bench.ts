/**
 * Play: the fast verdict and best move on positions reached in play (cards thrown, M > 1, mid-game boards,
 * either player to move, passages built and telepoints spent), beside `solve` on a start position of the
 * same size. The aim is "as fast as a start position": the ratio column shows it.
 */
import { parseParams } from '../src/core/params.js';
import { createRng } from '../src/core/rng.js';
import type { AnyGame, PlaySupport } from '../src/core/game.js';
import { createCatalog } from '../src/games/catalog.js';
import { fmt, timeMedian, type BenchRow } from './harness.js';

interface Case {
  readonly game: string;
  readonly raw: unknown;
  /** Random moves played before the measured position. */
  readonly moves: number;
  readonly size: string;
}

function cases(): Case[] {
  const rng = createRng(7);
  const cards = Array.from({ length: 200 }, () => rng.int(2, 1_000_000));
  let board = '';
  for (let i = 0; i < 200; i++) board += rng.pick(['A', 'B', '.', '.', '.']);
  return [
    { game: 'seagm', raw: { cards }, moves: 60, size: '200 cards, 60 thrown' },
    {
      game: 'multiplication',
      raw: { n: String(2n ** 20n * 3n ** 19n), first: 'Alice' },
      moves: 11,
      size: 'N = 2^20 3^19, M > 1',
    },
    { game: 'abgame', raw: { board }, moves: 25, size: '200 cells, 25 moves in' },
    {
      game: 'partisan',
      raw: { n: '1000000000000000000', alice: [3, 7, 12, 19], bob: [2, 5, 11, 17] },
      moves: 7,
      size: 'n ~ 10^18, sets within 1..20',
    },
    {
      game: 'magic',
      raw: {
        rooms: '10',
        passages: [
          [3, 4],
          [5, 6],
        ],
        p1: 2,
        p2: 2,
      },
      moves: 9,
      size: '10 rooms, 9 turns in',
    },
  ];
}

function midGame(
  game: AnyGame,
  raw: unknown,
  moves: number,
): { params: unknown; position: unknown; play: PlaySupport<unknown, unknown> } {
  const play = game.play;
  if (play === undefined) throw new Error(`${game.id} has no play support`);
  const params: unknown = parseParams(game, raw);
  const rng = createRng(11);
  let position = play.start(params);
  for (let i = 0; i < moves && !play.status(position).over; i++) {
    // Random moves that keep the game going, so that the measured position is deep in play.
    const onward = play.moves(position).filter((m) => !play.status(play.apply(position, m.id)).over);
    if (onward.length === 0) break;
    position = play.apply(position, rng.pick(onward).id);
  }
  if (play.status(position).over) throw new Error(`${game.id}: the bench position is already over`);
  return { params, position, play };
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const c of cases()) {
    const game = createCatalog().resolveGame(c.game);
    const { params, position, play } = midGame(game, c.raw, c.moves);
    const solveMs = await timeMedian(() => game.solve(params));
    const playMs = await timeMedian(() => {
      play.verdict(position);
      play.bestMove(position);
    });
    rows.push({
      group: 'play',
      input: `${c.game}: verdict + best move mid-game`,
      size: c.size,
      timeMs: playMs,
      throughput: `solve at start ${solveMs.toFixed(3)} ms (x${fmt(Math.round((playMs / Math.max(solveMs, 1e-3)) * 10) / 10)})`,
    });
  }
  return rows;
}
