/**
 * Golden pictures: a picture drawn for a fixed input is compared, byte for byte, with the SVG kept in
 * `test/pictures/golden/`, which a person looked at (rendered to PNG) before it was kept. Any change to what a
 * user sees then fails a test and shows the diff; an intended change is reviewed and kept again with
 * `npx vitest run <file> -u`. Under CI (`CI=true`) vitest never writes a missing golden, so a missing file fails.
 *
 * `GOLDEN_PNG_DIR=/tmp/dir` also writes each picture as PNG there, to look at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { AnyGame, Picture } from '../../src/core/game.js';
import { renderPng } from '../../src/render/png.js';

const GOLDEN = fileURLToPath(new URL('../pictures/golden/', import.meta.url));

/** The picture a game draws for raw params (parsed by the game's schema, solved and explained first). */
export function drawPicture(game: AnyGame, raw: unknown): Picture {
  const params: unknown = game.params.parse(raw);
  const result: unknown = game.solve(params);
  if (game.picture === undefined) throw new Error(`${game.id} has no picture`);
  const picture = game.picture(params, result, game.explain(params, result));
  if (picture === null) throw new Error(`${game.id} drew no picture for ${JSON.stringify(raw)}`);
  return picture;
}

/** Compares the picture (its SVG, size and alt text) with `test/pictures/golden/<name>.svg` and `.alt.txt`. */
export async function expectGolden(name: string, picture: Picture): Promise<void> {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`golden names are lower-case words and dashes: ${name}`);
  const dir = process.env['GOLDEN_PNG_DIR'];
  if (dir !== undefined && dir !== '') {
    mkdirSync(dir, { recursive: true });
    const png = renderPng(picture);
    if (png !== null) writeFileSync(join(dir, `${name}.png`), png);
  }
  expect(picture.svg).toContain(`width="${picture.width}" height="${picture.height}"`);
  await expect(picture.svg).toMatchFileSnapshot(join(GOLDEN, `${name}.svg`));
  await expect(`${picture.alt}\n`).toMatchFileSnapshot(join(GOLDEN, `${name}.alt.txt`));
}
