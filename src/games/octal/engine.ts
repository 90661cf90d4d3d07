/**
 * Grundy values of an octal game, G(0), G(1), ..., computed with the sparse-space method, and periods proven
 * with the octal periodicity theorem.
 *
 * G(n) is the mex of the option values: 0 for a move that leaves nothing, G(n - i) for one that leaves one
 * heap, G(a) ^ G(b) with a + b = n - i for one that splits the rest; the splits make the naive method
 * quadratic. The sparse-space method (Winning Ways, "sparse space spells speed"; Gangolli and Plambeck) picks
 * a mask M and calls a value v "rare" when v & M has an even number of bits. In most octal games almost every
 * G(n) is common, so:
 *  - a common option value comes from a rare and a common heap, and all of them come from walking the short
 *    list of rare positions;
 *  - a rare option value comes from two common (or two rare) heaps; those pairs are so plentiful that walking
 *    the splits meets every rare value below the smallest missing common one within a few steps (two walks
 *    taking turns: from a = 1 and from about where the last walk found its last value).
 * Only when G(n) itself turns out rare must every split be walked. The mask is rechosen at each checkpoint to
 * make the rare positions among the recent values fewest (a Walsh-Hadamard transform of the value counts
 * scores every mask at once), and in between as soon as a stride of values brings far more rare positions
 * than the mask promised; when even the best mask leaves too many rare positions, the plain method runs
 * (every split looked at, quadratic: some unsolved codes such as 0.106 show no sparse space at all; the first
 * splits give a candidate for the mex, and the rest are only searched for it, stamped only when one reaches
 * it). Options are
 * marked with a stamp per value (stamp[v] = n), so nothing is cleared between values, and the smallest
 * missing value of each class is read off the class's ascending list of values.
 *
 * Both methods run in the WebAssembly kernel (octalSparse, octalPlain), a stride of values per call: the same
 * loops in JavaScript took about three times as long (0.404: 12 s for G(0..10^6) against 3.9 s). The kernel
 * has an instance and a memory of its own per thread and keeps the copy of one table at a time; this class
 * keeps everything else (masks, proofs, budgets) and the values themselves.
 */

import { OCTAL_HEADER, octalKernel, type OctalKernel } from './kernel.js';

/** The moves of a code as lists, for the hot loops. */
export interface MoveRule {
  /** The code's length: the most tokens a move takes (the index of the last non-zero digit). */
  readonly k: number;
  /** leaveNone[i] = 1 when taking i may leave nothing (bit 1 of d_i). */
  readonly leaveNone: Uint8Array;
  /** The i whose digit allows leaving one heap (bit 2). */
  readonly singles: Int32Array;
  /** The i whose digit allows splitting the rest into two heaps (bit 4). */
  readonly splits: Int32Array;
}

export function makeRule(digits: readonly number[]): MoveRule {
  const k = digits.length;
  const leaveNone = new Uint8Array(k + 1);
  const singles: number[] = [];
  const splits: number[] = [];
  digits.forEach((d, index) => {
    const i = index + 1;
    if (d & 1) leaveNone[i] = 1;
    if (d & 2) singles.push(i);
    if (d & 4) splits.push(i);
  });
  return { k, leaveNone, singles: Int32Array.from(singles), splits: Int32Array.from(splits) };
}

/** G(n + period) = G(n) for every n >= preperiod; both the least such. */
export interface Period {
  readonly preperiod: number;
  readonly period: number;
}

/**
 * The values G(0..m) the theorem needs to prove (n0, p): G(n + p) = G(n) for n0 <= n < 2 n0 + p + k reaches
 * up to G(2 n0 + 2p + k - 1).
 */
export function proofNeeds(period: Period, k: number): number {
  return 2 * period.preperiod + 2 * period.period + k - 1;
}

