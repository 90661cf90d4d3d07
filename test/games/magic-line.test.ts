/**
 * The line of optimal play in MAGIC explanations (`line.ts`), replayed by a referee written here: every
 * passage is new, every teleport is paid for, nobody builds while he could walk to his rival, every move of
 * the side that wins is a winning move by the brute force, the losing side stays out of reach while any
 * passage lets him, and the game ends as the rules say.
 */
import { describe, expect, it } from 'vitest';
import { bruteFirstWins, bruteSecuresOptimum, smallBoard } from '../../src/games/magic/brute.js';
import { LINE_ROOM_LIMIT, lineFits, optimalLine } from '../../src/games/magic/line.js';
import type { MagicParams } from '../../src/games/magic/schema.js';
import { joined } from './magic.reference.js';

type Pair = [number, number];

const key = (x: number, y: number): string => (x < y ? `${x}-${y}` : `${y}-${x}`);

/** Replays `lines` from the start of `params`; returns the problems found (none when the line is sound). */
function referee(params: MagicParams, lines: readonly string[]): string[] {
  const n = Number(params.rooms);
  const built: Pair[] = params.passages.map(([x, y]) => [Number(x), Number(y)]);
  const names = ['First', 'Second'];
  const pos = [1, 2];
  const tele = [params.p1, params.p2];
  const winner = bruteFirstWins(params) ? 0 : 1;
  const problems: string[] = [];
  lines.forEach((line, turn) => {
    const me = turn % 2;
    const [here, there] = [pos[me] ?? 0, pos[1 - me] ?? 0];
    const last = turn === lines.length - 1;
    const reach = joined(built, here, there);
    const missing: Pair[] = [];
    for (let x = 1; x <= n; x++)
      for (let y = x + 1; y <= n; y++)
        if (!built.some(([a, b]) => key(a, b) === key(x, y))) missing.push([x, y]);
    if (line === `${names[me]} walks to ${names[1 - me]}'s room ${there} and wins.`) {
      if (!reach || !last || me !== winner) problems.push(`${turn}: walk ${line}`);
      return;
    }
    if (line === `${names[me]} has no passage left to build and loses.`) {
      if (missing.length > 0 || reach || !last || me === winner) problems.push(`${turn}: stuck ${line}`);
      return;
    }
    const move = /^(First|Second) builds (\d+)-(\d+)(?: and teleports to room (\d+))?\.$/.exec(line);
    if (move === null || move[1] !== names[me] || reach || last) {
      problems.push(`${turn}: ${line}`);
      return;
    }
    const [x, y] = [Number(move[2]), Number(move[3])];
    const to = move[4] === undefined ? undefined : Number(move[4]);
    if (!(x < y) || !missing.some(([a, b]) => a === x && b === y)) problems.push(`${turn}: not new ${line}`);
    if (to !== undefined && (to === here || (tele[me] ?? 0) < 1)) problems.push(`${turn}: teleport ${line}`);
    if (me === winner) {
      // The same position from the mover's side: his room is 1, his rival's 2, the others 3.. in order.
      const order = [
        here,
        there,
        ...Array.from({ length: n }, (_, i) => i + 1).filter((r) => r !== here && r !== there),
      ];
      const local = (room: number): number => order.indexOf(room) + 1;
      const position: MagicParams = {
        rooms: params.rooms,
        passages: built.map(([a, b]) => [local(a), local(b)]),
        p1: tele[me] ?? 0,
        p2: tele[1 - me] ?? 0,
      };
      const played =
        to === undefined
          ? { join: [local(x), local(y)] as Pair }
          : { join: [local(x), local(y)] as Pair, teleportTo: local(to) };
      if (!bruteSecuresOptimum(position, played)) problems.push(`${turn}: not winning ${line}`);
    } else if (to === undefined && joined([...built, [x, y]], here, there)) {
      // The losing side walks into reach only when every passage left would do so.
      const safe = missing.some(([a, b]) => !joined([...built, [a, b]], here, there));
      if (safe) problems.push(`${turn}: needless ${line}`);
    }
    built.push([x, y]);
    if (to !== undefined) {
      pos[me] = to;
      tele[me] = (tele[me] ?? 1) - 1;
    }
  });
  if (lines.length === 0) problems.push('no line');
  return problems;
}

function* boards(n: number, stride: number): Generator<Pair[]> {
  const pairs = smallBoard(n).pairs;
  for (let mask = 0; mask < 1 << pairs.length; mask += stride) {
    yield pairs.filter((_, k) => (mask >> k) & 1).map(([i, j]) => [i + 1, j + 1] as Pair);
  }
}

describe('magic: the line of optimal play', () => {
  it.each([
    [3, 1],
    [4, 1],
    [5, 3],
    [6, 997],
  ])('is sound on every %i-room board (every %i-th), telepoints 0 and 1 each', (n, stride) => {
    const problems: string[] = [];
    for (const passages of boards(n, stride)) {
      for (const [p1, p2] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const params: MagicParams = { rooms: String(n), passages, p1, p2 };
        for (const problem of referee(params, optimalLine(params)))
          problems.push(`${JSON.stringify(params)} ${problem}`);
        if (problems.length >= 5) break;
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it(`is played out on boards of up to ${LINE_ROOM_LIMIT} rooms only`, () => {
    const rooms = (n: bigint | string): MagicParams => ({ rooms: String(n), passages: [], p1: 0, p2: 0 });
    expect([5, 6, 7, 8].map((n) => lineFits(rooms(String(n))))).toEqual([true, true, false, false]);
    expect(lineFits(rooms(10n ** 18n))).toBe(false);
  });

  it('a whole game from an empty 4-room board with one telepoint each', () => {
    const params: MagicParams = { rooms: '4', passages: [], p1: 1, p2: 1 };
    const lines = optimalLine(params);
    expect(referee(params, lines)).toEqual([]);
    expect(lines.at(-1)).toMatch(/^Second walks to First's room \d and wins\.$/);
  });
});
