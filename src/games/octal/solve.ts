/**
 * The fast solver: G(0..m) from the sparse-space engine, a period proven by the octal periodicity theorem,
 * heaps beyond the table read through the period (only when proven), the XOR, and winning moves found among
 * the options of one heap. Nim (G(n) = n) needs no table.
 */
import { LRUCache } from 'lru-cache';
import { InputError } from '../../core/errors.js';
import type { SolveContext } from '../../core/game.js';
import { readOctalCode } from './code.js';
import { CHECKPOINT, makeRule, proofNeeds, ValueTable, type Period } from './engine.js';
import { MAX_SEARCH, SAMPLE_LIMIT } from './limits.js';
import type { OctalMove, OctalParams, OctalResult } from './schema.js';

const MOVES_SHOWN = 3;

/** A heap whose value no proven period gives and no table reaches: an honest "unknown". */
export class ValueUnknownError extends InputError {
  constructor(code: string, heap: bigint, computed: number) {
    super(
      `${unknownReason(code, heap, computed)} Heaps up to ${fmtCount(computed)} can be answered.`,
      'heaps',
    );
  }
}

const fmtCount = (n: number | bigint) => n.toLocaleString('en-US');

/** Why G(heap) is unknown, in one sentence (answers and the judge's notes). */
export function unknownReason(code: string, heap: bigint, computed: number): string {
  const limit =
    computed >= MAX_SEARCH
      ? `${fmtCount(MAX_SEARCH)}, the most one question computes`
      : `${fmtCount(computed)}, as far as fits the time one question may take`;
  return `G(${fmtCount(heap)}) for ${code} is unknown: G(0..${limit}) were computed and prove no period (the octal periodicity theorem needs G(n + p) = G(n) for all n0 <= n < 2 n0 + p + k), so heaps beyond ${fmtCount(computed)} have no value Grundy can vouch for.`;
}

/**
 * The tables of recently asked codes, so a worker answers the next question on a code from memory: at most
 * 2^25 values (4 bytes each) in all, which holds one table of 10^7 values with room to grow.
 */
const tables = new LRUCache<string, ValueTable>({ maxSize: 1 << 25, sizeCalculation: (t) => t.size });

function tableFor(code: string, digits: readonly number[]): ValueTable {
  const table = tables.get(code) ?? new ValueTable(makeRule(digits));
  // Set again after every question: a table grows, and its size is counted when set.
  tables.set(code, table);
  return table;
}

/** What a table settles for one question: values to read, and the period if G(0..target) prove one. */
export interface CodeFacts {
  readonly values: Int32Array;
  /** G(0..known) are read from `values`; later ones from the period, when there is one. */
  readonly known: number;
  readonly period: Period | null;
  readonly computed: number;
  readonly k: number;
}

/** The first checkpoint at or past `need` on the way to `target` (where a fresh table would find the proof). */
export function provenAt(need: number, target: number): number {
  let c = CHECKPOINT;
  while (c < need) c *= 2;
  return Math.min(c, target);
}

/** Work units (inner-loop steps, see WORK_STRIDE) per millisecond: about 1 ns a step in the kernel, 2.4 ns on a slow machine. */
export const WORK_PER_MS = 900_000;

/**
 * The values of `code` that G(0..target) settle, or as far as `maxWork` reaches when it runs out first (see
 * ValueTable.settledTo). Deterministic in (code, target, maxWork): a table grown further by an earlier
 * question reports only what a fresh table would prove (a proof needs the same values either way).
 */
export function codeFacts(
  code: string,
  digits: readonly number[],
  target: number,
  onProgress?: (fraction: number) => void,
  maxWork = MAX_COST_MS * WORK_PER_MS,
): CodeFacts {
  const table = tableFor(code, digits);
  table.reach(target, onProgress, maxWork);
  const settled = table.settledTo(target, maxWork);
  const k = table.rule.k;
  const period = table.period !== null && proofNeeds(table.period, k) <= settled ? table.period : null;
  const computed = period === null ? settled : provenAt(proofNeeds(period, k), settled);
  // Every value in the table is right; with a proven period those past it come from the period.
  const known = period === null ? settled : table.length - 1;
  return { values: table.values, known, period, computed, k };
}

/** G(n) from the facts; undefined when neither the table nor a proven period gives it. */
export function valueFrom(facts: CodeFacts, n: bigint): number | undefined {
  if (n <= BigInt(facts.known)) return facts.values[Number(n)];
  const { period } = facts;
  if (period === null) return undefined;
  return facts.values[period.preperiod + Number((n - BigInt(period.preperiod)) % BigInt(period.period))];
}

