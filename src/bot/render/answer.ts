/**
 * Explanation data -> a Discord message: an embed inside Discord's limits (winner up front, the winning move,
 * the reasoning in a few lines, key facts, a footer with solve time and cache status); whatever does not fit
 * goes whole into an attached text file. Pure: no I/O, no clock.
 */
import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { AnyGame, Explanation, Outcome } from '../../core/game.js';
import { renderExplanationText } from '../../render/text.js';
import { clip, type OutgoingFile, type OutgoingMessage } from './message.js';

export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  total: 6000,
} as const;

/** Attached text is cut beyond this (Discord's smallest upload limit is 10 MiB). */
export const FILE_LIMIT_BYTES = 8 * 1024 * 1024;

/** The reasoning shown in the embed stops at this many characters ("a few lines"); the file has it all. */
const REASONS_BUDGET = 2400;
const REASON_CHARS = 600;
const MOVES_SHOWN = 3;
const DETAIL_LINES_SHOWN = 10;

/** The embed colour of each outcome, the same in answers and quiz reveals. */
export const OUTCOME_COLOURS: Record<Outcome, number> = { first: 0x2e9e5b, second: 0x3b7dd8, tie: 0x8a8f98 };

export interface AnswerFacts {
  readonly explanation: Explanation<unknown>;
  readonly fromCache: boolean;
  readonly solveMs: number;
  /** Where it ran; 'stream' = solved while reading an attachment. */
  readonly via: 'inline' | 'queue' | 'cache' | 'stream';
}

export interface RenderInput {
  readonly game: Pick<AnyGame, 'id' | 'title'>;
  readonly answer: AnswerFacts;
  /** The question in a line, e.g. "numbers: 2 6 3" or "file seagm.txt (21 kB)". */
  readonly inputSummary: string;
}

/** Discord counts title, description, field names and values, footer text and author name towards 6,000. */
export function embedLength(embed: APIEmbed): number {
  let total = (embed.title?.length ?? 0) + (embed.description?.length ?? 0);
  total += (embed.footer?.text.length ?? 0) + (embed.author?.name.length ?? 0);
  for (const field of embed.fields ?? []) total += field.name.length + field.value.length;
  return total;
}

export function formatMs(ms: number): string {
  if (ms < 1) return '< 1 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

function verdict(explanation: Explanation<unknown>): string {
  if (explanation.winner === null || explanation.outcome === 'tie') return 'A tie with perfect play';
  return `${explanation.winner} wins`;
}

function footerText(answer: AnswerFacts, attached: boolean): string {
  const time = formatMs(answer.solveMs);
  const how = answer.fromCache
    ? `From the cache · first solved in ${time}`
    : `Solved in ${time} · fresh (${answer.via})`;
  return attached ? `${how} · full explanation attached` : how;
}

function bullet(line: string): string {
  return `• ${clip(line, REASON_CHARS)}`;
}

/** The message for an answer; `clipped` tells whether the embed left something out (then a file has it all). */
export function renderAnswer(input: RenderInput): OutgoingMessage {
  const { game, answer, inputSummary } = input;
  const ex = answer.explanation;
  let omitted = false;

  const parts: string[] = [ex.headline];
  if (ex.moves.length > 0) {
    const shown = ex.moves.slice(0, MOVES_SHOWN).map((m) => m.text);
    parts.push(
      `**Winning move:** ${shown[0] ?? ''}${shown.length > 1 ? `\nAlso winning: ${shown.slice(1).join(' ')}` : ''}`,
    );
    if (ex.moves.length > MOVES_SHOWN) omitted = true;
  } else if (ex.whyNoMove !== undefined) {
    parts.push(`**No winning move:** ${ex.whyNoMove}`);
  }
  if (ex.reasons.length > 0) {
    const shown: string[] = [];
    let used = 0;
    for (const reason of ex.reasons) {
      const line = bullet(reason);
      if (shown.length > 0 && used + line.length > REASONS_BUDGET) break;
      shown.push(line);
      used += line.length + 1;
    }
    parts.push(`**Why**\n${shown.join('\n')}`);
    if (shown.length < ex.reasons.length || ex.reasons.some((r) => r.length > REASON_CHARS)) omitted = true;
  }
  const fullDescription = parts.join('\n\n');
  if (fullDescription.length > EMBED_LIMITS.description) omitted = true;

  const fields: APIEmbedField[] = [];
  const addField = (name: string, value: string, inline: boolean): void => {
    if (name.length > EMBED_LIMITS.fieldName || value.length > EMBED_LIMITS.fieldValue) omitted = true;
    fields.push({
      name: clip(name, EMBED_LIMITS.fieldName) || '\u200b',
      value: clip(value, EMBED_LIMITS.fieldValue) || '\u200b',
      inline,
    });
  };
  addField('Input', inputSummary, false);
  for (const fact of ex.facts) addField(fact.label, fact.value, true);
  for (const detail of ex.details ?? []) {
    const text = detail.lines.join('\n');
    if (detail.lines.length <= DETAIL_LINES_SHOWN && text.length <= EMBED_LIMITS.fieldValue)
      addField(detail.title, text, false);
    else omitted = true;
  }
  if (fields.length > EMBED_LIMITS.fields) {
    fields.length = EMBED_LIMITS.fields;
    omitted = true;
  }

  const embed: APIEmbed = {
    author: { name: clip(game.title, EMBED_LIMITS.author) || game.id },
    title: clip(verdict(ex), EMBED_LIMITS.title),
    description: clip(fullDescription, EMBED_LIMITS.description),
    color: OUTCOME_COLOURS[ex.outcome],
    fields,
    footer: { text: '' },
  };
  // The footer must say whether a file is attached, so size everything with the longer footer first.
  embed.footer = { text: clip(footerText(answer, true), EMBED_LIMITS.footer) };
  while (embedLength(embed) > EMBED_LIMITS.total && fields.length > 1) {
    fields.pop();
    omitted = true;
  }
  if (embedLength(embed) > EMBED_LIMITS.total) {
    const room = EMBED_LIMITS.total - (embedLength(embed) - (embed.description?.length ?? 0));
    embed.description = clip(fullDescription, Math.max(0, room));
    omitted = true;
  }
  embed.footer = { text: clip(footerText(answer, omitted), EMBED_LIMITS.footer) };
  if (!omitted) return { embeds: [embed] };
  return { embeds: [embed], files: [explanationFile(input)] };
}

/** The attached file: the terminal text of the whole explanation (src/render/text.ts) and the footer. */
export function renderExplanationFile(input: RenderInput): string {
  const { game, answer, inputSummary } = input;
  const text = renderExplanationText(game, answer.explanation, { details: true, inputSummary });
  return `${text}\n\n${footerText(answer, false)}\n`;
}

function explanationFile(input: RenderInput): OutgoingFile {
  let data = Buffer.from(renderExplanationFile(input), 'utf8');
  if (data.length > FILE_LIMIT_BYTES) {
    const note = Buffer.from('\n[cut: the explanation is longer than 8 MiB]\n', 'utf8');
    let end = FILE_LIMIT_BYTES - note.length;
    // Back up to the start of a UTF-8 character so the cut leaves valid text.
    while (end > 0 && ((data[end] ?? 0) & 0xc0) === 0x80) end--;
    data = Buffer.concat([data.subarray(0, end), note]);
  }
  return { name: `${input.game.id}-explanation.txt`, data, contentType: 'text/plain; charset=utf-8' };
}
