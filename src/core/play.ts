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

/** The legal move `typed` names, or an InputError that says what is legal, with examples. */
export function requireMove(moves: readonly PlayMove[], typed: string): PlayMove {
  const wanted = normaliseMove(typed);
  const found = moves.find((m) => normaliseMove(m.id) === wanted);
  if (found !== undefined) return found;
  if (moves.length === 0) throw new InputError('The game is over: there is no move to make.', 'move');
  const shown = moves
    .slice(0, SHOWN)
    .map((m) => `"${m.id}"`)
    .join(', ');
  const more = moves.length > SHOWN ? ` and ${moves.length - SHOWN} more` : '';
  const clipped = typed.length > 30 ? `${typed.slice(0, 30)}...` : typed;
  throw new InputError(`"${clipped}" is not a legal move here. Legal moves: ${shown}${more}.`, 'move');
}
