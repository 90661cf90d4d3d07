/**
 * The octal engine's own instance of the WebAssembly kernel (src/math/u64-kernel.ts; the functions' source:
 * scripts/kernel/octal.ts) and the header its loops read.
 */
import { compiledKernel, type KernelExports, wasmApi, type WasmMemory } from '../../math/u64-kernel.js';

/** Splits one walk looks at before handing over to the other (see octalSparse in scripts/kernel/octal.ts). */
export const OCTAL_WALK_BLOCK = 64;
/** How far before the split where the last walk found its last missing value the next walk starts. */
export const OCTAL_WALK_BACK = 256;

/**
 * Where octalSparse and octalPlain find their arguments and keep their state, from the header's address on (i32
 * each, work i64).
 */
export const OCTAL_HEADER = {
  from: 0,
  to: 4,
  valuesAt: 8,
  stampAt: 12,
  rareAt: 16, // the rare positions n in order, each followed by G(n)
  rareCount: 20,
  rareValuesAt: 24,
  commonValuesAt: 28,
  splitsAt: 32,
  splitCount: 36,
  singlesAt: 40,
  singleCount: 44,
  leaveNoneAt: 48,
  k: 52,
  walkFrom: 56,
  limit: 60,
  mask: 64,
  work: 72,
  bytes: 80,
} as const;

/**
 * The kernel's octalSparse and octalPlain (scripts/kernel/octal.ts) in an instance of their own, one per
 * thread: the octal table they last ran for keeps its values, lists and stamps in that memory between calls,
 * and no other kernel user writes there. `run` returns the n after the last value computed.
 */
export interface OctalKernel {
  readonly memory: WasmMemory;
  /** octalSparse, or octalPlain when `plain`. */
  run(headerAt: number, plain: boolean): number;
}

let octalInstance: OctalKernel | undefined;

export function octalKernel(): OctalKernel {
  if (octalInstance === undefined) {
    const k = new (wasmApi().Instance)(compiledKernel(), {}).exports as KernelExports;
    octalInstance = {
      memory: k.memory,
      run: (headerAt, plain) => (plain ? k.octalPlain(headerAt) : k.octalSparse(headerAt)),
    };
  }
  return octalInstance;
}
