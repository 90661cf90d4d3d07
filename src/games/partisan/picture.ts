/**
 * PartisanGame as a picture: the W/L strips of A (Alice to move) and B (Bob to move) over the pre-period and
 * one period, in rows of columns, with n's place ringed, the pile after Alice's move (or after Alice's move and
 * Bob's answer) ringed too, and the pre-period and the period bracketed underneath.
 */
import type { Explanation, Picture } from '../../core/game.js';
import { CARD_WIDTH, colors, SvgBuilder, textWidth } from '../../render/svg.js';
import type { PartisanMove, PartisanParams, PartisanResult } from './schema.js';

/** Columns per row of the strip, and rows at most: 90 positions drawn. */
const COLUMNS = 30;
const ROWS = 3;
/** Without a proven period, piles up to this size are recomputed here to draw the strip near n. */
const DIRECT_LIMIT = 20_000;

/** Most work (positions times moves) spent recomputing A and B where the result holds no pattern. */
const DIRECT_WORK = 20_000_000;

/** Where position m of the game shows in the strip, and what A and B are there (null: not known). */
interface Strip {
  /** The column standing for pile m (within the pre-period, or its place in the period). */
  column(m: bigint): number;
  readonly preperiod: number | null;
  readonly period: number | null;
  /** Columns there are to draw (pre-period plus one period, or 0..n). */
  readonly length: number;
}

/** A and B at positions 0..last by the rule itself (W = 1), or null when that is too much work. */
function recompute(params: PartisanParams, last: number): { a: Uint8Array; b: Uint8Array } | null {
  if ((last + 1) * Math.max(1, params.alice.length + params.bob.length) > DIRECT_WORK) return null;
  const a = new Uint8Array(last + 1);
  const b = new Uint8Array(last + 1);
  for (let m = 0; m <= last; m++) {
    for (const x of params.alice) if (x <= m && b[m - x] === 0) a[m] = 1;
    for (const x of params.bob) if (x <= m && a[m - x] === 0) b[m] = 1;
  }
  return { a, b };
}

function stripOf(result: PartisanResult, n: bigint): Strip | null {
  const cycle = result.cycle;
  if (cycle === null)
    return n <= BigInt(DIRECT_LIMIT)
      ? { column: (m) => Number(m), preperiod: null, period: null, length: Number(n) + 1 }
      : null;
  const { preperiod, period } = cycle;
  return {
    column: (m) =>
      m < BigInt(preperiod) ? Number(m) : preperiod + Number((m - BigInt(preperiod)) % BigInt(period)),
    preperiod,
    period,
    length: preperiod + period,
  };
}

/** A and B at a column: from the result's patterns where they reach, else from `extra`. */
function valueAt(
  result: PartisanResult,
  extra: { a: Uint8Array; b: Uint8Array } | null,
  c: number,
): { a: boolean; b: boolean } | null {
  const cycle = result.cycle;
  if (cycle !== null) {
    const pre = cycle.preperiod;
    const [a, b] =
      c < pre ? [cycle.headA[c], cycle.headB[c]] : [cycle.periodA[c - pre], cycle.periodB[c - pre]];
    if (a !== undefined && b !== undefined) return { a: a === 'W', b: b === 'W' };
  }
  const a = extra?.a[c];
  const b = extra?.b[c];
  return a === undefined || b === undefined ? null : { a: a === 1, b: b === 1 };
}

