/**
 * The contract every game implements. Games are pure: no I/O, no clock, no Math.random, no transports.
 * The bot, the CLI, the workers and the tests all see a game only through this interface.
 */
import type { z } from 'zod';
import type { Rng } from './rng.js';
import type { ByteReader, Reading } from './byte-reader.js';
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
  /** How the solver works, not what is asked (octal's `search`): a quiz question does not show it. */
  readonly tuning?: boolean;
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
  /**
   * The short answer's why: at most three short sentences a student can check on the picture. Renderers fall
   * back to the first reasons when a game gives none.
   */
  readonly brief?: readonly string[];
  /** When `moves` is empty: the one refutation that matters most, in one short sentence. */
  readonly refutation?: string;
}

/**
 * A picture of an answer: an SVG (drawn with the shipped font, family "DejaVu Sans") in a dark card, sized in
 * CSS pixels. Pure data; `render/png.ts` rasterizes it once at the edge.
 */
export interface Picture {
  readonly svg: string;
  readonly width: number;
  readonly height: number;
  /** What the picture shows, in one or two sentences, for screen readers and text-only places. */
  readonly alt: string;
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
  /**
   * Optional: the whole judge over bytes -- read, solve and format every test -- giving the output lines to
   * `answer` in order, one or more at a time (several joined by newlines, none after the last). It reads
   * synchronously (./byte-reader.ts) and checks everything `params` would, so `grundy judge` runs it without zod
   * and without an await per token; the errors are `parse`'s, word for word.
   */
  run?(input: ByteReader, answer: (lines: string) => void): Reading<void>;
  /**
   * Optional: bytes per block when `run` reads a file descriptor (default BLOCK_BYTES, 1 MB). A judge that
   * streams huge tests through a fast loop reads smaller blocks, which stay in the processor's cache.
   */
  readonly readBlockBytes?: number;
  /**
   * Optional, for formats whose tests share work (many questions about one octal code): reads the whole
   * input and answers every test itself, in input order, instead of one solve per test. `note` says why a
   * line is not a plain answer (e.g. a value Grundy cannot vouch for); `grundy judge` prints it on stderr.
   */
  answerAll?(reader: InputReader): AsyncGenerator<JudgeAnswer, void, undefined>;
}

/** One output line of a judge that answers its tests itself (JudgeFormat.answerAll). */
export interface JudgeAnswer {
  readonly line: string;
  readonly note?: string;
}

/** What `solveStream` gives back: the answer for an input read as a stream, never held whole. */
export interface StreamedSolve<R, M> {
  readonly result: R;
  readonly explanation: Explanation<M>;
  /** A short description of the input for people ("a board of 100,000,000 cells"). */
  readonly inputSummary: string;
}

/** The first player's chance of winning when both play uniformly at random (quizzes ask about it). */
export interface RandomPlayFigure {
  readonly probability: number;
  /** The exact value, when the game knows it. */
  readonly fraction?: { readonly num: string; readonly den: string } | null;
}

export interface GameExample {
  /** As typed after `grundy solve <game>`. */
  readonly cli: string;
  readonly fields: RawFields;
  readonly note: string;
}

/** A game's rules for a newcomer, as data (rendered for terminals and Discord elsewhere). */
export interface GameRules<P> {
  /** What the game is, in one sentence; no notation. */
  readonly what: string;
  /** How a turn goes, in plain words, one sentence each. */
  readonly play: readonly string[];
  /** Who wins, and when. */
  readonly winning: readonly string[];
  /** Words and signs Grundy's answers use, each introduced here before it is used. */
  readonly terms?: readonly { readonly term: string; readonly meaning: string }[];
  readonly example: RulesExample<P>;
}

/** A small game played out move by move; `params` is its start, so the solver and brute force can check it. */
export interface RulesExample<P> {
  readonly params: P;
  /** How to ask Grundy about this start position (after `grundy solve`). */
  readonly cli: string;
  /** The same question as the game's input fields (a slash command's options). */
  readonly fields: RawFields;
  /** The start position in words. */
  readonly setup: string;
  /** The moves in order, one sentence each, naming the player. */
  readonly steps: readonly string[];
  /** Who won, and why, in one sentence. */
  readonly result: string;
}

/** A seat at the table: 0 moves first in the game's params (`players(params)[0]`), 1 is the other. */
export type Seat = 0 | 1;

