/**
 * Octal games move by move. A position is the code, the heaps in play (empty heaps dropped) and the player
 * to move; a move takes tokens from one heap and puts what it leaves (nothing, one heap or two) in its place.
 * Heaps stay small enough to list every move; the best move comes from the values G(n) via the solver.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import type { BestMove, PlayMove, PlayStatus, PlaySupport, Verdict } from '../../core/game.js';
import { otherSeat, requireMove } from '../../core/play.js';
import { OctalCodeError, readOctalCode } from './code.js';
import { MIN_SEARCH, type OctalMove, type OctalParams } from './schema.js';
import { solveOctal } from './solve.js';
import { MAX_PLAY_HEAP, MAX_PLAY_HEAPS, octalMeta } from './meta.js';

export { MAX_PLAY_HEAP, MAX_PLAY_HEAPS };

const canonicalCode = z.string().refine((text) => {
  try {
    return readOctalCode(text).code === text;
  } catch (error) {
    if (error instanceof OctalCodeError) return false;
    throw error;
  }
}, 'code must be a canonical octal code such as 0.77 or nim');

export const OctalPosition = z.strictObject({
  code: canonicalCode,
  /** Heap sizes 1..MAX_PLAY_HEAP as decimal strings; splits add heaps, never tokens. */
  heaps: z.array(z.string().regex(/^[1-9]\d{0,2}$/)).max(MAX_PLAY_HEAP * MAX_PLAY_HEAPS),
  turn: z.union([z.literal(0), z.literal(1)]),
});
export type OctalPosition = z.infer<typeof OctalPosition>;

/** The digit for taking `take` tokens: bit 1 leave nothing, bit 2 leave one heap, bit 4 leave two. */
function digitFor(code: string, take: number): number {
  if (code === 'nim') return 3;
  return Number(code.slice(2)[take - 1] ?? '0');
}

function moveId(heap: number, take: number, leave: readonly number[]): string {
  const base = `take ${take} from heap ${heap + 1}`;
  return leave.length === 2 ? `${base} leaving ${leave[0]} and ${leave[1]}` : base;
}

interface Option {
  readonly heap: number;
  readonly take: number;
  /** The heaps left in its place, smaller first. */
  readonly leave: readonly number[];
}

function options(p: OctalPosition): Option[] {
  const found: Option[] = [];
  p.heaps.forEach((text, heap) => {
    const h = Number(text);
    for (let take = 1; take <= h; take++) {
      const d = digitFor(p.code, take);
      const rest = h - take;
      if (d & 1 && rest === 0) found.push({ heap, take, leave: [] });
      if (d & 2 && rest > 0) found.push({ heap, take, leave: [rest] });
      if (d & 4) for (let a = 1; 2 * a <= rest; a++) found.push({ heap, take, leave: [a, rest - a] });
    }
  });
  return found;
}

function describe(p: OctalPosition, o: Option): string {
  const h = p.heaps[o.heap] ?? '?';
  const left =
    o.leave.length === 0
      ? 'nothing left of it'
      : o.leave.length === 1
        ? `a heap of ${o.leave[0]} left`
        : `split into ${o.leave[0]} + ${o.leave[1]}`;
  return `take ${o.take} from heap ${o.heap + 1} (${h}): ${left}`;
}

function moves(p: OctalPosition): PlayMove[] {
  return options(p).map((o) => ({ id: moveId(o.heap, o.take, o.leave), text: describe(p, o) }));
}

function status(p: OctalPosition): PlayStatus {
  if (options(p).length === 0) return { toMove: p.turn, over: true, winner: otherSeat(p.turn) };
  return { toMove: p.turn, over: false, winner: null };
}

function apply(p: OctalPosition, move: string): OctalPosition {
  const chosen = requireMove(moves(p), move);
  const option = options(p).find((o) => moveId(o.heap, o.take, o.leave) === chosen.id);
  if (option === undefined) throw new Error(`move ${chosen.id} listed but not found`);
  const heaps = [...p.heaps];
  heaps.splice(option.heap, 1, ...option.leave.map(String));
  return { ...p, heaps, turn: otherSeat(p.turn) };
}

function solveHeaps(p: OctalPosition) {
  return solveOctal({ code: p.code, heaps: p.heaps, search: MIN_SEARCH });
}

function verdict(p: OctalPosition): Verdict {
  if (p.heaps.length === 0) return 'loss';
  return solveHeaps(p).xor === '0' ? 'loss' : 'win';
}

function idOf(move: OctalMove): string {
  const leave = move.leave.map(Number).sort((a, b) => a - b);
  return moveId(move.heap, Number(move.take), leave);
}

