/**
 * MAGIC move by move. A position is the board, both magicians' rooms and telepoints, and whose turn it is.
 * Renumbering rooms so that the mover stands in room 1 and the rival in room 2 (the mover's telepoints as
 * p1) turns any position into a start position of the solver; its winning moves are renumbered back.
 * Walking only matters when it reaches the rival: elsewhere the mover's component is all that counts, so a
 * turn is "walk to the rival" or "build x-y", optionally followed by a teleport.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import type { BestMove, PlayMove, PlayStatus, PlaySupport, Verdict } from '../../core/game.js';
import { otherSeat, requireMove } from '../../core/play.js';
import { MagicParams, type MagicMove, type MagicResult, type Room } from './schema.js';
import { solveMagic } from './solve.js';
import { PLAY_MAX_ROOMS, magicMeta } from './meta.js';

export { PLAY_MAX_ROOMS };

const room = z.number().int().min(1).max(PLAY_MAX_ROOMS);

export const MagicPosition = z.strictObject({
  rooms: z.number().int().min(2).max(PLAY_MAX_ROOMS),
  /** Built passages as [x, y] with x < y, sorted. */
  passages: z.array(z.tuple([room, room])).max((PLAY_MAX_ROOMS * (PLAY_MAX_ROOMS - 1)) / 2),
  /** Rooms of First (seat 0) and Second (seat 1). */
  at: z.tuple([room, room]),
  telepoints: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
  turn: z.union([z.literal(0), z.literal(1)]),
  /** The previous mover walked onto the rival. */
  caught: z.boolean(),
});
export type MagicPosition = z.infer<typeof MagicPosition>;

/** Component label (smallest room) of every room 1..N, index 0 unused. */
function components(p: MagicPosition): number[] {
  const parent = Array.from({ length: p.rooms + 1 }, (_, i) => i);
  const root = (x: number): number => {
    while (parent[x] !== x) x = parent[x] ?? x;
    return x;
  };
  for (const [x, y] of p.passages) {
    const [rx, ry] = [root(x), root(y)];
    if (rx !== ry) parent[Math.max(rx, ry)] = Math.min(rx, ry);
  }
  return parent.map((_, i) => root(i));
}

function isBuilt(p: MagicPosition, x: number, y: number): boolean {
  return p.passages.some(([a, b]) => a === x && b === y);
}

function moves(p: MagicPosition): PlayMove[] {
  if (p.caught) return [];
  const me = p.at[p.turn];
  const rival = p.at[otherSeat(p.turn)];
  const comp = components(p);
  const out: PlayMove[] = [];
  if (comp[me] === comp[rival]) {
    out.push({ id: `walk ${rival}`, text: `walk to room ${rival} along the passages and catch the rival` });
  }
  const canTeleport = p.telepoints[p.turn] > 0;
  for (let x = 1; x <= p.rooms; x++) {
    for (let y = x + 1; y <= p.rooms; y++) {
      if (isBuilt(p, x, y)) continue;
      out.push({ id: `${x}-${y}`, text: `build passage ${x}-${y} and stay` });
      if (!canTeleport) continue;
      for (let r = 1; r <= p.rooms; r++)
        out.push({ id: `${x}-${y} tp ${r}`, text: `build passage ${x}-${y}, then teleport to room ${r}` });
    }
  }
  return out;
}

function status(p: MagicPosition): PlayStatus {
  // A catch ends the game for the catcher; a board with nothing left to build loses for the mover.
  if (p.caught || moves(p).length === 0) return { toMove: p.turn, over: true, winner: otherSeat(p.turn) };
  return { toMove: p.turn, over: false, winner: null };
}

