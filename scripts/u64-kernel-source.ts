/**
 * The source of the 64-bit kernel (see src/math/u64-kernel.ts): its functions, written in a flat subset of the
 * WebAssembly text format, live in scripts/kernel/ (one file per game, with the arithmetic and the judge loops
 * they share, and the assembler), and this file puts them together in one module. Not part of the runtime:
 * u64-kernel.ts embeds the bytes this assembles, so a process does not spend milliseconds assembling at start;
 * a test checks that the embedded bytes equal `assembleKernel()`. After editing any of them, run
 * `npm run kernel`.
 */

import { assemble } from './kernel/assembler.js';
import {
  buildTableSource,
  findDivisorSource,
  findDivisorsSource,
  isPrimeSource,
  rhoSource,
} from './kernel/u64.js';
import { isPrime32Source, rho32Source, trial32Source } from './kernel/u32.js';
import {
  factor32BatchSource,
  factor32Source,
  indexKeysSource,
  isRoughPrime32Source,
  mr32BucketSource,
  rest32Source,
  sortUnique32Source,
  sprp32Source,
  weighKeysSource,
} from './kernel/factor32.js';
import {
  partisanPeriodSource,
  partisanRunSource,
  partisanStartSource,
  partisanValuesSource,
} from './kernel/partisan.js';
import {
  intRootSource,
  isqrtSource,
  multiplicationBigSource,
  multiplicationRunSource,
  multiplicationSweepSource,
  multiplicationSweptSource,
  roughKindSource,
  tableCountBelowSource,
  twoOutcomeSource,
} from './kernel/multiplication.js';
import { abgameRunSource, abgameScanSource, abgameStreamScanSource } from './kernel/abgame.js';
import {
  alternatingSumsSource,
  distinctRunsSource,
  radixPassSource,
  readIntsSource,
  seagmByPrimeSource,
  seagmClassesSource,
  seagmCountSource,
  seagmDrainSource,
  seagmHeadsSource,
  seagmMostNeedSource,
  seagmWeightsSource,
} from './kernel/seagm.js';
import {
  magicBigReadSource,
  magicCountSource,
  magicJoinRangeSource,
  magicJoinSource,
  magicNumberBucketSource,
  magicRenumberSource,
  magicSpreadSource,
  magicTallySource,
} from './kernel/magic.js';
import { octalPlainSource, octalSparseSource } from './kernel/octal.js';

/** The kernel module: the functions of scripts/kernel/, all exported, and one exported memory. */
export function assembleKernel(): Uint8Array {
  return assemble([
    isPrimeSource,
    findDivisorSource,
    buildTableSource,
    rhoSource,
    isPrime32Source,
    rho32Source,
    trial32Source,
    sprp32Source,
    mr32BucketSource,
    isRoughPrime32Source,
    rest32Source,
    sortUnique32Source,
    factor32Source,
    factor32BatchSource,
    indexKeysSource,
    weighKeysSource,
    findDivisorsSource,
    partisanPeriodSource,
    partisanStartSource,
    partisanValuesSource,
    intRootSource(3, 1_000_001),
    intRootSource(5, 3982),
    isqrtSource,
    roughKindSource,
    twoOutcomeSource,
    multiplicationBigSource,
    multiplicationSweptSource,
    tableCountBelowSource,
    multiplicationSweepSource,
    multiplicationRunSource,
    abgameRunSource,
    abgameScanSource,
    abgameStreamScanSource,
    partisanRunSource,
    readIntsSource,
    radixPassSource,
    seagmClassesSource,
    alternatingSumsSource,
    distinctRunsSource,
    seagmHeadsSource,
    seagmByPrimeSource,
    seagmCountSource,
    seagmDrainSource,
    seagmMostNeedSource,
    seagmWeightsSource,
    magicJoinSource,
    magicTallySource,
    magicBigReadSource,
    magicCountSource,
    magicSpreadSource,
    magicNumberBucketSource,
    magicRenumberSource,
    magicJoinRangeSource,
    octalSparseSource,
    octalPlainSource,
  ]);
}

export function kernelBase64(): string {
  let text = '';
  for (const byte of assembleKernel()) text += String.fromCharCode(byte);
  return btoa(text);
}
