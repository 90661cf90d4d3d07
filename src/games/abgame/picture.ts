/**
 * ABGAME as a picture. A short board is drawn cell by cell with its pairs bracketed underneath (contested
 * gaps, A's and B's spare moves, dead cells) and A's winning slide as an arrow; every board, however long,
 * gets the summary strip: spare moves side by side and the contested gaps with their XOR in binary.
 */
import type { Explanation, Picture } from '../../core/game.js';
import { counted } from '../../core/text.js';
import { CARD_WIDTH, colors, fitText, SvgBuilder } from '../../render/svg.js';
import type { AbgameMove, AbgameParams, AbgameResult } from './schema.js';

/** Boards up to this many cells are drawn cell by cell (in rows); longer ones only as the summary strip. */
export const DRAWN_CELLS = 90;
/** Contested gaps shown in the binary XOR table. */
const XOR_ROWS = 6;

type GapKind = 'contested' | 'spareA' | 'spareB';

/** A pair of facing characters (or an odd last character and the wall) and the empty cells between. */
interface Pair {
  /** 0-based cells; `right` is the wall (the board's length) for an odd last character. */
  readonly left: number;
  readonly right: number;
  readonly kind: GapKind;
}

function pairsOf(board: string): Pair[] {
  const chars: number[] = [];
  for (let i = 0; i < board.length; i++) if (board[i] !== '.') chars.push(i);
  const pairs: Pair[] = [];
  for (let k = 0; k < chars.length; k += 2) {
    const left = chars[k] ?? 0;
    const right = chars[k + 1];
    const owner = board[left];
    if (right === undefined)
      pairs.push({ left, right: board.length, kind: owner === 'A' ? 'spareA' : 'spareB' });
    else
      pairs.push({
        left,
        right,
        kind: owner !== board[right] ? 'contested' : owner === 'A' ? 'spareA' : 'spareB',
      });
  }
  return pairs;
}

const kindColor: Record<GapKind, string> = {
  contested: colors.highlight,
  spareA: colors.first,
  spareB: colors.second,
};

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

/** Cells per row of a drawn board: at 30 a cell is 17 px wide, its letter still readable in Discord. */
const ROW_CELLS = 30;

/** The board cell by cell in rows, the pairs' brackets and the winning slide; returns the y below it. */
function drawBoard(svg: SvgBuilder, board: string, move: AbgameResult['move'], top: number): number {
  const pad = 20;
  const perRow = Math.min(board.length, board.length <= 36 ? 36 : ROW_CELLS);
  const rows = Math.ceil(board.length / perRow);
  const cell = Math.min(40, Math.floor((svg.width - 2 * pad) / perRow));
  const left = pad + (svg.width - 2 * pad - cell * perRow) / 2;
  // Each row's top: room above the row the slide starts in, for its arrow.
  const moveRow = move === null ? -1 : Math.floor((move.from - 1) / perRow);
  const rowTops: number[] = [];
  let rowTop = top + 8;
  for (let r = 0; r < rows; r++) {
    if (r === moveRow) rowTop += 32;
    rowTops.push(rowTop);
    rowTop += cell + 46;
  }
  /** Where cell i (0-based) sits: its left x and its row's top. */
  const at = (i: number) => ({
    x: left + (i % perRow) * cell,
    y: rowTops[Math.floor(i / perRow)] ?? top,
  });
  const pairs = pairsOf(board);
  const live = new Set<number>();
  for (const p of pairs) for (let c = p.left; c < p.right; c++) live.add(c);
  for (let i = 0; i < board.length; i++) {
    const { x, y } = at(i);
    const ch = board[i] ?? '.';
    const fill =
      ch === 'A' ? colors.first : ch === 'B' ? colors.second : live.has(i) ? colors.cell : colors.card;
    svg.rect(x + 1, y, cell - 2, cell - 2, { fill, stroke: colors.cellStroke, rx: 3 });
    if (ch !== '.')
      svg.text(x + cell / 2, y + cell / 2 + cell * 0.18, ch, {
        size: Math.min(20, cell * 0.55),
        bold: true,
        fill: colors.card,
        anchor: 'middle',
      });
    if (cell >= 16 && (i === 0 || (i + 1) % 5 === 0))
      svg.text(x + cell / 2, y + cell + 11, String(i + 1), {
        size: 10,
        fill: colors.faint,
        anchor: 'middle',
      });
  }
  // Brackets under each pair's gap (split where the gap runs onto the next row), labelled with its size.
  for (const p of pairs) {
    const gap = p.right - p.left - 1;
    const color = kindColor[p.kind];
    if (gap === 0) {
      const { x, y } = at(p.left);
      svg.circle(x + cell, y + cell + 24, 3, { fill: color });
      continue;
    }
    let labelled = false;
    for (let from = p.left + 1; from < p.right;) {
      const to = Math.min(p.right, (Math.floor(from / perRow) + 1) * perRow);
      const start = at(from);
      const x2 = start.x + (to - from) * cell;
      const y = start.y + cell + 20;
      svg.path(`M${start.x + 2},${y} v6 H${x2 - 2} v-6`, { stroke: color, strokeWidth: 2 });
      if (!labelled) {
        svg.text((start.x + x2) / 2, y + 22, String(gap), {
          size: 14,
          bold: true,
          fill: color,
          anchor: 'middle',
        });
        labelled = true;
      }
      from = to;
    }
  }
  if (move !== null) {
    const from = at(move.from - 1);
    const to = at(move.to - 1);
    const fx = from.x + cell / 2;
    const tx = to.x + cell / 2;
    if (from.y === to.y) {
      const y = from.y - 8;
      svg.path(`M${fx},${y} C${fx},${y - 26} ${tx},${y - 26} ${tx},${y - 4}`, {
        stroke: colors.win,
        strokeWidth: 3,
      });
      svg.arrow(tx, y - 12, tx, y, colors.win, 3);
      svg.text((fx + tx) / 2, y - 22, 'play', { size: 12, bold: true, fill: colors.win, anchor: 'middle' });
    } else {
      // A slide onto the next row: the A and where it lands, both outlined.
      svg.rect(from.x - 1, from.y - 2, cell + 2, cell + 2, { stroke: colors.win, strokeWidth: 3, rx: 4 });
      svg.rect(to.x - 1, to.y - 2, cell + 2, cell + 2, {
        stroke: colors.win,
        strokeWidth: 3,
        rx: 4,
        dash: '4 3',
      });
      svg.text(fx, from.y - 10, 'play', { size: 12, bold: true, fill: colors.win, anchor: 'middle' });
    }
  }
  return rowTop + 16;
}

