/**
 * An answer's picture as a PNG, or the one-line note that replaces it: the game draws an SVG (pure), this
 * rasterizes it once at the edge. Never throws: a picture is a bonus, never a reason for an answer to fail.
 */
import type { AnyGame, Explanation } from '../core/game.js';
import { drawPicture } from './picture-file.js';

export type AnswerPicture =
  | { readonly kind: 'png'; readonly png: Uint8Array; readonly alt: string }
  | { readonly kind: 'note'; readonly note: string }
  | { readonly kind: 'none' };

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
