/**
 * The first message of every answer, short: the verdict, the move to play (or why every move loses), at most
 * three lines of why, and the picture (a PNG attached and shown as the embed's image), with the buttons that
 * show the full reasoning and the rules. Pure: the picture arrives already drawn.
 */
import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { AnyGame } from '../../core/game.js';
import type { AnswerPicture } from '../../render/answer-picture.js';
import { isRefutation, shortAnswer } from '../../render/short-answer.js';
import { answerButtonsRow } from '../commands/answer-buttons.js';
import { clip, type OutgoingFile, type OutgoingMessage } from './message.js';
import { EMBED_LIMITS, formatMs, OUTCOME_COLOURS, type AnswerFacts } from './answer.js';

export interface ShortRenderInput {
  readonly game: Pick<AnyGame, 'id' | 'title' | 'rules'>;
  readonly answer: AnswerFacts;
  readonly inputSummary: string;
  readonly picture: AnswerPicture;
  /** What the Show-the-reasoning button carries; no button without it. */
  readonly reasoningRef?: string;
}

function footerText(answer: AnswerFacts): string {
  const time = formatMs(answer.solveMs);
  return answer.fromCache
    ? `From the cache · first solved in ${time}`
    : `Solved in ${time} · fresh (${answer.via})`;
}

/** The description's lines: verdict, move, why (the same lines the terminal shows). */
export function shortDescription(answer: AnswerFacts, pictureNote?: string): string {
  const short = shortAnswer(answer.explanation);
  const parts = [short.verdict];
  if (short.move !== null) {
    const others =
      short.otherMoves === 0
        ? ''
        : ` _(${short.otherMoves} more ${short.otherMoves === 1 ? 'move does' : 'moves do'} as well)_`;
    const mark = isRefutation(short) ? '.' : ':';
    parts.push(`**${short.moveLabel ?? ''}${mark}** ${short.move}${others}`);
  }
  if (short.why.length > 0) parts.push(short.why.map((line) => `• ${line}`).join('\n'));
  if (pictureNote !== undefined) parts.push(`_${pictureNote}_`);
  return parts.join('\n\n');
}

export function renderShortAnswer(input: ShortRenderInput): OutgoingMessage {
  const { game, answer, inputSummary, picture } = input;
  const ex = answer.explanation;
  const short = shortAnswer(ex);
  const fileName = `${game.id}-answer.png`;
  const fields: APIEmbedField[] = [
    { name: 'Question', value: clip(inputSummary, EMBED_LIMITS.fieldValue) || '\u200b' },
  ];
  const embed: APIEmbed = {
    author: { name: clip(game.title, EMBED_LIMITS.author) || game.id },
    title: clip(short.title, EMBED_LIMITS.title),
    description: clip(
      shortDescription(answer, picture.kind === 'note' ? picture.note : undefined),
      EMBED_LIMITS.description,
    ),
    color: OUTCOME_COLOURS[ex.outcome],
    fields,
    footer: { text: clip(footerText(answer), EMBED_LIMITS.footer) },
    ...(picture.kind === 'png' ? { image: { url: `attachment://${fileName}` } } : {}),
  };
  const files: OutgoingFile[] =
    picture.kind === 'png'
      ? [{ name: fileName, data: Buffer.from(picture.png), contentType: 'image/png' }]
      : [];
  const row = answerButtonsRow(game, input.reasoningRef);
  return {
    embeds: [embed],
    ...(files.length === 0 ? {} : { files }),
    ...(row === undefined ? {} : { components: [row] }),
  };
}
