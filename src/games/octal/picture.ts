/**
 * Octal games as a picture: the value sequence G(0), G(1), ... as numbered cells in rows, the pre-period and
 * one period bracketed underneath (a short period drawn repeating, faded), each heap's place ringed, and the
 * XOR and the winning move in words.
 */
import type { Explanation, Picture } from '../../core/game.js';
import { CARD_WIDTH, colors, SvgBuilder } from '../../render/svg.js';
import type { OctalMove, OctalParams, OctalResult } from './schema.js';

const COLUMNS = 30;
const ROWS = 4;
/** Cell colours by value (value 0 stays plain: a lost heap). */
const PALETTE = ['#5ea1ff', '#57f287', '#f0b232', '#f47fa4', '#3ec4b0', '#c38fff', '#ff9f5a', '#9ad0ff'];

function fmt(value: bigint | number | string): string {
  return BigInt(value).toLocaleString('en-US');
}

/** G at column c, from the result's samples; null where they do not reach. */
function valueAt(result: OctalResult, c: number): number | null {
  const { preperiod: n0, period: p } = result;
  if (n0 === null || p === null || c < n0) return result.sample[c] ?? null;
  return result.periodSample[(c - n0) % p] ?? null;
}

/** The column standing for heap h: h itself, or its place in the first period. */
function columnOf(result: OctalResult, h: bigint): number | null {
  const { preperiod: n0, period: p } = result;
  if (n0 === null || p === null || h < BigInt(n0 + p)) return h < 1_000_000n ? Number(h) : null;
  return n0 + Number((h - BigInt(n0)) % BigInt(p));
}

/**
 * The rows of cells drawn, as [from, to) ranges of heap sizes. When the pre-period and one period fit, they
 * are drawn in full from G(0) on (a short period repeated, faded); otherwise the start, the period's start and
 * the rows holding the heaps' places, in order.
 */
function chooseRows(result: OctalResult): [number, number][] {
  const { preperiod: n0, period: p } = result;
  const capacity = COLUMNS * ROWS;
  const consecutive = (end: number): [number, number][] =>
    Array.from({ length: Math.ceil(end / COLUMNS) }, (_, r) => [
      r * COLUMNS,
      Math.min(end, (r + 1) * COLUMNS),
    ]);
  if (n0 === null || p === null) {
    let end = 0;
    while (end < capacity && valueAt(result, end) !== null) end++;
    return consecutive(end);
  }
  if (n0 + p <= capacity) return consecutive(capacity);
  const rowOf = (c: number): [number, number] =>
    c < n0
      ? [Math.floor(c / COLUMNS) * COLUMNS, Math.min(n0, (Math.floor(c / COLUMNS) + 1) * COLUMNS)]
      : [
          n0 + Math.floor((c - n0) / COLUMNS) * COLUMNS,
          Math.min(n0 + p, n0 + (Math.floor((c - n0) / COLUMNS) + 1) * COLUMNS),
        ];
  const wanted = [0, n0, ...result.heaps.slice(0, 6).map((h) => columnOf(result, BigInt(h)))];
  const rows: [number, number][] = [];
  for (const c of wanted) {
    if (c === null || valueAt(result, c) === null || rows.length >= ROWS) continue;
    const row = rowOf(c);
    if (!rows.some(([from]) => from === row[0])) rows.push(row);
  }
  return rows.sort((x, y) => x[0] - y[0]);
}