/** A move set with runs shortened: {1–5, 9, 11–64}. */
function setText(moves: readonly number[]): string {
  if (moves.length === 0) return 'none';
  const parts: string[] = [];
  for (let i = 0; i < moves.length;) {
    let j = i;
    while (j + 1 < moves.length && (moves[j + 1] ?? 0) === (moves[j] ?? 0) + 1) j++;
    parts.push(j - i >= 2 ? `${moves[i]}–${moves[j]}` : moves.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return `{${parts.join(', ')}}`;
}

function fmt(value: bigint | number): string {
  return value.toLocaleString('en-US');
}

interface Ring {
  readonly pile: bigint;
  readonly row: 'a' | 'b';
  readonly label: string;
  readonly color: string;
}

/** Piles to ring: n in A, and after Alice's move n - x in B (and after Bob's answer n - x - y in A). */
function ringsOf(result: PartisanResult, n: bigint): Ring[] {
  const rings: Ring[] = [{ pile: n, row: 'a', label: 'n', color: colors.highlight }];
  const take = result.aliceMoves[0];
  if (result.aliceWins && take !== undefined)
    rings.push({ pile: n - BigInt(take), row: 'b', label: `n−${take}`, color: colors.win });
  const reply = result.bobReplies[0];
  if (!result.aliceWins && reply !== undefined) {
    rings.push({ pile: n - BigInt(reply.alice), row: 'b', label: `n−${reply.alice}`, color: colors.first });
    rings.push({
      pile: n - BigInt(reply.alice) - BigInt(reply.bob),
      row: 'a',
      label: `n−${reply.alice + reply.bob}`,
      color: colors.second,
    });
  }
  return rings;
}

export function picturePartisan(
  params: PartisanParams,
  result: PartisanResult,
  _explanation: Explanation<PartisanMove>,
): Picture | null {
  const n = BigInt(result.n);
  const strip = stripOf(result, n);
  const width = CARD_WIDTH;
  const pad = 20;
  const svg = new SvgBuilder(width);
  const winner = result.aliceWins ? 'Alice' : 'Bob';
  const title = `${winner} wins with n = ${fmt(n)} stones`;
  const fits = textWidth(title, 18) <= width - 2 * pad;
  svg.text(pad, 32, fits ? title : `${winner} wins`, {
    size: 18,
    bold: true,
    fill: result.aliceWins ? colors.first : colors.second,
  });
  let y = svg.paragraph(
    pad,
    54,
    `${fits ? '' : `n = ${fmt(n)} stones · `}Alice (moves first) takes ${setText(params.alice)} · Bob takes ${setText(params.bob)}`,
    width - 2 * pad,
    { size: 13, fill: colors.muted },
  );
  y += 4;
  const rings = ringsOf(result, n);
  if (strip !== null) {
    const nColumn = strip.column(n);
    // The columns drawn: everything when it fits, else a window that keeps n's column in view.
    const capacity = COLUMNS * ROWS;
    // Keep every ringed column in view when they fit together, else n's.
    const ringColumns = rings.filter((r) => r.pile >= 0n).map((r) => strip.column(r.pile));
    const lo = Math.min(...ringColumns);
    const hi = Math.max(...ringColumns);
    const [from, to] = hi - lo < capacity ? [lo, hi] : [nColumn, nColumn];
    const start =
      strip.length <= capacity
        ? 0
        : Math.max(0, Math.min(from - Math.floor((capacity - (to - from + 1)) / 2), strip.length - capacity));
    // A short cycle is drawn repeating (faded after the first period) so the repetition shows.
    const shownLength =
      strip.period === null ? strip.length : Math.max(strip.length, Math.min(COLUMNS, capacity));
    const end = Math.min(shownLength, start + capacity);
    const periodic = (c: number) =>
      strip.preperiod !== null && strip.period !== null && c >= strip.length
        ? strip.preperiod + ((c - strip.preperiod) % strip.period)
        : c;
    const known = (c: number) => valueAt(result, null, c) !== null;
    const extra =
      known(start) && known(periodic(end - 1)) ? null : recompute(params, Math.min(end, strip.length) - 1);
    const cell = Math.floor((width - 2 * pad - 24) / COLUMNS);
    const left = pad + 24;
    // Two piles can share a column (the period wraps): their rings nest and their labels join.
    const ringAt = new Map<string, Ring[]>();
    for (const r of rings) {
      if (r.pile < 0n) continue;
      const key = `${r.row}${strip.column(r.pile)}`;
      ringAt.set(key, [...(ringAt.get(key) ?? []), r]);
    }
    for (let rowStart = start; rowStart < end; rowStart += COLUMNS) {
      const rowEnd = Math.min(end, rowStart + COLUMNS);
      // Room above for ring labels only where a ringed A cell is in this row.
      let above = 0;
      for (let c = rowStart; c < rowEnd; c++) above = Math.max(above, ringAt.get(`a${c}`)?.length ?? 0);
      const top = y + 16 + 12 * above;
      svg.text(pad, top + cell - 4, 'A', { size: 13, bold: true, fill: colors.first });
      svg.text(pad, top + 2 * cell - 2, 'B', { size: 13, bold: true, fill: colors.second });
      for (let c = rowStart; c < rowEnd; c++) {
        const x = left + (c - rowStart) * cell;
        if (c % 5 === 0)
          svg.text(x + cell / 2, top - 4, String(c), { size: 9, fill: colors.faint, anchor: 'middle' });
        const v = valueAt(result, extra, periodic(c));
        const repeated = c >= strip.length;
        (['a', 'b'] as const).forEach((row, i) => {
          const win = v === null ? null : row === 'a' ? v.a : v.b;
          const cy = top + i * (cell + 2);
          svg.rect(x + 1, cy, cell - 2, cell, {
            fill: win === null ? colors.cell : win ? '#2f6b45' : '#7a2e35',
            rx: 2,
            ...(repeated ? { opacity: 0.45 } : {}),
          });
          svg.text(x + cell / 2, cy + cell * 0.72, win === null ? '?' : win ? 'W' : 'L', {
            size: 11,
            bold: true,
            fill: colors.text,
            anchor: 'middle',
          });
          const here = ringAt.get(`${row}${c}`) ?? [];
          here.forEach((ring, k) => {
            const inset = -1.5 - 3 * k;
            svg.rect(x + inset + 1, cy + inset, cell - 2 * inset - 2, cell - 2 * inset, {
              stroke: ring.color,
              strokeWidth: 2.5,
              rx: 3,
            });
            const labelY = row === 'a' ? top - 14 - 12 * k : cy + cell + 12 + 12 * k;
            svg.text(x + cell / 2, labelY, ring.label, {
              size: 11,
              bold: true,
              fill: ring.color,
              anchor: 'middle',
            });
          });
        });
      }
      // Brackets: the pre-period and the period, where they fall in this row.
      let below = 0;
      for (let c = rowStart; c < rowEnd; c++) below = Math.max(below, ringAt.get(`b${c}`)?.length ?? 0);
      const bracketY = top + 2 * cell + 18 + 12 * below;
      let labelEnd = 0;
      let labelLines = 0;
      const bracket = (from: number, to: number, color: string, label: string) => {
        const a = Math.max(from, rowStart);
        const b = Math.min(to, rowEnd);
        if (a >= b) return;
        const x1 = left + (a - rowStart) * cell + 1;
        const x2 = left + (b - rowStart) * cell - 1;
        svg.path(`M${x1},${bracketY - 5} v5 H${x2} v-5`, { stroke: color, strokeWidth: 2 });
        if (a !== from && rowStart !== start) return;
        // Labels stay inside the card and clear of each other: the next one moves right, or down a line.
        const w = textWidth(label, 11);
        let lx = Math.max(x1, labelEnd + 10);
        let ly = bracketY + 13;
        if (lx + w > width - pad) {
          lx = Math.max(pad, Math.min(x1, width - pad - w));
          if (labelEnd > 0) ly += 13;
        }
        svg.text(lx, ly, label, { size: 11, fill: color });
        labelEnd = lx + w;
        labelLines = Math.max(labelLines, ly - bracketY);
      };
      if (strip.preperiod !== null && strip.period !== null) {
        if (strip.preperiod > 0)
          bracket(0, strip.preperiod, colors.muted, `pre-period 0–${strip.preperiod - 1}`);
        bracket(
          strip.preperiod,
          strip.preperiod + strip.period,
          colors.odd,
          `one period: ${fmt(strip.period)} position${strip.period === 1 ? '' : 's'}, repeating`,
        );
      }
      y = bracketY + (strip.period === null ? 0 : labelLines + 12);
    }
    if (start > 0 || end < strip.length)
      y = svg.paragraph(
        pad,
        y + 4,
        `Positions ${fmt(start)}–${fmt(end - 1)} of ${fmt(strip.length)} drawn.`,
        width - 2 * pad,
        {
          size: 12,
          fill: colors.faint,
        },
      );
  } else {
    y = svg.paragraph(
      pad,
      y + 8,
      'No period was certified within the step budget and n is large, so no strip is drawn.',
      width - 2 * pad,
      { size: 13, fill: colors.muted },
    );
  }
  // The reasons, checkable on the strip.
  const lines: string[] = [
    'A(m): Alice wins moving first with m stones; B(m) the same for Bob. A(m) = W when some move of hers leaves B = L.',
  ];
  const cycle = result.cycle;
  if (cycle !== null && cycle.offset !== null)
    lines.push(
      `n = ${fmt(n)} is ${cycle.preperiod === 0 ? 'n' : `(n − ${fmt(cycle.preperiod)})`} mod ${fmt(cycle.period)} = ${fmt(cycle.offset)} places into the period: the ringed column, A = ${result.aliceWins ? 'W' : 'L'}.`,
    );
  else lines.push(`n = ${fmt(n)} is the ringed column: A = ${result.aliceWins ? 'W' : 'L'}.`);
  const take = result.aliceMoves[0];
  const reply = result.bobReplies[0];
  if (result.aliceWins && take !== undefined)
    lines.push(`Alice takes ${take}: Bob faces n − ${take} stones, where B = L (green ring).`);
  else if (reply !== undefined)
    lines.push(
      `Every move of Alice's has an answer, e.g. she takes ${reply.alice} (B = W, blue ring), Bob takes ${reply.bob}, and she faces A = L again (pink ring).`,
    );
  else lines.push('Alice has no move at all with this pile, so she loses at once.');
  for (const line of lines)
    y = svg.paragraph(pad, y + 8, line, width - 2 * pad, { size: 13, fill: colors.text }) - 4;
  const alt = `PartisanGame, ${winner} wins with ${fmt(n)} stones. Strips of A and B win/lose values${cycle === null ? '' : ` with a pre-period of ${fmt(cycle.preperiod)} and a period of ${fmt(cycle.period)}`}, n's place ringed.`;
  return svg.finish(y + 14, alt);
}
