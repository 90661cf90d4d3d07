/**
 * The one place every door (Discord, tests) goes through to play a stored game: load, check who is asking,
 * make the pure transition, save with compare-and-set. The clock and the id maker are injected.
 */
import { InputError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import {
  hintFor,
  playStudentMove,
  resignSession,
  startSession,
  viewSession,
  type Hint,
  type PlaySession,
  type Side,
} from './session.js';
import { MAX_OPEN_GAMES, type PlayStore } from './store.js';

/** Someone other than the player who started the game pressed one of its buttons. */
export class NotYourGameError extends InputError {
  constructor() {
    super(
      'Only the player who started this game can move in it; you may watch, or start your own with /play.',
    );
  }
}

export class GameGoneError extends InputError {
  constructor() {
    super('This game has ended or expired (idle games are dropped after a day). Start a new one with /play.');
  }
}

export class TooManyGamesError extends InputError {
  constructor(limit: number) {
    super(
      `You already have ${limit} games open: finish or resign one first (idle games expire after a day).`,
    );
  }
}

export interface PlayServiceOptions {
  readonly store: PlayStore;
  readonly findGame: (id: string) => AnyGame | undefined;
  readonly now?: () => number;
  readonly newId: () => string;
  readonly maxOpenGames?: number;
}

export interface Loaded {
  readonly game: AnyGame;
  readonly session: PlaySession;
}

export class PlayService {
  private readonly now: () => number;
  constructor(private readonly options: PlayServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  async start(input: { game: AnyGame; params: unknown; owner: string; first: Side }): Promise<PlaySession> {
    const limit = this.options.maxOpenGames ?? MAX_OPEN_GAMES;
    const open = await this.options.store.openGames(input.owner);
    if (open.length >= limit) throw new TooManyGamesError(limit);
    const session = startSession(input.game, input.params, {
      id: this.options.newId(),
      owner: input.owner,
      first: input.first,
      now: this.now(),
    });
    await this.commit(input.game, session, 0);
    return session;
  }

  /** The stored game, or GameGoneError. */
  async get(id: string): Promise<Loaded & { version: number }> {
    const { session, version } = await this.options.store.load(id);
    const game = session === undefined ? undefined : this.options.findGame(session.game);
    if (session === undefined || game === undefined) throw new GameGoneError();
    // The position and params were stored as JSON: check them with the game's own schemas.
    const play = game.play;
    if (play === undefined || !play.position.safeParse(session.position).success) throw new GameGoneError();
    return { game, session, version };
  }

  async move(id: string, user: string, move: string): Promise<Loaded> {
    return this.update(id, user, (game, session) => playStudentMove(game, session, move, this.now()));
  }

  async resign(id: string, user: string): Promise<Loaded> {
    return this.update(id, user, (game, session) => resignSession(game, session, this.now()));
  }

  async hint(id: string, user: string): Promise<Loaded & { hint: Hint }> {
    let hint: Hint | undefined;
    const loaded = await this.update(id, user, (game, session) => {
      const asked = hintFor(game, session, this.now());
      hint = asked.hint;
      return asked.session;
    });
    if (hint === undefined) throw new GameGoneError();
    return { ...loaded, hint };
  }

  private async update(
    id: string,
    user: string,
    change: (game: AnyGame, session: PlaySession) => PlaySession,
  ): Promise<Loaded> {
    const { game, session, version } = await this.get(id);
    if (session.owner !== user) throw new NotYourGameError();
    const next = change(game, session);
    await this.commit(game, next, version);
    return { game, session: next };
  }

  private async commit(game: AnyGame, session: PlaySession, version: number): Promise<void> {
    const over = viewSession(game, session).over;
    const saved = await this.options.store.save(session, version, over);
    if (saved === undefined)
      throw new InputError('That game just changed (a second click?): look at it again and retry.');
  }
}
