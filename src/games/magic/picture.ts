/**
 * MAGIC as a picture: the board's components as circles sized by their rooms and coloured by parity, the two
 * magicians on theirs, and First's winning move drawn: the passage he builds (a line between the components it
 * joins) and where he teleports (a dashed arrow). Many components: the ones that matter, and the rest counted.
 */
import type { Explanation, Picture } from '../../core/game.js';
import { counted } from '../../core/text.js';
import { CARD_WIDTH, colors, fitText, SvgBuilder, textWidth } from '../../render/svg.js';
import type { MagicMove, MagicParams, MagicResult, Room } from './schema.js';
import { key, selectComponents, type Component } from './picture-components.js';

/** Circles drawn at most; further components are only counted. */
const MAX_CIRCLES = 14;

/** A component to draw: its size and a few of its rooms, for labels and for finding a move's rooms. */
/** A size short enough for a circle: 1,234 or 12.3k or 1.0M. */
function compact(n: number): string {
  if (n < 10_000) return n.toLocaleString('en-US');
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 100_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

function big(value: string | number | bigint): string {
  return BigInt(value).toLocaleString('en-US');
}

function roomsText(c: Component): string {
  if (c.size === 1) return `room ${String(c.rooms[0] ?? '')}`;
  if (c.size <= 3) return `rooms ${c.rooms.join(', ')}`;
  return `rooms ${c.rooms.slice(0, 2).join(', ')}, …`;
}

/** A bold label centred at (x, baseline y) on a patch of the card's colour, so lines under it never cross it. */
function labelWithBackground(
  svg: SvgBuilder,
  x: number,
  y: number,
  text: string,
  size: number,
  fill: string,
): void {
  const w = textWidth(text, size);
  svg.rect(x - w / 2 - 4, y - size, w + 8, size + 5, { fill: colors.card, rx: 4 });
  svg.text(x, y, text, { size, bold: true, fill, anchor: 'middle' });
}

/** Does a label box (centre x, baseline y, width w, font 12) touch a circle (with a 2 px margin)? */
function touches(x: number, y: number, w: number, p: { x: number; y: number; r: number }): boolean {
  const nx = Math.max(x - w / 2 - 4, Math.min(p.x, x + w / 2 + 4));
  const ny = Math.max(y - 12, Math.min(p.y, y + 5));
  return Math.hypot(nx - p.x, ny - p.y) < p.r + 5;
}

/** Where on the passage a to b its label touches no circle: the middle first, else the freest point tried. */
function labelSpot(
  a: { x: number; y: number },
  b: { x: number; y: number },
  w: number,
  circles: readonly { x: number; y: number; r: number }[],
): { x: number; y: number } {
  for (const t of [0.5, 0.4, 0.6, 0.3, 0.7]) {
    for (const dy of [4, -8, 16]) {
      const x = a.x + (b.x - a.x) * t;
      const y = a.y + (b.y - a.y) * t + dy;
      if (!circles.some((p) => touches(x, y, w, p))) return { x, y };
    }
  }
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 + 4 };
}

