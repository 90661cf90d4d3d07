/** ABGAME straight from a byte stream (a file or an attachment): one pass, constant memory. */
import type { StreamedSolve } from '../../core/game.js';
import { explainResult } from './explain.js';
import type { AbgameMove, AbgameResult } from './schema.js';
import { BoardScanner } from './solve.js';

/** Reads the chunks once, keeping only running totals; whitespace around the board is ignored. */
export async function solveBoardStream(
  chunks: AsyncIterable<Uint8Array>,
): Promise<StreamedSolve<AbgameResult, AbgameMove>> {
  const scanner = new BoardScanner();
  for await (const chunk of chunks) scanner.feed(chunk);
  const result = scanner.finish();
  return {
    result,
    explanation: explainResult(result),
    inputSummary:
      `a board of ${result.cells.toLocaleString('en-US')} cell${result.cells === 1 ? '' : 's'} ` +
      `with ${result.characters.toLocaleString('en-US')} character${result.characters === 1 ? '' : 's'}`,
  };
}
