/**
 * SEAGM as a picture: the cards (or, for many cards, groups of cards) against the primes that matter, a dot
 * where a prime divides a card, each prime's count with its parity, and the first card to take (or the losing
 * opening and its refuting reply) highlighted.
 */
import type { Explanation, Picture } from '../../core/game.js';
import { CARD_WIDTH, colors, fitText, SvgBuilder, textWidth } from '../../render/svg.js';
import { distinctPrimes } from './factor.js';
import type { SeagmMove, SeagmParams, SeagmResult } from './schema.js';

/** Rows of cards drawn at most; beyond it the smallest groups are summarised in one line. */
const MAX_ROWS = 12;

function gcd(x: number, y: number): number {
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** What the picture is about: the primes shown and the cards to highlight. */
interface Focus {
  readonly primes: readonly number[];
  /** The card to take (green), or the losing opening (red). */
  readonly card: number | null;
  /** The second player's refuting reply to `card`. */
  readonly reply: number | null;
  readonly kind: 'all-share' | 'win' | 'refuted' | 'no-primes';
}

function focusOf(result: SeagmResult): Focus {
  if (result.gcdAll > 1)
    return { primes: distinctPrimes(result.gcdAll), card: null, reply: null, kind: 'all-share' };
  if (result.firstWins) {
    const card = result.winningCards[0] ?? 1;
    return { primes: distinctPrimes(card), card, reply: null, kind: 'win' };
  }
  const refutation =
    result.refutations.find((r) => r.reply !== null && r.card !== 1) ??
    result.refutations.find((r) => r.card !== 1);
  if (refutation === undefined) return { primes: [], card: 1, reply: null, kind: 'no-primes' };
  return {
    primes: distinctPrimes(refutation.card),
    card: refutation.card,
    reply: refutation.reply,
    kind: 'refuted',
  };
}

/** The picture in words: what the grid shows and the move it highlights. */
function altOf(focus: Focus): string {
  if (focus.kind === 'no-primes')
    return 'The cards are drawn; every card is 1, so whoever takes the first card loses.';
  const grid = `A grid of the cards against the ${focus.primes.length === 1 ? 'prime' : 'primes'} ${focus.primes.join(', ')} with each prime's count and parity`;
  if (focus.kind === 'win') return `${grid}; take ${focus.card ?? ''}.`;
  if (focus.kind === 'refuted')
    return `${grid}; opening ${focus.card ?? ''} ${focus.reply === null ? 'loses by itself' : `is answered by ${focus.reply}`}.`;
  return `${grid}.`;
}

/** One drawn row: a card value (with how many cards carry it) or a group of cards with the same primes. */
interface Row {
  readonly label: string;
  readonly covers: readonly boolean[];
  readonly mark: 'take' | 'open' | 'reply' | null;
  readonly cards: number;
}

function rowsOf(cards: readonly number[], focus: Focus): { rows: Row[]; hidden: number } {
  const values = new Map<number, number>();
  for (const c of cards) values.set(c, (values.get(c) ?? 0) + 1);
  const mark = (value: number): Row['mark'] =>
    value === focus.card ? (focus.kind === 'win' ? 'take' : 'open') : value === focus.reply ? 'reply' : null;
  if (values.size <= MAX_ROWS) {
    const rows = [...values].map(([value, times]) => ({
      label: times === 1 ? String(value) : `${value}  ×${times}`,
      covers: focus.primes.map((p) => value % p === 0),
      mark: mark(value),
      cards: times,
    }));
    return { rows, hidden: 0 };
  }
  // Many distinct values: the highlighted cards alone, then groups by which shown primes divide them.
  const rows: Row[] = [];
  const highlighted = [focus.card, focus.reply].filter((v): v is number => v !== null && values.has(v));
  for (const value of highlighted)
    rows.push({
      label: String(value),
      covers: focus.primes.map((p) => value % p === 0),
      mark: mark(value),
      cards: 1,
    });
  const groups = new Map<string, { covers: boolean[]; cards: number; examples: number[] }>();
  const taken = new Set(highlighted);
  for (const [value, times] of values) {
    let left = times;
    if (taken.has(value)) left--;
    if (left === 0) continue;
    const covers = focus.primes.map((p) => value % p === 0);
    const key = covers.map((c) => (c ? '1' : '0')).join('');
    const group = groups.get(key) ?? { covers, cards: 0, examples: [] };
    group.cards += left;
    if (group.examples.length < 3) group.examples.push(value);
    groups.set(key, group);
  }
  const sorted = [...groups.values()].sort((a, b) => b.cards - a.cards);
  const room = MAX_ROWS - rows.length;
  for (const g of sorted.slice(0, room))
    rows.push({
      label: `${count(g.cards)} like ${g.examples.join(', ')}${g.cards > g.examples.length ? '…' : ''}`,
      covers: g.covers,
      mark: null,
      cards: g.cards,
    });
  const hidden = sorted.slice(room).reduce((a, g) => a + g.cards, 0);
  return { rows, hidden };
}

function parity(n: number): string {
  return n % 2 === 0 ? 'even' : 'odd';
}

function captions(
  params: SeagmParams,
  result: SeagmResult,
  focus: Focus,
  counts: readonly number[],
): string[] {
  const n = params.cards.length;
  const list = (f: (p: number, i: number) => string) => focus.primes.map(f).join(', ');
  switch (focus.kind) {
    case 'all-share':
      return [
        `Every card is divisible by ${list((p) => String(p))}, so g never becomes 1: all ${count(n)} cards are played.`,
        `${count(n)} is ${parity(n)}, so the ${n % 2 === 1 ? 'first' : 'second'} player takes the last card and the other has none left.`,
      ];
    case 'win':
      return [
        `Take ${focus.card ?? ''}: g becomes ${focus.card ?? ''}. Count the cards each of its primes divides: ${list((p, i) => `${p}: ${counts[i] ?? 0} (${parity(counts[i] ?? 0)})`)}.`,
        counts.every((c) => c % 2 === 1)
          ? 'All odd: after your card every prime of g has an even number left, so you can answer every card your opponent takes, and they run out of safe cards first.'
          : 'Mixed parities: the solver checked every prime set a reply can leave; each reply has an answer.',
      ];
    case 'refuted': {
      if (focus.reply === null)
        return [
          `Every first card loses. Example: after ${focus.card ?? ''} the second player can only run you out of safe cards.`,
        ];
      const g = gcd(focus.card ?? 1, focus.reply);
      const alive = distinctPrimes(g);
      const leftOf = (p: number) => params.cards.filter((c) => c % p === 0).length - 2;
      const left = alive
        .map((p) => `${leftOf(p)} card${leftOf(p) === 1 ? '' : 's'} divisible by ${p}`)
        .join(', ');
      return [
        `Every first card loses. Example: open with ${focus.card ?? ''} (red) and the reply ${focus.reply ?? ''} (pink) makes g = ${g}.`,
        alive.length === 0
          ? ''
          : `Left after both: ${left}${alive.every((p) => leftOf(p) % 2 === 0) ? ' (even: the replier answers every card, and you run out first).' : '.'}`,
      ].filter((line) => line !== '');
    }
    case 'no-primes':
      return [`Every card is 1: whoever takes one makes g = 1 and loses, so the first player loses at once.`];
  }
}

export function pictureSeagm(
  params: SeagmParams,
  result: SeagmResult,
  _explanation: Explanation<SeagmMove>,
): Picture | null {
  const focus = focusOf(result);
  const { rows, hidden } = rowsOf(params.cards, focus);
  const counts = focus.primes.map((p) => params.cards.reduce((a, c) => a + (c % p === 0 ? 1 : 0), 0));
  const width = CARD_WIDTH;
  const pad = 20;
  const svg = new SvgBuilder(width);
  const verdict = result.firstWins ? 'First player wins' : 'Second player wins';
  svg.text(pad, 32, `${verdict} with perfect play`, {
    size: 18,
    bold: true,
    fill: result.firstWins ? colors.first : colors.second,
  });
  const random =
    result.fraction === null
      ? result.probability.toFixed(4)
      : result.fraction.den === '1'
        ? result.fraction.num
        : `${result.fraction.num}/${result.fraction.den} (${result.probability.toFixed(4)})`;
  svg.text(pad, 54, `${count(params.cards.length)} cards · random play: first player wins ${random}`, {
    size: 13,
    fill: colors.muted,
  });

  // The grid: card labels, then one column per prime; a dot where the prime divides the card.
  const labelWidth = Math.min(
    230,
    Math.max(80, ...rows.map((r) => textWidth(r.label, 14) + 24), textWidth('cards', 13) + 10),
  );
  const columns = Math.max(1, focus.primes.length);
  const colWidth = Math.max(
    36,
    Math.min(90, Math.floor((width - 2 * pad - labelWidth) / columns)),
    ...focus.primes.map((p) => textWidth(String(p), 14) + 12),
  );
  const gridLeft = pad + labelWidth;
  const top = 80;
  const rowH = rows.length > 8 ? 24 : 28;
  svg.text(pad, top + 14, focus.primes.length > 0 ? 'card ↓ · prime →' : 'cards', {
    size: 13,
    fill: colors.faint,
  });
  focus.primes.forEach((p, i) => {
    const cx = gridLeft + i * colWidth + colWidth / 2;
    svg.text(cx, top + 16, fitText(String(p), 14, colWidth - 4), { size: 14, bold: true, anchor: 'middle' });
  });
  const gridTop = top + 26;
  rows.forEach((row, r) => {
    const y = gridTop + r * rowH;
    if (r % 2 === 0) svg.rect(pad - 6, y, width - 2 * pad + 12, rowH, { fill: '#23252a', rx: 4 });
    const markColor =
      row.mark === 'take'
        ? colors.win
        : row.mark === 'open'
          ? colors.lose
          : row.mark === 'reply'
            ? colors.second
            : null;
    if (markColor !== null)
      svg.rect(pad - 6, y + 1, width - 2 * pad + 12, rowH - 2, {
        stroke: markColor,
        strokeWidth: 2.5,
        rx: 5,
      });
    svg.text(pad, y + rowH / 2 + 5, fitText(row.label, 14, labelWidth - 10), {
      size: 14,
      bold: row.mark !== null,
      fill: markColor ?? colors.text,
      mono: true,
    });
    row.covers.forEach((covered, i) => {
      const cx = gridLeft + i * colWidth + colWidth / 2;
      if (covered) svg.circle(cx, y + rowH / 2, 7, { fill: markColor ?? colors.text });
      else svg.circle(cx, y + rowH / 2, 2, { fill: colors.faint });
    });
  });
  let y = gridTop + rows.length * rowH;
  if (hidden > 0) {
    svg.text(pad, y + 16, `… and ${count(hidden)} more cards in smaller groups (counted below)`, {
      size: 12,
      fill: colors.faint,
    });
    y += 22;
  }
  // Each prime's count and parity: the numbers the reasoning checks.
  if (focus.primes.length > 0) {
    y += 6;
    svg.line(pad, y, width - pad, y, { stroke: colors.border, strokeWidth: 1 });
    svg.text(pad, y + 20, 'cards divisible', { size: 13, fill: colors.muted });
    counts.forEach((c, i) => {
      const cx = gridLeft + i * colWidth + colWidth / 2;
      const color = c % 2 === 0 ? colors.even : colors.odd;
      svg.text(cx, y + 20, fitText(count(c), 14, colWidth - 4), {
        size: 14,
        bold: true,
        anchor: 'middle',
        fill: color,
      });
      svg.text(cx, y + 36, parity(c), { size: 12, anchor: 'middle', fill: color });
    });
    y += 44;
    if (focus.kind === 'refuted' && focus.reply !== null) {
      // After the opening and the reply: the primes still in g, and how many of their cards are left.
      const g = gcd(focus.card ?? 1, focus.reply);
      svg.text(pad, y + 16, 'left after both', { size: 13, fill: colors.muted });
      counts.forEach((c, i) => {
        const p = focus.primes[i] ?? 1;
        const cx = gridLeft + i * colWidth + colWidth / 2;
        if (g % p !== 0) {
          svg.text(cx, y + 16, 'gone', { size: 12, anchor: 'middle', fill: colors.faint });
          return;
        }
        const color = (c - 2) % 2 === 0 ? colors.even : colors.odd;
        svg.text(cx, y + 16, count(c - 2), { size: 14, bold: true, anchor: 'middle', fill: color });
      });
      y += 24;
    }
  }
  y += 14;
  for (const line of captions(params, result, focus, counts))
    y = svg.paragraph(pad, y, line, width - 2 * pad, { size: 14, fill: colors.text }) + 4;
  let x = pad;
  y += 4;
  if (focus.kind === 'win') x = svg.legendEntry(x, y, colors.win, 'card to take');
  if (focus.kind === 'refuted') {
    x = svg.legendEntry(x, y, colors.lose, 'opening');
    x = svg.legendEntry(x, y, colors.second, 'reply');
  }
  if (focus.primes.length > 0) {
    x = svg.legendEntry(x, y, colors.odd, 'odd count');
    svg.legendEntry(x, y, colors.even, 'even count');
  }
  const alt = `${verdict}. ${altOf(focus)}`;
  return svg.finish(y + 16, alt);
}
