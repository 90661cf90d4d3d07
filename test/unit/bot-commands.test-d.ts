/**
 * Type-level checks of the slash-command options, checked by `npm run typecheck` (tsc over test/), not by
 * `vitest run`: a wrong option type makes the typecheck fail. The runtime side is in bot-commands.test.ts.
 */
import { expectTypeOf } from 'vitest';
import { helpDefinition } from '../../src/bot/commands/help.js';
import { quizDefinition } from '../../src/bot/commands/quiz.js';
import type { OptionsOf } from '../../src/bot/commands/types.js';
import { builtInGames as games } from '../../src/games/catalog.js';

const _help = helpDefinition(games);
expectTypeOf<OptionsOf<typeof _help>>().toEqualTypeOf<{ readonly game: string | undefined }>();
// The check can fail: an optional option is never typed as always present.
// @ts-expect-error -- `game` is optional, so `string` alone is wrong
expectTypeOf<OptionsOf<typeof _help>>().toEqualTypeOf<{ readonly game: string }>();

const _required = {
  type: 1,
  name: 'x',
  description: 'x',
  options: [{ type: 4, name: 'n', description: 'how many', required: true }],
} as const;
expectTypeOf<OptionsOf<typeof _required>>().toEqualTypeOf<{ readonly n: number }>();

// Each /quiz subcommand's options are typed from its own definition.
const _quiz = quizDefinition(games);
type Sub<N extends string> = Extract<(typeof _quiz)['options'][number], { name: N }>;
expectTypeOf<OptionsOf<Sub<'start'>>>().toEqualTypeOf<{
  readonly game: string | undefined;
  readonly rounds: number | undefined;
  readonly difficulty: string | undefined;
  readonly seconds: number | undefined;
}>();
expectTypeOf<OptionsOf<Sub<'stop'>>>().toEqualTypeOf<Record<string, never>>();