/** The value of a position for the player to move, with perfect play from both sides. */
export type Verdict = 'win' | 'loss' | 'tie';

/** A legal move of a position in play: `id` is what a person or a program types back. */
export interface PlayMove {
  readonly id: string;
  /** Words for people ("take 6: g becomes 2"). */
  readonly text: string;
}

/** Whose turn it is, or how the game ended. */
export interface PlayStatus {
  readonly toMove: Seat;
  readonly over: boolean;
  /** The winning seat, 'tie', or null while the game goes on. */
  readonly winner: Seat | 'tie' | null;
}

/** A move that secures the best result for the player to move, and why. */
export interface BestMove {
  readonly move: string;
  readonly verdict: Verdict;
  /** One or two sentences a student can check. */
  readonly reason: string;
}

/**
 * Playing a game move by move (`grundy play`, Discord /play). Positions are JSON-safe values that carry all
 * they need (they are stored in Redis between moves); every function is pure. `verdict` and `bestMove` answer
 * any reachable position about as fast as `solve` answers a start position.
 */
export interface PlaySupport<P, Pos> {
  /** Checks a position read back from storage. */
  readonly position: z.ZodType<Pos>;
  /** In words, the largest instances play accepts ("at most 10 rooms"). */
  readonly limit: string;
  /** The start position of `params`; throws InputError when the instance is too big to play move by move. */
  start(params: P): Pos;
  status(position: Pos): PlayStatus;
  /** The legal moves, in a stable order; empty once the game is over. */
  moves(position: Pos): readonly PlayMove[];
  /** The position after `move` (an id from `moves`, spaces and case forgiven); throws InputError if illegal. */
  apply(position: Pos, move: string): Pos;
  /**
   * Optional: why `typed` (normalised: trimmed, lower-case, single spaces), which is no legal move, cannot be
   * played here, in words a student can act on ("passage 3-4 is built already"); undefined when it cannot tell.
   */
  whyIllegal?(position: Pos, typed: string): string | undefined;
  /** Optional: the id of the move `typed` (normalised) names when written another way ("5-1" for "1-5"). */
  sameMove?(position: Pos, typed: string): string | undefined;
  verdict(position: Pos): Verdict;
  /** Throws when the game is over. */
  bestMove(position: Pos): BestMove;
  /** The position in a few lines of plain text. */
  show(position: Pos): readonly string[];
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
  /** Every outcome perfect play can give in this game ('tie' iff ties exist); quizzes offer exactly these. */
  readonly outcomes: readonly [Outcome, ...Outcome[]];
  /** Optional: the first player's chance under random play, for games that compute it. */
  randomPlay?(result: R, params: P): RandomPlayFigure | undefined;
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
  /**
   * Optional: the answer as a picture, a pure function of the data `explain` works from. Null when the input
   * is too large to draw; callers then show a one-line note instead.
   */
  picture?(params: P, result: R, explanation: Explanation<M>): Picture | null;
  /** Move-by-move play against Grundy; every built-in game has it. */
  readonly play?: PlaySupport<P, unknown>;
  /** A fresh instance for quizzes and tests; deterministic for a given generator state. */
  randomInstance(rng: Rng, difficulty: Difficulty): P;
  /** The rules for a newcomer, with a worked example (`grundy rules`, `/rules`). */
  readonly rules?: GameRules<P>;
}

/** What lists and help texts show of a game: the catalog has it without loading the game itself. */
export interface GameMeta {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly origin: string;
  readonly examples: readonly [GameExample, ...GameExample[]];
  /**
   * For a game played move by move (`grundy play`, /play): the largest instances play takes, in words (the
   * game's `play.limit`), so that help lists it without loading the game. Absent when it cannot be played.
   */
  readonly playLimit?: string;
}

/** The registry holds games with their types erased; each game is still checked where it is defined. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- variance: a list of differently typed games
export type AnyGame = GameDefinition<any, any, any>;

/** Identity helper that keeps a game's own types checked at its definition. */
export function defineGame<P, R, M>(game: GameDefinition<P, R, M>): GameDefinition<P, R, M> {
  return game;
}

/** Whether the game can end in a tie with perfect play. */
export function hasTies(game: Pick<AnyGame, 'outcomes'>): boolean {
  return game.outcomes.includes('tie');
}