/**
 * The least period and pre-period that G(0..m) prove by the octal periodicity theorem, or null.
 * For each p, the least n0 with G(n + p) = G(n) for all n0 <= n <= m - p is read off the Z-function of the
 * values read backwards (how far each shift agrees with the end), so all p cost O(m) together. The smallest p
 * whose n0 the theorem accepts is the least period of the whole sequence, and its n0 the least pre-period:
 * the true least period divides every period and needs no more values than any of them.
 */
export function provePeriod(g: Int32Array, m: number, k: number): Period | null {
  const len = m + 1;
  const z = new Int32Array(len);
  let left = 0;
  let right = 0;
  // z[i]: how many values from the end on agree with those i places earlier (g read backwards from g[m]).
  for (let i = 1; i < len; i++) {
    let zi = 0;
    if (i < right) zi = Math.min(right - i, z[i - left]!);
    while (i + zi < len && g[m - zi] === g[m - i - zi]) zi++;
    z[i] = zi;
    // The box [left, right) only speeds the scan: any box where the values agree gives a true lower bound for
    // z[i], and one that never or wrongly moves forward leaves the while loop to find z[i] itself.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator,BlockStatement: see above
    if (i + zi > right) {
      left = i;
      // Stryker disable next-line ArithmeticOperator: right = i - zi lies behind every later i: no reuse, same z.
      right = i + zi;
    }
  }
  for (let p = 1; 2 * p + k - 1 <= m; p++) {
    const n0 = m - p + 1 - z[p]!;
    if (2 * n0 + 2 * p + k - 1 <= m) return { preperiod: n0, period: p };
  }
  return null;
}

/** Proofs are tried when the table reaches CHECKPOINT, 2 CHECKPOINT, 4 CHECKPOINT, ... and at each target. */
export const CHECKPOINT = 1024;

/**
 * Work (inner-loop steps: a split or a rare position looked at) is recorded at every multiple of the stride,
 * WORK_STRIDE or the first checkpoint if smaller, and a budget is checked there (so every checkpoint of the
 * solver's tables is a stride point).
 */
export const WORK_STRIDE = 1024;

/**
 * The id of the table whose copy the octal kernel's memory holds (one kernel per thread): another table lays
 * itself out again. Ids are numbered as tables are made.
 */
let kernelHolder = 0;
let tablesMade = 0;

/** Progress is reported every PROGRESS_EVERY values (every 64 first checkpoints, if fewer). */
const PROGRESS_EVERY = 1 << 16;

/**
 * G(0), G(1), ... of one code, grown on demand. Once a period is proven nothing more is computed: every
 * later value is G(n0 + (n - n0) mod p).
 */
export class ValueTable {
  /** G(0..length-1). */
  values: Int32Array;
  length = 1;
  /** The least (pre-period, period), once proven. */
  period: Period | null = null;
  /** The largest m for which G(0..m) were checked and proved no period; -1 before any check. */
  checkedTo = -1;

  private mask = 0;
  /** Option values and G values stay below 2^bits; the bitsets cover 0..2^bits. */
  private bits = 1;
  /** The rare positions n (G(n) rare under the mask), ascending. */
  private rare = new Int32Array(64);
  private rareCount = 0;
  /** rareCount at the last stride point, and the rare positions a stride is expected to add under the mask. */
  private rareAtStride = 0;
  private expectedRare = 0;
  /**
   * Where the next walk over the splits starts besides a = 1 (OCTAL_WALK_BACK before the split at which the last
   * walk that ended there found its last missing rare value). The values of some codes change their ways far
   * out (0.143 takes 16 and 18 from about 370,000 on), and then some rare option values come only from a
   * split with one heap before the change, at a about n - 370,000 for every n: walking from 1 alone would
   * cost that much each time.
   */
  private walkFrom = 1;
  /** Work done so far (see WORK_STRIDE), and workAt[j] = the work when G(0..j * stride) were done. */
  private work = 0;
  private workAt = new Float64Array(16);
  /** False when the kernel's copy of this table must be laid out again (lists, stamps or room changed). */
  // Stryker disable next-line BooleanLiteral: a new table is never the kernel's holder (ids start at 1, the holder at 0), so it is laid out anyway
  private kernelFresh = false;
  /**
   * G(0..kernelLength-1) are in the kernel's memory, from kernelValuesAt on; the rare positions from kernelRareAt,
   * as pairs (n, G(n)).
   */
  private kernelLength = 0;
  private kernelValuesAt = 0;
  private kernelRareAt = 0;
  // Stryker disable next-line UpdateOperator: ids counted down are as distinct, and never the first holder's 0
  private readonly id = ++tablesMade;
  private readonly stride: number;
  private readonly progressEvery: number;

