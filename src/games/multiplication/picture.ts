/**
 * The Multiplication Game as a picture: one bar per prime of N, as many cells as its exponent, filled in the
 * order of one game played by the plans of `explain` (each cell numbered and coloured by its player), the
 * first move outlined, and an over-filled prime (the tie) drawn past the end of its bar.
 */
import type { Explanation, Picture } from '../../core/game.js';
import { CARD_WIDTH, colors, fitText, SvgBuilder, textWidth } from '../../render/svg.js';
import { planMove, type PlanRole } from './explain.js';
import { factorize } from '../../math/factor.js';
import {
  otherPlayer,
  type MultiplicationMove,
  type MultiplicationParams,
  type MultiplicationResult,
  type Player,
} from './schema.js';

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

function superscript(k: number): string {
  return [...String(k)].map((d) => SUPERSCRIPT[Number(d)] ?? d).join('');
}

/** One multiplication of the illustrated game. */
interface PlayedMove {
  readonly player: Player;
  readonly prime: number;
  /** True when the prime was already complete: M stops dividing N, and the game can only end in a tie. */
  readonly overfill: boolean;
}

/**
 * One game played by the plans: the winner's (or the tie holder's and spoiler's) against the other side's
 * most patient reply, until N is reached or a prime is over-filled.
 */
export function illustrativeGame(
  exponents: readonly number[],
  starter: Player,
  result: MultiplicationResult,
): PlayedMove[] {
  const total = exponents.reduce((a, b) => a + b, 0);
  const lastMover = total % 2 === 1 ? starter : otherPlayer(starter);
  const role = (player: Player): PlanRole => {
    if (result.outcome === 'tie') return player === lastMover ? 'holder' : 'spoiler';
    return player === result.winner ? 'winner' : 'holder';
  };
  const used = exponents.map(() => 0);
  const moves: PlayedMove[] = [];
  let player = starter;
  for (let k = 0; k < total; k++) {
    const prime = planMove(exponents, used, role(player));
    const overfill = (used[prime] ?? 0) >= (exponents[prime] ?? 0);
    moves.push({ player, prime, overfill });
    if (overfill) break;
    used[prime] = (used[prime] ?? 0) + 1;
    player = otherPlayer(player);
  }
  return moves;
}