export function pictureOctal(
  _params: OctalParams,
  result: OctalResult,
  explanation: Explanation<OctalMove>,
): Picture | null {
  const width = CARD_WIDTH;
  const pad = 20;
  const svg = new SvgBuilder(width);
  const wins = result.xor !== '0';
  svg.text(pad, 32, `${wins ? 'First' : 'Second'} player wins · ${result.code}`, {
    size: 18,
    bold: true,
    fill: wins ? colors.first : colors.second,
  });
  const heapsText =
    result.heaps.length > 6 ? `${result.heaps.length} heaps` : `heaps ${result.heaps.map(fmt).join(', ')}`;
  let y = svg.paragraph(
    pad,
    54,
    `${heapsText} · values ${result.values.slice(0, 6).join(', ')}${result.values.length > 6 ? ', …' : ''} · XOR ${result.xor}`,
    width - 2 * pad,
    { size: 13, fill: colors.muted },
  );
  const { preperiod: n0, period: p } = result;
  const proven = n0 !== null && p !== null;
  const rows = chooseRows(result);
  const cell = Math.floor((width - 2 * pad) / COLUMNS);
  const rings = new Map<number, string[]>();
  /** Heaps among the first six whose place is not among the cells drawn: named in words instead. */
  const offPicture: string[] = [];
  result.heaps.slice(0, 6).forEach((h, i) => {
    const c = columnOf(result, BigInt(h));
    if (c !== null && valueAt(result, c) !== null && rows.some(([from, to]) => c >= from && c < to)) {
      rings.set(c, [...(rings.get(c) ?? []), `h${i + 1}`]);
    } else {
      const place = c !== null && BigInt(c) !== BigInt(h) ? ` (its place n = ${fmt(c)})` : '';
      offPicture.push(`h${i + 1} = ${fmt(h)}${place}, G = ${fmt(result.values[i] ?? '0')}`);
    }
  });
  const labelled = new Set<string>();
  y += 6;
  rows.forEach(([rowStart, rowEnd], r) => {
    const previous = rows[r - 1];
    if (previous !== undefined && previous[1] < rowStart) {
      svg.text(pad, y + 4, `⋯ G(${fmt(previous[1])}) to G(${fmt(rowStart - 1)}) not shown`, {
        size: 10,
        fill: colors.faint,
      });
      y += 14;
    }
    const top = y + 16;
    for (let c = rowStart; c < rowEnd; c++) {
      const v = valueAt(result, c);
      if (v === null) continue;
      const x = pad + (c - rowStart) * cell;
      if ((c === rowStart && c % 10 < 7) || c % 10 === 0) {
        svg.text(x + cell / 2, top - 4, fmt(c), { size: 9, fill: colors.faint, anchor: 'middle' });
      }
      const repeated = proven && c >= n0 + p;
      svg.rect(x + 1, top, cell - 2, cell, {
        fill: v === 0 ? colors.cell : (PALETTE[(v - 1) % PALETTE.length] ?? colors.cell),
        stroke: colors.cellStroke,
        rx: 2,
        ...(repeated ? { opacity: 0.4 } : {}),
      });
      svg.text(x + cell / 2, top + cell * 0.7, String(v), {
        size: v >= 100 ? 7 : v >= 10 ? 9 : 11,
        bold: true,
        fill: v === 0 ? colors.muted : colors.card,
        anchor: 'middle',
      });
      const labels = rings.get(c);
      if (labels !== undefined) {
        svg.rect(x - 0.5, top - 1.5, cell + 1, cell + 3, {
          stroke: colors.highlight,
          strokeWidth: 2.5,
          rx: 3,
        });
        svg.text(x + cell / 2, top + cell + 11, labels.join(','), {
          size: 9,
          bold: true,
          fill: colors.highlight,
          anchor: 'middle',
        });
      }
    }
    const bracketY = top + cell + 20;
    let labelY = bracketY;
    const bracket = (from: number, to: number, color: string, label: string) => {
      const a = Math.max(from, rowStart);
      const b = Math.min(to, rowEnd);
      if (a >= b) return;
      const x1 = pad + (a - rowStart) * cell + 1;
      const x2 = pad + (b - rowStart) * cell - 1;
      svg.path(`M${x1},${bracketY - 5} v5 H${x2} v-5`, { stroke: color, strokeWidth: 2 });
      if (!labelled.has(label)) {
        labelled.add(label);
        svg.text(Math.min(x1, width - pad - 200), bracketY + 13, label, { size: 11, fill: color });
        labelY = bracketY + 20;
      }
    };
    if (proven) {
      if (n0 > 0) bracket(0, n0, colors.muted, `pre-period G(0..${fmt(n0 - 1)})`);
      bracket(n0, n0 + p, colors.odd, `period ${fmt(p)}: G(${fmt(n0)}..${fmt(n0 + p - 1)})`);
      y = labelY + 4;
    } else {
      y = top + cell + 14;
    }
  });
  const period = proven
    ? `G(n + ${fmt(p)}) = G(n) for every n >= ${fmt(n0)}, proven from G(0..${fmt(result.proof?.computed ?? 0)}); a heap's value is read at its place in the period (ringed).`
    : result.code === 'nim'
      ? 'Nim: G(n) = n, no period.'
      : `Computed to G(${fmt(result.computed)}), no period proven yet.`;
  y = svg.paragraph(pad, y + 8, period, width - 2 * pad, { size: 13, fill: colors.text }) - 4;
  if (offPicture.length > 0) {
    y =
      svg.paragraph(pad, y + 8, `Not among the cells drawn: ${offPicture.join('; ')}.`, width - 2 * pad, {
        size: 12,
        fill: colors.muted,
      }) - 4;
  }
  const move = explanation.moves[0]?.text;
  y =
    move === undefined
      ? svg.paragraph(
          pad,
          y + 8,
          explanation.refutation ?? explanation.whyNoMove ?? 'Every move leaves a XOR other than 0.',
          width - 2 * pad,
          {
            size: 13,
            fill: colors.muted,
          },
        )
      : svg.paragraph(pad, y + 8, `Winning move: ${move}`, width - 2 * pad, {
          size: 13,
          bold: true,
          fill: colors.win,
        });
  const shown = rows.map(([from, to]) => `${fmt(from)}–${fmt(to - 1)}`).join(', ');
  const alt = `Octal game ${result.code}: ${wins ? 'first' : 'second'} player wins (XOR ${result.xor}). Grundy values G(n) for n = ${shown}${proven ? `, the pre-period up to ${fmt(n0)} and the period ${fmt(p)} marked` : ''}, ${offPicture.length === 0 ? "each heap's place ringed" : `heaps ringed where their places are drawn; not drawn: ${offPicture.join('; ')}`}.`;
  return svg.finish(y + 10, alt);
}