  /**
   * `checkpoint`: where the first proof attempt and mask choice happen. `alwaysSparse`: use the best mask even
   * where the plain method would be cheaper. Both let tests reach the sparse-space path on small tables.
   */
  constructor(
    readonly rule: MoveRule,
    private readonly checkpoint = CHECKPOINT,
    private readonly alwaysSparse = false,
  ) {
    // Stryker disable next-line ArithmeticOperator: a first capacity only; ensureCapacity grows it before any write.
    this.values = new Int32Array(checkpoint + 1);
    this.stride = Math.min(checkpoint, WORK_STRIDE);
    this.progressEvery = Math.min(64 * checkpoint, PROGRESS_EVERY);
  }

  /** Values held in memory (for cache accounting). */
  get size(): number {
    return this.values.length;
  }

  /** Work done so far: inner-loop steps, the unit of the budgets (see WORK_STRIDE). */
  get workDone(): number {
    return this.work;
  }

  /**
   * The work done by the time G(0..n) were computed (n < length), counted at the last stride point at or below
   * n: the same for this table as for a fresh one, whatever was computed before.
   */
  workTo(n: number): number {
    return this.workAt[Math.floor(n / this.stride)] ?? 0;
  }

  /** Rare positions listed so far, or -1 while the plain method runs (no sparse space chosen). */
  get rarePositions(): number {
    return this.mask === 0 ? -1 : this.rareCount;
  }

  /**
   * G(0..last), choosing the mask at each checkpoint on the way (benches, tests). With `usePeriod`, a period
   * proven at a checkpoint fills the rest (G(n) = G(n - p)); without it every value is computed.
   */
  valuesTo(last: number, usePeriod = true): Int32Array {
    let next = this.checkpoint;
    while (next < this.length) next *= 2;
    while (this.length <= last) {
      if (usePeriod && this.period !== null) {
        this.ensureCapacity(last);
        const g = this.values;
        const p = this.period.period;
        for (let n = this.length; n <= last; n++) g[n] = g[n - p]!;
        this.length = last + 1;
        break;
      }
      const stop = Math.min(next, last);
      this.computeTo(stop, undefined);
      if (stop === next) {
        if (usePeriod && this.period === null && this.checkedTo < stop) {
          this.period = provePeriod(this.values, stop, this.rule.k);
          if (this.period === null) this.checkedTo = stop;
        }
        this.chooseMask(this.length >> 1);
      }
      next *= 2;
    }
    return this.values.subarray(0, last + 1);
  }

