/**
 * The short answer every door shows first: the verdict in one line, the move to play (or that every move loses,
 * with the refutation that matters most), and at most three short lines of why. Pure: explanation data in,
 * plain lines out; the Discord and terminal renderers only decorate them.
 */
import type { Explanation, Outcome } from '../core/game.js';

/** What the short answer promises; tests hold every game to it on random inputs. */
export const SHORT_LIMITS = { verdict: 200, move: 240, why: 3, whyLine: 200 } as const;

export interface ShortAnswer {
  /** "Second player wins", "A tie with perfect play". */
  readonly title: string;
  /** The headline: the verdict in one sentence. */
  readonly verdict: string;
  /** "Play" for a win, "Secures the tie" for a tie, "Every move loses" when there is no good move. */
  readonly moveLabel: string | null;
  readonly move: string | null;
  /** How many other moves do as well (shown as a count, the full list is in the reasoning). */
  readonly otherMoves: number;
  readonly why: readonly string[];
}

export function verdictTitle(explanation: Pick<Explanation<unknown>, 'winner' | 'outcome'>): string {
  if (explanation.winner === null || explanation.outcome === 'tie') return 'A tie with perfect play';
  return `${explanation.winner} wins`;
}

/** The label a move gets: a tie is never a "winning" move. */
export function moveLabel(outcome: Outcome, count: number): string {
  if (outcome === 'tie') return count === 1 ? 'Move that secures the tie' : 'Moves that secure the tie';
  return count === 1 ? 'Winning move' : 'Winning moves';
}

/** Cuts at a sentence or word end within `limit` characters, marking the cut. */
export function shorten(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const sentence = cut.lastIndexOf('. ');
  if (sentence > limit / 2) return cut.slice(0, sentence + 1);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > limit / 2 ? space : cut.length).replace(/[,;:]$/, '')}…`;
}

export function shortAnswer(explanation: Explanation<unknown>): ShortAnswer {
  const first = explanation.moves[0];
  let label: string | null = null;
  let move: string | null = null;
  if (first !== undefined) {
    label = explanation.outcome === 'tie' ? 'Secures the tie' : 'Play';
    move = first.text;
  } else {
    const refutation = explanation.refutation ?? explanation.whyNoMove;
    if (refutation !== undefined) {
      label = explanation.outcome === 'tie' ? 'No move wins' : 'Every move loses';
      move = refutation;
    }
  }
  const why = (explanation.brief ?? explanation.reasons).slice(0, SHORT_LIMITS.why);
  return {
    title: verdictTitle(explanation),
    verdict: shorten(explanation.headline, SHORT_LIMITS.verdict),
    moveLabel: label,
    move: move === null ? null : shorten(move, SHORT_LIMITS.move),
    otherMoves: Math.max(0, explanation.moves.length - 1),
    why: why.map((line) => shorten(line, SHORT_LIMITS.whyLine)),
  };
}

/** True when the move line says why no move helps rather than naming one. */
export function isRefutation(short: ShortAnswer): boolean {
  return short.moveLabel === 'Every move loses' || short.moveLabel === 'No move wins';
}

/** The short answer as plain lines (terminal; also the basis of tests on its size). */
export function shortAnswerLines(short: ShortAnswer): string[] {
  const lines = [short.verdict];
  if (short.move !== null) {
    const others =
      short.otherMoves === 0
        ? ''
        : ` (${short.otherMoves} more ${short.otherMoves === 1 ? 'move does' : 'moves do'} as well)`;
    lines.push(
      `${short.moveLabel ?? ''}${short.otherMoves === 0 && isRefutation(short) ? '.' : ':'} ${short.move}${others}`,
    );
  }
  for (const line of short.why) lines.push(`- ${line}`);
  return lines;
}
