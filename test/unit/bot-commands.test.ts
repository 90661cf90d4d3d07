/** Slash commands generated from the games' `inputs`, and options read back against their definitions. */
import { ApplicationCommandOptionType } from 'discord.js';
import { describe, expect, test } from 'vitest';
import { discordExample, gameCommandDefinition, summarise, usage } from '../../src/bot/commands/game.js';
import { helpDefinition } from '../../src/bot/commands/help.js';
import { quizDefinition } from '../../src/bot/commands/quiz.js';
import { parseRawInteraction } from '../../src/bot/interaction/request.js';
import { readOptions } from '../../src/bot/commands/types.js';
import { commandBodies } from '../../src/bot/commands/deploy.js';
import { InputError } from '../../src/core/errors.js';
import type { AnyGame, InputField } from '../../src/core/game.js';
import { seagm } from '../../src/games/seagm/index.js';
import { builtInGames as games } from '../../src/games/catalog.js';
import { discordSchemas } from '../support/discord-schema.js';
import { MODERATOR_PERMISSIONS, buttonPress, chatInput } from '../support/interactions.js';

/** A real game definition (SEAGM's behaviour) with other inputs, to exercise every input kind. */
function withInputs(id: string, inputs: readonly InputField[]): AnyGame {
  return { ...seagm, id, inputs };
}

const field = (over: Partial<InputField> & Pick<InputField, 'name' | 'kind'>): InputField => ({
  description: `the ${over.name}`,
  required: true,
  example: '1',
  ...over,
});

describe('commands generated from game inputs', () => {
  test('every registered game yields a command Discord accepts, with required options first', () => {
    const bodies = commandBodies(games);
    expect(discordSchemas().validate('commandsPut', bodies)).toBeUndefined();
    expect(bodies.map((b) => b.name)).toEqual([
      ...games.map((g) => g.id),
      'games',
      'help',
      'rules',
      'quiz',
      'play',
    ]);
    for (const game of games) {
      const options = gameCommandDefinition(game).options ?? [];
      const firstOptional = options.findIndex((o) => o.required !== true);
      if (firstOptional >= 0)
        expect(options.slice(firstOptional).every((o) => o.required !== true)).toBe(true);
      const fileInput = game.inputs.find((i) => i.acceptsFile === true);
      expect(options.some((o) => o.name === 'file')).toBe(fileInput !== undefined);
    }
  });

  test('text -> STRING, integer -> INTEGER with min/max, choice -> STRING with choices; a file makes its field optional', () => {
    const game = withInputs('kinds', [
      field({ name: 'opt', kind: 'text', required: false }),
      field({ name: 'count', kind: 'integer', min: 0, max: 10 ** 18 }),
      field({ name: 'side', kind: 'choice', choices: ['left', 'right'] }),
      field({ name: 'board', kind: 'text', acceptsFile: true, maxLength: 100 }),
    ]);
    const definition = gameCommandDefinition(game);
    expect(definition.options).toEqual([
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'count',
        description: 'the count',
        required: true,
        min_value: 0,
        max_value: Number.MAX_SAFE_INTEGER,
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'side',
        description: 'the side',
        required: true,
        choices: [
          { name: 'left', value: 'left' },
          { name: 'right', value: 'right' },
        ],
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'opt',
        description: 'the opt',
        required: false,
        max_length: 6000,
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'board',
        description: 'the board',
        required: false,
        max_length: 100,
      },
      {
        type: ApplicationCommandOptionType.Attachment,
        name: 'file',
        description: 'A text file holding the board, for inputs too long to type',
        required: false,
      },
    ]);
    expect(usage(definition)).toBe('/kinds count:<integer> side:<text> [opt] [board] [file]');
    expect(discordSchemas().validate('commandsPut', commandBodies([game]))).toBeUndefined();
  });

  test('names Discord would reject fail at generation, not at registration', () => {
    expect(() =>
      gameCommandDefinition(withInputs('bad', [field({ name: 'Has Space', kind: 'text' })])),
    ).toThrow(/not a valid/);
    expect(() =>
      gameCommandDefinition(withInputs('dup', [field({ name: 'file', kind: 'text', acceptsFile: true })])),
    ).toThrow(/unique/);
  });

  test('the Discord form of a game example', () => {
    expect(discordExample(seagm)).toBe('/seagm numbers: 2 6 3');
  });

  test("the answer's Question field: the options given, a blank one as (empty), a file by name and size", () => {
    const partisan = games.find((game) => game.id === 'partisan');
    if (partisan === undefined) throw new Error('partisan is not in the catalog');
    expect(summarise(partisan, { n: '7', alice: '3 4', bob: '  ' }, undefined)).toBe(
      'n: 7 · alice: 3 4 · bob: (empty)',
    );
    expect(summarise(partisan, { n: '7', bob: '' }, undefined)).toBe('n: 7 · bob: (empty)');
    const file = {
      kind: 'attachment',
      id: '1',
      filename: 'cards.txt',
      size: 2048,
      url: 'https://cdn.discordapp.com/x',
      contentType: 'text/plain',
    } as const;
    expect(summarise(seagm, {}, file)).toBe('numbers: file cards.txt (2.0 KiB)');
  });
});

describe('options read against the definition', () => {
  const definition = helpDefinition(games);

  test('options read from the definition (their types: bot-commands.test-d.ts)', () => {
    expect(readOptions(definition, new Map([['game', 'seagm']]))).toEqual({ game: 'seagm' });
    expect(readOptions(definition, new Map())).toEqual({ game: undefined });
  });

  test('a wrong type or a missing required option is an InputError naming it', () => {
    expect(() => readOptions(definition, new Map([['game', 3]]))).toThrow(InputError);
    const required = {
      type: 1,
      name: 'x',
      description: 'x',
      options: [{ type: 4, name: 'n', description: 'how many', required: true }],
    } as const;
    expect(() => readOptions(required, new Map())).toThrow('Missing "n": how many.');
  });
});

describe('/quiz: a command made of subcommands', () => {
  const definition = quizDefinition(games);

  test('a raw /quiz start: the subcommand, its options, and the member’s permissions as Discord sends them', () => {
    const built = chatInput(
      games,
      'quiz start',
      { rounds: 3, difficulty: 'hard' },
      {
        permissions: MODERATOR_PERMISSIONS,
      },
    );
    const parsed = parseRawInteraction(built.payload, 0);
    expect(parsed.kind).toBe('request');
    if (parsed.kind !== 'request' || parsed.request.kind !== 'command') return;
    expect(parsed.request.commandName).toBe('quiz');
    expect(parsed.request.subcommand).toBe('start');
    expect([...parsed.request.options]).toEqual([
      ['rounds', 3],
      ['difficulty', 'hard'],
    ]);
    expect(parsed.request.memberPermissions).toBe(BigInt(MODERATOR_PERMISSIONS));
    expect(readOptions(definition.options[0], parsed.request.options)).toEqual({
      game: undefined,
      rounds: 3,
      difficulty: 'hard',
      seconds: undefined,
    });
    const press = parseRawInteraction(buttonPress('quiz:abcd1234:1:first', built).payload, 0);
    if (press.kind !== 'request' || press.request.kind !== 'component') throw new Error('not a button');
    expect(press.request.messageId).toMatch(/^\d+$/);
  });
});
