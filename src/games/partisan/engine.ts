/**
 * The bit machinery behind PartisanGame. Position m has two values: A(m) (Alice to move wins) and B(m).
 * With k the largest move, the window of A and B over m-k..m-1 decides A(m) and B(m); positions below 0
 * count as "won by the player to move", which makes a move onto them never a good one, exactly like an
 * illegal move. So the windows are the orbit of one fixed function from a fixed start, and the first
 * window that repeats proves the whole sequence periodic from there on.
 *
 * The hot loops keep the window in local variables (two 32-bit halves per player) because the cycle
 * search may take tens of millions of steps and a method call per step costs about half again as much.
 */

/** Moves as bit masks over two 32-bit halves: bit x-1 stands for "take x". */
export interface MoveRule {
  /** The window width: the largest move of either player, at least 1. */
  readonly width: number;
  readonly aliceLo: number;
  readonly aliceHi: number;
  readonly bobLo: number;
  readonly bobHi: number;
  /** Keep only `width` bits of history, so equal windows mean equal futures and nothing less. */
  readonly keepLo: number;
  readonly keepHi: number;
}

export function makeRule(alice: readonly number[], bob: readonly number[]): MoveRule {
  let aliceLo = 0;
  let aliceHi = 0;
  let bobLo = 0;
  let bobHi = 0;
  for (const x of alice) {
    if (x <= 32) aliceLo |= 1 << (x - 1);
    else aliceHi |= 1 << (x - 33);
  }
  for (const y of bob) {
    if (y <= 32) bobLo |= 1 << (y - 1);
    else bobHi |= 1 << (y - 33);
  }
  return ruleOfMasks(aliceLo, aliceHi, bobLo, bobHi);
}

/** The rule of move sets given as masks (bit x - 1 of the low words for x <= 32, bit x - 33 of the high words). */
export function ruleOfMasks(aliceLo: number, aliceHi: number, bobLo: number, bobHi: number): MoveRule {
  const high = aliceHi | bobHi;
  // The largest move: the highest bit set over both players, at least 1.
  const width = high !== 0 ? 64 - Math.clz32(high) : Math.max(1, 32 - Math.clz32(aliceLo | bobLo));
  const keepLo = width >= 32 ? -1 : (1 << width) - 1;
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: at width 32 the other branch gives (1 << 0) - 1 = 0 too; `width + 32` shifts as `width - 32` (shift counts are taken mod 32)
  const keepHi = width <= 32 ? 0 : width === 64 ? -1 : (1 << (width - 32)) - 1;
  return { width, aliceLo, aliceHi, bobLo, bobHi, keepLo, keepHi };
}

/** The window before position `at`: bit i of a* / b* holds A / B at position at-1-i. */
export interface Window {
  at: number;
  aLo: number;
  aHi: number;
  bLo: number;
  bHi: number;
}

/** The window before position 0: everything below 0 counts as won by the mover, so nobody moves there. */
export function startWindow(rule: MoveRule): Window {
  return { at: 0, aLo: rule.keepLo, aHi: rule.keepHi, bLo: rule.keepLo, bHi: rule.keepHi };
}

/** A at the window's position: some move of Alice's lands where Bob, to move, loses. */
export function aliceWinsAt(rule: MoveRule, w: Window): boolean {
  return ((~w.bLo & rule.aliceLo) | (~w.bHi & rule.aliceHi)) !== 0;
}

export function bobWinsAt(rule: MoveRule, w: Window): boolean {
  return ((~w.aLo & rule.bobLo) | (~w.aHi & rule.bobHi)) !== 0;
}

/** Moves the window `steps` positions on, computing A and B at each position passed. */
export function advance(rule: MoveRule, w: Window, steps: number): void {
  const { aliceLo, aliceHi, bobLo, bobHi, keepLo, keepHi } = rule;
  let { aLo, aHi, bLo, bHi } = w;
  for (let i = 0; i < steps; i++) {
    const a = ((~bLo & aliceLo) | (~bHi & aliceHi)) !== 0 ? 1 : 0;
    const b = ((~aLo & bobLo) | (~aHi & bobHi)) !== 0 ? 1 : 0;
    aHi = ((aHi << 1) | (aLo >>> 31)) & keepHi;
    aLo = ((aLo << 1) | a) & keepLo;
    bHi = ((bHi << 1) | (bLo >>> 31)) & keepHi;
    bLo = ((bLo << 1) | b) & keepLo;
  }
  w.aLo = aLo;
  w.aHi = aHi;
  w.bLo = bLo;
  w.bHi = bHi;
  w.at += steps;
}

/** A and B at positions from..from+count-1, as 0/1 bytes. */
export function valuesFrom(rule: MoveRule, from: number, count: number): { a: Uint8Array; b: Uint8Array } {
  const w = startWindow(rule);
  advance(rule, w, from);
  const a = new Uint8Array(count);
  const b = new Uint8Array(count);
  // Stryker disable next-line EqualityOperator: one more pass writes past the end of a typed array, which JavaScript ignores, and moves only the local window
  for (let i = 0; i < count; i++) {
    a[i] = aliceWinsAt(rule, w) ? 1 : 0;
    b[i] = bobWinsAt(rule, w) ? 1 : 0;
    advance(rule, w, 1);
  }
  return { a, b };
}