  /**
   * Makes sure the question "is there a proof within G(0..settledTo(target, maxWork))" is settled: computes up
   * to `target` (checking for a proof at every checkpoint on the way and at `target`) unless a proof or a
   * failed check at or beyond `target` already answers it, and stops early at the first stride point past
   * which the work done exceeds `maxWork`.
   */
  reach(target: number, onProgress?: (fraction: number) => void, maxWork = Infinity): void {
    if (this.period !== null || this.checkedTo >= target) {
      onProgress?.(1);
      return;
    }
    const start = this.length;
    let next = this.checkpoint;
    while (next <= this.checkedTo) next *= 2;
    while (this.period === null) {
      const stop = Math.min(next, target);
      const done = this.computeTo(
        stop,
        onProgress === undefined ? undefined : (n) => onProgress((n - start) / (target - start + 1)),
        maxWork,
      );
      if (!done) break;
      this.period = provePeriod(this.values, stop, this.rule.k);
      if (this.period === null) this.checkedTo = stop;
      // The mask is chosen at every checkpoint reached, the target included, so a table resumed from here
      // goes on exactly as a fresh one would (settledTo relies on it).
      if (stop === next) {
        this.chooseMask(this.length >> 1);
        next *= 2;
      }
      if (stop === target) break;
    }
    onProgress?.(1);
  }

  /**
   * How far a fresh table's `reach(target, _, maxWork)` settles the question: `target`, or, when the budget
   * runs out at stride point s < target, the last checkpoint at or below s (the last proof attempt). The same
   * whatever this table computed before, so answers never depend on a worker's cache.
   */
  settledTo(target: number, maxWork = Infinity): number {
    const stride = this.stride;
    // Stryker disable next-line ArithmeticOperator: past the recorded stride points workAt holds 0 or nothing, never above a budget >= 0.
    const strides = ((this.length - 1) / stride) | 0;
    for (let j = 1; j <= strides && j * stride < target; j++) {
      if (this.workAt[j]! > maxWork) {
        let c = this.checkpoint;
        while (2 * c <= j * stride) c *= 2;
        return c;
      }
    }
    return target;
  }

  /** Computes G up to and including G(last); false when stopped early, the work done past `maxWork`. */
  private computeTo(
    last: number,
    onProgress: ((n: number) => void) | undefined,
    maxWork = Infinity,
  ): boolean {
    if (last < this.length) return true;
    this.ensureCapacity(last);
    for (let n = this.length; n <= last;) {
      // The kernel runs up to the next stride point at most (a stride point ends every run that reaches it).
      n = this.kernelRun(n, Math.min(last, Math.ceil(n / this.stride) * this.stride));
      if (this.values[n - 1]! >= 1 << this.bits) this.setBits(this.bits + 1);
      this.length = n;
      const done = n - 1;
      if (done % this.stride === 0) {
        this.recordWork(done / this.stride);
        this.watchRareShare();
        if (this.work > maxWork && done < last) return false;
      }
      if (onProgress !== undefined && done % this.progressEvery === 0) onProgress(done);
    }
    return true;
  }

  /**
   * At a stride point: when the last stride added far more rare positions than the mask was chosen for, the
   * values have changed their ways (0.143 near 370,000 starts taking 16 and 18, rare under the mask that
   * suited the values before) and the mask is chosen again from that stride's values, without waiting for
   * the next checkpoint: each rare position costs a walk of every split, as much as a whole choice. The
   * slack of 8 keeps chance from triggering it where the expected count is tiny.
   */
  private watchRareShare(): void {
    if (this.mask !== 0 && this.rareCount - this.rareAtStride > 2 * this.expectedRare + 8)
      this.chooseMask(this.length - this.stride);
    this.rareAtStride = this.rareCount;
  }

  private recordWork(j: number): void {
    if (j >= this.workAt.length) {
      const grown = new Float64Array(2 * j);
      grown.set(this.workAt);
      this.workAt = grown;
    }
    this.workAt[j] = this.work;
  }

  private ensureCapacity(last: number): void {
    if (this.values.length > last) return;
    const grown = new Int32Array(Math.max(last + 1, Math.min(2 * this.values.length, 1 << 30)));
    grown.set(this.values.subarray(0, this.length));
    this.values = grown;
    this.kernelFresh = false;
  }