/**
 * The split of `rest` into a + b (1 <= a <= b) with G(a) ^ G(b) = target and the least a, or null. With a
 * proven period the search stops below n0 + p: a split with a >= n0 + p has the same value as
 * (a - p) + (b + p), so the least a always lies below.
 */
function findSplit(facts: CodeFacts, rest: bigint, target: number): [bigint, bigint] | null {
  const g = facts.values;
  const { period } = facts;
  const half = rest / 2n;
  const limit =
    period === null || half < BigInt(period.preperiod + period.period)
      ? Number(half)
      : period.preperiod + period.period - 1;
  if (rest <= BigInt(facts.known)) {
    const r = Number(rest);
    for (let a = 1; a <= limit; a++) if ((g[a]! ^ g[r - a]!) === target) return [BigInt(a), BigInt(r - a)];
    return null;
  }
  if (period === null) return null;
  // Past the table, b = rest - a lies deep in the periodic part for every a below n0 + p.
  const { preperiod: n0, period: p } = period;
  const shift = Number((rest - BigInt(n0)) % BigInt(p));
  for (let a = 1; a <= limit; a++) {
    const b = n0 + ((((shift - a) % p) + p) % p);
    if ((g[a]! ^ g[b]!) === target) return [BigInt(a), rest - BigInt(a)];
  }
  return null;
}

/** An option of heap h worth `target` (which is below G(h), so one exists). */
function moveTo(
  digits: readonly number[],
  facts: CodeFacts,
  h: bigint,
  target: number,
): Omit<OctalMove, 'heap'> {
  for (let i = 1; i <= digits.length && BigInt(i) <= h; i++) {
    const d = digits[i - 1] ?? 0;
    const rest = h - BigInt(i);
    if (d & 1 && rest === 0n && target === 0) return { take: String(i), leave: [] };
    if (d & 2 && rest > 0n && valueFrom(facts, rest) === target)
      return { take: String(i), leave: [String(rest)] };
    if (d & 4 && rest > 1n) {
      const split = findSplit(facts, rest, target);
      if (split !== null) return { take: String(i), leave: split.map(String) };
    }
  }
  throw new Error(`no option of value ${target} for a heap of ${h}: the table is inconsistent`);
}

function nimMove(h: bigint, target: bigint): Omit<OctalMove, 'heap'> {
  return { take: String(h - target), leave: target === 0n ? [] : [String(target)] };
}

/**
 * The answer to one question. `autoCostMs`: how long (estimated) the search may grow on its own when a heap
 * lies past it and past the table (tests pass a small one to reach the "unknown" answer quickly).
 */
export function solveOctal(
  params: OctalParams,
  ctx: SolveContext = {},
  autoCostMs = AUTO_COST_MS,
): OctalResult {
  const code = readOctalCode(params.code);
  const heaps = params.heaps.map(BigInt);
  if (code.nim) {
    const xor = heaps.reduce((x, h) => x ^ h, 0n);
    const moves: OctalMove[] = [];
    heaps.forEach((h, heap) => {
      if ((h ^ xor) < h && moves.length < MOVES_SHOWN) moves.push({ heap, ...nimMove(h, h ^ xor) });
    });
    return {
      code: code.code,
      heaps: params.heaps,
      values: params.heaps,
      xor: String(xor),
      moves,
      preperiod: null,
      period: null,
      proof: null,
      computed: 0,
      sample: Array.from({ length: SAMPLE_LIMIT }, (_, n) => n),
      periodSample: [],
    };
  }
  const asked = askedTarget(params);
  const target = targetOf(params, code.code, code.digits, autoCostMs);
  checkCost(code.code, code.digits, target);
  const facts =
    target > asked
      ? grownFacts(code.code, code.digits, asked, target, autoCostMs, ctx.onProgress)
      : codeFacts(code.code, code.digits, target, ctx.onProgress);
  const values = heaps.map((h) => {
    const v = valueFrom(facts, h);
    if (v === undefined) throw new ValueUnknownError(code.code, h, facts.computed);
    return v;
  });
  const xor = values.reduce((x, v) => x ^ v, 0);
  const moves: OctalMove[] = [];
  heaps.forEach((h, heap) => {
    const v = values[heap] ?? 0;
    if ((v ^ xor) < v && moves.length < MOVES_SHOWN)
      moves.push({ heap, ...moveTo(code.digits, facts, h, v ^ xor) });
  });
  const { period } = facts;
  const end = period === null ? facts.computed + 1 : period.preperiod + period.period;
  return {
    code: code.code,
    heaps: params.heaps,
    values: values.map(String),
    xor: String(xor),
    moves,
    preperiod: period?.preperiod ?? null,
    period: period?.period ?? null,
    proof:
      period === null
        ? null
        : {
            from: period.preperiod,
            below: 2 * period.preperiod + period.period + facts.k,
            computed: facts.computed,
          },
    computed: facts.computed,
    sample: Array.from(facts.values.subarray(0, Math.min(SAMPLE_LIMIT, Math.max(end, 1)))),
    periodSample:
      period === null
        ? []
        : Array.from(
            facts.values.subarray(period.preperiod, period.preperiod + Math.min(SAMPLE_LIMIT, period.period)),
          ),
  };
}

