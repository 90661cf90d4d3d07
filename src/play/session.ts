/**
 * A game in progress between a student and Grundy, as pure data and pure transitions: the moves so far, whose
 * turn it is, hints asked, and the student's first mistake (the first move that made their result worse, with
 * the move that would have kept it and why). Storage, clocks and transports live elsewhere.
 */
import { z } from 'zod';
import { InputError } from '../core/errors.js';
import type { AnyGame, PlayMove, PlaySupport, Seat, Verdict } from '../core/game.js';
import { requireMove } from '../core/play.js';

export const Side = z.enum(['you', 'grundy']);
export type Side = z.infer<typeof Side>;
const VerdictSchema = z.enum(['win', 'loss', 'tie']);

export const PlayedMove = z.strictObject({
  by: Side,
  move: z.string().max(100),
  text: z.string().max(300),
});
export type PlayedMove = z.infer<typeof PlayedMove>;

export const Mistake = z.strictObject({
  /** 1-based number of the move in the game. */
  ply: z.number().int().min(1),
  move: z.string(),
  /** The student's result before and after the move, with perfect play from there. */
  before: VerdictSchema,
  after: VerdictSchema,
  better: z.string(),
  why: z.string(),
});
export type Mistake = z.infer<typeof Mistake>;

export const PlaySession = z.strictObject({
  id: z.string().min(1).max(100),
  game: z.string().min(1).max(40),
  /** The game's validated params (checked again with the game's schema when read back). */
  params: z.unknown(),
  /** The seat the student plays (0 moves first). */
  student: z.union([z.literal(0), z.literal(1)]),
  /** Who started the game (a Discord user id; the terminal uses "local"). */
  owner: z.string().min(1).max(40),
  position: z.unknown(),
  moves: z.array(PlayedMove).max(10_000),
  /** The student's result at the start, with perfect play. */
  startVerdict: VerdictSchema,
  hints: z.number().int().min(0),
  mistake: Mistake.nullable(),
  resigned: z.boolean(),
  createdAt: z.number().int().min(0),
  updatedAt: z.number().int().min(0),
});
export type PlaySession = z.infer<typeof PlaySession>;

const FLIP: Record<Verdict, Verdict> = { win: 'loss', loss: 'win', tie: 'tie' };
const RANK: Record<Verdict, number> = { loss: 0, tie: 1, win: 2 };

export function playOf(game: AnyGame): PlaySupport<unknown, unknown> {
  if (game.play === undefined)
    throw new InputError(`${game.title} cannot be played move by move yet.`, 'game');
  return game.play;
}

/** What a transport shows after every move. */
export interface SessionView {
  readonly toMove: Side;
  readonly over: boolean;
  readonly winner: Side | 'tie' | null;
  readonly moves: readonly PlayMove[];
  readonly position: readonly string[];
  /** Grundy's last move, if the last move was Grundy's. */
  readonly grundyMove: string | null;
}

function sideOf(session: PlaySession, seat: Seat): Side {
  return seat === session.student ? 'you' : 'grundy';
}

export function viewSession(game: AnyGame, session: PlaySession): SessionView {
  const play = playOf(game);
  const status = play.status(session.position);
  const last = session.moves[session.moves.length - 1];
  let winner: Side | 'tie' | null = null;
  if (session.resigned) winner = 'grundy';
  else if (status.winner === 'tie') winner = 'tie';
  else if (status.winner !== null) winner = sideOf(session, status.winner);
  const over = status.over || session.resigned;
  return {
    toMove: sideOf(session, status.toMove),
    over,
    winner,
    moves: over ? [] : play.moves(session.position),
    position: play.show(session.position),
    grundyMove: last?.by === 'grundy' ? last.move : null,
  };
}

export interface StartOptions {
  readonly id: string;
  readonly owner: string;
  /** Who moves first; the student takes the other seat when it is Grundy. */
  readonly first: Side;
  readonly now: number;
}

/** A new session; when Grundy moves first its move is already made. */
export function startSession(game: AnyGame, params: unknown, options: StartOptions): PlaySession {
  const play = playOf(game);
  const position = play.start(params);
  const student: Seat = options.first === 'you' ? 0 : 1;
  const startVerdict = play.verdict(position);
  const session: PlaySession = {
    id: options.id,
    game: game.id,
    params,
    student,
    owner: options.owner,
    position,
    moves: [],
    startVerdict: student === 0 ? startVerdict : FLIP[startVerdict],
    hints: 0,
    mistake: null,
    resigned: false,
    createdAt: options.now,
    updatedAt: options.now,
  };
  return grundyReplies(game, session, options.now);
}

function requireStudentTurn(game: AnyGame, session: PlaySession): void {
  const view = viewSession(game, session);
  if (view.over) throw new InputError('This game is over: start a new one.', 'move');
  if (view.toMove !== 'you') throw new InputError('It is not your turn.', 'move');
}

