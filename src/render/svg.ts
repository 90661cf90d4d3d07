/**
 * A small, pure SVG builder shared by the games' pictures: a dark card, text in the shipped font, and a cap on
 * size and element count, so no input can turn into a huge image. It only builds strings (no I/O).
 */
import type { Picture } from '../core/game.js';

/** Limits of every picture: CSS-pixel size (rasterized at `scale`, so at most 1600 x 1200 px) and elements. */
export const PICTURE_LIMITS = { maxWidth: 800, maxHeight: 600, scale: 2, maxElements: 4000 } as const;

/** The width most pictures use: Discord shows embed images about 400-550 px wide, so text stays readable. */
export const CARD_WIDTH = 560;

/** Colours for a dark card that reads well on Discord's dark theme (#313338) and in a terminal viewer. */
export const colors = {
  card: '#1b1c1f',
  border: '#4e5058',
  text: '#f2f3f5',
  muted: '#b5bac1',
  faint: '#80848e',
  cell: '#34363c',
  cellStroke: '#5c5f66',
  /** The move to play, and anything the winner relies on. */
  win: '#57f287',
  /** What loses, or the move that must not be played. */
  lose: '#ff6b6b',
  /** Odd counts (the parity a student checks). */
  odd: '#f0b232',
  /** Even counts. */
  even: '#3ec4b0',
  /** The player who moves first, and the second. */
  first: '#5ea1ff',
  second: '#f47fa4',
  highlight: '#fee75c',
} as const;

export const FONT = 'DejaVu Sans';
export const MONO = 'DejaVu Sans Mono';

/** Average advance of DejaVu Sans text (about 0.55 em; digits 0.64 em): for layout, a little on the safe side. */
export function textWidth(text: string, size: number, mono = false): number {
  return [...text].length * size * (mono ? 0.61 : 0.57);
}