/** How a code behaves over its first PROFILE_VALUES values: the basis of cost estimates. */
interface Profile {
  readonly proven: boolean;
  /** Rare positions of the sparse space chosen, or -1 when none was found (the plain method runs). */
  readonly rare: number;
  readonly splits: number;
}

const PROFILE_VALUES = 4096;
const profiles = new LRUCache<string, Profile>({ max: 4096 });

/** From a fresh table, so estimates never depend on what a worker happens to hold in memory. */
function profileOf(code: string, digits: readonly number[]): Profile {
  const cached = profiles.get(code);
  if (cached !== undefined) return cached;
  const table = new ValueTable(makeRule(digits));
  table.reach(PROFILE_VALUES);
  const profile = {
    proven: table.period !== null,
    rare: table.rarePositions,
    splits: table.rule.splits.length,
  };
  profiles.set(code, profile);
  return profile;
}

/**
 * Rough milliseconds to compute G(0..target), target > PROFILE_VALUES (unloaded machine; calibrated in
 * bench/octal.bench.ts).
 */
function valuesCostMs(profile: Profile, target: number): number {
  // A period proven within the profile ends every computation there, whatever the target.
  if (profile.proven) return 1;
  // No sparse space (and no splits: no mask is ever chosen): every split of every heap, about 1 ns each in
  // the kernel, and the moves leaving one heap, about 50 ns a value.
  if (profile.rare < 0) return (profile.splits * target * target * 1e-6) / 4 + target / 20_000;
  // Each value walks the rare positions and a few hundred splits (more where values run high, as in 0.6).
  return (target * (profile.splits * (8 * profile.rare + 300) * 0.5e-6)) | 0;
}

/**
 * Solves estimated longer than this are refused with advice instead of running into the job time limit; a
 * computation the estimate misjudged stops when its work passes this (and what it settled is answered).
 */
export const MAX_COST_MS = 5 * 60_000;

/** What the judge spends at most on one code (estimated, and in work): never minutes on an unsolved code. */
export const JUDGE_CODE_MS = 15_000;

/**
 * Values to compute for a question: the search, or the largest heap when the table can reach it; and when a
 * heap lies past both, as far as a proof may need within AUTO_COST_MS (the computation stops at the first
 * checkpoint that proves a period, so codes proven early cost nothing more).
 */
function targetOf(
  params: OctalParams,
  code: string,
  digits: readonly number[],
  autoCostMs = AUTO_COST_MS,
): number {
  const target = askedTarget(params);
  if (largestHeap(params) <= BigInt(target)) return target;
  return Math.max(target, affordableSearch(code, digits, autoCostMs));
}

function largestHeap(params: OctalParams): bigint {
  return params.heaps.reduce((x, h) => (BigInt(h) > x ? BigInt(h) : x), 0n);
}

/** The values a question asks for itself: its search, or its largest heap when that is at most MAX_SEARCH. */
function askedTarget(params: OctalParams): number {
  const largest = largestHeap(params);
  return Math.max(params.search, largest <= BigInt(MAX_SEARCH) ? Number(largest) : 0);
}

/**
 * codeFacts for a search grown on its own past the `asked` values (a heap lies beyond them): the asked part
 * (and the profile's values) within MAX_COST_MS as usual, the growth within `autoCostMs` more of work. The
 * growth was sized by an estimate from the first few thousand values, and a code whose rare values keep
 * multiplying (0.143) runs far past it: the work cap keeps the question to the time it was given, and what it
 * settled is answered. Deterministic in the question, as codeFacts is: the work counts are a fresh table's.
 */
