/**
 * PartisanGame move by move. A position is a pile and the player to move; Bob to move at m is Alice to move
 * at m in the game with the two sets swapped, so every position is a start position of the solver.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import type { BestMove, PlayMove, PlayStatus, PlaySupport, Verdict } from '../../core/game.js';
import { otherSeat, requireMove } from '../../core/play.js';
import { MAX_MOVE, type PartisanParams, type PartisanResult } from './schema.js';
import { solvePartisan } from './solve.js';
import { partisanMeta } from './meta.js';

const moveSet = z.array(z.number().int().min(1).max(MAX_MOVE)).max(MAX_MOVE);

export const PartisanPosition = z.strictObject({
  n: z.string().regex(/^\d{1,19}$/),
  alice: moveSet,
  bob: moveSet,
  turn: z.union([z.literal(0), z.literal(1)]),
});
export type PartisanPosition = z.infer<typeof PartisanPosition>;

function moverSet(p: PartisanPosition): readonly number[] {
  return p.turn === 0 ? p.alice : p.bob;
}

function moves(p: PartisanPosition): PlayMove[] {
  const n = BigInt(p.n);
  return moverSet(p)
    .filter((x) => BigInt(x) <= n)
    .map((x) => ({ id: String(x), text: `take ${x}: ${n - BigInt(x)} stones left` }));
}

function status(p: PartisanPosition): PlayStatus {
  if (moves(p).length === 0) return { toMove: p.turn, over: true, winner: otherSeat(p.turn) };
  return { toMove: p.turn, over: false, winner: null };
}

function apply(p: PartisanPosition, move: string): PartisanPosition {
  const take = BigInt(requireMove(moves(p), move).id);
  return { ...p, n: (BigInt(p.n) - take).toString(), turn: otherSeat(p.turn) };
}

/** The solver's answer with the player to move in Alice's seat. */
function solveForMover(p: PartisanPosition): PartisanResult {
  const [alice, bob] = p.turn === 0 ? [p.alice, p.bob] : [p.bob, p.alice];
  return solvePartisan({ n: p.n, alice: [...alice], bob: [...bob] });
}

function verdict(p: PartisanPosition): Verdict {
  return solveForMover(p).aliceWins ? 'win' : 'loss';
}

function periodText(result: PartisanResult): string {
  const cycle = result.cycle;
  if (cycle === null) return 'read off the table of every pile size up to it';
  return `the win/lose pattern repeats with period ${cycle.period.toLocaleString('en-US')} from pile ${cycle.preperiod.toLocaleString('en-US')} on`;
}

function bestMove(p: PartisanPosition): BestMove {
  const options = moves(p);
  if (options.length === 0) throw new InputError('The game is over: there is no move to make.', 'move');
  const result = solveForMover(p);
  const n = BigInt(p.n);
  const take = result.aliceMoves[0];
  if (result.aliceWins && take !== undefined) {
    return {
      move: String(take),
      verdict: 'win',
      reason: `Take ${take}: ${n - BigInt(take)} stones are left with the opponent to move, a lost pile for them (${periodText(result)}).`,
    };
  }
  const reply = result.bobReplies[0];
  const answer = reply === undefined ? '' : ` (e.g. take ${reply.alice} is answered by take ${reply.bob})`;
  return {
    move: options[0]?.id ?? '',
    verdict: 'loss',
    reason: `Every take leaves the opponent a pile they win${answer}; ${periodText(result)}.`,
  };
}

function show(p: PartisanPosition): string[] {
  const set = (s: readonly number[]): string => (s.length === 0 ? 'none' : s.join(' '));
  return [`Pile: ${p.n} stones`, `Alice may take: ${set(p.alice)}`, `Bob may take: ${set(p.bob)}`];
}

/** Why a typed number ("5" or "take 5") cannot be taken: not in the mover's set, or more than the pile. */
function whyIllegal(p: PartisanPosition, typed: string): string | undefined {
  const x = /^(?:take )?(\d{1,20})$/.exec(typed)?.[1];
  if (x === undefined) return undefined;
  const set = moverSet(p);
  const who = p.turn === 0 ? 'Alice' : 'Bob';
  if (!set.includes(Number(x))) {
    const last = set[set.length - 1] ?? 0;
    const list = set.length === 1 ? `${last}` : `${set.slice(0, -1).join(', ')} or ${last}`;
    return `${who} may take only ${list} stone${last === 1 ? '' : 's'} at a time`;
  }
  if (BigInt(x) > BigInt(p.n)) return `only ${p.n} stone${p.n === '1' ? ' is' : 's are'} left`;
  return undefined;
}

export const partisanPlay: PlaySupport<PartisanParams, PartisanPosition> = {
  position: PartisanPosition,
  limit: partisanMeta.playLimit,
  start: (params) => ({ n: params.n, alice: [...params.alice], bob: [...params.bob], turn: 0 }),
  status,
  moves,
  apply,
  whyIllegal,
  verdict,
  bestMove,
  show,
};
