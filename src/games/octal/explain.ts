/** Octal-game explanations as data: the values, the XOR, the proven period with its range, a winning move. */
import type { ExplainedMove, Explanation, KeyFact } from '../../core/game.js';
import { describeCode, readOctalCode } from './code.js';
import type { OctalMove, OctalParams, OctalResult } from './schema.js';

const ROW = 20;
/** Heaps named one by one in the reasons; more go to the details. */
const HEAPS_NAMED = 8;

function fmt(value: bigint | number | string): string {
  return BigInt(value).toLocaleString('en-US');
}

function heapName(result: OctalResult, index: number): string {
  return `heap ${index + 1} (${fmt(result.heaps[index] ?? '0')})`;
}

function leaveText(leave: readonly string[]): string {
  if (leave.length === 0) return 'leaving nothing';
  if (leave.length === 1) return `leaving ${fmt(leave[0] ?? '0')}`;
  return `splitting the rest into ${fmt(leave[0] ?? '0')} + ${fmt(leave[1] ?? '0')}`;
}

function moveText(result: OctalResult, move: OctalMove): string {
  const before = result.values[move.heap] ?? '0';
  const target = BigInt(before) ^ BigInt(result.xor);
  const worth =
    move.leave.length === 0
      ? 'worth 0'
      : move.leave.length === 1
        ? `worth G(${fmt(move.leave[0] ?? '0')}) = ${target}`
        : `worth G(${fmt(move.leave[0] ?? '0')}) ^ G(${fmt(move.leave[1] ?? '0')}) = ${target}`;
  return `From ${heapName(result, move.heap)} take ${fmt(move.take)}, ${leaveText(move.leave)}: ${worth}, so the XOR becomes 0.`;
}

function valuesReason(result: OctalResult, nim: boolean): string {
  const named = result.heaps.slice(0, HEAPS_NAMED).map((h, i) => {
    const v = result.values[i] ?? '?';
    const { preperiod: n0, period: p } = result;
    if (nim || n0 === null || p === null || BigInt(h) < BigInt(n0 + p)) return `G(${fmt(h)}) = ${v}`;
    const place = BigInt(n0) + ((BigInt(h) - BigInt(n0)) % BigInt(p));
    return `G(${fmt(h)}) = G(${fmt(place)}) = ${v}`;
  });
  const more = result.heaps.length > HEAPS_NAMED ? `, ... (all ${result.heaps.length} in the details)` : '';
  return `The heaps' values: ${named.join(', ')}${more}.`;
}

function periodReason(result: OctalResult, nim: boolean, k: number): string {
  if (nim) {
    return "Nim's values are G(n) = n: a heap of n can be left at any smaller size, so its options are worth 0..n-1 and the mex is n. They grow forever, so there is no period, and none is needed.";
  }
  const { preperiod: n0, period: p, proof } = result;
  if (n0 === null || p === null || proof === null) {
    return `Computed to G(${fmt(result.computed)}), no period proven yet: no p and n0 pass the theorem's check (G(n + p) = G(n) for all n0 <= n < 2 n0 + p + ${k}) within G(0..${fmt(result.computed)}). Values past ${fmt(result.computed)} would be guesses, so Grundy answers only heaps up to there.`;
  }
  return `Proven period: G(n + ${fmt(p)}) = G(n) holds for every n from ${fmt(proof.from)} to ${fmt(proof.below - 1)} (n0 <= n < 2 n0 + p + k with k = ${k}, read from G(0..${fmt(proof.computed)})), so by the octal periodicity theorem G(n + ${fmt(p)}) = G(n) for all n >= ${fmt(n0)}. Both are the least: no shorter period holds from anywhere, and ${n0 === 0 ? 'the period starts at once' : `G(${fmt(n0 - 1)} + ${fmt(p)}) != G(${fmt(n0 - 1)})`}.`;
}

function valueRows(first: number, values: readonly number[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < values.length; i += ROW) {
    const from = first + i;
    const to = from + Math.min(ROW, values.length - i) - 1;
    lines.push(`${fmt(from)}..${fmt(to)}: ${values.slice(i, i + ROW).join(' ')}`);
  }
  return lines;
}

