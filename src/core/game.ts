/**
 * The contract every game implements. Games are pure: no I/O, no clock, no Math.random, no transports.
 * The bot, the CLI, the workers and the tests all see a game only through this interface.
 */
import type { z } from 'zod';
import type { Rng } from './rng.js';
import type { InputReader } from './reader.js';

/** Who wins with perfect play, seen from the seat that moves first. */
export type Outcome = 'first' | 'second' | 'tie';

/** How hard a generated instance should be (quizzes, benches, random tests). `tiny` fits the brute force. */
export type Difficulty = 'tiny' | 'easy' | 'medium' | 'hard';

/**
 * One user-facing input of a game: a slash-command option, a CLI argument or flag, an HTTP field.
 * Transports turn these into raw values; `GameDefinition.fromFields` turns raw values into params.
 */
export interface InputField {
  /** Lower-case, 1-32 chars, `[a-z0-9_-]` (Discord's option-name rule; also the CLI flag name). */
  readonly name: string;
  /** One line, at most 100 characters (Discord's limit). */
  readonly description: string;
  readonly kind: 'text' | 'integer' | 'choice';
  readonly required: boolean;
  readonly choices?: readonly string[];
  readonly min?: number;
  readonly max?: number;
  readonly maxLength?: number;
  /** CLI: `true` takes the next positional argument; `'rest'` joins all remaining positionals with spaces. */
  readonly positional?: true | 'rest';
  /** May also come as a file (CLI `--file`, Discord attachment) whose text replaces this field. */
  readonly acceptsFile?: boolean;
  readonly example: string;
}

/** Raw values as transports deliver them, keyed by `InputField.name`. */
export type RawFields = Readonly<Record<string, string | number | undefined>>;

/** A move named in an explanation: words for people, data the brute force can replay. */
export interface ExplainedMove<M> {
  readonly text: string;
  readonly move: M;
}

export interface KeyFact {
  readonly label: string;
  readonly value: string;
}

/** What an explanation says, as data. Rendering (Discord embed, terminal text) happens elsewhere. */
export interface Explanation<M> {
  readonly outcome: Outcome;
  /** Name of the winner as the game calls its players ("First player", "Alice", "A", ...); null on a tie. */
  readonly winner: string | null;
  /** One sentence: the verdict in words. */
  readonly headline: string;
  /** Moves that secure the optimal result for the player to move; empty when there are none. */
  readonly moves: readonly ExplainedMove<M>[];
  /** When `moves` is empty: why every move of the player to move can be answered. */
  readonly whyNoMove?: string;
  /** The reasoning, a few short sentences a student can check. */
  readonly reasons: readonly string[];
  readonly facts: readonly KeyFact[];
  /** Longer material (tables, per-turn figures) that a renderer may attach as a file. */
  readonly details?: readonly { readonly title: string; readonly lines: readonly string[] }[];
}

export interface SolveContext {
  /** Called now and then by long solvers with a fraction in [0, 1]. */
  readonly onProgress?: (fraction: number) => void;
}

export interface BruteForce<P, R, M> {
  /** In words, the size limit of the brute force ("n <= 10 cards"). */
  readonly limit: string;
  fits(params: P): boolean;
  solve(params: P): R;
  /** True iff `move` is legal in the start position and secures the optimal result (checked exhaustively). */
  securesOptimum(params: P, move: M): boolean;
}

export interface JudgeFormat<P, R> {
  /** Reads the original contest input and yields one parameter set per test case. */
  parse(reader: InputReader): AsyncGenerator<P, void, undefined>;
  /** The original contest output for one test case, without the trailing newline. */
  format(result: R, params: P): string;
}

/** What `solveStream` gives back: the answer for an input read as a stream, never held whole. */
export interface StreamedSolve<R, M> {
  readonly result: R;
  readonly explanation: Explanation<M>;
  /** A short description of the input for people ("a board of 100,000,000 cells"). */
  readonly inputSummary: string;
}

export interface GameExample {
  /** As typed after `grundy solve <game>`. */
  readonly cli: string;
  readonly fields: RawFields;
  readonly note: string;
}

export interface GameDefinition<P, R, M> {
  /** Lower-case slug; the slash-command and CLI name. */
  readonly id: string;
  readonly title: string;
  /** One line, at most 100 characters. */
  readonly summary: string;
  /** The original contest problem. */
  readonly origin: string;
  /** Bump when the solver's output for some input could change: it is part of every cache key. */
  readonly solverVersion: string;
  /** Names of the two seats, mover first. */
  players(params: P): readonly [string, string];
  /** Validated, normalised, JSON-safe params. Bounds here are the limits users see in errors. */
  readonly params: z.ZodType<P>;
  readonly result: z.ZodType<R>;
  readonly inputs: readonly InputField[];
  /** Raw transport fields -> candidate params (still to be checked by `params`). Throws InputError. */
  fromFields(fields: RawFields): unknown;
  readonly examples: readonly [GameExample, ...GameExample[]];
  solve(params: P, ctx?: SolveContext): R;
  outcome(result: R, params: P): Outcome;
  readonly brute: BruteForce<P, R, M>;
  explain(params: P, result: R): Explanation<M>;
  readonly judge: JudgeFormat<P, R>;
  /** Rough CPU milliseconds `solve` will take; the service runs cheap ones inline and queues the rest. */
  estimateCostMs(params: P): number;
  /**
   * Optional: solve straight from the text the `acceptsFile` field would hold, streamed in constant memory
   * (huge files in the CLI, attachments in Discord). Games without it read files into the field instead.
   */
  solveStream?(chunks: AsyncIterable<Uint8Array>, ctx?: SolveContext): Promise<StreamedSolve<R, M>>;
  /** A fresh instance for quizzes and tests; deterministic for a given generator state. */
  randomInstance(rng: Rng, difficulty: Difficulty): P;
}

/** The registry holds games with their types erased; each game is still checked where it is defined. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- variance: a list of differently typed games
export type AnyGame = GameDefinition<any, any, any>;

/** Identity helper that keeps a game's own types checked at its definition. */
export function defineGame<P, R, M>(game: GameDefinition<P, R, M>): GameDefinition<P, R, M> {
  return game;
}
