/**
 * The fast solver: find where the pair (A, B) starts repeating by a repeated window (a proof), then read n's
 * neighbourhood at the same place in the period. When no window repeats within the step budget, n is still
 * answered exactly if direct DP can reach it; otherwise the solver says it could not certify a period.
 */
import { InputError } from '../../core/errors.js';
import type { SolveContext } from '../../core/game.js';
import { findCycle, makeRule, valuesFrom, type Cycle, type MoveRule } from './engine.js';
import { firstRound, REACH } from './first-round.js';
import { PATTERN_LIMIT } from './limits.js';
import type { PartisanCycle, PartisanParams, PartisanResult } from './schema.js';

/**
 * Positions the cycle search may visit. Covers Alice and Bob both with {6, 11, 53, 58, 64} (period
 * 2,508,961, found after 6.7 M positions) with room to spare; about 0.4 s of CPU in the search when it is all used.
 */
export const DEFAULT_STEP_BUDGET = 50_000_000;

export interface SolveOptions extends SolveContext {
  readonly stepBudget?: number;
}

/** No window repeated within the budget and n is too far for direct DP: no honest answer to give. */
export class PeriodNotCertifiedError extends InputError {
  constructor(searched: number) {
    const reach = searched.toLocaleString('en-US');
    super(
      `No period could be certified for these move sets: no window of the last k values repeated within ${reach} positions (the step budget), and n is beyond the ${reach} positions direct DP can reach. Try n <= ${reach}.`,
      'n',
    );
  }
}

function wl(values: Uint8Array): string {
  let text = '';
  for (const v of values) text += v === 1 ? 'W' : 'L';
  return text;
}

/** A position with the same A and B as `position`, below preperiod + period. */
function samePlace(position: bigint, cycle: Cycle): number {
  const pre = BigInt(cycle.preperiod);
  // Stryker disable next-line EqualityOperator: at position = pre both branches give pre
  if (position < pre) return Number(position);
  return Number(pre + ((position - pre) % BigInt(cycle.period)));
}

function describeCycle(rule: MoveRule, cycle: Cycle, n: bigint): PartisanCycle {
  const head = valuesFrom(rule, 0, Math.min(cycle.preperiod, PATTERN_LIMIT));
  const body = valuesFrom(rule, cycle.preperiod, Math.min(cycle.period, PATTERN_LIMIT));
  const pre = BigInt(cycle.preperiod);
  return {
    preperiod: cycle.preperiod,
    period: cycle.period,
    offset: n < pre ? null : Number((n - pre) % BigInt(cycle.period)),
    headA: wl(head.a),
    headB: wl(head.b),
    periodA: wl(body.a),
    periodB: wl(body.b),
  };
}

export function solvePartisan(params: PartisanParams, options: SolveOptions = {}): PartisanResult {
  const rule = makeRule(params.alice, params.bob);
  const n = BigInt(params.n);
  const search = findCycle(rule, options.stepBudget ?? DEFAULT_STEP_BUDGET, options.onProgress);
  // Stryker disable next-line EqualityOperator: at n = REACH both branches give REACH
  const span = n < BigInt(REACH) ? Number(n) : REACH;
  const from = n - BigInt(span);
  let start: number;
  if (search.cycle !== null) start = samePlace(from, search.cycle);
  else if (n <= BigInt(search.searched)) start = Number(from);
  else throw new PeriodNotCertifiedError(search.searched);
  // Every position from `from` to n is past the pre-period or read directly, so the values carry over.
  const near = valuesFrom(rule, start, span + 1);
  options.onProgress?.(1);
  return {
    n: params.n,
    ...firstRound(params, { span, a: near.a, b: near.b }),
    width: rule.width,
    certified: search.cycle !== null,
    searched: search.searched,
    cycle: search.cycle === null ? null : describeCycle(rule, search.cycle, n),
  };
}

/** A cheap look ahead for cost estimates and instance picking: the cycle, if one shows within `budget`. */
export function probeCycle(params: Pick<PartisanParams, 'alice' | 'bob'>, budget: number): Cycle | null {
  return findCycle(makeRule(params.alice, params.bob), budget).cycle;
}