export function explainOctal(_params: OctalParams, result: OctalResult): Explanation<OctalMove> {
  const code = readOctalCode(result.code);
  const k = code.digits.length;
  const wins = result.xor !== '0';
  const moves: ExplainedMove<OctalMove>[] = result.moves.map((move) => ({
    text: moveText(result, move),
    move,
  }));
  const first = result.moves[0];
  const headline = wins
    ? `First player wins${first === undefined ? '' : `: from ${heapName(result, first.heap)} take ${fmt(first.take)}, ${leaveText(first.leave)}`}.`
    : `Second player wins: the heaps' Grundy values XOR to 0.`;
  const reasons = [
    `In ${result.code} a move may ${describeCode(code)}. Each heap is worth its Grundy value G(n), the mex (least missing value) of its options' values, where a split into a + b is worth G(a) ^ G(b); a sum of heaps is worth the XOR of its heaps' values, and the player to move wins exactly when that is not 0.`,
    valuesReason(result, code.nim),
    `XOR: ${result.values.slice(0, HEAPS_NAMED).join(' ^ ')}${result.values.length > HEAPS_NAMED ? ' ^ ...' : ''} = ${result.xor}${wins ? ', not 0: the player to move wins.' : ': the player to move loses.'}`,
    periodReason(result, code.nim, k),
  ];
  const facts: KeyFact[] = [
    { label: 'Code', value: result.code },
    { label: 'Heaps', value: result.heaps.map((h) => fmt(h)).join(', ') },
    { label: 'Values', value: result.values.join(', ') },
    { label: 'XOR', value: result.xor },
    {
      label: 'Pre-period',
      value: result.preperiod === null ? (code.nim ? 'none (Nim)' : 'not proven') : fmt(result.preperiod),
    },
    {
      label: 'Period',
      value: result.period === null ? (code.nim ? 'none (Nim)' : 'not proven') : fmt(result.period),
    },
  ];
  if (result.proof !== null) {
    facts.push({
      label: 'Proof checked',
      value: `${fmt(result.proof.from)} <= n < ${fmt(result.proof.below)}`,
    });
  }
  if (!code.nim) facts.push({ label: 'Values computed', value: `G(0..${fmt(result.computed)})` });
  const details: { title: string; lines: string[] }[] = [];
  if (result.heaps.length > HEAPS_NAMED) {
    details.push({
      title: 'Every heap',
      lines: result.heaps.map((h, i) => `heap ${i + 1}: G(${fmt(h)}) = ${result.values[i] ?? '?'}`),
    });
  }
  const { preperiod: n0, period: p } = result;
  if (n0 !== null && p !== null) {
    details.push({
      title: `G over one period, n = ${fmt(n0)} to ${fmt(n0 + p - 1)}${p > result.periodSample.length ? ` (first ${result.periodSample.length} shown)` : ''}`,
      lines: valueRows(n0, result.periodSample),
    });
    if (n0 > 0) {
      details.push({
        title: `G over the pre-period, n = 0 to ${fmt(n0 - 1)}${n0 > result.sample.length ? ` (first ${result.sample.length} shown)` : ''}`,
        lines: valueRows(0, result.sample.slice(0, n0)),
      });
    }
  } else {
    details.push({ title: `G(0..${result.sample.length - 1})`, lines: valueRows(0, result.sample) });
  }
  const explanation: Explanation<OctalMove> = {
    outcome: wins ? 'first' : 'second',
    winner: wins ? 'First player' : 'Second player',
    headline,
    moves,
    reasons,
    brief: briefLines(result, code.nim),
    facts,
    details,
  };
  if (wins) return explanation;
  return {
    ...explanation,
    refutation: `Every move changes one heap's value, so the XOR stops being 0, and the opponent can always bring it back to 0.`,
    whyNoMove: `The values XOR to 0. Any move changes one heap's value into the value of one of its options, which is never the heap's own value (G(n) is missing from its options by definition), so the XOR becomes non-zero; and from a non-zero XOR the opponent can always restore 0, since every value below G(n) is among heap n's options.`,
  };
}

/** Heaps named in the short answer; the rest are counted. */
const BRIEF_HEAPS = 3;

/** At most three short lines a student can check on the picture: the values, their XOR, where they come from. */
function briefLines(result: OctalResult, nim: boolean): string[] {
  const named = result.heaps
    .slice(0, BRIEF_HEAPS)
    .map((h, i) => `G(${fmt(h)}) = ${result.values[i] ?? '?'}`)
    .join(', ');
  const more = result.heaps.length > BRIEF_HEAPS ? ` and ${result.heaps.length - BRIEF_HEAPS} more` : '';
  const wins = result.xor !== '0';
  const lines = [
    `Each heap is worth its Grundy value: ${named}${more}.`,
    wins
      ? `Their XOR is ${result.xor}, not 0: the player to move wins by making it 0.`
      : `Their XOR is 0: whoever moves makes it non-zero, and the opponent makes it 0 again.`,
  ];
  if (nim) lines.push('In Nim a heap of n tokens is worth exactly n.');
  else if (result.preperiod !== null && result.period !== null)
    lines.push(
      `From heap size ${fmt(result.preperiod)} on, the values repeat every ${fmt(result.period)} (proven), so any heap size has a known value.`,
    );
  return lines;
}