/** Grundy plays perfect moves for as long as it is Grundy's turn (once, as turns alternate). */
function grundyReplies(game: AnyGame, session: PlaySession, now: number): PlaySession {
  const play = playOf(game);
  let current = session;
  while (!viewSession(game, current).over && viewSession(game, current).toMove === 'grundy') {
    const best = play.bestMove(current.position);
    const text = play.moves(current.position).find((m) => m.id === best.move)?.text ?? best.move;
    current = {
      ...current,
      position: play.apply(current.position, best.move),
      moves: [...current.moves, { by: 'grundy', move: best.move, text }],
      updatedAt: now,
    };
  }
  return current;
}

/** The student's move (an id from the view's moves), then Grundy's answer. Throws InputError if illegal. */
export function playStudentMove(
  game: AnyGame,
  session: PlaySession,
  typed: string,
  now: number,
): PlaySession {
  requireStudentTurn(game, session);
  const play = playOf(game);
  const before = play.verdict(session.position);
  const played = requireMove(play.moves(session.position), typed, {
    sameMove: (wanted) => play.sameMove?.(session.position, wanted),
    whyNot: (wanted) => play.whyIllegal?.(session.position, wanted),
  });
  const next = play.apply(session.position, played.id);
  const after = FLIP[play.verdict(next)];
  let mistake = session.mistake;
  if (mistake === null && RANK[after] < RANK[before]) {
    const best = play.bestMove(session.position);
    mistake = {
      ply: session.moves.length + 1,
      move: played.id,
      before,
      after,
      better: best.move,
      why: best.reason,
    };
  }
  const moved: PlaySession = {
    ...session,
    position: next,
    moves: [...session.moves, { by: 'you', move: played.id, text: played.text }],
    mistake,
    updatedAt: now,
  };
  return grundyReplies(game, moved, now);
}

export interface Hint {
  readonly move: string | null;
  readonly verdict: Verdict;
  readonly text: string;
}

/** A move that keeps the student's best result, or why there is none; counts the hint. */
export function hintFor(
  game: AnyGame,
  session: PlaySession,
  now: number,
): { session: PlaySession; hint: Hint } {
  requireStudentTurn(game, session);
  const best = playOf(game).bestMove(session.position);
  const text =
    best.verdict === 'win'
      ? `Play ${best.move}: it keeps the win. ${best.reason}`
      : best.verdict === 'tie'
        ? `Play ${best.move}: the best you can get is a tie. ${best.reason}`
        : `There is no winning move: with perfect play Grundy wins whatever you do. ${best.reason} (${best.move}, for instance, keeps the game going.)`;
  return {
    session: { ...session, hints: session.hints + 1, updatedAt: now },
    hint: { move: best.verdict === 'loss' ? null : best.move, verdict: best.verdict, text },
  };
}

export function resignSession(game: AnyGame, session: PlaySession, now: number): PlaySession {
  if (viewSession(game, session).over) throw new InputError('This game is over already.', 'move');
  return { ...session, resigned: true, updatedAt: now };
}

export interface Review {
  readonly winner: Side | 'tie';
  readonly mistake: Mistake | null;
  readonly lines: readonly string[];
}

const WORDS: Record<Verdict, string> = { win: 'won', loss: 'lost', tie: 'a tie' };

/** Who won and the student's first mistake, in words. Only for a finished game. */
export function reviewSession(game: AnyGame, session: PlaySession): Review {
  const view = viewSession(game, session);
  if (!view.over || view.winner === null) throw new InputError('The game is not over yet.', 'move');
  const lines: string[] = [];
  const result =
    view.winner === 'tie' ? 'The game is a tie.' : view.winner === 'you' ? 'You won!' : 'Grundy won.';
  lines.push(session.resigned ? `You resigned. ${result}` : result);
  const mistake = session.mistake;
  if (mistake !== null) {
    lines.push(
      `Your first mistake was move ${mistake.ply}, ${mistake.move}: it turned a ${mistake.before === 'tie' ? 'tied' : WORDS[mistake.before]} position into ${mistake.after === 'tie' ? 'a tie' : `a ${WORDS[mistake.after]} one`}.`,
      `${mistake.better} would have kept it: ${mistake.why}`,
    );
  } else if (session.startVerdict === 'loss') {
    lines.push(
      'No mistake: you were lost from the start, and with perfect play Grundy wins whatever you do.',
    );
  } else if (session.resigned && session.startVerdict === 'win') {
    lines.push('No mistake before you resigned: the position was still won for you.');
  } else {
    lines.push(`No mistake: you kept the best result the start allowed (${WORDS[session.startVerdict]}).`);
  }
  if (session.hints > 0) lines.push(`Hints used: ${session.hints}.`);
  return { winner: view.winner, mistake, lines };
}