export function pictureMultiplication(
  params: MultiplicationParams,
  result: MultiplicationResult,
  _explanation: Explanation<MultiplicationMove>,
): Picture | null {
  const factors = factorize(BigInt(params.n));
  const exponents = factors.map((f) => f.exponent);
  const total = exponents.reduce((a, b) => a + b, 0);
  const starter = params.first;
  const second = otherPlayer(starter);
  const playerColor = (p: Player) => (p === starter ? colors.first : colors.second);
  const moves = illustrativeGame(exponents, starter, result);

  const width = CARD_WIDTH;
  const pad = 20;
  const svg = new SvgBuilder(width);
  const nText = `N = ${params.n} = ${factors.map((f) => `${f.prime}${f.exponent === 1 ? '' : superscript(f.exponent)}`).join(' × ')}`;
  svg.text(pad, 32, fitText(nText, 18, width - 2 * pad), { size: 18, bold: true });
  const verdict = result.winner === null ? 'Tie' : `${result.winner} wins`;
  svg.text(pad, 56, `${verdict} · ${starter} moves first`, {
    size: 15,
    bold: true,
    fill: result.winner === null ? colors.highlight : playerColor(result.winner),
  });

  // The bars: label column, then one cell per factor of the prime, plus room for an over-filled cell.
  // "×3 (twice)": how often the prime's factor is multiplied in, in words (the cells show it too).
  const times = (e: number): string => (e === 1 ? '' : e === 2 ? ' (twice)' : ` (${e} times)`);
  const labels = factors.map((f) => `×${f.prime}${times(f.exponent)}`);
  const labelWidth = Math.min(190, Math.max(...labels.map((l) => textWidth(l, 14))) + 12);
  const maxExp = Math.max(...exponents);
  const available = width - 2 * pad - labelWidth - 44;
  // Every cell fits, with room for an over-filled one: up to 59 for 2^59 (thin cells, thin gaps).
  const pitch = Math.floor(available / (maxExp + 1));
  const cellGap = pitch >= 12 ? 3 : pitch >= 6 ? 2 : 1;
  const cell = Math.max(2, Math.min(38, pitch - cellGap));
  const rowH = factors.length > 10 ? 20 : factors.length > 6 ? 24 : 32;
  const cellH = rowH - 6;
  const top = 80;
  const position = new Map<string, { x: number; y: number }>();
  const filled = exponents.map(() => 0);
  moves.forEach((m, k) => {
    const slot = m.overfill ? (exponents[m.prime] ?? 0) : (filled[m.prime] ?? 0);
    if (!m.overfill) filled[m.prime] = slot + 1;
    position.set(String(k), {
      x: pad + labelWidth + slot * (cell + cellGap) + (m.overfill ? 10 : 0),
      y: top + m.prime * rowH,
    });
  });
  factors.forEach((_f, i) => {
    const y = top + i * rowH;
    svg.text(pad, y + cellH / 2 + 5, fitText(labels[i] ?? '', 14, labelWidth - 8), { size: 14, bold: true });
    for (let j = 0; j < (exponents[i] ?? 0); j++)
      svg.rect(pad + labelWidth + j * (cell + cellGap), y, cell, cellH, {
        fill: colors.cell,
        stroke: colors.cellStroke,
        rx: 3,
      });
    const end = pad + labelWidth + (exponents[i] ?? 0) * (cell + cellGap) + 4;
    svg.line(end, y - 2, end, y + cellH + 2, { stroke: colors.muted, strokeWidth: 2 });
  });
  const numbered = cell >= 18;
  moves.forEach((m, k) => {
    const at = position.get(String(k));
    if (at === undefined) return;
    const color = m.overfill ? colors.lose : playerColor(m.player);
    svg.rect(at.x, at.y, cell, cellH, {
      fill: color,
      rx: 3,
      ...(k === 0 ? { stroke: colors.win, strokeWidth: 3 } : {}),
    });
    if (numbered)
      svg.text(at.x + cell / 2, at.y + cellH / 2 + 5, String(k + 1), {
        size: cell >= 24 ? 14 : 11,
        bold: true,
        fill: colors.card,
        anchor: 'middle',
      });
  });
  let y = top + factors.length * rowH + 20;

  // The race in words a student checks against the bars.
  const sum =
    exponents.length > 1 && exponents.length <= 6 ? `${exponents.join(' + ')} = ${total}` : `${total}`;
  const lastMover = total % 2 === 1 ? starter : second;
  y = svg.paragraph(
    pad,
    y,
    `Reaching N takes ${sum} multiplications (every cell filled). ${starter} makes the odd-numbered ones, so only ${lastMover} can make the last.`,
    width - 2 * pad,
    { size: 14, fill: colors.text },
  );
  const first = moves[0];
  const last = moves[moves.length - 1];
  const story: string[] = [];
  if (first !== undefined) {
    const p = String(factors[first.prime]?.prime ?? '');
    story.push(
      result.outcome === 'second'
        ? `Move 1 (outlined): ${starter} ×${p}; every opening loses the same way.`
        : `Move 1 (outlined): ${starter} ×${p}, the move to play.`,
    );
  }
  if (
    (result.rule === 'two-primes-equal' || result.rule === 'two-primes-one-apart') &&
    result.winner !== null
  ) {
    const [p, q] = [factors[0]?.prime, factors[1]?.prime].map(String);
    story.push(
      `${result.winner} mirrors: every ×${p} of ${otherPlayer(result.winner)}'s is answered with ×${q}, every ×${q} with ×${p}.`,
    );
  }
  if (last !== undefined && last.overfill)
    story.push(
      `Move ${moves.length} (red): ${last.player} ×${factors[last.prime]?.prime ?? ''} again, past its bar: M no longer divides N, a tie.`,
    );
  else if (last !== undefined)
    story.push(`Move ${moves.length}: ${last.player} fills the last cell and reaches N.`);
  for (const line of story)
    y = svg.paragraph(pad, y + 2, line, width - 2 * pad, { size: 14, fill: colors.muted });

  // Legend.
  y += 8;
  let x = svg.legendEntry(pad, y, colors.first, `${starter}'s move`);
  x = svg.legendEntry(x, y, colors.second, `${second}'s move`);
  if (last?.overfill === true) svg.legendEntry(x, y, colors.lose, 'over-filled');
  const alt = `${nText}. ${verdict}. One bar per prime with one cell per factor; a game played by the plans fills them move by move${last?.overfill === true ? ' until a prime is over-filled' : ''}.`;
  return svg.finish(y + 16, alt);
}
