/**
 * ABGAME's calls into the WebAssembly kernel (src/math/u64-kernel.ts; the functions' source:
 * scripts/kernel/abgame.ts): long boards 64 cells at a time, for the judge and the streamed solver, and the judge's
 * loop over whole boards.
 */
import {
  claimFree,
  currentClaim,
  type KernelExports,
  type KernelRun,
  kernelRun,
  load,
  reserve,
} from '../../math/u64-kernel.js';

/** The most bytes one abgameScanKernel call takes. */
export const ABGAME_SCAN_BYTES = 1 << 16;

/** Where abgameScanKernel and abgameStreamScanKernel keep their totals and bytes, while no other call has claimed the memory. */
let abgameArea: { readonly claim: number; readonly stateAt: number; readonly bytesAt: number } | undefined;

/** ABGAME's running totals between pieces of a board (WinnerScanner's). */
export interface AbgameTotals {
  diff: number;
  xor: number;
  state: number;
  run: number;
}

/** The kernel and its memory for a scan of ABGAME cells: `bytes` copied in. */
function abgameScanArea(bytes: Uint8Array): { k: KernelExports; stateAt: number; bytesAt: number } {
  if (bytes.length > ABGAME_SCAN_BYTES) throw new Error(`at most ${ABGAME_SCAN_BYTES} bytes per call`);
  let area = abgameArea;
  if (area?.claim !== currentClaim()) {
    const { k, a } = claimFree();
    const stateAt = (a.free + 15) & ~15;
    const bytesAt = stateAt + 48;
    reserve(k, bytesAt + ABGAME_SCAN_BYTES);
    area = { claim: currentClaim(), stateAt, bytesAt };
    abgameArea = area;
  }
  const k = load();
  new Uint8Array(k.memory.buffer, area.bytesAt, bytes.length).set(bytes);
  return { k, stateAt: area.stateAt, bytesAt: area.bytesAt };
}

/**
 * WinnerScanner's totals moved on in the kernel (abgameScan) over the whole blocks of 64 cells at the start of
 * `bytes` (at most ABGAME_SCAN_BYTES) that hold cells only. Returns the bytes read (a multiple of 64): the rest,
 * from the first block holding another byte or the last few bytes on, is the caller's.
 */
export function abgameScanKernel(bytes: Uint8Array, totals: AbgameTotals): number {
  const { k, stateAt, bytesAt } = abgameScanArea(bytes);
  const state = new Int32Array(k.memory.buffer, stateAt, 4);
  state[0] = totals.diff;
  state[1] = totals.xor;
  state[2] = totals.state;
  state[3] = totals.run;
  const read = k.abgameScan(bytesAt, bytes.length, stateAt);
  totals.diff = state[0] ?? 0;
  totals.xor = state[1] ?? 0;
  totals.state = state[2] ?? 0;
  totals.run = state[3] ?? 0;
  return read;
}

/** BoardScanner's running totals (src/games/abgame/solve.ts), as abgameStreamScanKernel reads and moves them on. */
export interface AbgameStreamTotals {
  spareA: number;
  xor: number;
  state: number;
  run: number;
  spareB: number;
  characters: number;
  contested: number;
  contestedOpen: number;
  gapOr: number;
  aSpare: number;
}

const STREAM_FIELDS = [
  'spareA',
  'xor',
  'state',
  'run',
  'spareB',
  'characters',
  'contested',
  'contestedOpen',
  'gapOr',
  'aSpare',
] as const;

/**
 * BoardScanner's totals (src/games/abgame/solve.ts) over the whole blocks of 64 cells at the start of `bytes`,
 * as abgameScanKernel: `state` and `run` as WinnerScanner's, and what the pairs closed there had, for the
 * caller to tell whether one of them needs a closer look (`gapOr`: the OR of the contested gaps; `aSpare`: not 0
 * when some A-A pair had a spare gap). Returns the bytes read; `totals` holds the totals after them.
 */
export function abgameStreamScanKernel(bytes: Uint8Array, totals: AbgameStreamTotals): number {
  const { k, stateAt, bytesAt } = abgameScanArea(bytes);
  const state = new Int32Array(k.memory.buffer, stateAt, STREAM_FIELDS.length);
  STREAM_FIELDS.forEach((field, i) => (state[i] = totals[field]));
  const read = k.abgameStreamScan(bytesAt, bytes.length, stateAt);
  STREAM_FIELDS.forEach((field, i) => (totals[field] = state[i] ?? 0));
  return read;
}

/**
 * ABGAME's boards from the start of `bytes`, read and answered (`A` or `B`) in the kernel while each is a run
 * of cells ended by whitespace (or by the end of `bytes` when `eof`). Stops before the first board that is not
 * (a byte that is not a cell, a board reaching the end of the bytes), or after `maxBoards`; the caller reads
 * that one the careful way.
 */
export function abgameRunKernel(bytes: Uint8Array, eof: boolean, maxBoards: number): KernelRun {
  // A board takes at least one byte and its answer two.
  return kernelRun(bytes, 2, 0, (k, _a, { inAt, inEnd, outAt, stateAt }) =>
    k.abgameRun(inAt, inEnd, eof ? 1 : 0, maxBoards, outAt, stateAt),
  );
}
