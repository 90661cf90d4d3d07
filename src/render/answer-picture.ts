/**
 * An answer's picture as a PNG: drawn by the game, rasterized here, for every door (Discord attachments, the
 * CLI's --picture, the API). Anything that stops the picture (a game without one, an input too large to draw,
 * a renderer failure) becomes a one-line note, never an error, since the answer itself is still right.
 * Answers rasterize off the event loop (`renderPngAsync`); a rules example, drawn once per game, on it.
 */
import type { AnyGame, Explanation, Picture } from '../core/game.js';
import { renderPng, renderPngAsync } from './png.js';

const NO_RENDER = 'The picture could not be rendered; the answer above says it all.';

/** The game's drawing of an answer (SVG), or a note saying why there is none. */
function gamePicture(
  game: AnyGame,
  params: unknown,
  result: unknown,
  explanation: Explanation<unknown>,
): Picture | { note: string } {
  if (game.picture === undefined) return { note: `${game.title} has no picture yet.` };
  let picture: Picture | null;
  try {
    picture = game.picture(params, result, explanation);
  } catch {
    picture = null;
  }
  return picture ?? { note: 'This input is too large to draw; the answer above says it all.' };
}

/** The game's picture of an answer, or a note saying why there is none. */
export async function drawPicture(
  game: AnyGame,
  params: unknown,
  result: unknown,
  explanation: Explanation<unknown>,
): Promise<{ picture: Picture; png: Uint8Array } | { note: string }> {
  const picture = gamePicture(game, params, result, explanation);
  if ('note' in picture) return picture;
  const png = await renderPngAsync(picture);
  return png === null ? { note: NO_RENDER } : { picture, png };
}

export type AnswerPicture =
  | { readonly kind: 'png'; readonly png: Uint8Array; readonly alt: string }
  | { readonly kind: 'note'; readonly note: string }
  | { readonly kind: 'none' };

function asAnswerPicture(drawn: { picture: Picture; png: Uint8Array } | { note: string }): AnswerPicture {
  return 'note' in drawn
    ? { kind: 'note', note: `No picture: ${drawn.note}` }
    : { kind: 'png', png: drawn.png, alt: drawn.picture.alt };
}

/** The picture for a message: the PNG, a note when it cannot be drawn, nothing for a game without pictures. */
export async function answerPicture(
  game: AnyGame,
  params: unknown,
  result: unknown,
  explanation: Explanation<unknown>,
): Promise<AnswerPicture> {
  if (game.picture === undefined) return { kind: 'none' };
  return asAnswerPicture(await drawPicture(game, params, result, explanation));
}

/** The picture of a game's rules example (solved and rasterized here: the example is tiny, drawn once). */
export function rulesPicture(game: AnyGame): AnswerPicture {
  const example = game.rules?.example;
  if (example === undefined || game.picture === undefined) return { kind: 'none' };
  const params: unknown = game.params.parse(example.params);
  const result: unknown = game.solve(params);
  const picture = gamePicture(game, params, result, game.explain(params, result));
  if ('note' in picture) return asAnswerPicture(picture);
  const png = renderPng(picture);
  return asAnswerPicture(png === null ? { note: NO_RENDER } : { picture, png });
}