/** Greedy word wrap to `maxWidth` at font `size`. */
export function wrapText(text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && textWidth(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Cuts `text` to fit `maxWidth`, ending in an ellipsis when shortened. */
export function fitText(text: string, size: number, maxWidth: number): string {
  if (textWidth(text, size) <= maxWidth) return text;
  const chars = [...text];
  let keep = Math.max(1, Math.floor(maxWidth / (size * 0.62)) - 1);
  while (keep > 1 && textWidth(chars.slice(0, keep).join('') + '…', size) > maxWidth) keep--;
  return chars.slice(0, keep).join('') + '…';
}

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Numbers in SVG attributes: at most two decimals, so output is short and identical everywhere. */
function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export interface ShapeStyle {
  readonly fill?: string;
  readonly stroke?: string;
  readonly strokeWidth?: number;
  readonly dash?: string;
  readonly opacity?: number;
}

export interface TextStyle {
  readonly size?: number;
  readonly fill?: string;
  readonly anchor?: 'start' | 'middle' | 'end';
  readonly bold?: boolean;
  readonly mono?: boolean;
}

function styleAttrs(style: ShapeStyle): string {
  const parts = [`fill="${style.fill ?? 'none'}"`];
  if (style.stroke !== undefined) parts.push(`stroke="${style.stroke}"`);
  if (style.strokeWidth !== undefined) parts.push(`stroke-width="${n(style.strokeWidth)}"`);
  if (style.dash !== undefined) parts.push(`stroke-dasharray="${style.dash}"`);
  if (style.opacity !== undefined) parts.push(`opacity="${n(style.opacity)}"`);
  return parts.join(' ');
}

/** Collects elements, then wraps them in a dark card of the given size. */
export class SvgBuilder {
  private readonly parts: string[] = [];

  constructor(readonly width: number) {}

  get elementCount(): number {
    return this.parts.length;
  }

  rect(x: number, y: number, w: number, h: number, style: ShapeStyle & { readonly rx?: number } = {}): this {
    const rx = style.rx === undefined ? '' : ` rx="${n(style.rx)}"`;
    this.parts.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0, w))}" height="${n(Math.max(0, h))}"${rx} ${styleAttrs(style)}/>`,
    );
    return this;
  }

  circle(cx: number, cy: number, r: number, style: ShapeStyle = {}): this {
    this.parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${styleAttrs(style)}/>`);
    return this;
  }

  line(x1: number, y1: number, x2: number, y2: number, style: ShapeStyle = {}): this {
    this.parts.push(
      `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" ${styleAttrs({ stroke: colors.text, ...style })}/>`,
    );
    return this;
  }

  /** A path from `d` commands, e.g. an arrow's curve. */
  path(d: string, style: ShapeStyle = {}): this {
    this.parts.push(`<path d="${d}" ${styleAttrs(style)}/>`);
    return this;
  }

  /** A straight arrow from (x1, y1) to (x2, y2) with a filled head. */
  arrow(x1: number, y1: number, x2: number, y2: number, color: string, width = 2.5): this {
    const angle = Math.atan2(y2 - y1, x2 - x1);
    const head = 5 + width * 2;
    const bx = x2 - head * Math.cos(angle);
    const by = y2 - head * Math.sin(angle);
    this.line(x1, y1, bx, by, { stroke: color, strokeWidth: width });
    const wing = (side: number) =>
      `${n(bx + (head / 2) * Math.cos(angle + (side * Math.PI) / 2))},${n(by + (head / 2) * Math.sin(angle + (side * Math.PI) / 2))}`;
    this.parts.push(`<polygon points="${n(x2)},${n(y2)} ${wing(1)} ${wing(-1)}" fill="${color}"/>`);
    return this;
  }

  text(x: number, y: number, content: string, style: TextStyle = {}): this {
    const size = style.size ?? 14;
    const attrs = [
      `x="${n(x)}"`,
      `y="${n(y)}"`,
      `font-family="${style.mono === true ? MONO : FONT}"`,
      `font-size="${n(size)}"`,
      `fill="${style.fill ?? colors.text}"`,
    ];
    if (style.anchor !== undefined && style.anchor !== 'start') attrs.push(`text-anchor="${style.anchor}"`);
    if (style.bold === true) attrs.push('font-weight="bold"');
    this.parts.push(`<text ${attrs.join(' ')}>${escapeXml(content)}</text>`);
    return this;
  }

  /** Wrapped text from `y` (the first baseline) down; returns the baseline after the last line. */
  paragraph(x: number, y: number, content: string, maxWidth: number, style: TextStyle = {}): number {
    const size = style.size ?? 14;
    let baseline = y;
    for (const line of wrapText(content, size, maxWidth)) {
      this.text(x, baseline, line, style);
      baseline += size * 1.35;
    }
    return baseline;
  }

  /** A colour swatch and its meaning; returns the x after it, for the next legend entry. */
  legendEntry(x: number, y: number, color: string, label: string, size = 13): number {
    this.rect(x, y - size * 0.8, size, size, { fill: color, stroke: colors.cellStroke, rx: 2 });
    this.text(x + size + 5, y, label, { size, fill: colors.muted });
    return x + size + 5 + textWidth(label, size) + 14;
  }

  /**
   * The finished picture, `height` tall, in a dark card; null when it would break the size or element limits
   * (callers then show a one-line note).
   */
  finish(height: number, alt: string): Picture | null {
    const width = Math.ceil(this.width);
    const h = Math.ceil(height);
    if (width > PICTURE_LIMITS.maxWidth || h > PICTURE_LIMITS.maxHeight) return null;
    if (this.parts.length + 1 > PICTURE_LIMITS.maxElements) return null;
    const svg = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h}" viewBox="0 0 ${width} ${h}">`,
      `<rect x="0.5" y="0.5" width="${width - 1}" height="${h - 1}" rx="10" fill="${colors.card}" stroke="${colors.border}"/>`,
      ...this.parts,
      '</svg>',
    ].join('\n');
    return { svg, width, height: h, alt };
  }
}