/** Spare moves as two bars, and the contested gaps in binary with their XOR; returns the y below. */
function drawSummary(svg: SvgBuilder, result: AbgameResult, top: number, xorRows: number): number {
  const pad = 20;
  const barLeft = pad + 130;
  const barMax = svg.width - pad - barLeft - 60;
  const most = Math.max(1, result.spareA, result.spareB);
  const bar = (y: number, label: string, value: number, color: string) => {
    svg.text(pad, y + 14, label, { size: 14, fill: colors.text });
    const w = value === 0 ? 0 : Math.max(3, (value / most) * barMax);
    svg.rect(barLeft, y, w, 18, { fill: color, rx: 3 });
    svg.text(barLeft + w + 8, y + 14, fmt(value), { size: 14, bold: true, fill: color });
  };
  bar(top, "A's spare moves", result.spareA, colors.first);
  bar(top + 26, "B's spare moves", result.spareB, colors.second);
  let y = top + 64;
  if (result.contestedCount === 0) {
    svg.text(pad, y, 'No contested gaps (no A facing a B).', { size: 14, fill: colors.muted });
    return y + 12;
  }
  const decides = result.spareA === result.spareB;
  svg.text(
    pad,
    y,
    `${fmt(result.contestedCount)} contested gap${String(result.contestedCount) === '1' ? '' : 's'} (A facing B)${decides ? ' — spare moves tie, so their XOR decides' : ' — spare moves decide; XOR only for reference'}`,
    { size: 13, fill: decides ? colors.highlight : colors.muted },
  );
  y += 10;
  // Empty gaps (0) change no XOR: the rows go to gaps that do, when there are enough of them.
  const shown = [
    ...result.contestedShown.filter((g) => g.gap > 0),
    ...result.contestedShown.filter((g) => g.gap === 0),
  ].slice(0, xorRows);
  const bits = Math.max(1, ...shown.map((g) => g.gap.toString(2).length), result.xor.toString(2).length);
  const bitW = Math.min(18, Math.floor(220 / bits));
  const binLeft = svg.width - pad - bits * bitW;
  svg.text(binLeft + (bits * bitW) / 2, y + 4, 'binary', { size: 11, fill: colors.faint, anchor: 'middle' });
  y += 4;
  const row = (yy: number, label: string, value: number, color: string, bold = false) => {
    svg.text(pad, yy, fitText(label, 13, binLeft - pad - 70), { size: 13, fill: colors.muted });
    svg.text(binLeft - 16, yy, fmt(value), { size: 14, bold, fill: color, anchor: 'end' });
    const b = value.toString(2).padStart(bits, '0');
    for (let i = 0; i < bits; i++)
      svg.text(binLeft + i * bitW + bitW / 2, yy, b[i] ?? '0', {
        size: 14,
        bold,
        fill: color,
        anchor: 'middle',
        mono: true,
      });
  };
  for (const g of shown) {
    y += 20;
    row(y, `cells ${fmt(g.left)}–${fmt(g.right)} (${g.a === 'left' ? 'A…B' : 'B…A'})`, g.gap, colors.text);
  }
  if (result.contestedCount > shown.length) {
    y += 18;
    svg.text(pad, y, `… ${fmt(result.contestedCount - shown.length)} more contested gaps`, {
      size: 12,
      fill: colors.faint,
    });
  }
  y += 8;
  svg.line(binLeft - 60, y, svg.width - pad, y, { stroke: colors.border, strokeWidth: 1 });
  y += 18;
  row(y, 'XOR of all contested gaps', result.xor, result.xor === 0 ? colors.lose : colors.win, true);
  return y + 10;
}

