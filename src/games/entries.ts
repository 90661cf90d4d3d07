/**
 * The built-in games as light catalog entries: what lists show (id, title, summary, origin, examples) plus
 * loaders, so a command loads only the game it uses -- and `grundy judge` only that game's judge, without zod.
 * The order and the metadata are the catalog's (./catalog.ts, which the service stack uses); a test checks
 * that both agree.
 */
import type { AnyGame, GameMeta, GameRules, JudgeFormat } from '../core/game.js';
import { abgameMeta } from './abgame/meta.js';
import { magicMeta } from './magic/meta.js';
import { multiplicationMeta } from './multiplication/meta.js';
import { octalMeta } from './octal/meta.js';
import { partisanMeta } from './partisan/meta.js';
import { seagmMeta } from './seagm/meta.js';

/** A game as the CLI sees it before loading it. */
export interface GameEntry extends GameMeta {
  /** The whole game (its schemas, solver, explanations, pictures, play). */
  load(): Promise<AnyGame>;
  /** Only the judge format: for built-in games a module without zod, the explanations or the pictures. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as AnyGame: each game checks its own types
  loadJudge(): Promise<JudgeFormat<any, any>>;
  /** Only the rules for a newcomer (`grundy rules`): plain data, no zod. */
  loadRules(): Promise<GameRules<unknown> | undefined>;
}

export const builtInEntries: readonly GameEntry[] = [
  {
    ...seagmMeta,
    load: async () => (await import('./seagm/index.js')).seagm,
    loadJudge: async () => (await import('./seagm/judge.js')).seagmJudge,
    loadRules: async () => (await import('./seagm/rules.js')).seagmRules,
  },
  {
    ...multiplicationMeta,
    load: async () => (await import('./multiplication/index.js')).multiplication,
    loadJudge: async () => (await import('./multiplication/judge.js')).multiplicationJudge,
    loadRules: async () => (await import('./multiplication/rules.js')).multiplicationRules,
  },
  {
    ...abgameMeta,
    load: async () => (await import('./abgame/index.js')).abgame,
    loadJudge: async () => (await import('./abgame/judge.js')).abgameJudge,
    loadRules: async () => (await import('./abgame/rules.js')).abgameRules,
  },
  {
    ...partisanMeta,
    load: async () => (await import('./partisan/index.js')).partisan,
    loadJudge: async () => (await import('./partisan/judge.js')).partisanJudge,
    loadRules: async () => (await import('./partisan/rules.js')).partisanRules,
  },
  {
    ...magicMeta,
    load: async () => (await import('./magic/index.js')).magic,
    loadJudge: async () => (await import('./magic/judge.js')).magicJudge,
    loadRules: async () => (await import('./magic/rules.js')).magicRules,
  },
  {
    ...octalMeta,
    load: async () => (await import('./octal/index.js')).octal,
    loadJudge: async () => (await import('./octal/judge.js')).octalJudge,
    loadRules: async () => (await import('./octal/rules.js')).octalRules,
  },
];

/** An already loaded game (a plugin's) as an entry. */
export function entryOf(game: AnyGame): GameEntry {
  return {
    id: game.id,
    title: game.title,
    summary: game.summary,
    origin: game.origin,
    examples: game.examples,
    ...(game.play === undefined ? {} : { playLimit: game.play.limit }),
    load: () => Promise.resolve(game),
    loadJudge: () => Promise.resolve(game.judge),
    loadRules: () => Promise.resolve(game.rules),
  };
}
