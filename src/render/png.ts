/**
 * Pictures to PNG, once, at the edge (Discord attachments, `--picture FILE`). resvg draws with the DejaVu
 * fonts shipped in the `dejavu-fonts-ttf` package and never with system fonts, so every machine makes the
 * same pixels.
 */
import { createRequire } from 'node:module';
import type { Resvg, ResvgRenderOptions, renderAsync } from '@resvg/resvg-js';
import type { Picture } from '../core/game.js';
import { FONT, MONO, PICTURE_LIMITS } from './svg.js';

interface ResvgModule {
  readonly Resvg: typeof Resvg;
  readonly renderAsync: typeof renderAsync;
}

const require = createRequire(import.meta.url);

const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSansMono.ttf', 'DejaVuSansMono-Bold.ttf'];

let loaded: { resvg: ResvgModule; fontFiles: string[] } | null | undefined;

/** The native renderer and the font paths, loaded on first use; null when either is missing. */
function load(): { resvg: ResvgModule; fontFiles: string[] } | null {
  if (loaded !== undefined) return loaded;
  try {
    loaded = {
      resvg: require('@resvg/resvg-js') as ResvgModule,
      fontFiles: FONT_FILES.map((file) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`)),
    };
  } catch {
    loaded = null;
  }
  return loaded;
}

/** The largest SVG text accepted: pictures stay far below it; anything above is not ours to draw. */
const MAX_SVG_CHARS = 2_000_000;

interface Prepared {
  readonly resvg: ResvgModule;
  readonly options: ResvgRenderOptions;
}

/** The renderer and its options for `picture`, or null when it is over the size cap or cannot be drawn. */
function prepare(picture: Picture): Prepared | null {
  const { maxWidth, maxHeight, scale } = PICTURE_LIMITS;
  if (
    !(picture.width > 0 && picture.height > 0) ||
    picture.width > maxWidth ||
    picture.height > maxHeight ||
    picture.svg.length > MAX_SVG_CHARS
  )
    return null;
  const modules = load();
  if (modules === null) return null;
  return {
    resvg: modules.resvg,
    options: {
      fitTo: { mode: 'zoom', value: scale },
      font: {
        loadSystemFonts: false,
        fontFiles: modules.fontFiles,
        defaultFontFamily: FONT,
        sansSerifFamily: FONT,
        monospaceFamily: MONO,
      },
      logLevel: 'off',
    },
  };
}

const asBytes = (png: Buffer): Uint8Array => new Uint8Array(png.buffer, png.byteOffset, png.byteLength);

/**
 * The picture as a PNG at `PICTURE_LIMITS.scale` times its CSS size (sharp on high-density screens), on this
 * thread (0.1-0.2 s). Null when the picture is over the size cap or the renderer fails; never throws.
 */
export function renderPng(picture: Picture): Uint8Array | null {
  const ready = prepare(picture);
  if (ready === null) return null;
  try {
    const resvg = new ready.resvg.Resvg(picture.svg, ready.options);
    if (resvg.width > PICTURE_LIMITS.maxWidth || resvg.height > PICTURE_LIMITS.maxHeight) return null;
    return asBytes(resvg.render().asPng());
  } catch {
    return null;
  }
}

/**
 * The same PNG, rasterized on libuv's thread pool (resvg's `renderAsync`), so a server's event loop only
 * waits for the PNG encoding (a few tens of ms) instead of the whole drawing. Never rejects.
 */
export async function renderPngAsync(picture: Picture): Promise<Uint8Array | null> {
  const ready = prepare(picture);
  if (ready === null) return null;
  try {
    const { maxWidth, maxHeight, scale } = PICTURE_LIMITS;
    const image = await ready.resvg.renderAsync(picture.svg, ready.options);
    if (image.width > maxWidth * scale || image.height > maxHeight * scale) return null;
    return asBytes(image.asPng());
  } catch {
    return null;
  }
}
