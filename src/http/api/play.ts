/**
 * Games against Grundy over the API, through the bot's own play service and store. The web has no user ids, so
 * a game belongs to a player key: 192 random bits the server makes at the first start and the client sends
 * with every move (and with the next start, to keep its open-game count). Anyone with a game's id may watch it;
 * only its key moves in it. Owners are stored as `web:<key>`, so no web key can ever match a Discord user.
 */
import { randomBytes } from 'node:crypto';
import { InputError } from '../../core/errors.js';
import type { AnyGame } from '../../core/game.js';
import { createRng } from '../../core/rng.js';
import type { GameCatalog } from '../../games/catalog.js';
import { PLAY_DIFFICULTIES, randomWonStart } from '../../play/random-start.js';
import type { PlayService } from '../../play/service.js';
import { reviewSession, viewSession, type PlaySession } from '../../play/session.js';
import { paramsFromOptions } from './fields.js';
import { ApiError } from './errors.js';
import { optionalString, readObject, requiredString } from './body.js';

export const PLAYER_KEY = /^[A-Za-z0-9_-]{32}$/;
export const PLAY_ID = /^[A-Za-z0-9_-]{1,100}$/;

export interface PlayDeps {
  readonly catalog: GameCatalog;
  readonly service: PlayService;
  readonly randomSeed: () => number;
}

/** A game as the API shows it. */
export function playState(game: AnyGame, session: PlaySession): Record<string, unknown> {
  const view = viewSession(game, session);
  return {
    id: session.id,
    game: game.id,
    title: game.title,
    toMove: view.toMove,
    over: view.over,
    winner: view.winner,
    position: [...view.position],
    moves: view.moves.map((m) => ({ id: m.id, text: m.text })),
    history: session.moves.map((m) => ({ by: m.by, move: m.move, text: m.text })),
    grundyMove: view.grundyMove,
    hints: session.hints,
    review: view.over ? [...reviewSession(game, session).lines] : null,
  };
}

function ownerOf(body: Readonly<Record<string, unknown>>): string {
  const player = body['player'];
  if (player === undefined || player === null)
    throw new ApiError(400, 'Missing "player": the key POST /api/play gave when the game started.', 'player');
  if (typeof player !== 'string' || !PLAYER_KEY.test(player))
    throw new ApiError(403, 'That player key does not move in this game.');
  return `web:${player}`;
}

export async function startGame(deps: PlayDeps, raw: unknown): Promise<Record<string, unknown>> {
  const body = readObject(raw, ['game', 'options', 'difficulty', 'starts', 'player']);
  const playable = deps.catalog.games.filter((g) => g.play !== undefined);
  const gameId = requiredString(body, 'game', `one of ${playable.map((g) => g.id).join(', ')}`);
  const game = playable.find((g) => g.id === gameId.trim().toLowerCase());
  if (game === undefined) {
    throw new ApiError(
      400,
      `"${gameId.slice(0, 40)}" cannot be played here. Choose a game to play: ${playable.map((g) => g.id).join(', ')}.`,
      'game',
    );
  }
  const starts = optionalString(body, 'starts') ?? 'you';
  if (starts !== 'you' && starts !== 'grundy')
    throw new ApiError(400, 'starts must be "you" or "grundy".', 'starts');
  const key = body['player'];
  let player: string;
  if (key === undefined || key === null) player = randomBytes(24).toString('base64url');
  else if (typeof key === 'string' && PLAYER_KEY.test(key)) player = key;
  else
    throw new ApiError(
      400,
      'player must be the key an earlier POST /api/play gave (32 letters, digits, - or _), or left out.',
      'player',
    );
  const options = body['options'] ?? {};
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new ApiError(400, `options must be an object of ${game.id}'s options, e.g. {}.`, 'options');
  const given = Object.entries(options as Record<string, unknown>).filter(
    ([, v]) => v !== undefined && v !== null,
  );
  const difficulty = optionalString(body, 'difficulty');
  let params: unknown;
  if (difficulty !== undefined || given.length === 0) {
    if (given.length > 0)
      throw new ApiError(400, `Give either difficulty or ${game.id}'s own options, not both.`, 'difficulty');
    const level = difficulty ?? 'medium';
    const known = PLAY_DIFFICULTIES.find((d) => d === level);
    if (known === undefined)
      throw new ApiError(400, `difficulty must be one of ${PLAY_DIFFICULTIES.join(', ')}.`, 'difficulty');
    params = randomWonStart(game, createRng(deps.randomSeed()), known);
  } else {
    params = paramsFromOptions(game, options as Record<string, unknown>);
  }
  const session = await deps.service.start({ game, params, owner: `web:${player}`, first: starts });
  return { ...playState(game, session), player };
}

export async function showGame(deps: PlayDeps, id: string): Promise<Record<string, unknown>> {
  const { game, session } = await deps.service.get(id);
  return playState(game, session);
}

export async function moveInGame(deps: PlayDeps, id: string, raw: unknown): Promise<Record<string, unknown>> {
  const body = readObject(raw, ['move', 'player']);
  const move = requiredString(body, 'move', 'one of the ids in the game\'s "moves"');
  if (move.length > 100)
    throw new InputError('move is too long: a move id is at most 100 characters.', 'move');
  const { game, session } = await deps.service.move(id, ownerOf(body), move);
  return playState(game, session);
}

export async function hintInGame(deps: PlayDeps, id: string, raw: unknown): Promise<Record<string, unknown>> {
  const body = readObject(raw, ['player']);
  const { hint } = await deps.service.hint(id, ownerOf(body));
  return { hint: { move: hint.move, verdict: hint.verdict, text: hint.text } };
}

export async function resignGame(deps: PlayDeps, id: string, raw: unknown): Promise<Record<string, unknown>> {
  const body = readObject(raw, ['player']);
  const { game, session } = await deps.service.resign(id, ownerOf(body));
  return playState(game, session);
}
