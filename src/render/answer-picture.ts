/**
 * An answer's picture as a PNG, or the one-line note that replaces it: the game draws an SVG (pure), this
 * rasterizes it once at the edge. Never throws: a picture is a bonus, never a reason for an answer to fail.
 */
import type { AnyGame, Explanation } from '../core/game.js';
import { renderPng } from './png.js';

export type AnswerPicture =
  | { readonly kind: 'png'; readonly png: Uint8Array; readonly alt: string }
  | { readonly kind: 'note'; readonly note: string }
  | { readonly kind: 'none' };

export const PICTURE_NOTE = 'No picture: this position is too large to draw.';

export function answerPicture(
  game: AnyGame,
  params: unknown,
  result: unknown,
  explanation: Explanation<unknown>,
): AnswerPicture {
  if (game.picture === undefined) return { kind: 'none' };
  let picture: ReturnType<NonNullable<AnyGame['picture']>>;
  try {
    picture = game.picture(params, result, explanation);
  } catch {
    return { kind: 'note', note: PICTURE_NOTE };
  }
  if (picture === null) return { kind: 'note', note: PICTURE_NOTE };
  const png = renderPng(picture);
  return png === null ? { kind: 'note', note: PICTURE_NOTE } : { kind: 'png', png, alt: picture.alt };
}

/** The picture of a game's rules example (solved here: the example is tiny). */
export function rulesPicture(game: AnyGame): AnswerPicture {
  const example = game.rules?.example;
  if (example === undefined) return { kind: 'none' };
  const params: unknown = game.params.parse(example.params);
  const result: unknown = game.solve(params);
  return answerPicture(game, params, result, game.explain(params, result));
}
