/** PartisanGame explanations as data: the proven period, n's place in it, and the first move or Bob's answers. */
import type { Explanation, KeyFact } from '../../core/game.js';
import type { PartisanCycle, PartisanMove, PartisanParams, PartisanResult } from './schema.js';

const CHUNK = 50;

function fmt(value: bigint | number): string {
  return value.toLocaleString('en-US');
}

function setText(moves: readonly number[]): string {
  return moves.length === 0 ? 'none' : `{${moves.join(', ')}}`;
}

function wl(win: boolean): string {
  return win ? 'W' : 'L';
}

/** "m..m+k-1" patterns in rows of CHUNK, so a renderer can attach them as a file. */
function patternLines(first: number, a: string, b: string): string[] {
  const lines: string[] = [];
  for (let i = 0; i < a.length; i += CHUNK) {
    const from = first + i;
    const to = from + Math.min(CHUNK, a.length - i) - 1;
    lines.push(`${fmt(from)}..${fmt(to)}  A ${a.slice(i, i + CHUNK)}  B ${b.slice(i, i + CHUNK)}`);
  }
  return lines;
}

function shown(length: number, total: number): string {
  return length < total ? ` (first ${fmt(length)} of ${fmt(total)} shown)` : '';
}

function periodReasons(result: PartisanResult, n: bigint): string[] {
  const { cycle } = result;
  if (cycle === null) {
    return result.searched === 0
      ? [`Computed directly: A and B for every pile size from 0 to ${fmt(n)}.`]
      : [
          `No period could be certified: no window of ${result.width} values repeated within the step budget of ${fmt(result.searched)} positions. n is small enough to compute A(n) directly from A and B at 0..n, so the answer is still exact.`,
        ];
  }
  const reasons = [
    `A(m) and B(m) depend only on A and B at the ${result.width === 1 ? 'position' : `${result.width} positions`} below m (the largest move is ${result.width}), so once such a window repeats, everything after it repeats too. The first repeat proves A and B periodic from position ${fmt(cycle.preperiod)} on, with period ${fmt(cycle.period)} (found after looking at ${fmt(result.searched)} positions).`,
    `Over one period, A (Alice to move) reads ${cycle.periodA}${cycle.periodA.length < cycle.period ? '...' : ''}${shown(cycle.periodA.length, cycle.period)}.`,
  ];
  reasons.push(placeReason(cycle, n, result.aliceWins));
  return reasons;
}

function placeReason(cycle: PartisanCycle, n: bigint, aliceWins: boolean): string {
  if (cycle.offset === null) {
    return `n = ${fmt(n)} lies in the pre-period (positions 0 to ${fmt(cycle.preperiod - 1)}), so A(n) = ${wl(aliceWins)} comes straight from the table.`;
  }
  const place = cycle.preperiod + cycle.offset;
  return `n = ${fmt(n)} is ${fmt(cycle.offset)} places into the period ((n - ${fmt(cycle.preperiod)}) mod ${fmt(cycle.period)} = ${fmt(cycle.offset)}), so A(n) = A(${fmt(place)}) = ${wl(aliceWins)}.`;
}

function noMoveReason(params: PartisanParams, result: PartisanResult, n: bigint): string {
  const smallest = params.alice[0];
  if (smallest === undefined) return 'Alice has no moves at all, so she cannot move and loses at once.';
  // Stryker disable next-line EqualityOperator: only called when Alice loses, and at n = smallest she takes every stone and wins
  if (BigInt(smallest) > n) {
    return `Alice's smallest move is ${smallest}, more than the ${fmt(n)} stones on the pile: she cannot move and loses.`;
  }
  const replies = result.bobReplies.map((r) => `${r.alice} -> ${r.bob}`).join(', ');
  if (result.bobSum !== null) {
    const s = result.bobSum;
    const rest = n % BigInt(s);
    return `Whatever Alice takes, Bob takes ${s} minus that (${replies}): each round removes ${s} stones, so the pile stays ${fmt(rest)} more than a multiple of ${s}, and at ${fmt(rest)} stones (less than ${smallest}) Alice cannot move.`;
  }
  return `Every first move of Alice's leaves Bob a winning answer (Alice -> Bob): ${replies}. Bob keeps answering onto piles where A is L, until Alice cannot move.`;
}

