/**
 * Multiplication's judge loop in the WebAssembly kernel (src/math/u64-kernel.ts; the functions' source:
 * scripts/kernel/multiplication.ts).
 */
import {
  ensureTable,
  FACTOR32_GROUPS,
  FIRST_ROUGH_PRIME,
  type KernelRun,
  kernelRun,
  SMALL_PRIME_BOUND,
  SWEEP_LIMIT,
  tableCount,
  tableCountBelow,
  tableLimit,
  tablePrimesAt,
} from '../../math/u64-kernel.js';

/**
 * Multiplication's tests (`N Name`) from the start of `bytes`, read and answered in the kernel while each is
 * plain: N a decimal of at most 19 digits from 2 to 10^18, Name "Alice" or "Bob", each token ended by
 * whitespace (or by the end of `bytes` when `eof`). Stops before the first test that is not, or after
 * `maxTests`; the caller reads that one the careful way. An N of 2^31 or more needs the divisor table: the
 * first one met builds it (to the primes below 1024, then to 10^6 when some N needs a sweep), and the stretch
 * is read again.
 */
export function multiplicationRunKernel(bytes: Uint8Array, eof: boolean, maxTests: number): KernelRun {
  // A test takes at least 5 bytes ("2 Bob") and its answer at most 6 ("Alice" and a newline); each test read
  // keeps a byte for its answer, 16 for a sweep it may wait for and 24 to sort those by (MAX_STRETCH bytes hold
  // fewer than the 2^18 tests the sort can tell apart).
  const most = Math.min(maxTests, Math.floor(bytes.length / 5) + 1);
  for (;;) {
    let need = 0;
    const run = kernelRun(
      bytes,
      2,
      41 * most + 1024 + 16,
      (k, a, { inAt, inEnd, outAt, stateAt, extraAt }) => {
        const pendAt = (extraAt + most + 15) & ~15;
        const tableReady = tableLimit >= SWEEP_LIMIT ? 2 : tableLimit >= SMALL_PRIME_BOUND ? 1 : 0;
        const tests = k.multiplicationRun(
          inAt,
          inEnd,
          eof ? 1 : 0,
          maxTests,
          outAt,
          stateAt,
          a.out,
          a.table,
          FACTOR32_GROUPS,
          a.bases,
          extraAt,
          pendAt,
          tablePrimesAt,
          tableCount,
          tableReady === 0 ? 0 : tableCountBelow(FIRST_ROUGH_PRIME),
          tableReady,
          pendAt + 16 * most,
        );
        need = new Int32Array(k.memory.buffer, stateAt, 4)[3] ?? 0;
        return tests;
      },
    );
    if (need === 0) return run;
    ensureTable(need === 1 ? SMALL_PRIME_BOUND : SWEEP_LIMIT);
  }
}