  /**
   * G(from), G(from + 1), ... up to G(to) in the kernel (scripts/kernel/octal.ts): by the sparse-space
   * method under a mask (octalSparse: the rare positions stamp every common option value, then two walks over
   * the splits taking turns, one from a = 1 and one from walkFrom, stamp options until every rare value below
   * the smallest missing common one has turned up), else by listing every option (octalPlain). It stops early
   * after a value that needs more bits; returns the n after the last value computed. The values, the new rare
   * positions, walkFrom and the work come back here.
   */
  private kernelRun(from: number, to: number): number {
    const kernel = octalKernel();
    // Stryker disable next-line ConditionalExpression: laying the table out before every run gives the same values (speed only)
    if (kernelHolder !== this.id || !this.kernelFresh) this.loadKernel(kernel);
    const ints = new Int32Array(kernel.memory.buffer);
    const values = this.kernelValuesAt >> 2;
    // Values written here since (a proven period's fill) join the kernel's copy.
    ints.set(this.values.subarray(this.kernelLength, this.length), values + this.kernelLength);
    ints[OCTAL_HEADER.from >> 2] = from;
    ints[OCTAL_HEADER.to >> 2] = to;
    ints[OCTAL_HEADER.rareCount >> 2] = this.rareCount;
    ints[OCTAL_HEADER.walkFrom >> 2] = this.walkFrom;
    const work = new BigInt64Array(kernel.memory.buffer, OCTAL_HEADER.work, 1);
    work[0] = BigInt(this.work);
    const end = kernel.run(0, this.mask === 0);
    this.values.set(ints.subarray(values + from, values + end), from);
    const rareAt = this.kernelRareAt >> 2;
    const count = ints[OCTAL_HEADER.rareCount >> 2]!;
    for (let j = this.rareCount; j < count; j++) this.pushRare(ints[rareAt + 2 * j]!);
    this.walkFrom = ints[OCTAL_HEADER.walkFrom >> 2]!;
    this.work = Number(work[0]);
    this.kernelLength = end;
    return end;
  }

  /**
   * Lays this table out in the kernel's memory: the header, the rule's lists, the stamps (none set), the value
   * lists of both classes, the rare positions (each a pair: the position and its value) and G(0..length-1),
   * with room for every value this table holds (a rare position per value at most).
   */
  private loadKernel(kernel: OctalKernel): void {
    const { k, splits, singles, leaveNone } = this.rule;
    const size = 2 << this.bits;
    const capacity = this.values.length;
    const splitsAt = OCTAL_HEADER.bytes;
    const singlesAt = splitsAt + 4 * (k + 1);
    const leaveNoneAt = singlesAt + 4 * (k + 1);
    const stampAt = leaveNoneAt + 4 * (k + 1);
    const rareValuesAt = stampAt + 4 * size;
    const commonValuesAt = rareValuesAt + 4 * size;
    const rareAt = commonValuesAt + 4 * size;
    const valuesAt = rareAt + 8 * capacity;
    const bytes = valuesAt + 4 * capacity;
    const have = kernel.memory.buffer.byteLength;
    // Stryker disable next-line EqualityOperator: growing by no page when the memory fits exactly changes nothing
    if (bytes > have) kernel.memory.grow(Math.ceil((bytes - have) / 65536));
    const ints = new Int32Array(kernel.memory.buffer);
    const header: Record<string, number> = {
      valuesAt,
      stampAt,
      rareAt,
      rareValuesAt,
      commonValuesAt,
      splitsAt,
      splitCount: splits.length,
      singlesAt,
      singleCount: singles.length,
      leaveNoneAt,
      k,
      limit: 1 << this.bits,
      mask: this.mask,
    };
    for (const [field, value] of Object.entries(header))
      ints[OCTAL_HEADER[field as keyof typeof OCTAL_HEADER] >> 2] = value;
    ints.set(splits, splitsAt >> 2);
    ints.set(singles, singlesAt >> 2);
    ints.set(leaveNone, leaveNoneAt >> 2);
    ints.fill(-1, stampAt >> 2, rareValuesAt >> 2);
    // The values 0..2^(bits+1) - 1 of each class under the mask, ascending (the upper half never occurs).
    let rareValue = rareValuesAt >> 2;
    let commonValue = commonValuesAt >> 2;
    for (let v = 0; v < size; v++) ints[isCommon(v, this.mask) ? commonValue++ : rareValue++] = v;
    // Each rare position a as the pair (a, G(a)): the kernel's hottest loop reads both from one place.
    for (let j = 0; j < this.rareCount; j++) {
      const a = this.rare[j]!;
      ints[(rareAt >> 2) + 2 * j] = a;
      ints[(rareAt >> 2) + 2 * j + 1] = this.values[a]!;
    }
    ints.set(this.values.subarray(0, this.length), valuesAt >> 2);
    this.kernelValuesAt = valuesAt;
    this.kernelRareAt = rareAt;
    this.kernelLength = this.length;
    // Stryker disable next-line BooleanLiteral: a table never kept fresh is laid out before every run: the same values (speed only)
    this.kernelFresh = true;
    kernelHolder = this.id;
  }

