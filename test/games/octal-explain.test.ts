/**
 * Octal explanations, every field a user sees, against the definition (octal.reference.ts, nothing from src/):
 * each heap's value (through the period for a heap past it), the XOR, the proven period and the theorem's
 * range, the value rows of the details, the named moves (legal, and leaving XOR 0), the headline, the short
 * answer, and which parts appear at all (why no move, the refutation, "first N shown", "and N more").
 * The expected explanation is written out here from the definition's values; one case is written out by hand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Explanation } from '../../src/core/game.js';
import { parseParams } from '../../src/core/params.js';
import { octal } from '../../src/games/octal/index.js';
import type { OctalMove, OctalResult } from '../../src/games/octal/schema.js';
import { definitionValues, scanPeriod } from './octal.reference.js';

const fmt = (value: bigint | number | string): string => BigInt(value).toLocaleString('en-US');

function explained(code: string, heaps: readonly (string | number | bigint)[], search?: number) {
  const raw = { code, heaps: heaps.map(String), ...(search === undefined ? {} : { search }) };
  const params = parseParams(octal, raw);
  const result = octal.solve(params);
  return { result, explanation: octal.explain(params, result) };
}

/** The digits d1..dk as the user wrote them (`.07`, `0.77`), or Nim. */
function digitsOf(code: string): number[] | 'nim' {
  if (code === 'nim') return 'nim';
  // The canonical code drops trailing zeros, except in 0.0 (no moves at all, k = 0).
  return [...code.slice(code.indexOf('.') + 1).replace(/0+$/, '')].map(Number);
}

/** "take 2 leaving nothing or one heap; take 3 leaving two heaps", written from the bits of each digit. */
function movesInWords(digits: number[] | 'nim'): string {
  if (digits === 'nim') return 'take any number of tokens from one heap (Nim)';
  const clauses: string[] = [];
  digits.forEach((d, i) => {
    const what = [d & 1 ? 'nothing' : '', d & 2 ? 'one heap' : '', d & 4 ? 'two heaps' : ''].filter(Boolean);
    if (what.length === 0) return;
    const list = what.length === 1 ? what[0] : `${what.slice(0, -1).join(', ')} or ${what.at(-1)}`;
    clauses.push(`take ${i + 1} leaving ${list}`);
  });
  return clauses.length === 0 ? 'no moves at all' : clauses.join('; ');
}

/** Values in rows of 20 from `first`: "a..b: v v v". */
function rows(first: number, values: readonly number[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < values.length; i += 20) {
    const chunk = values.slice(i, i + 20);
    out.push(`${fmt(first + i)}..${fmt(first + i + chunk.length - 1)}: ${chunk.join(' ')}`);
  }
  return out;
}

/**
 * The whole explanation the definition says the solver's result should carry. The moves are the solver's own
 * choice, so each is checked here (legal under the code, leaving XOR 0) and then its words are written out.
 */