function bestMove(p: OctalPosition): BestMove {
  const listed = moves(p);
  if (listed.length === 0) throw new InputError('The game is over: there is no move to make.', 'move');
  const result = solveHeaps(p);
  const values = `The heaps' values G(${p.heaps.join('), G(')}) = ${result.values.join(', ')}`;
  const winning = result.moves[0];
  if (result.xor !== '0' && winning !== undefined) {
    const id = idOf(winning);
    const after = winning.leave.length === 0 ? 'nothing' : winning.leave.map((l) => `G(${l})`).join(' ^ ');
    return {
      move: id,
      verdict: 'win',
      reason: `${values} XOR to ${result.xor}; ${id} puts ${after} in place of G(${p.heaps[winning.heap] ?? '?'}), so the XOR becomes 0 and the opponent is lost.`,
    };
  }
  return {
    move: listed[0]?.id ?? '',
    verdict: 'loss',
    reason: `${values} XOR to 0: every move changes exactly one heap's value, so it leaves a XOR other than 0, which the opponent can bring back to 0.`,
  };
}

function show(p: OctalPosition): string[] {
  const heaps = p.heaps.length === 0 ? 'none' : p.heaps.map((h, i) => `${i + 1}: ${h}`).join(', ');
  return [`Game: ${p.code}`, `Heaps: ${heaps}`];
}

function start(params: OctalParams): OctalPosition {
  const heaps = params.heaps.filter((h) => h !== '0');
  if (params.heaps.length > MAX_PLAY_HEAPS || heaps.some((h) => BigInt(h) > BigInt(MAX_PLAY_HEAP))) {
    throw new InputError(
      `Play move by move takes at most ${MAX_PLAY_HEAPS} heaps of at most ${MAX_PLAY_HEAP} tokens (got ${params.heaps.length} heap${params.heaps.length === 1 ? '' : 's'}, the largest ${params.heaps.reduce((x, h) => (BigInt(h) > BigInt(x) ? h : x), '0')}); e.g. heaps 5,8,13. Larger games: ask solve.`,
      'heaps',
    );
  }
  return { code: params.code, heaps, turn: 0 };
}

/** Why a typed "take T from heap H [leaving A and B]" cannot be played under the code. */
function whyIllegal(p: OctalPosition, typed: string): string | undefined {
  const m = /^take (\d{1,12}) from heap (\d{1,12})(?: leaving (\d{1,12}) and (\d{1,12}))?$/.exec(typed);
  if (m === null) return undefined;
  const [take, heap] = [Number(m[1]), Number(m[2])];
  const split = m[3] === undefined ? undefined : [Number(m[3]), Number(m[4])];
  if (heap < 1 || heap > p.heaps.length)
    return `there is no heap ${heap}: the heaps are numbered 1 to ${p.heaps.length}`;
  const size = Number(p.heaps[heap - 1]);
  if (take < 1) return 'a move takes at least one token';
  if (take > size) return `heap ${heap} holds only ${size} token${size === 1 ? '' : 's'}`;
  const d = digitFor(p.code, take);
  // Nim (every digit 3) never gets past the checks above, so the code is always written 0.d1d2...dk below.
  const code = p.code;
  if (d === 0) return `${code} never lets a move take ${take} token${take === 1 ? '' : 's'}`;
  const rest = size - take;
  if (split === undefined) {
    if (rest === 0) return d & 1 ? undefined : `${code} does not let a move take a whole heap of ${take}`;
    if (d & 2) return undefined;
    if (d & 4 && rest >= 2)
      return `${code} lets a move taking ${take} only split what is left: say how, e.g. "take ${take} from heap ${heap} leaving 1 and ${rest - 1}"`;
    return `${code} does not let a move taking ${take} leave one heap`;
  }
  const [a = 0, b = 0] = split;
  if ((d & 4) === 0) return `${code} does not let a move taking ${take} split the heap`;
  if (a + b !== rest) return `${a} + ${b} is not ${rest}, what taking ${take} from ${size} leaves`;
  if (a === 0 || b === 0) return 'both heaps a split leaves hold at least one token';
  return undefined;
}

/** A split is the same whichever heap is named first: "leaving 3 and 1" is the move listed as "leaving 1 and 3". */
function sameMove(_p: OctalPosition, typed: string): string | undefined {
  const split = /^(take \d+ from heap \d+) leaving (\d+) and (\d+)$/.exec(typed);
  if (split === null) return undefined;
  return `${split[1]} leaving ${split[3]} and ${split[2]}`;
}

export const octalPlay: PlaySupport<OctalParams, OctalPosition> = {
  position: OctalPosition,
  limit: octalMeta.playLimit,
  start,
  status,
  moves,
  apply,
  whyIllegal,
  sameMove,
  verdict,
  bestMove,
  show,
};
