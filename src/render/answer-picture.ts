/**
 * An answer's picture as a PNG: drawn by the game, rasterized here, for every door (Discord attachments, the
 * CLI's --picture). Anything that stops the picture (a game without one, an input too large to draw, a
 * renderer failure) becomes a one-line note, never an error, since the answer itself is still right.
 */
import type { AnyGame, Explanation, Picture } from '../core/game.js';
import { renderPng } from './png.js';

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

export type AnswerPicture =
  | { readonly kind: 'png'; readonly png: Uint8Array; readonly alt: string }
  | { readonly kind: 'note'; readonly note: string }
  | { readonly kind: 'none' };

/** The picture for a message: the PNG, a note when it cannot be drawn, nothing for a game without pictures. */
export function answerPicture(
  game: AnyGame,
  params: unknown,
  result: unknown,
  explanation: Explanation<unknown>,
): AnswerPicture {
  if (game.picture === undefined) return { kind: 'none' };
  const drawn = drawPicture(game, params, result, explanation);
  return 'note' in drawn
    ? { kind: 'note', note: `No picture: ${drawn.note}` }
    : { kind: 'png', png: drawn.png, alt: drawn.picture.alt };
}

/** The picture of a game's rules example (solved here: the example is tiny). */
export function rulesPicture(game: AnyGame): AnswerPicture {
  const example = game.rules?.example;
  if (example === undefined) return { kind: 'none' };
  const params: unknown = game.params.parse(example.params);
  const result: unknown = game.solve(params);
  return answerPicture(game, params, result, game.explain(params, result));
}