function apply(p: MagicPosition, move: string): MagicPosition {
  const id = requireMove(moves(p), move).id;
  const turn = otherSeat(p.turn);
  if (id.startsWith('walk')) {
    const at: [number, number] = [...p.at];
    at[p.turn] = Number(id.slice(5));
    return { ...p, at, turn, caught: true };
  }
  const [pair = '', , target] = id.split(' ');
  const [x = 0, y = 0] = pair.split('-').map(Number);
  const passages = [...p.passages, [x, y] as [number, number]].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const at: [number, number] = [...p.at];
  const telepoints: [number, number] = [...p.telepoints];
  if (target !== undefined) {
    at[p.turn] = Number(target);
    telepoints[p.turn] -= 1;
  }
  return { ...p, passages, at, telepoints, turn };
}

/** The solver's view: rooms renumbered so that the mover is in room 1 and the rival in room 2. */
function solveForMover(p: MagicPosition): { result: MagicResult; original: number[] } {
  const me = p.at[p.turn];
  const rival = p.at[otherSeat(p.turn)];
  // original[k - 1] is the room that gets number k.
  const original = [me, rival];
  for (let r = 1; r <= p.rooms; r++) if (r !== me && r !== rival) original.push(r);
  const renamed = new Map(original.map((r, i) => [r, i + 1]));
  const params = MagicParams.parse({
    rooms: String(p.rooms),
    passages: p.passages.map(([x, y]) => [renamed.get(x), renamed.get(y)]),
    p1: p.telepoints[p.turn],
    p2: p.telepoints[otherSeat(p.turn)],
  });
  return { result: solveMagic(params), original };
}

function moveId(move: MagicMove, original: readonly number[], rival: number): string {
  const back = (r: Room): number => original[Number(r) - 1] ?? 0;
  if ('walkTo' in move) return `walk ${rival}`;
  const [a, b] = [back(move.join[0]), back(move.join[1])].sort((x, y) => x - y);
  return move.teleportTo === undefined ? `${a}-${b}` : `${a}-${b} tp ${back(move.teleportTo)}`;
}

/** The rival stands in the mover's component (perhaps in the same room, after a teleport). */
function rivalReachable(p: MagicPosition): boolean {
  const comp = components(p);
  return comp[p.at[0]] === comp[p.at[1]];
}

function verdict(p: MagicPosition): Verdict {
  if (status(p).over) return 'loss';
  if (rivalReachable(p)) return 'win';
  return solveForMover(p).result.outcome === 'first' ? 'win' : 'loss';
}

function reasonFor(result: MagicResult, move: string): string {
  if (result.connected) return `The rival stands in your component: ${move} wins at once.`;
  const target =
    result.target === null
      ? 'with an odd number of rooms every final split has one odd and one even group'
      : `with ${result.missing} passages still buildable inside components, you need both final groups ${result.target}`;
  return (
    `${result.components} components (${result.oddComponents} odd, ${result.evenComponents} even). ` +
    `The game ends when the board is two complete groups, one magician in each, and the player to move must join them; ${target}.`
  );
}

function bestMove(p: MagicPosition): BestMove {
  const options = moves(p);
  if (options.length === 0) throw new InputError('The game is over: there is no move to make.', 'move');
  if (rivalReachable(p)) {
    const move = `walk ${p.at[otherSeat(p.turn)]}`;
    return { move, verdict: 'win', reason: `The rival stands in your component: ${move} catches them.` };
  }
  const { result, original } = solveForMover(p);
  const winning = result.moves[0];
  if (result.outcome === 'first' && winning !== undefined) {
    const move = moveId(winning.move, original, p.at[otherSeat(p.turn)]);
    return { move, verdict: 'win', reason: `Play ${move}. ${reasonFor(result, move)}` };
  }
  // Lost anyway: prefer a move that does not hand the rival an immediate catch.
  const slow = options.find((m) => {
    const next = apply(p, m.id);
    return !rivalReachable(next);
  });
  const move = (slow ?? options[0])?.id ?? '';
  return { move, verdict: 'loss', reason: `Every move can be answered. ${reasonFor(result, move)}` };
}

