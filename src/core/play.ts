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

/**
 * The legal move `typed` names (by its id, or by its words before the colon: "take 6" for "6"), or an
 * InputError that says why not, when the game can tell (`whyNot`, given the typed move normalised), and what is
 * legal, with examples.
 */
export function requireMove(
  moves: readonly PlayMove[],
  typed: string,
  whyNot?: (wanted: string) => string | undefined,
): PlayMove {
  const wanted = normaliseMove(typed);
  const found =
    moves.find((m) => normaliseMove(m.id) === wanted) ?? moves.find((m) => spokenName(m) === wanted);
  if (found !== undefined) return found;
  if (moves.length === 0) throw new InputError('The game is over: there is no move to make.', 'move');
  const shown = moves
    .slice(0, SHOWN)
    .map((m) => `"${m.id}"`)
    .join(', ');
  const more = moves.length > SHOWN ? ` and ${moves.length - SHOWN} more` : '';
  const clipped = typed.length > 30 ? `${typed.slice(0, 30)}...` : typed;
  const why = whyNot?.(wanted);
  throw new InputError(
    `"${clipped}" is not a legal move here${why === undefined ? '' : `: ${why}`}. Legal moves: ${shown}${more}.`,
    'move',
  );
}
