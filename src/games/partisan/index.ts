/** PartisanGame: a subtraction game with different moves for each player (TopCoder SRM 701, Div I 250). */
import { InputError } from '../../core/errors.js';
import { partisanMeta } from './meta.js';
import { defineGame, type Difficulty, type RawFields } from '../../core/game.js';
import { splitList } from '../../core/params.js';
import type { Rng } from '../../core/rng.js';
import { quoteInput } from '../../core/text.js';
import { partisanBrute } from './brute.js';
import { findCycle, makeRule, valuesFrom } from './engine.js';
import { explainPartisan } from './explain.js';
import { partisanJudge } from './judge.js';
import { picturePartisan } from './picture.js';
import { MAX_MOVE, PartisanParams, PartisanResult, type PartisanMove } from './schema.js';
import { DEFAULT_STEP_BUDGET, probeCycle, solvePartisan } from './solve.js';
import { partisanRules } from './rules.js';
import { partisanPlay } from './play.js';

/** A move set as typed by a person: `3 4`, `3,4`, `{3, 4}`; empty, `-` or `none` for no moves. */
function parseMoveSet(raw: string | number | undefined, field: 'alice' | 'bob'): (number | string)[] {
  if (raw === undefined) return [];
  const text = String(raw)
    .trim()
    .replace(/^[[{(]\s*|\s*[\]})]$/g, '');
  if (text === '' || text === '-' || text.toLowerCase() === 'none') return [];
  return splitList(text).map((token) => {
    if (!/^[+-]?\d+$/.test(token)) {
      throw new InputError(
        `${field}: "${quoteInput(token)}" is not a whole number; list moves from 1 to ${MAX_MOVE} separated by spaces or commas, e.g. "3 4" or "3,4" ("none" for no moves)`,
        field,
      );
    }
    // Past the safe range the text itself goes on, so the range message shows what was typed.
    const value = Number(token);
    return Number.isSafeInteger(value) ? value : token;
  });
}

function fromFields(fields: RawFields): unknown {
  const n = fields['n'];
  return {
    n: typeof n === 'string' ? n.trim() : n,
    alice: parseMoveSet(fields['alice'], 'alice'),
    bob: parseMoveSet(fields['bob'], 'bob'),
  };
}

function randomSet(rng: Rng, max: number, p: number): number[] {
  const moves: number[] = [];
  for (let x = 1; x <= max; x++) if (rng.chance(p)) moves.push(x);
  return moves.length > 0 ? moves : [rng.int(1, max)];
}

/** A pile of up to about 10^18 stones, as a decimal string. */
function randomHugeN(rng: Rng): string {
  return (BigInt(rng.int(1, 999_999_999)) * 1_000_000_000n + BigInt(rng.int(0, 999_999_999))).toString();
}

/** True when A over the proven period has both W and L, so the answer depends on n and not only on the sets. */
function answerDependsOnN(alice: readonly number[], bob: readonly number[], budget: number): boolean {
  const rule = makeRule(alice, bob);
  const { cycle } = findCycle(rule, budget);
  if (cycle === null) return false;
  const { a } = valuesFrom(rule, cycle.preperiod, Math.min(cycle.period, 200));
  return a.includes(0) && a.includes(1);
}

const shapes: Record<Difficulty, { maxMove: number; tries: number }> = {
  tiny: { maxMove: 5, tries: 1 },
  easy: { maxMove: 3, tries: 1 },
  medium: { maxMove: 5, tries: 1 },
  hard: { maxMove: 20, tries: 40 },
};

function randomInstance(rng: Rng, difficulty: Difficulty): PartisanParams {
  const { maxMove, tries } = shapes[difficulty];
  if (difficulty === 'tiny') {
    const pick = () => Array.from({ length: maxMove }, (_, i) => i + 1).filter(() => rng.chance(0.5));
    return { n: String(rng.int(0, 300)), alice: pick(), bob: pick() };
  }
  // Quiz sizes: easy and medium piles are small enough to fill in the W/L strips by hand within a round.
  if (difficulty === 'easy' || difficulty === 'medium') {
    return {
      n: String(difficulty === 'easy' ? rng.int(4, 15) : rng.int(15, 60)),
      alice: randomSet(rng, maxMove, 0.5),
      bob: randomSet(rng, maxMove, 0.5),
    };
  }
  let alice: number[] = [];
  let bob: number[] = [];
  for (let attempt = 0; attempt < tries; attempt++) {
    // Sparse sets, often shared, give long mixed periods; independent dense ones settle on one winner.
    const p = 0.04 + rng.int(0, 8) / 100;
    alice = randomSet(rng, maxMove, p);
    bob = rng.chance(0.5) ? [...alice] : randomSet(rng, maxMove, p);
    if (answerDependsOnN(alice, bob, 1_000_000)) break;
  }
  return { n: randomHugeN(rng), alice, bob };
}

export const partisan = defineGame<PartisanParams, PartisanResult, PartisanMove>({
  ...partisanMeta,
  solverVersion: '1',
  players: () => ['Alice', 'Bob'],
  params: PartisanParams,
  result: PartisanResult,
  inputs: [
    {
      name: 'n',
      description: 'Stones on the pile: a whole number from 0 to 10^18',
      kind: 'text',
      required: true,
      positional: true,
      maxLength: 40,
      example: '7',
    },
    {
      name: 'alice',
      description: "Alice's moves (she moves first): distinct numbers from 1 to 64, e.g. 3,4; none if empty",
      kind: 'text',
      required: false,
      maxLength: 300,
      example: '3,4',
    },
    {
      name: 'bob',
      description: "Bob's moves: distinct numbers from 1 to 64, e.g. 4; none if empty",
      kind: 'text',
      required: false,
      maxLength: 300,
      example: '4',
    },
  ],
  fromFields,
  solve: (params, ctx) => solvePartisan(params, ctx ?? {}),
  outcome: (result) => (result.aliceWins ? 'first' : 'second'),
  outcomes: ['first', 'second'],
  brute: partisanBrute,
  explain: explainPartisan,
  picture: picturePartisan,
  judge: partisanJudge,
  // A 20,000-position probe (about 0.1 ms) settles nearly every set; the rest may use the whole step budget
  // (about 7 ns per position in the search, and up to as much again to find where the cycle starts).
  estimateCostMs: (params) =>
    probeCycle(params, 20_000) === null ? Math.ceil(DEFAULT_STEP_BUDGET / 50_000) : 1,
  play: partisanPlay,
  randomInstance,
  rules: partisanRules,
});