function show(p: MagicPosition): string[] {
  const comp = components(p);
  const groups = new Map<number, number[]>();
  for (let r = 1; r <= p.rooms; r++) groups.set(comp[r] ?? r, [...(groups.get(comp[r] ?? r) ?? []), r]);
  const built = p.passages.length === 0 ? 'none' : p.passages.map(([x, y]) => `${x}-${y}`).join(' ');
  return [
    `Rooms 1-${p.rooms}; passages: ${built}`,
    `Components: ${[...groups.values()].map((g) => `{${g.join(' ')}}`).join(' ')}`,
    `First in room ${p.at[0]} (${p.telepoints[0]} telepoints), Second in room ${p.at[1]} (${p.telepoints[1]} telepoints)`,
  ];
}

/** A typed walk: "walk 2", or in the move's own words "walk to room 2"; group 1 is the room. */
const TYPED_WALK = /^walk (?:to )?(?:room )?(\d{1,12})$/;

/** Why a typed walk or passage cannot be played, in the rules' words. */
function whyIllegal(p: MagicPosition, typed: string): string | undefined {
  const me = p.at[p.turn];
  const rival = p.at[otherSeat(p.turn)];
  const walk = TYPED_WALK.exec(typed)?.[1];
  if (walk !== undefined) {
    if (Number(walk) !== rival)
      return `walking only counts when it catches the rival, who is in room ${rival}`;
    const comp = components(p);
    if (comp[me] === comp[rival]) return undefined;
    return `room ${rival} cannot be reached from room ${me} along the passages built so far`;
  }
  const build = /^(\d{1,12})-(\d{1,12})(?: tp (\d{1,12}))?$/.exec(typed);
  if (build === null) return undefined;
  const [x, y, target] = [Number(build[1]), Number(build[2]), build[3]];
  const outside = [x, y, ...(target === undefined ? [] : [Number(target)])].find((r) => r < 1 || r > p.rooms);
  if (outside !== undefined) return `there is no room ${outside}: the rooms are 1 to ${p.rooms}`;
  if (x === y) return 'a passage joins two different rooms';
  const [a, b] = x < y ? [x, y] : [y, x];
  if (isBuilt(p, a, b)) return `passage ${a}-${b} is built already`;
  if (target !== undefined && p.telepoints[p.turn] === 0)
    return 'the player to move has no telepoints left: build without "tp"';
  return undefined;
}

/**
 * A passage is the same either way round: "5-1" (and "5-1 tp 3") is the move listed as "1-5"; "walk to room 2"
 * (as the move's words say it) is "walk 2".
 */
function sameMove(_p: MagicPosition, typed: string): string | undefined {
  const walk = TYPED_WALK.exec(typed)?.[1];
  if (walk !== undefined) return `walk ${walk}`;
  const build = /^(\d{1,12})-(\d{1,12})(.*)$/.exec(typed);
  if (build === null) return undefined;
  return `${build[2]}-${build[1]}${build[3]}`;
}

export const magicPlay: PlaySupport<MagicParams, MagicPosition> = {
  position: MagicPosition,
  limit: magicMeta.playLimit,
  start(params) {
    const n = BigInt(params.rooms);
    if (n > BigInt(PLAY_MAX_ROOMS)) {
      throw new InputError(
        `rooms: play takes at most ${PLAY_MAX_ROOMS} rooms (got ${params.rooms}); solve handles bigger boards, e.g. 4`,
        'rooms',
      );
    }
    const passages = params.passages
      .map(([x, y]) => [Number(x), Number(y)].sort((a, b) => a - b) as [number, number])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    // More telepoints than turns left can never be spent; capping keeps stored positions small and alike.
    const cap = (t: number): number => Math.min(t, 64);
    return {
      rooms: Number(n),
      passages,
      at: [1, 2],
      telepoints: [cap(params.p1), cap(params.p2)],
      turn: 0,
      caught: false,
    };
  },
  status,
  moves,
  apply,
  whyIllegal,
  sameMove,
  verdict,
  bestMove,
  show,
};