function grownFacts(
  code: string,
  digits: readonly number[],
  asked: number,
  target: number,
  autoCostMs: number,
  onProgress?: (fraction: number) => void,
): CodeFacts {
  const floor = Math.min(Math.max(asked, PROFILE_VALUES), target);
  const share = floor / target;
  const first = codeFacts(
    code,
    digits,
    floor,
    onProgress === undefined ? undefined : (f) => onProgress(f * share),
  );
  // Settled short of the asked values (the time ran out) or with a proof: nothing more to grow.
  if (first.period !== null || first.computed < floor) return first;
  const maxWork = Math.min(
    MAX_COST_MS * WORK_PER_MS,
    tableFor(code, digits).workTo(floor) + autoCostMs * WORK_PER_MS,
  );
  return codeFacts(
    code,
    digits,
    target,
    onProgress === undefined ? undefined : (f) => onProgress(share + f * (1 - share)),
    maxWork,
  );
}

/** The most values a question looks through for a period on its own when a heap needs one. */
export const AUTO_COST_MS = 60_000;

/** The largest search up to MAX_SEARCH estimated to take at most `ms` (at least the profile's size). */
export function affordableSearch(code: string, digits: readonly number[], ms: number): number {
  const profile = profileOf(code, digits);
  if (valuesCostMs(profile, MAX_SEARCH) <= ms) return MAX_SEARCH;
  let fits = MAX_SEARCH;
  while (fits > PROFILE_VALUES && valuesCostMs(profile, fits) > ms) fits = Math.floor(fits * 0.9);
  return Math.max(fits, Math.min(PROFILE_VALUES, MAX_SEARCH));
}

/** Milliseconds a solve may take: codes proven early are instant; the rest cost what their search costs. */
export function estimateOctalCost(params: OctalParams): number {
  const code = readOctalCode(params.code);
  if (code.nim) return 1;
  const target = targetOf(params, code.code, code.digits);
  // Small tables: at worst the plain method, a quarter of target^2 splits at about 1 ns each.
  if (target <= CHEAP_VALUES) return Math.ceil(1 + (target * target * 1e-6) / 4);
  return Math.ceil(valuesCostMs(profileOf(code.code, code.digits), target));
}

/** A question whose table would take far too long: refused up front, naming what would fit. */
export class TooCostlyError extends InputError {
  constructor(code: string, target: number, ms: number, fits: number) {
    const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
    super(
      `${code} shows no sparse space (most values are "rare"), so each value costs as much as all before it: computing G(0..${fmt(target)}) would take about ${fmt(ms / 60_000)} minutes. Ask for search (and heaps) up to about ${fmt(fits)}.`,
      'search',
    );
  }
}

/** Below this many values even the plain method takes well under a second: no profile needed. */
const CHEAP_VALUES = 16_384;

/** Throws TooCostlyError when the question's table would take longer than MAX_COST_MS. */
function checkCost(code: string, digits: readonly number[], target: number): void {
  if (target <= CHEAP_VALUES) return;
  const profile = profileOf(code, digits);
  const ms = valuesCostMs(profile, target);
  if (ms <= MAX_COST_MS) return;
  let fits = target;
  while (fits > PROFILE_VALUES && valuesCostMs(profile, fits) > MAX_COST_MS) fits = Math.floor(fits * 0.9);
  throw new TooCostlyError(code, target, ms, fits);
}

/** One judge line: G(N) in decimal, or `unknown` with the reason. */
export interface ValueAnswer {
  readonly line: string;
  readonly note?: string;
}

/**
 * G(N) for every N asked about one code, from one table: computed as far as the largest N up to MAX_SEARCH
 * needs, and, when some N lies beyond, as far as a proof may need (within `autoCostMs`, stopping at the
 * first proof); never further than `maxCostMs` allows, by estimate and by the work actually done (the judge
 * spends at most JUDGE_CODE_MS on a code). What neither the table nor a proven period gives is `unknown`,
 * with the reason.
 */
export function answerValues(
  codeText: string,
  ns: readonly bigint[],
  autoCostMs = JUDGE_CODE_MS,
  maxCostMs = JUDGE_CODE_MS,
): ValueAnswer[] {
  const code = readOctalCode(codeText);
  if (code.nim) return ns.map((n) => ({ line: n.toString() }));
  let small = 0;
  let beyond = false;
  for (const n of ns) {
    if (n <= BigInt(MAX_SEARCH)) small = Math.max(small, Number(n));
    else beyond = true;
  }
  let target = small;
  if (beyond) target = Math.max(target, affordableSearch(code.code, code.digits, autoCostMs));
  if (target > CHEAP_VALUES) target = Math.min(target, affordableSearch(code.code, code.digits, maxCostMs));
  const facts = codeFacts(code.code, code.digits, target, undefined, maxCostMs * WORK_PER_MS);
  return ns.map((n) => {
    const v = valueFrom(facts, n);
    return v === undefined
      ? { line: 'unknown', note: unknownReason(code.code, n, facts.computed) }
      : { line: String(v) };
  });
}