export interface Cycle {
  /** First position from which the pair (A, B) repeats. */
  readonly preperiod: number;
  /** Smallest period of the pair (A, B) from there on. */
  readonly period: number;
}

export interface CycleSearch {
  readonly cycle: Cycle | null;
  /** Positions the search visited before it found the repeat or gave up. */
  readonly searched: number;
}

const PROGRESS_MASK = (1 << 20) - 1;

/**
 * Brent's cycle detection on the window sequence: constant memory, and the repeat it finds is a proof.
 * `budget` bounds the positions the first phase may visit; the second phase costs at most twice that.
 */
export function findCycle(
  rule: MoveRule,
  budget: number,
  onProgress?: (fraction: number) => void,
): CycleSearch {
  const found = findPeriod(rule, budget, onProgress);
  if (found.period === 0) return { cycle: null, searched: found.searched };
  const start = findCycleStart(rule, found.period, found.searched, onProgress);
  // The window at position w covers w-width..w-1, so the values themselves repeat from start - width.
  return {
    cycle: { preperiod: Math.max(0, start - rule.width), period: found.period },
    searched: found.searched,
  };
}

/** Brent's first phase: the hare walks on, the tortoise jumps to it at powers of two; period 0 = gave up. */
function findPeriod(
  rule: MoveRule,
  budget: number,
  onProgress: ((fraction: number) => void) | undefined,
): { period: number; searched: number } {
  const { aliceLo, aliceHi, bobLo, bobHi, keepLo, keepHi } = rule;
  let tALo = keepLo;
  let tAHi = keepHi;
  let tBLo = keepLo;
  let tBHi = keepHi;
  const hare = startWindow(rule);
  advance(rule, hare, 1);
  let { aLo, aHi, bLo, bHi } = hare;
  let at = 1;
  let power = 1;
  let period = 1;
  while (aLo !== tALo || bLo !== tBLo || aHi !== tAHi || bHi !== tBHi) {
    if (at >= budget) return { period: 0, searched: at };
    if (power === period) {
      tALo = aLo;
      tAHi = aHi;
      tBLo = bLo;
      tBHi = bHi;
      power *= 2;
      period = 0;
    }
    const a = ((~bLo & aliceLo) | (~bHi & aliceHi)) !== 0 ? 1 : 0;
    const b = ((~aLo & bobLo) | (~aHi & bobHi)) !== 0 ? 1 : 0;
    aHi = ((aHi << 1) | (aLo >>> 31)) & keepHi;
    aLo = ((aLo << 1) | a) & keepLo;
    bHi = ((bHi << 1) | (bLo >>> 31)) & keepHi;
    bLo = ((bLo << 1) | b) & keepLo;
    at++;
    period++;
    if ((at & PROGRESS_MASK) === 0 && onProgress !== undefined) onProgress((0.6 * at) / budget);
  }
  return { period, searched: at };
}

/** Brent's second phase: the first window equal to the one `period` positions later starts the cycle. */
function findCycleStart(
  rule: MoveRule,
  period: number,
  searched: number,
  onProgress: ((fraction: number) => void) | undefined,
): number {
  const { aliceLo, aliceHi, bobLo, bobHi, keepLo, keepHi } = rule;
  const lead = startWindow(rule);
  advance(rule, lead, period);
  let { aLo, aHi, bLo, bHi } = lead;
  let tALo = keepLo;
  let tAHi = keepHi;
  let tBLo = keepLo;
  let tBHi = keepHi;
  let start = 0;
  while (aLo !== tALo || bLo !== tBLo || aHi !== tAHi || bHi !== tBHi) {
    const a = ((~bLo & aliceLo) | (~bHi & aliceHi)) !== 0 ? 1 : 0;
    const b = ((~aLo & bobLo) | (~aHi & bobHi)) !== 0 ? 1 : 0;
    aHi = ((aHi << 1) | (aLo >>> 31)) & keepHi;
    aLo = ((aLo << 1) | a) & keepLo;
    bHi = ((bHi << 1) | (bLo >>> 31)) & keepHi;
    bLo = ((bLo << 1) | b) & keepLo;
    // The first loop's shift step written out again on purpose: speed (inlined inner loop, no call per step).
    const ta = ((~tBLo & aliceLo) | (~tBHi & aliceHi)) !== 0 ? 1 : 0;
    const tb = ((~tALo & bobLo) | (~tAHi & bobHi)) !== 0 ? 1 : 0;
    tAHi = ((tAHi << 1) | (tALo >>> 31)) & keepHi;
    tALo = ((tALo << 1) | ta) & keepLo;
    tBHi = ((tBHi << 1) | (tBLo >>> 31)) & keepHi;
    tBLo = ((tBLo << 1) | tb) & keepLo;
    start++;
    if ((start & PROGRESS_MASK) === 0 && onProgress !== undefined) onProgress(0.6 + (0.3 * start) / searched);
  }
  return start;
}
