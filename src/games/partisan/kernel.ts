/**
 * PartisanGame's calls into the WebAssembly kernel (src/math/u64-kernel.ts; the functions' source:
 * scripts/kernel/partisan.ts): the outcome window's cycle and values, and the judge's loop over whole tests.
 */
import { claimFree, type KernelRun, kernelRun, load, reserve } from '../../math/u64-kernel.js';

/** PartisanGame's move sets as masks (bit x - 1 of the low words for x <= 32, bit x - 33 of the high words). */
export interface PartisanMasks {
  readonly width: number;
  readonly aliceLo: number;
  readonly aliceHi: number;
  readonly bobLo: number;
  readonly bobHi: number;
}

/**
 * The cycle of PartisanGame's windows (as findCycle in src/games/partisan/engine.ts finds it): `start`, the first
 * window position on the cycle, and `period`; null when Brent's first phase reaches position `budget` first.
 */
export function partisanCycleKernel(
  rule: PartisanMasks,
  budget: number,
): { start: number; period: number } | null {
  const k = load();
  const { aliceLo, aliceHi, bobLo, bobHi, width } = rule;
  const period = k.partisanPeriod(aliceLo, aliceHi, bobLo, bobHi, width, budget);
  if (period === 0) return null;
  return { start: k.partisanStart(aliceLo, aliceHi, bobLo, bobHi, width, period), period };
}

/** A (0/1) at positions 0 .. target.length - 1, written into `target`. */
export function partisanValuesKernel(rule: PartisanMasks, target: Uint8Array): void {
  const { k, a } = claimFree();
  reserve(k, a.free + target.length);
  k.partisanValues(rule.aliceLo, rule.aliceHi, rule.bobLo, rule.bobHi, rule.width, target.length, a.free);
  target.set(new Uint8Array(k.memory.buffer, a.free, target.length));
}

/** Pairs of move sets partisanRunKernel takes: every move from 1 to this. */
export const PARTISAN_KERNEL_MOVES = 5;
const PARTISAN_SLOTS = 1 << (2 * PARTISAN_KERNEL_MOVES);

/**
 * PartisanGame's tables for partisanRunKernel, kept here between its calls: per pair of move sets (Alice's
 * mask << 5 | Bob's) 1 + the table's offset in the pool (0: none yet), its pre-period and its period; the pool
 * holds A over each table's pre-period and one period, a byte per position.
 */
export class PartisanKernelTables {
  readonly slots = new Int32Array(3 * PARTISAN_SLOTS);
  pool = new Uint8Array(1 << 16);
  used = 0;
}

/**
 * PartisanGame's contest tests (`n k a_1..a_k m b_1..b_m`) from the start of `bytes`, read and answered (`Alice`
 * or `Bob`) in the kernel while each is plain: n a decimal of at most 19 digits up to 10^18, the counts and moves
 * of at most 3 digits, every move from 1 to PARTISAN_KERNEL_MOVES and distinct within its set, each token ended by
 * whitespace (or by the end of `bytes` when `eof`). Stops before the first test that is not, or after
 * `maxTests`; the caller reads that one the careful way. A pair's table is made on its first test, into
 * `tables` (the pool grows when a table does not fit: the run stops there, and the next call has room).
 */
export function partisanRunKernel(
  bytes: Uint8Array,
  eof: boolean,
  maxTests: number,
  tables: PartisanKernelTables,
): KernelRun {
  const slotBytes = tables.slots.byteLength;
  return kernelRun(bytes, 2, slotBytes + tables.pool.length, (k, _a, at) => {
    const poolAt = at.extraAt + slotBytes;
    const buffer = k.memory.buffer;
    new Int32Array(buffer, at.extraAt, tables.slots.length).set(tables.slots);
    new Uint8Array(buffer, poolAt, tables.used).set(tables.pool.subarray(0, tables.used));
    const tests = k.partisanRun(
      at.inAt,
      at.inEnd,
      eof ? 1 : 0,
      maxTests,
      at.outAt,
      at.stateAt,
      at.extraAt,
      poolAt,
      tables.used,
      poolAt + tables.pool.length,
    );
    const [used = 0, full = 0] = new Int32Array(buffer, at.stateAt + 12, 2);
    if (used > tables.used) {
      tables.slots.set(new Int32Array(buffer, at.extraAt, tables.slots.length));
      tables.pool.set(new Uint8Array(buffer, poolAt + tables.used, used - tables.used), tables.used);
      tables.used = used;
    }
    if (full === 1) {
      const pool = new Uint8Array(2 * tables.pool.length);
      pool.set(tables.pool.subarray(0, tables.used));
      tables.pool = pool;
    }
    return tests;
  });
}
