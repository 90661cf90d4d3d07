/**
 * A game's rules as a Discord message: what the game is, how a turn goes, who wins, the worked example and
 * the words Grundy's answers use, with the example's picture attached. Pure apart from drawing the picture,
 * which is made once per game and kept.
 */
import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { AnyGame, RawFields } from '../../core/game.js';
import { rulesPicture, type AnswerPicture } from '../../render/answer-picture.js';
import { rulesSections } from '../../render/rules-text.js';
import { clip, type OutgoingMessage } from './message.js';
import { EMBED_LIMITS } from './answer.js';

const pictures = new WeakMap<AnyGame, AnswerPicture>();

function pictureOf(game: AnyGame): AnswerPicture {
  let picture = pictures.get(game);
  if (picture === undefined) {
    picture = rulesPicture(game);
    pictures.set(game, picture);
  }
  return picture;
}

/** `/seagm numbers: 2 6 3` for a set of fields. */
export function slashExample(game: AnyGame, fields: RawFields): string {
  const parts = game.inputs.flatMap((input) => {
    const value = fields[input.name];
    return value === undefined ? [] : [`${input.name}: ${String(value)}`];
  });
  return `/${game.id} ${parts.join(' ')}`.trim();
}

function list(lines: readonly string[], numbered: boolean): string {
  return lines
    .map((line, i) => (numbered ? `${i + 1}. ${line}` : /^\d+\. /.test(line) ? `  ${line}` : `• ${line}`))
    .join('\n');
}

export function renderRulesMessage(game: AnyGame): OutgoingMessage {
  const rules = game.rules;
  if (rules === undefined) {
    return { embeds: [{ title: clip(game.title, EMBED_LIMITS.title), description: game.summary }] };
  }
  const { play, winning, terms, example, result } = rulesSections(rules);
  const description = [
    rules.what,
    `**${play.title}**\n${list(play.lines, false)}`,
    `**${winning.title}**\n${list(winning.lines, false)}`,
  ].join('\n\n');
  // The words come before the example that uses them.
  const fields: APIEmbedField[] =
    terms === undefined
      ? []
      : [
          {
            name: terms.title,
            value: clip(
              (rules.terms ?? []).map((t) => `**${t.term}**: ${t.meaning}`).join('\n'),
              EMBED_LIMITS.fieldValue,
            ),
          },
        ];
  fields.push(
    {
      name: 'Example',
      value: clip(`${rules.example.setup}\n${list(example.lines, true)}`, EMBED_LIMITS.fieldValue),
    },
    { name: 'Result', value: clip(result.lines.join(' '), EMBED_LIMITS.fieldValue) },
  );
  const picture = pictureOf(game);
  const file = `${game.id}-rules.png`;
  const embed: APIEmbed = {
    author: { name: clip(`Rules · ${game.title}`, EMBED_LIMITS.author) },
    title: clip(game.title, EMBED_LIMITS.title),
    description: clip(description, EMBED_LIMITS.description),
    fields,
    footer: {
      text: clip(
        `Try the example: ${slashExample(game, rules.example.fields)}${picture.kind === 'note' ? ` · ${picture.note}` : ''}`,
        EMBED_LIMITS.footer,
      ),
    },
    ...(picture.kind === 'png' ? { image: { url: `attachment://${file}` } } : {}),
  };
  return {
    embeds: [embed],
    ...(picture.kind === 'png'
      ? { files: [{ name: file, data: Buffer.from(picture.png), contentType: 'image/png' }] }
      : {}),
  };
}
