/** Small helpers shared by the games' `play.ts` files: matching a typed move and the seat arithmetic. */
import { InputError } from './errors.js';
import type { PlayMove, Seat } from './game.js';

export function otherSeat(seat: Seat): Seat {
  return seat === 0 ? 1 : 0;
}

/** A move id as typed: trimmed, lower-case, runs of spaces collapsed. */
export function normaliseMove(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

const SHOWN = 8;

/** A move's words up to its colon ("take 6" of "take 6: g becomes 2"), which name it as well as its id does. */
function spokenName(move: PlayMove): string | undefined {
  const colon = move.text.indexOf(':');
  return colon > 0 ? normaliseMove(move.text.slice(0, colon)) : undefined;
}

/** What a game adds to reading a typed move (PlaySupport's `sameMove` and `whyIllegal`, position given). */
export interface MoveReading {
  /** The id of the same move written another way ("5-1" for "1-5"), or undefined. */
  readonly sameMove?: ((wanted: string) => string | undefined) | undefined;
  /** Why the typed move cannot be played, or undefined when the game cannot tell. */
  readonly whyNot?: ((wanted: string) => string | undefined) | undefined;
}

/**
 * The legal move `typed` names (by its id, by its words before the colon: "take 6" for "6", or written another
 * way the game accepts), or an InputError that says why not, when the game can tell, and what is legal, with
 * examples. The game's functions get the typed move normalised.
 */
export function requireMove(moves: readonly PlayMove[], typed: string, reading: MoveReading = {}): PlayMove {
  const wanted = normaliseMove(typed);
  const byId = (id: string): PlayMove | undefined => moves.find((m) => normaliseMove(m.id) === id);
  const bySameMove = (): PlayMove | undefined => {
    const other = reading.sameMove?.(wanted);
    return other === undefined ? undefined : byId(normaliseMove(other));
  };
  const found = byId(wanted) ?? moves.find((m) => spokenName(m) === wanted) ?? bySameMove();
  if (found !== undefined) return found;
  if (moves.length === 0) throw new InputError('The game is over: there is no move to make.', 'move');
  const shown = moves
    .slice(0, SHOWN)
    .map((m) => `"${m.id}"`)
    .join(', ');
  const more = moves.length > SHOWN ? ` and ${moves.length - SHOWN} more` : '';
  const clipped = typed.length > 30 ? `${typed.slice(0, 30)}...` : typed;
  const why = reading.whyNot?.(wanted);
  throw new InputError(
    `"${clipped}" is not a legal move here${why === undefined ? '' : `: ${why}`}. Legal moves: ${shown}${more}.`,
    'move',
  );
}