interface Placed {
  readonly c: Component;
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

export function pictureMagic(
  params: MagicParams,
  result: MagicResult,
  _explanation: Explanation<MagicMove>,
): Picture | null {
  const winning = result.moves[0];
  const move = winning?.move;
  const moveRooms: Room[] =
    move === undefined
      ? []
      : 'walkTo' in move
        ? [move.walkTo]
        : [...move.join, ...(move.teleportTo === undefined ? [] : [move.teleportTo])];
  // A few untouched single rooms make the picture honest about them; the rest are counted.
  const untouched = BigInt(result.untouched);
  const { drawn, of, movedSingles } = selectComponents(params, moveRooms, MAX_CIRCLES);
  // Passages join two different rooms, so every drawn component of one room is an untouched room, except the
  // magicians' rooms 1 and 2, which the result never counts as untouched.
  const untouchedLeft = untouched - BigInt(drawn.filter((c) => c.size === 1 && !c.first && !c.second).length);
  const singlesShown = Number(untouchedLeft < 3n ? untouchedLeft : 3n);
  const shown = drawn.slice(0, Math.max(2 + movedSingles, MAX_CIRCLES - singlesShown));
  const maxSize = Math.max(...shown.map((c) => c.size), 1);

  const width = CARD_WIDTH;
  const pad = 20;
  const svg = new SvgBuilder(width);
  const firstWins = result.outcome === 'first';
  svg.text(pad, 32, `${firstWins ? 'First' : 'Second'} wins`, {
    size: 18,
    bold: true,
    fill: firstWins ? colors.first : colors.second,
  });
  const telepoints = `telepoints: First ${big(params.p1)}, Second ${big(params.p2)}`;
  const header = `${big(params.rooms)} rooms · ${big(params.passages.length)} passage${params.passages.length === 1 ? '' : 's'} · ${telepoints}`;
  const headerEnd = svg.paragraph(pad, 54, header, width - 2 * pad, { size: 13, fill: colors.muted });

  // Area grows with rooms, relative to the largest drawn, but small boards keep small circles.
  const radius = (size: number) => Math.min(14 + 30 * Math.sqrt(size / maxSize), 14 + 10 * Math.sqrt(size));
  const items: { c: Component; i: number | null }[] = [
    ...shown.map((c, i) => ({ c, i })),
    ...Array.from({ length: singlesShown }, () => ({
      c: { size: 1, rooms: [], first: false, second: false },
      i: null,
    })),
  ];
  const placed = new Map<number, Placed>();
  const all: Placed[] = [];
  const teleports = move !== undefined && 'join' in move && move.teleportTo !== undefined;
  // Rows of slots, each row centred; the first row leaves room above for the teleport's arc.
  const buildLabel =
    move !== undefined && 'join' in move ? `build ${String(move.join[0])}–${String(move.join[1])}` : '';
  const joined = new Set(
    move !== undefined && 'join' in move ? move.join.map((r) => of.get(key(r)) ?? -1) : [],
  );
  // The two components a passage joins sit side by side, so the passage crosses no other circle.
  const [ja, jb] = [...joined];
  if (ja !== undefined && jb !== undefined) {
    const from = items.findIndex((item) => item.i === Math.max(ja, jb));
    const [moved] = items.splice(from, 1);
    if (moved !== undefined)
      items.splice(items.findIndex((item) => item.i === Math.min(ja, jb)) + 1, 0, moved);
  }
  const slots = items.map((item) => {
    const r = radius(item.c.size);
    // A joined pair's label sits on the passage between the two circles: leave it room there.
    // Inside one component, the label goes beside the circle: room on both sides keeps it centred.
    const labelRoom =
      item.i !== null && joined.has(item.i)
        ? (textWidth(buildLabel, 12) + 64) * (joined.size === 1 ? 2 : 1)
        : 0;
    return { item, r, w: Math.max(2 * r + 44, 96, 2 * r + labelRoom) };
  });
  const rows: (typeof slots)[] = [];
  let rowWidth = 0;
  for (const slot of slots) {
    const last = rows[rows.length - 1];
    if (last === undefined || rowWidth + slot.w > width - 2 * pad) {
      rows.push([slot]);
      rowWidth = slot.w;
    } else {
      last.push(slot);
      rowWidth += slot.w;
    }
  }
  let rowTop = headerEnd + (teleports || (move !== undefined && 'walkTo' in move) ? 40 : 12);
  // Two rows at most (the magicians and the move's components always fit in them); the rest are counted.
  rows.splice(2);
  for (const row of rows) {
    const total = row.reduce((a, s) => a + s.w, 0);
    let x = (width - total) / 2;
    const rowHeight = Math.max(...row.map((s) => 2 * s.r + 42));
    for (const slot of row) {
      const p: Placed = {
        c: slot.item.c,
        x: x + slot.w / 2,
        y: rowTop + 24 + Math.max(...row.map((s) => s.r)),
        r: slot.r,
      };
      all.push(p);
      if (slot.item.i !== null) placed.set(slot.item.i, p);
      x += slot.w;
    }
    rowTop += rowHeight + 4;
  }
  const figureBottom = rowTop + 6;

  // The move, under the circles' labels but over the circles' fill.
  const at = (room: Room) => placed.get(of.get(key(room)) ?? -1);
  for (const p of all) {
    const odd = p.c.size % 2 === 1;
    svg.circle(p.x, p.y, p.r, { fill: odd ? colors.odd : colors.even, opacity: 0.85 });
  }
  if (move !== undefined && 'join' in move) {
    const a = at(move.join[0]);
    const b = at(move.join[1]);
    if (a !== undefined && b !== undefined) {
      if (a === b) {
        // A passage inside one component: a chord across it, labelled beside it.
        svg.path(
          `M${a.x - a.r * 0.7},${a.y - a.r * 0.35} Q${a.x},${a.y - a.r * 0.75} ${a.x + a.r * 0.7},${a.y - a.r * 0.35}`,
          { stroke: colors.win, strokeWidth: 4 },
        );
      } else {
        // Edge to edge, so the line leaves the room counts inside the circles readable.
        const d = Math.max(1, Math.hypot(b.x - a.x, b.y - a.y));
        const ux = (b.x - a.x) / d;
        const uy = (b.y - a.y) / d;
        svg.line(a.x + ux * a.r, a.y + uy * a.r, b.x - ux * b.r, b.y - uy * b.r, {
          stroke: colors.win,
          strokeWidth: 5,
        });
      }
      const w = textWidth(buildLabel, 12);
      const spot = a === b ? { x: a.x + a.r + w / 2 + 10, y: a.y + 4 } : labelSpot(a, b, w, all);
      labelWithBackground(svg, spot.x, spot.y, buildLabel, 12, colors.win);
    }
    if (move.teleportTo !== undefined) {
      const from = placed.get(0);
      const to = at(move.teleportTo);
      if (from !== undefined && to !== undefined && from !== to) {
        // Leave the top of First's circle, arrive on top of the target, and pass above every circle and
        // magician's name in between (the names sit up to 24 above a circle).
        const side = to.x >= from.x ? 1 : -1;
        const sx = from.x + side * from.r * 0.64;
        const sy = from.y - from.r * 0.77;
        const ex = to.x - side * (to.r + 4) * 0.64;
        const ey = to.y - (to.r + 4) * 0.77;
        const lo = Math.min(from.x, to.x);
        const hi = Math.max(from.x, to.x);
        const tops = all.filter((p) => p.x >= lo && p.x <= hi).map((p) => p.y - p.r);
        const apex = Math.min(...tops, from.y - from.r, to.y - to.r) - 32;
        const cx = (sx + ex) / 2;
        const cy = 2 * apex - (sy + ey) / 2;
        svg.path(`M${sx},${sy} Q${cx},${cy} ${ex},${ey}`, {
          stroke: colors.highlight,
          strokeWidth: 3,
          dash: '7 5',
        });
        svg.arrow(ex - (ex - cx) * 0.15, ey - (ey - cy) * 0.15, ex, ey, colors.highlight, 3);
        labelWithBackground(
          svg,
          cx,
          apex - 5,
          `teleport to ${String(move.teleportTo)}`,
          12,
          colors.highlight,
        );
      }
    }
  }
  if (move !== undefined && 'walkTo' in move) {
    const a = placed.get(0);
    if (a !== undefined)
      // Above the magicians' names, which sit just over the circle.
      labelWithBackground(svg, a.x, a.y - a.r - 30, `walk to room ${String(move.walkTo)}`, 12, colors.win);
  }
  for (const p of all) {
    svg.text(p.x, p.y + 5, compact(p.c.size), {
      size: p.r > 22 ? 15 : 12,
      bold: true,
      fill: colors.card,
      anchor: 'middle',
    });
    const who =
      p.c.first && p.c.second ? 'First + Second' : p.c.first ? 'First' : p.c.second ? 'Second' : null;
    if (who !== null) {
      const color = p.c.first ? colors.first : colors.second;
      svg.circle(p.x, p.y, p.r + 3, { stroke: color, strokeWidth: 3 });
      labelWithBackground(svg, p.x, p.y - p.r - 10, who, 13, color);
    }
    const label = p.c.rooms.length === 0 ? 'untouched' : roomsText(p.c);
    svg.text(p.x, p.y + p.r + 16, fitText(label, 11, 2 * Math.max(p.r, 35) + 10), {
      size: 11,
      fill: colors.muted,
      anchor: 'middle',
    });
  }
  let y = figureBottom + 4;
  const hiddenComponents = BigInt(result.components) - BigInt(all.length);
  if (hiddenComponents > 0n) {
    svg.text(
      pad,
      y + 10,
      `… and ${big(hiddenComponents)} more component${hiddenComponents === 1n ? '' : 's'} not drawn (counted below)`,
      {
        size: 12,
        fill: colors.faint,
      },
    );
    y += 24;
  }
  const lines: string[] = [
    `${big(result.components)} components: ${big(result.oddComponents)} odd (amber), ${big(result.evenComponents)} even (teal); the number is its rooms.`,
  ];
  if (result.connected)
    lines.push('Rooms 1 and 2 share a component: First walks over and catches Second at once.');
  else {
    lines.push(
      result.missing === 0
        ? 'No passage can be built inside a component (each is already complete), so nobody has a spare move to pass with.'
        : `${big(result.missing)} passage${result.missing === 1 ? '' : 's'} can still be built inside components (${result.missing % 2 === 1 ? 'an odd' : 'an even'} number): each such build changes nothing but the turn, like a pass.`,
    );
    lines.push(
      result.target === null
        ? 'N is odd: whatever the final two groups, the number of builds left has one parity, so no play changes who builds last.'
        : `The game ends with two complete groups, one per magician; whoever must then join them loses. First wins if both groups end ${result.target}, Second if both end ${result.target === 'odd' ? 'even' : 'odd'}.`,
    );
    if (move !== undefined && 'join' in move)
      lines.push(
        `First's move: build ${String(move.join[0])}–${String(move.join[1])} (green)${move.teleportTo === undefined ? '' : `, then teleport to room ${String(move.teleportTo)} (dashed)`}.`,
      );
    else if (!firstWins) lines.push('Second can answer every first move of First.');
  }
  for (const line of lines)
    y = svg.paragraph(pad, y + 6, line, width - 2 * pad, { size: 13, fill: colors.text }) - 2;
  y += 8;
  let lx = svg.legendEntry(pad, y, colors.odd, 'odd');
  lx = svg.legendEntry(lx, y, colors.even, 'even');
  lx = svg.legendEntry(lx, y, colors.first, 'First (room 1)');
  svg.legendEntry(lx, y, colors.second, 'Second (room 2)');
  const moveText =
    move === undefined
      ? ''
      : 'join' in move
        ? ` and First's move: build ${String(move.join[0])}-${String(move.join[1])}${move.teleportTo === undefined ? '' : `, teleport to ${String(move.teleportTo)}`}`
        : ` and First's move: walk to room ${String(move.walkTo)}`;
  const alt = `MAGIC, ${firstWins ? 'First' : 'Second'} wins. ${counted(result.components, 'component')} drawn as circles sized by rooms, ${big(result.oddComponents)} odd and ${big(result.evenComponents)} even, with the magicians marked${moveText}.`;
  return svg.finish(y + 14, alt);
}
