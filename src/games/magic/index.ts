/** MAGIC: two magicians build passages on a board of rooms; who is caught first? */
import { magicMeta } from './meta.js';
import { defineGame, type Difficulty } from '../../core/game.js';
import { randomBigInt, type Rng } from '../../core/rng.js';
import { BRUTE_LIMIT, bruteFits, bruteSecuresOptimum, bruteSolve } from './brute.js';
import { explainMagic } from './explain.js';
import { pictureMagic } from './picture.js';
import { magicFromFields } from './fields.js';
import { magicJudge } from './judge.js';
import {
  MagicParams,
  MagicResult,
  MAX_TELEPOINTS,
  PASSAGES_EXAMPLE,
  type MagicMove,
  type Room,
} from './schema.js';
import { solveMagic } from './solve.js';
import { magicRules } from './rules.js';
import { magicPlay } from './play.js';

export const magic = defineGame<MagicParams, MagicResult, MagicMove>({
  ...magicMeta,
  solverVersion: '1',
  players: () => ['First', 'Second'],
  params: MagicParams,
  result: MagicResult,
  inputs: [
    {
      name: 'rooms',
      description: 'Number of rooms N, 2 to 10^18; First starts in room 1, Second in room 2',
      kind: 'text',
      required: true,
      positional: true,
      maxLength: 30,
      example: '4',
    },
    {
      name: 'passages',
      description: `Passages already built, as pairs of rooms, e.g. ${PASSAGES_EXAMPLE}`,
      kind: 'text',
      required: false,
      acceptsFile: true,
      maxLength: 6000,
      example: PASSAGES_EXAMPLE,
    },
    {
      name: 'telepoints',
      description: 'Telepoints each magician holds (default 0)',
      kind: 'integer',
      required: false,
      min: 0,
      max: MAX_TELEPOINTS,
      example: '1',
    },
    {
      name: 'p1',
      description: "Telepoints of magician 1 (First); overrides 'telepoints' for him",
      kind: 'integer',
      required: false,
      min: 0,
      max: MAX_TELEPOINTS,
      example: '1',
    },
    {
      name: 'p2',
      description: "Telepoints of magician 2 (Second); overrides 'telepoints' for him",
      kind: 'integer',
      required: false,
      min: 0,
      max: MAX_TELEPOINTS,
      example: '0',
    },
  ],
  fromFields: magicFromFields,
  solve: (params) => solveMagic(params),
  outcome: (result) => result.outcome,
  outcomes: ['first', 'second'],
  brute: {
    limit: `N <= ${BRUTE_LIMIT} rooms`,
    fits: bruteFits,
    solve: bruteSolve,
    securesOptimum: bruteSecuresOptimum,
  },
  explain: explainMagic,
  picture: pictureMagic,
  judge: magicJudge,
  // One hash-table insert and one union per passage end: about 0.4 microseconds each on a laptop.
  estimateCostMs: (params) => 0.05 + params.passages.length * 0.0004,
  play: magicPlay,
  randomInstance: randomMagic,
  rules: magicRules,
});

function randomMagic(rng: Rng, difficulty: Difficulty): MagicParams {
  switch (difficulty) {
    case 'tiny':
      return denseBoard(rng, rng.int(2, 5), 0.35, 2);
    // Quiz sizes: easy and medium boards are small enough to count groups by hand within a round.
    case 'easy':
    case 'medium': {
      const rooms = difficulty === 'easy' ? [4, 7] : [8, 14];
      // Rooms 1 and 2 already joined is a one-move win: redraw (a few times) so that boards need thought.
      let board = denseBoard(rng, rng.int(rooms[0] ?? 4, rooms[1] ?? 7), 0.2, 2);
      for (let tries = 0; tries < 20 && solveMagic(board).connected; tries++)
        board = denseBoard(rng, rng.int(rooms[0] ?? 4, rooms[1] ?? 7), 0.2, 2);
      return board;
    }
    case 'hard':
      return clusteredBoard(rng, BigInt(rng.int(30, 400)), rng.int(10, 120));
  }
}

function telepoints(rng: Rng, max: number): { p1: number; p2: number } {
  const p1 = rng.int(0, max);
  return { p1, p2: rng.chance(0.5) ? p1 : rng.int(0, max) };
}

/** Every pair of n rooms is a passage with probability `density`. */
function denseBoard(rng: Rng, n: number, density: number, maxTelepoints: number): MagicParams {
  const passages: [Room, Room][] = [];
  for (let a = 1; a <= n; a++) {
    for (let b = a + 1; b <= n; b++) if (rng.chance(density)) passages.push([a, b]);
  }
  return { rooms: String(n), passages, ...telepoints(rng, maxTelepoints) };
}

/**
 * Small random components (trees plus a few extra passages) among `touched` rooms of a board of n, with rooms
 * 1 and 2 apart, so that the sizes' parities, E and the untouched count all vary.
 */
function clusteredBoard(rng: Rng, n: bigint, touched: number): MagicParams {
  const rooms: Room[] = [1, 2];
  const seen = new Set<string>(['1', '2']);
  const limit = n < BigInt(touched) * 2n ? Number(n) : touched;
  while (rooms.length < limit) {
    const room = randomBigInt(rng, 3n, n);
    if (seen.has(room.toString())) continue;
    seen.add(room.toString());
    rooms.push(room <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(room) : room.toString());
  }
  for (let i = rooms.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [rooms[i], rooms[j]] = [rooms[j] ?? 1, rooms[i] ?? 1];
  }
  const passages: [Room, Room][] = [];
  const built = new Set<string>();
  const build = (a: Room, b: Room): void => {
    const key = `${a}-${b}`;
    if (built.has(key) || built.has(`${b}-${a}`)) return;
    built.add(key);
    passages.push([a, b]);
  };
  const groups: Room[][] = [];
  for (let start = 0; start < rooms.length;) {
    const size = rng.int(1, 6);
    groups.push(rooms.slice(start, start + size));
    start += size;
  }
  for (const group of groups) {
    // Rooms 1 and 2 in one group would make the game a one-move win.
    if (group.includes(1) && group.includes(2)) group.splice(group.indexOf(2), 1);
    for (let i = 1; i < group.length; i++) build(group[rng.int(0, i - 1)] ?? 1, group[i] ?? 1);
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) if (rng.chance(0.15)) build(group[i] ?? 1, group[j] ?? 1);
    }
  }
  return { rooms: n.toString(), passages, ...telepoints(rng, 2) };
}
