/** `--picture FILE`: the answer's picture written as a PNG, or one line saying why there is none. */
import { writeFileSync } from 'node:fs';
import type { AnyGame, Explanation } from '../core/game.js';
import { drawPicture } from '../render/answer-picture.js';
import { PICTURE_LIMITS } from '../render/svg.js';

/** Writes the picture of an answer to `file`; returns the one line to show (written, or why not). */
export async function writePictureFile(
  game: AnyGame,
  params: unknown,
  result: unknown,
  explanation: Explanation<unknown>,
  file: string,
): Promise<string> {
  const drawn = await drawPicture(game, params, result, explanation);
  if ('note' in drawn) return `No picture written: ${drawn.note}`;
  try {
    writeFileSync(file, drawn.png);
  } catch {
    return `No picture written: cannot write "${file}".`;
  }
  const { scale } = PICTURE_LIMITS;
  return `Picture written to ${file} (PNG, ${drawn.picture.width * scale} x ${drawn.picture.height * scale} px).`;
}
