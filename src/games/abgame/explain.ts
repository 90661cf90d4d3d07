/** Why A or B wins ABGAME, as data: spare moves, contested gaps and their XOR, and A's winning move. */
import type { Explanation, ExplainedMove, KeyFact } from '../../core/game.js';
import { sentence } from '../../core/text.js';
import type { AbgameMove, AbgameResult, ContestedGap, WinningMove } from './schema.js';

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** 1,234,567 without Intl, which costs microseconds a call. */
function fmt(n: number): string {
  const text = String(n);
  return text.length <= 3 ? text : text.replace(/\B(?=(\d{3})+$)/g, ',');
}

function cellsWord(n: number): string {
  return `${WORDS[n] ?? fmt(n)} cell${n === 1 ? '' : 's'}`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function plural(n: number, word: string): string {
  return `${fmt(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** "slide the A at cell 1 two cells right: gap 3 -> 1", and what the move achieves. */
export function describeMove(move: WinningMove, result: AbgameResult): string {
  const step = Math.abs(move.to - move.from);
  const direction = move.to > move.from ? 'right' : 'left';
  const head = `slide the A at cell ${fmt(move.from)} ${cellsWord(step)} ${direction}: gap ${fmt(move.gapBefore)} -> ${fmt(move.gapAfter)}`;
  if (move.kind === 'contested') return `${head} (the contested gaps' XOR becomes 0)`;
  return `${head} (a spare move: A keeps ${fmt(result.spareA - step)} to B's ${fmt(result.spareB)})`;
}

function pairText(gap: ContestedGap): string {
  const [left, right] = gap.a === 'left' ? ['A', 'B'] : ['B', 'A'];
  return `${left} at cell ${fmt(gap.left)}, ${right} at cell ${fmt(gap.right)}: gap ${fmt(gap.gap)}`;
}

/** "the spare moves tie at 3", or that there are none at all. */
function tie(spare: number): string {
  return spare === 0 ? 'neither player has spare moves' : `the spare moves tie at ${fmt(spare)}`;
}

function gapList(result: AbgameResult): string {
  const shown = result.contestedShown.map((g) => fmt(g.gap)).join(', ');
  if (result.contestedCount === 0) return 'none';
  return result.contestedCount > result.contestedShown.length
    ? `${shown}, ... (${fmt(result.contestedCount)} in all)`
    : shown;
}

function whyBWins(result: AbgameResult): string {
  const { spareA, spareB } = result;
  if (spareA === 0 && result.contestedOpen === 0) {
    return 'A has no move at all: no A has an empty cell in front of it, so A loses at once.';
  }
  if (spareA < spareB) {
    return (
      `B has more spare moves (${fmt(spareB)} to A's ${fmt(spareA)}). Whatever A does, B answers: if the ` +
      `contested gaps' XOR is not 0, B shrinks a contested gap to make it 0; otherwise B spends one spare ` +
      `move. A runs out of moves first.`
    );
  }
  return (
    `${capital(tie(spareA))} and the contested gaps' XOR is 0. If A spends a spare move, ` +
    `B spends one of its own; if A shrinks a contested gap, the XOR stops being 0 and B shrinks a contested ` +
    `gap to bring it back to 0. B always has a reply, so B makes the last move.`
  );
}

function verdictReason(result: AbgameResult): string {
  const { spareA, spareB, xor } = result;
  if (spareA > spareB) {
    return (
      `A has more spare moves (${fmt(spareA)} to B's ${fmt(spareB)}), so A wins whatever the contested gaps ` +
      `hold: A keeps their XOR at 0 after each of its moves, and spends a spare move when it is already 0.`
    );
  }
  if (spareA < spareB) return `B has more spare moves (${fmt(spareB)} to A's ${fmt(spareA)}), so B wins.`;
  return xor !== 0
    ? `${capital(tie(spareA))}, so the contested gaps decide, as in Nim: their XOR is ${fmt(xor)}, not 0, so A (moving first) wins by making it 0.`
    : `${capital(tie(spareA))}, so the contested gaps decide, as in Nim: their XOR is 0, so A (moving first) loses.`;
}

function headline(result: AbgameResult): string {
  const { spareA, spareB, xor } = result;
  if (spareA > spareB) return `A wins: A has ${plural(spareA, 'spare move')} to B's ${fmt(spareB)}.`;
  if (spareA < spareB) return `B wins: B has ${plural(spareB, 'spare move')} to A's ${fmt(spareA)}.`;
  return xor !== 0
    ? `A wins: ${tie(spareA)} and the contested gaps XOR to ${fmt(xor)}, not 0.`
    : `B wins: ${tie(spareA)} and the contested gaps XOR to 0.`;
}

/** Everything here comes from the result, so a streamed board (never held as text) explains the same way. */
export function explainResult(result: AbgameResult): Explanation<AbgameMove> {
  const aWins = result.winner === 'A';
  const moves: ExplainedMove<AbgameMove>[] =
    result.move === null
      ? []
      : [
          {
            text: sentence(describeMove(result.move, result)),
            move: { from: result.move.from, to: result.move.to },
          },
        ];
  const facts: KeyFact[] = [
    { label: 'Board', value: `${plural(result.cells, 'cell')}, ${plural(result.characters, 'character')}` },
    { label: "A's spare moves", value: fmt(result.spareA) },
    { label: "B's spare moves", value: fmt(result.spareB) },
    { label: 'Contested gaps', value: gapList(result) },
    { label: 'XOR of contested gaps', value: `${fmt(result.xor)} (binary ${result.xor.toString(2)})` },
  ];
  const reasons = [
    'Characters pair up left to right (1st with 2nd, 3rd with 4th, ...) and each pair slides toward each ' +
      'other; an odd last character slides toward the right wall. Dots outside those gaps never matter.',
    `A gap between two characters of one player, or behind an odd last character, holds spare moves only ` +
      `that player can use: A has ${fmt(result.spareA)}, B has ${fmt(result.spareB)}.`,
    `A gap between an A and a B is a Nim heap either player may shrink: ${plural(result.contestedCount, 'such gap')}` +
      (result.contestedCount === 0 ? '' : ` (${gapList(result)}), XOR ${fmt(result.xor)}`) +
      '.',
    verdictReason(result),
  ];
  const explanation: Explanation<AbgameMove> = {
    outcome: aWins ? 'first' : 'second',
    winner: result.winner,
    headline: headline(result),
    moves,
    reasons,
    facts,
    brief: briefLines(result),
    ...(result.contestedShown.length === 0
      ? {}
      : {
          details: [
            {
              title:
                result.contestedCount > result.contestedShown.length
                  ? `The first ${fmt(result.contestedShown.length)} of ${fmt(result.contestedCount)} contested gaps`
                  : 'Contested gaps',
              lines: result.contestedShown.map(pairText),
            },
          ],
        }),
  };
  return aWins
    ? explanation
    : { ...explanation, whyNoMove: whyBWins(result), refutation: shortRefutation(result) };
}

function briefLines(result: AbgameResult): string[] {
  const { spareA, spareB, xor } = result;
  const contested =
    result.contestedCount === 0
      ? 'No contested gaps (between an A and a B).'
      : `Contested gaps (between an A and a B): ${gapList(result)}; their XOR is ${fmt(xor)}.`;
  const decides =
    spareA !== spareB
      ? `${spareA > spareB ? 'A' : 'B'} has more spare moves, so ${spareA > spareB ? 'A' : 'B'} can always reply and makes the last slide.`
      : xor !== 0
        ? 'Spare moves are equal, so the XOR decides: it is not 0, and A, moving first, makes it 0.'
        : 'Spare moves are equal, so the XOR decides: it is 0, so A, moving first, loses.';
  return [
    `Spare moves (gaps only one player can use): A ${fmt(spareA)}, B ${fmt(spareB)}.`,
    contested,
    decides,
  ];
}

function shortRefutation(result: AbgameResult): string {
  if (result.spareA === 0 && result.contestedOpen === 0) return 'A has no slide at all.';
  return result.spareA < result.spareB
    ? 'B answers each slide by bringing the XOR back to 0 or spending a spare move, and A runs out first.'
    : 'B copies: a spare move for a spare move, and any contested slide is answered by bringing the XOR back to 0.';
}
