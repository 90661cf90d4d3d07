/**
 * An answer's picture as a PNG: drawn by the game, rasterized here. Anything that stops the picture (a game
 * without one, an input too large to draw, a file that cannot be written) becomes a one-line note, never an
 * error, since the answer itself is still right.
 */
import { writeFileSync } from 'node:fs';
import type { AnyGame, Explanation, Picture } from '../core/game.js';
import { renderPng } from './png.js';
import { PICTURE_LIMITS } from './svg.js';

/** The game's picture of an answer, or a note saying why there is none. */
export function drawPicture(
  game: AnyGame,
  params: unknown,
  result: unknown,
  explanation: Explanation<unknown>,
): { picture: Picture; png: Uint8Array } | { note: string } {
  if (game.picture === undefined) return { note: `${game.title} has no picture yet.` };
  let picture: Picture | null;
  try {
    picture = game.picture(params, result, explanation);
  } catch {
    picture = null;
  }
  if (picture === null) return { note: 'This input is too large to draw; the answer above says it all.' };
  const png = renderPng(picture);
  if (png === null) return { note: 'The picture could not be rendered; the answer above says it all.' };
  return { picture, png };
}

/** Writes the picture of an answer to `file`; returns the one line to show (written, or why not). */
export function writePictureFile(
  game: AnyGame,
  params: unknown,
  result: unknown,
  explanation: Explanation<unknown>,
  file: string,
): string {
  const drawn = drawPicture(game, params, result, explanation);
  if ('note' in drawn) return `No picture written: ${drawn.note}`;
  try {
    writeFileSync(file, drawn.png);
  } catch {
    return `No picture written: cannot write "${file}".`;
  }
  const { scale } = PICTURE_LIMITS;
  return `Picture written to ${file} (PNG, ${drawn.picture.width * scale} x ${drawn.picture.height * scale} px).`;
}