function caption(result: AbgameResult): string {
  const { spareA, spareB, xor } = result;
  const moveText =
    result.move === null
      ? ''
      : ` Play: slide the A at cell ${fmt(result.move.from)} to cell ${fmt(result.move.to)} (gap ${fmt(result.move.gapBefore)} → ${fmt(result.move.gapAfter)}${result.move.kind === 'contested' ? ', XOR becomes 0' : ', a spare move'}).`;
  if (spareA !== spareB)
    return `${spareA > spareB ? 'A' : 'B'} has more spare moves (${fmt(Math.max(spareA, spareB))} to ${fmt(Math.min(spareA, spareB))}), so ${spareA > spareB ? 'A' : 'B'} wins.${moveText}`;
  return xor === 0
    ? `Spare moves tie (${fmt(spareA)} each) and the contested gaps XOR to 0: whatever A does, B restores XOR 0 or matches a spare move, so B moves last.`
    : `Spare moves tie (${fmt(spareA)} each) and the contested gaps XOR to ${fmt(xor)}, not 0: as in Nim, A wins by making it 0.${moveText}`;
}

export function pictureAbgame(
  params: AbgameParams,
  result: AbgameResult,
  _explanation: Explanation<AbgameMove>,
): Picture | null {
  const fits = params.board.length === result.cells && result.cells <= DRAWN_CELLS;
  // A drawn board that would make the picture too tall gives way to the summary strip alone.
  return (fits ? drawPicture(params, result, true) : null) ?? drawPicture(params, result, false);
}

function drawPicture(params: AbgameParams, result: AbgameResult, withBoard: boolean): Picture | null {
  const width = CARD_WIDTH;
  const pad = 20;
  const svg = new SvgBuilder(width);
  svg.text(pad, 32, `${result.winner} wins`, {
    size: 18,
    bold: true,
    fill: result.winner === 'A' ? colors.first : colors.second,
  });
  svg.text(
    pad + 110,
    32,
    `${fmt(result.cells)} cells · ${fmt(result.characters)} characters · A moves first`,
    {
      size: 13,
      fill: colors.muted,
    },
  );
  let y = 46;
  if (withBoard) {
    y = drawBoard(svg, params.board, result.move, y);
    let x = pad;
    x = svg.legendEntry(x, y, colors.highlight, 'contested gap');
    x = svg.legendEntry(x, y, colors.first, "A's spare");
    x = svg.legendEntry(x, y, colors.second, "B's spare");
    svg.legendEntry(x, y, colors.card, 'dead cell');
    y += 16;
  }
  // Beside a drawn board the binary table is shorter: the board shows every gap already.
  y = drawSummary(svg, result, y + 14, withBoard ? 3 : XOR_ROWS);
  y = svg.paragraph(pad, y + 16, caption(result), width - 2 * pad, { size: 14, fill: colors.text });
  const alt = `ABGAME, ${result.winner} wins. A has ${counted(result.spareA, 'spare move')}, B ${fmt(result.spareB)}; ${counted(result.contestedCount, 'contested gap')} with XOR ${fmt(result.xor)}.${withBoard ? ` The board ${params.board} is drawn with its pairs.` : ''}`;
  return svg.finish(y + 4, alt);
}