function expectedExplanation(result: OctalResult): Explanation<OctalMove> {
  const digits = digitsOf(result.code);
  const k = digits === 'nim' ? 0 : digits.length;
  const nim = digits === 'nim';
  const m = result.computed;
  const g = definitionValues(digits, nim ? 0 : m);
  const found = nim ? null : scanPeriod(g, m, k);
  expect([result.preperiod, result.period]).toEqual(
    found === null ? [null, null] : [found.preperiod, found.period],
  );
  const valueOf = (h: bigint): bigint => {
    if (nim) return h;
    if (h <= BigInt(m)) return BigInt(g[Number(h)]!);
    if (found === null) throw new Error(`heap ${h} past G(0..${m}) with no period`);
    const place = BigInt(found.preperiod) + ((h - BigInt(found.preperiod)) % BigInt(found.period));
    return BigInt(g[Number(place)]!);
  };
  const heaps = result.heaps.map(BigInt);
  const values = heaps.map(valueOf);
  const xor = values.reduce((x, v) => x ^ v, 0n);
  expect(result.values).toEqual(values.map(String));
  expect(result.xor).toBe(String(xor));
  const wins = xor !== 0n;
  expect(result.moves.length > 0).toBe(wins);

  const leaveWords = (leave: readonly string[]): string =>
    leave.length === 0
      ? 'leaving nothing'
      : leave.length === 1
        ? `leaving ${fmt(leave[0]!)}`
        : `splitting the rest into ${fmt(leave[0]!)} + ${fmt(leave[1]!)}`;
  const moves = result.moves.map((move) => {
    const size = heaps[move.heap]!;
    const take = BigInt(move.take);
    const leave = move.leave.map(BigInt);
    const d = nim ? 3 : (digits[Number(take) - 1] ?? 0);
    const bit = leave.length === 0 ? 1 : leave.length === 1 ? 2 : 4;
    expect(d & bit, `${result.code} lets take ${take} leave ${leave.length} heaps`).not.toBe(0);
    expect(take + leave.reduce((s, h) => s + h, 0n)).toBe(size);
    expect(leave.every((h) => h > 0n)).toBe(true);
    const worth = leave.reduce((x, h) => x ^ valueOf(h), 0n);
    expect(xor ^ values[move.heap]! ^ worth, 'the move leaves XOR 0').toBe(0n);
    const worthWords =
      leave.length === 0
        ? 'worth 0'
        : leave.length === 1
          ? `worth G(${fmt(leave[0]!)}) = ${worth}`
          : `worth G(${fmt(leave[0]!)}) ^ G(${fmt(leave[1]!)}) = ${worth}`;
    return {
      text: `From heap ${move.heap + 1} (${fmt(size)}) take ${fmt(take)}, ${leaveWords(move.leave)}: ${worthWords}, so the XOR becomes 0.`,
      move,
    };
  });
  const first = result.moves[0];
  const headline = wins
    ? `First player wins: from heap ${first!.heap + 1} (${fmt(heaps[first!.heap]!)}) take ${fmt(first!.take)}, ${leaveWords(first!.leave)}.`
    : `Second player wins: the heaps' Grundy values XOR to 0.`;

  const named = heaps.slice(0, 8).map((h, i) => {
    if (found !== null && h >= BigInt(found.preperiod + found.period)) {
      const place = BigInt(found.preperiod) + ((h - BigInt(found.preperiod)) % BigInt(found.period));
      return `G(${fmt(h)}) = G(${fmt(place)}) = ${values[i]}`;
    }
    return `G(${fmt(h)}) = ${values[i]}`;
  });
  const more = heaps.length > 8 ? `, ... (all ${heaps.length} in the details)` : '';
  let period: string;
  if (nim) {
    period =
      "Nim's values are G(n) = n: a heap of n can be left at any smaller size, so its options are worth 0..n-1 and the mex is n. They grow forever, so there is no period, and none is needed.";
  } else if (found === null) {
    period = `Computed to G(${fmt(m)}), no period proven yet: no p and n0 pass the theorem's check (G(n + p) = G(n) for all n0 <= n < 2 n0 + p + ${k}) within G(0..${fmt(m)}). Values past ${fmt(m)} would be guesses, so Grundy answers only heaps up to there.`;
  } else {
    const { preperiod: n0, period: p } = found;
    const below = 2 * n0 + p + k;
    expect(result.proof).toEqual({ from: n0, below, computed: m });
    for (let n = n0; n < below; n++) expect(g[n + p], `G(${n} + ${p})`).toBe(g[n]);
    if (n0 > 0) expect(g[n0 - 1 + p]).not.toBe(g[n0 - 1]);
    period = `Proven period: G(n + ${fmt(p)}) = G(n) holds for every n from ${fmt(n0)} to ${fmt(below - 1)} (n0 <= n < 2 n0 + p + k with k = ${k}, read from G(0..${fmt(m)})), so by the octal periodicity theorem G(n + ${fmt(p)}) = G(n) for all n >= ${fmt(n0)}. Both are the least: no shorter period holds from anywhere, and ${n0 === 0 ? 'the period starts at once' : `G(${fmt(n0 - 1)} + ${fmt(p)}) != G(${fmt(n0 - 1)})`}.`;
  }
  const reasons = [
    `In ${result.code} a move may ${movesInWords(digits)}. Each heap is worth its Grundy value G(n), the mex (least missing value) of its options' values, where a split into a + b is worth G(a) ^ G(b); a sum of heaps is worth the XOR of its heaps' values, and the player to move wins exactly when that is not 0.`,
    `The heaps' values: ${named.join(', ')}${more}.`,
    `XOR: ${values.slice(0, 8).join(' ^ ')}${values.length > 8 ? ' ^ ...' : ''} = ${xor}${wins ? ', not 0: the player to move wins.' : ': the player to move loses.'}`,
    period,
  ];
  const unproven = nim ? 'none (Nim)' : 'not proven';
  const facts = [
    { label: 'Code', value: result.code },
    { label: 'Heaps', value: heaps.map(fmt).join(', ') },
    { label: 'Values', value: values.join(', ') },
    { label: 'XOR', value: String(xor) },
    { label: 'Pre-period', value: found === null ? unproven : fmt(found.preperiod) },
    { label: 'Period', value: found === null ? unproven : fmt(found.period) },
    ...(found === null
      ? []
      : [
          {
            label: 'Proof checked',
            value: `${fmt(found.preperiod)} <= n < ${fmt(2 * found.preperiod + found.period + k)}`,
          },
        ]),
    ...(nim ? [] : [{ label: 'Values computed', value: `G(0..${fmt(m)})` }]),
  ];
  const details: { title: string; lines: string[] }[] = [];
  if (heaps.length > 8) {
    details.push({
      title: 'Every heap',
      lines: heaps.map((h, i) => `heap ${i + 1}: G(${fmt(h)}) = ${values[i]}`),
    });
  }
  const sampleOf = (from: number, count: number): number[] =>
    Array.from({ length: Math.min(count, 240) }, (_, i) => (nim ? from + i : g[from + i]!));
  if (found !== null) {
    const { preperiod: n0, period: p } = found;
    details.push({
      title: `G over one period, n = ${fmt(n0)} to ${fmt(n0 + p - 1)}${p > 240 ? ' (first 240 shown)' : ''}`,
      lines: rows(n0, sampleOf(n0, p)),
    });
    if (n0 > 0) {
      details.push({
        title: `G over the pre-period, n = 0 to ${fmt(n0 - 1)}${n0 > 240 ? ' (first 240 shown)' : ''}`,
        lines: rows(0, sampleOf(0, n0)),
      });
    }
  } else {
    const shown = sampleOf(0, nim ? 240 : m + 1);
    details.push({ title: `G(0..${shown.length - 1})`, lines: rows(0, shown) });
  }
  const brief = [
    `Each heap is worth its Grundy value: ${heaps
      .slice(0, 3)
      .map((h, i) => `G(${fmt(h)}) = ${values[i]}`)
      .join(', ')}${heaps.length > 3 ? ` and ${heaps.length - 3} more` : ''}.`,
    wins
      ? `Their XOR is ${xor}, not 0: the player to move wins by making it 0.`
      : `Their XOR is 0: whoever moves makes it non-zero, and the opponent makes it 0 again.`,
    ...(nim
      ? ['In Nim a heap of n tokens is worth exactly n.']
      : found === null
        ? []
        : [
            `From heap size ${fmt(found.preperiod)} on, the values repeat every ${fmt(found.period)} (proven), so any heap size has a known value.`,
          ]),
  ];
  const explanation: Explanation<OctalMove> = {
    outcome: wins ? 'first' : 'second',
    winner: wins ? 'First player' : 'Second player',
    headline,
    moves,
    reasons,
    brief,
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

function expectExplained(
  code: string,
  heaps: readonly (string | number | bigint)[],
  search?: number,
): OctalResult {
  const { result, explanation } = explained(code, heaps, search);
  expect(explanation).toEqual(expectedExplanation(result));
  return result;
}

describe('octal explanations against the definition', () => {
  it('Kayles 2 + 5, written out by hand', () => {
    // Kayles: G(0..5) = 0 1 2 3 1 4, so 2 + 5 is worth 2 ^ 4 = 6; from 5, taking 1 and leaving 1 + 3 is worth
    // 1 ^ 3 = 2 = 4 ^ 6. The period 12 from 71 is the published one (Guy and Smith).
    const { explanation } = explained('0.77', [2, 5]);
    expect(explanation.headline).toBe(
      'First player wins: from heap 2 (5) take 1, splitting the rest into 1 + 3.',
    );
    expect(explanation.moves.map((m) => m.text)).toEqual([
      'From heap 2 (5) take 1, splitting the rest into 1 + 3: worth G(1) ^ G(3) = 2, so the XOR becomes 0.',
    ]);
    expect(explanation.reasons.slice(1, 3)).toEqual([
      "The heaps' values: G(2) = 2, G(5) = 4.",
      'XOR: 2 ^ 4 = 6, not 0: the player to move wins.',
    ]);
    expect(explanation.reasons[0]).toMatch(
      /^In 0\.77 a move may take 1 leaving nothing, one heap or two heaps; take 2 leaving nothing, one heap or two heaps\. /,
    );
    expect(explanation.reasons[3]).toContain(
      'for all n >= 71. Both are the least: no shorter period holds from anywhere, and G(70 + 12) != G(70).',
    );
    expect(explanation.details?.[0]).toEqual({
      title: 'G over one period, n = 71 to 82',
      lines: ['71..82: 7 4 1 2 8 1 4 7 2 1 8 2'],
    });
    expect(explanation.details?.[1]?.lines[0]).toBe('0..19: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2');
    expect(explanation.details?.[1]?.lines.at(-1)).toBe('60..70: 4 1 2 8 1 4 7 2 1 8 6');
    expect(explanation.facts).toContainEqual({ label: 'Proof checked', value: '71 <= n < 156' });
    expect(explanation.refutation).toBeUndefined();
    expect(explanation.whyNoMove).toBeUndefined();
  });

  it('each kind of move: leaving nothing, leaving one heap, splitting in two', () => {
    expect(expectExplained('0.77', [1]).moves[0]!.leave).toEqual([]);
    expect(expectExplained('0.77', [1, 3]).moves[0]!.leave).toHaveLength(1);
    expect(expectExplained('0.77', [2, 5]).moves[0]!.leave).toHaveLength(2);
    expectExplained('0.07', [1, 2, 3, 4, 5, 6, 7]);
    expectExplained('0.137', [9, 20, 21]);
  });

  it('a lost position: why no move, the refutation, and no move named', () => {
    const result = expectExplained('0.77', [4, 4]);
    expect(result.moves).toEqual([]);
    expectExplained('0.33', [4, 4]);
    expectExplained('0.0', [3]);
  });

  it('heaps past the pre-period: at n0 + p - 1 the value is read directly, from n0 + p through the period', () => {
    // Kayles: n0 = 71, p = 12.
    for (const h of [70, 71, 82, 83, 84, 1000, 10n ** 18n, 10n ** 18n - 1n]) expectExplained('0.77', [h, 7]);
  });

  it('a period and a pre-period longer than the 240 values shown', () => {
    // 0.156: n0 = 3,479, p = 349.
    const result = expectExplained('0.156', [10n ** 18n, 7]);
    expect([result.preperiod, result.period]).toEqual([3479, 349]);
  });

  it('a period that starts at once, and one that starts at 1', () => {
    expect(expectExplained('0.33', [5, 7]).preperiod).toBe(0);
    expectExplained('0.3', [10n ** 18n, 1]);
    expectExplained('0.03', [10n ** 18n, 2]);
  });

  it('no period proven within the search: values only up to what was computed', () => {
    const result = expectExplained('0.6', [30, 999], 1000);
    expect(result.period).toBeNull();
  });

  it('Nim: G(n) = n, no period, and none needed', () => {
    expectExplained('nim', [3, 4]);
    expectExplained('nim', [3, 4, 7]);
    expectExplained('nim', [10n ** 18n, 5]);
  });

  it('three heaps named in the short answer, eight in the reasons, every heap in the details past eight', () => {
    for (const count of [2, 3, 4, 7, 8, 9, 12, 100]) {
      expectExplained(
        '0.77',
        Array.from({ length: count }, (_, i) => (i * 37 + 5) % 90),
      );
    }
  });

  it('random codes of up to three digits and random heaps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 511 }),
        fc.array(
          fc.oneof(fc.integer({ min: 0, max: 300 }).map(BigInt), fc.bigInt({ min: 301n, max: 10n ** 18n })),
          { minLength: 1, maxLength: 12, size: 'max' },
        ),
        (c, heaps) => {
          const code = `0.${c.toString(8).padStart(3, '0')}`;
          const probe = explained(code, [0]).result;
          // Past G(computed) a heap is answered only with a proven period; keep to heaps it can answer.
          const kept = probe.period === null ? heaps.filter((h) => h <= BigInt(probe.computed)) : heaps;
          if (kept.length === 0) return;
          const { result, explanation } = explained(code, kept);
          expect(explanation).toEqual(expectedExplanation(result));
        },
      ),
      { numRuns: 30 },
    );
  });
});