  private pushRare(n: number): void {
    if (this.rareCount === this.rare.length) {
      const grown = new Int32Array(this.rare.length * 2);
      grown.set(this.rare);
      this.rare = grown;
    }
    this.rare[this.rareCount++] = n;
  }

  /** Room for values below 2^bits (the kernel's stamps and value lists are laid out again). */
  private setBits(bits: number): void {
    this.bits = bits;
    this.kernelFresh = false;
  }

  /**
   * Picks the mask with the fewest rare positions among the recent values G(from..n-1) (G(n/2..n-1) at a
   * checkpoint: the early values of many games are wild, and what counts is how the rest goes on), and keeps
   * it when its expected cost per value (every rare position listed, a full walk at each rare one) beats the
   * plain method's walk.
   */
  private chooseMask(recentFrom: number): void {
    if (this.rule.splits.length === 0) return;
    const size = 1 << this.bits;
    const score = new Float64Array(size);
    const from = Math.max(1, recentFrom);
    for (let n = from; n < this.length; n++) score[this.values[n]!]! += 1;
    // Walsh-Hadamard: score[M] becomes the sum over v of count(v) * (-1)^|v & M| = rare - common.
    for (let h = 1; h < size; h *= 2) {
      for (let i = 0; i < size; i += 2 * h) {
        for (let j = i; j < i + h; j++) {
          const x = score[j]!;
          const y = score[j + h]!;
          score[j] = x + y;
          score[j + h] = x - y;
        }
      }
    }
    let best = 0;
    for (let m = 1; m < size; m++) if (score[m]! < score[best]!) best = m;
    const window = this.length - from;
    const rareShare = (window + score[best]!) / 2 / window;
    this.expectedRare = rareShare * this.stride;
    let rare = 0;
    for (let n = 1; n < this.length; n++) if (!isCommon(this.values[n]!, best)) rare++;
    const half = this.length / 2;
    if (!this.alwaysSparse && rare + rareShare * half + 200 >= half) best = 0;
    if (best === this.mask) return;
    this.mask = best;
    // The kernel's value lists and stamps follow the mask when it lays the table out again.
    this.kernelFresh = false;
    this.rareCount = 0;
    if (best === 0) return;
    for (let n = 1; n < this.length; n++) if (!isCommon(this.values[n]!, best)) this.pushRare(n);
    // Always chosen at a stride point (checkpoints are some): the next stride counts from the new list.
    this.rareAtStride = this.rareCount;
  }
}

/** Common: v & mask has an odd number of bits. With mask 0 every value is rare (the plain method). */
export function isCommon(v: number, mask: number): boolean {
  let x = v & mask;
  x ^= x >>> 16;
  x ^= x >>> 8;
  x ^= x >>> 4;
  x ^= x >>> 2;
  x ^= x >>> 1;
  return (x & 1) === 1;
}
