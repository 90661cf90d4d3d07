/**
 * Octal games straight from the definition, sharing nothing with the fast solver: the code's digits read
 * again from the canonical text, every option of every heap listed, G(n) the mex of their values, a sum
 * worth the XOR. For heaps up to BRUTE_LIMIT.
 */
import type { BruteForce } from '../../core/game.js';
import { SAMPLE_LIMIT, type OctalMove, type OctalParams, type OctalResult } from './schema.js';

export const BRUTE_LIMIT = 300;

/** An option of a heap: what is taken and the heaps left (0, 1 or 2 of them). */
interface Option {
  readonly take: number;
  readonly leave: readonly number[];
}

/** d_i for i = 1, 2, ...: Nim may take any number and leave nothing or one heap (digit 3 everywhere). */
function digitOf(code: string, i: number): number {
  if (code === 'nim') return 3;
  const text = code.slice(code.indexOf('.') + 1);
  return i <= text.length ? Number(text[i - 1]) : 0;
}

function optionsOf(code: string, n: number): Option[] {
  const options: Option[] = [];
  for (let take = 1; take <= n; take++) {
    const d = digitOf(code, take);
    const rest = n - take;
    if (d & 1 && rest === 0) options.push({ take, leave: [] });
    if (d & 2 && rest > 0) options.push({ take, leave: [rest] });
    if (d & 4) for (let a = 1; a < rest; a++) options.push({ take, leave: [a, rest - a] });
  }
  return options;
}

/** G(0..upto) by the definition. */
export function bruteValues(code: string, upto: number): number[] {
  const g: number[] = [];
  for (let n = 0; n <= upto; n++) {
    const reached = new Set(optionsOf(code, n).map((o) => o.leave.reduce((x, h) => x ^ (g[h] ?? 0), 0)));
    let mex = 0;
    while (reached.has(mex)) mex++;
    g.push(mex);
  }
  return g;
}

export const octalBrute: BruteForce<OctalParams, OctalResult, OctalMove> = {
  limit: `every heap <= ${BRUTE_LIMIT}`,
  fits: (params) => params.heaps.every((h) => Number(h) <= BRUTE_LIMIT),
  solve(params) {
    const g = bruteValues(params.code, Math.max(0, ...params.heaps.map(Number)));
    const values = params.heaps.map((h) => g[Number(h)] ?? 0);
    const xor = values.reduce((x, v) => x ^ v, 0);
    const moves: OctalMove[] = [];
    params.heaps.forEach((h, heap) => {
      const option = optionsOf(params.code, Number(h)).find(
        (o) => o.leave.reduce((x, l) => x ^ (g[l] ?? 0), xor ^ (values[heap] ?? 0)) === 0,
      );
      if (option !== undefined && moves.length < 3)
        moves.push({ heap, take: String(option.take), leave: option.leave.map(String) });
    });
    return {
      code: params.code,
      heaps: params.heaps,
      values: values.map(String),
      xor: String(xor),
      moves,
      preperiod: null,
      period: null,
      proof: null,
      computed: g.length - 1,
      sample: g.slice(0, SAMPLE_LIMIT),
      periodSample: [],
    };
  },
  securesOptimum(params, move) {
    const h = params.heaps[move.heap];
    if (h === undefined) return false;
    const sorted = (leave: readonly (number | string)[]) =>
      leave
        .map(Number)
        .sort((x, y) => x - y)
        .join();
    const legal = optionsOf(params.code, Number(h)).some(
      (o) => String(o.take) === move.take && sorted(o.leave) === sorted(move.leave),
    );
    if (!legal) return false;
    const after = params.heaps.filter((_, i) => i !== move.heap).concat(move.leave);
    const g = bruteValues(params.code, Math.max(0, ...after.map(Number)));
    return after.reduce((x, l) => x ^ (g[Number(l)] ?? 0), 0) === 0;
  },
};
