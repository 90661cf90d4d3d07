/**
 * Answers' pictures for the API: the game draws the SVG when the answer is given (cheap, and it says whether
 * there is a picture at all); resvg rasterizes it the first time its URL is fetched. Kept in this process, in a
 * bounded LRU. A picture's id is an HMAC of the answer's canonical key under a per-process secret: the same
 * question maps to one picture here, but nobody can compute the id of someone else's question.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AnyGame, Explanation, Picture } from '../../core/game.js';
import { renderPngAsync } from '../../render/png.js';
import { rulesPicture } from '../../render/answer-picture.js';

/** Pictures kept (SVG, and the PNG once fetched); about 100 kB to 1 MB each. */
const MAX_PICTURES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
/** How long a picture stays fetchable after its answer was given. */
export const PICTURE_TTL_MS = 60 * 60 * 1000;

interface Entry {
  readonly picture: Picture;
  /** Set once drawn (null: not drawable); `drawing` while resvg works on it. */
  png: Uint8Array | null | undefined;
  drawing?: Promise<Uint8Array | null>;
}

export const PICTURE_ID = /^[0-9a-f]{32}$/;

export class PictureShelf {
  private readonly secret = randomBytes(32);
  private readonly entries = new LRUCache<string, Entry>({
    max: MAX_PICTURES,
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) => Math.max(1, entry.picture.svg.length + (entry.png?.byteLength ?? 0)),
    ttl: PICTURE_TTL_MS,
    updateAgeOnGet: true,
  });
  private readonly rules = new Map<string, Uint8Array | null>();

  /** The URL of the answer's picture, or null when the game draws none for it. Never throws. */
  shelve(
    game: AnyGame,
    key: string,
    params: unknown,
    result: unknown,
    explanation: Explanation<unknown>,
  ): { readonly url: string; readonly alt: string } | null {
    if (game.picture === undefined || params === undefined) return null;
    const id = createHmac('sha256', this.secret).update(key).digest('hex').slice(0, 32);
    if (!this.entries.has(id)) {
      let picture: Picture | null;
      try {
        picture = game.picture(params, result, explanation);
      } catch {
        picture = null;
      }
      if (picture === null) return null;
      this.entries.set(id, { picture, png: undefined });
    }
    const entry = this.entries.get(id);
    return entry === undefined ? null : { url: `/api/pictures/${id}.png`, alt: entry.picture.alt };
  }

  /**
   * The PNG for `id`, rasterized on first use off the event loop (requests arriving meanwhile share that
   * drawing); undefined when unknown, expired or not drawable.
   */
  async png(id: string): Promise<Uint8Array | undefined> {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.png === undefined) {
      entry.drawing ??= renderPngAsync(entry.picture).then((png) => {
        entry.png = png;
        delete entry.drawing;
        // Re-set so the size accounts for the PNG (unless it expired meanwhile).
        if (this.entries.has(id)) this.entries.set(id, entry);
        return png;
      });
      return (await entry.drawing) ?? undefined;
    }
    return entry.png ?? undefined;
  }

  /** The rules example's picture of `game`, drawn once per process; null when there is none. */
  rulesPng(game: AnyGame): Uint8Array | null {
    let png = this.rules.get(game.id);
    if (png === undefined) {
      const drawn = rulesPicture(game);
      png = drawn.kind === 'png' ? drawn.png : null;
      this.rules.set(game.id, png);
    }
    return png;
  }

  /** Whether the game has a rules picture (without drawing the PNG when it was drawn already). */
  hasRulesPicture(game: AnyGame): boolean {
    return game.rules !== undefined && game.picture !== undefined && this.rulesPng(game) !== null;
  }
}