export function explainPartisan(params: PartisanParams, result: PartisanResult): Explanation<PartisanMove> {
  const n = BigInt(result.n);
  const moves = result.aliceMoves.map((take) => ({
    text: `Take ${take}, leaving ${fmt(n - BigInt(take))} stones: Bob, to move there, loses.`,
    move: { take },
  }));
  const first = result.aliceMoves[0];
  let headline: string;
  if (result.aliceWins) {
    const others = result.aliceMoves.length > 1 ? ` (or ${result.aliceMoves.slice(1).join(', ')})` : '';
    headline = `Alice wins with ${fmt(n)} stones: she takes ${first ?? '?'}${others}.`;
  } else if (result.bobReplies.length === 0) {
    headline = `Bob wins with ${fmt(n)} stones: Alice cannot move.`;
  } else if (result.bobSum !== null) {
    headline = `Bob wins with ${fmt(n)} stones: he answers each move x of Alice's with ${result.bobSum} - x.`;
  } else {
    headline = `Bob wins with ${fmt(n)} stones: every move of Alice's has a winning answer.`;
  }
  const reasons = [
    "A(m) says whether Alice, to move with m stones, wins; B(m) the same for Bob. A(m) = W exactly when some move x of Alice's with x <= m leaves B(m - x) = L; B likewise with Bob's moves.",
    ...periodReasons(result, n),
  ];
  // Stryker disable next-line ConditionalExpression,LogicalOperator: Alice wins exactly when she has a winning move, so `first !== undefined` and aliceWins are the same test
  if (result.aliceWins && first !== undefined) {
    reasons.push(`Alice takes ${first}: B(${fmt(n - BigInt(first))}) = L, so Bob, now to move, loses.`);
  }
  const { cycle } = result;
  const facts: KeyFact[] = [
    { label: 'Pile', value: fmt(n) },
    { label: "Alice's moves", value: setText(params.alice) },
    { label: "Bob's moves", value: setText(params.bob) },
    { label: 'Pre-period', value: cycle === null ? 'not certified' : fmt(cycle.preperiod) },
    { label: 'Period', value: cycle === null ? 'not certified' : fmt(cycle.period) },
    {
      label: "n's place",
      value:
        cycle === null
          ? 'computed directly'
          : cycle.offset === null
            ? 'in the pre-period'
            : `${fmt(cycle.offset)} into the period`,
    },
    { label: 'A(n), Alice to move', value: wl(result.aliceWins) },
    { label: 'B(n), if Bob moved first', value: wl(result.bobWinsMovingFirst) },
  ];
  const details =
    cycle === null
      ? []
      : [
          {
            title: `A and B over one period: positions ${fmt(cycle.preperiod)} to ${fmt(cycle.preperiod + cycle.period - 1)}${shown(cycle.periodA.length, cycle.period)}`,
            lines: patternLines(cycle.preperiod, cycle.periodA, cycle.periodB),
          },
          ...(cycle.preperiod === 0
            ? []
            : [
                {
                  title: `A and B over the pre-period: positions 0 to ${fmt(cycle.preperiod - 1)}${shown(cycle.headA.length, cycle.preperiod)}`,
                  lines: patternLines(0, cycle.headA, cycle.headB),
                },
              ]),
        ];
  const explanation: Explanation<PartisanMove> = {
    outcome: result.aliceWins ? 'first' : 'second',
    winner: result.aliceWins ? 'Alice' : 'Bob',
    headline,
    moves,
    reasons,
    facts,
    details,
    brief: briefLines(params, result, n),
  };
  return result.aliceWins
    ? explanation
    : {
        ...explanation,
        whyNoMove: noMoveReason(params, result, n),
        ...optional('refutation', shortRefutation(params, result, n)),
      };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  // Stryker disable next-line ConditionalExpression: shortRefutation returns undefined only when Alice wins, and it is called only when she loses
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

/** Where n sits in the W/L strips, in one line. */
function briefPlace(result: PartisanResult, n: bigint): string {
  const { cycle } = result;
  const a = `A(${fmt(n)}) = ${wl(result.aliceWins)}`;
  if (cycle === null) return `A and B worked out for every pile up to ${fmt(n)}: ${a}.`;
  if (cycle.offset === null)
    return `n = ${fmt(n)} lies before the repeating part, so ${a} is read straight off the strip.`;
  return `The strips repeat every ${fmt(cycle.period)} from pile ${fmt(cycle.preperiod)} on; ${fmt(n)} sits ${fmt(cycle.offset)} places into that repeat, so ${a}.`;
}

function briefLines(params: PartisanParams, result: PartisanResult, n: bigint): string[] {
  const lines = [
    `W/L strips: A(m) says if Alice, to move at m stones, wins; B(m) the same for Bob. Alice: ${setText(params.alice)}, Bob: ${setText(params.bob)}.`,
    briefPlace(result, n),
  ];
  const first = result.aliceMoves[0];
  // Stryker disable next-line ConditionalExpression,LogicalOperator: Alice wins exactly when she has a winning move, so `first !== undefined` and aliceWins are the same test
  if (result.aliceWins && first !== undefined) {
    lines.push(`Alice takes ${first}: B(${fmt(n - BigInt(first))}) = L, so Bob, now to move, loses.`);
  } else {
    const reply = result.bobReplies[0];
    lines.push(
      reply === undefined
        ? 'Alice has no legal move.'
        : `Each move of Alice's leaves a pile where B = W (e.g. Alice takes ${reply.alice}, Bob answers ${reply.bob}).`,
    );
  }
  return lines;
}

function shortRefutation(params: PartisanParams, result: PartisanResult, n: bigint): string | undefined {
  // Stryker disable next-line ConditionalExpression: only called when Alice loses (the guard keeps the function honest on its own)
  if (result.aliceWins) return undefined;
  const smallest = params.alice[0];
  if (smallest === undefined) return 'Alice has no moves at all.';
  // Stryker disable next-line EqualityOperator: only called when Alice loses, and at n = smallest she takes every stone and wins
  if (BigInt(smallest) > n) return `Alice's smallest move, ${smallest}, is more than the ${fmt(n)} stones.`;
  const reply = result.bobReplies[0];
  if (result.bobSum !== null) {
    const rest = n % BigInt(result.bobSum);
    const stays = rest === 0n ? 'a multiple' : `${fmt(rest)} more than a multiple`;
    return `Bob answers each x with ${result.bobSum} - x, so the pile stays ${stays} of ${result.bobSum} until Alice cannot move.`;
  }
  // Stryker disable next-line ConditionalExpression: Alice loses with a legal move here, so each of her moves has an answer and reply is defined
  return reply === undefined
    ? undefined
    : `If Alice takes ${reply.alice}, Bob takes ${reply.bob} and leaves her a pile where A = L.`;
}
