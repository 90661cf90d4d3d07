/** Game sessions against Grundy: turns, illegal moves, hints, resigning, the review, and the service's rules. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { parseParams } from '../../src/core/params.js';
import { createRng } from '../../src/core/rng.js';
import { createCatalog } from '../../src/games/catalog.js';
import { PLAY_DIFFICULTIES, randomWonStart } from '../../src/play/random-start.js';
import { MemoryPlayStore } from '../../src/play/storage/memory.js';
import { GameGoneError, NotYourGameError, PlayService, TooManyGamesError } from '../../src/play/service.js';
import {
  hintFor,
  playStudentMove,
  resignSession,
  reviewSession,
  startSession,
  viewSession,
} from '../../src/play/session.js';

const catalog = createCatalog();
const { games } = catalog;
const findGame = (id: string) => catalog.findGame(id);
const getGame = (id: string) => catalog.resolveGame(id);
const seagm = getGame('seagm');
const abgame = getGame('abgame');

describe('play session', () => {
  it('Grundy moves at once when it goes first, with a perfect move', () => {
    // 2 6 3 is lost for the first player: Grundy moving first must still make a legal move, then it is our turn.
    const session = startSession(abgame, parseParams(abgame, { board: 'A...B.A.B' }), {
      id: 'g1',
      owner: 'u',
      first: 'grundy',
      now: 1,
    });
    const view = viewSession(abgame, session);
    expect(session.moves).toHaveLength(1);
    expect(view.grundyMove).toBe('1-3');
    expect(view.toMove).toBe('you');
    expect(session.startVerdict).toBe('loss');
  });

  it('an illegal move throws a clear error and changes nothing', () => {
    const session = startSession(seagm, parseParams(seagm, { cards: [2, 6, 3] }), {
      id: 'g2',
      owner: 'u',
      first: 'you',
      now: 1,
    });
    expect(() => playStudentMove(seagm, session, '5', 2)).toThrow(
      /^"5" is not a legal move here: no card 5 is on the table \(the cards left: 2, 3, 6\)\. Legal moves: "2", "3", "6"\.$/,
    );
    expect(() => playStudentMove(seagm, session, '', 2)).toThrow(InputError);
    expect(session.moves).toHaveLength(0);
  });

  it('hints name a winning move, or say there is none and why', () => {
    const won = startSession(seagm, parseParams(seagm, { cards: [2, 4, 8, 16, 32] }), {
      id: 'g3',
      owner: 'u',
      first: 'you',
      now: 1,
    });
    const { session, hint } = hintFor(seagm, won, 2);
    expect(hint.verdict).toBe('win');
    expect(hint.text).toMatch(/^Play \d+: it keeps the win/);
    expect(session.hints).toBe(1);
    const lost = startSession(seagm, parseParams(seagm, { cards: [2, 6, 3] }), {
      id: 'g4',
      owner: 'u',
      first: 'you',
      now: 1,
    });
    const none = hintFor(seagm, lost, 2).hint;
    expect(none.move).toBeNull();
    expect(none.text).toMatch(/There is no winning move/);
  });

  it('resigning ends the game with Grundy the winner and a review', () => {
    const session = startSession(seagm, parseParams(seagm, { cards: [2, 4, 8, 16, 32] }), {
      id: 'g5',
      owner: 'u',
      first: 'you',
      now: 1,
    });
    const resigned = resignSession(seagm, session, 2);
    expect(viewSession(seagm, resigned)).toMatchObject({ over: true, winner: 'grundy', moves: [] });
    expect(reviewSession(seagm, resigned).lines[0]).toBe('You resigned. Grundy won.');
    expect(() => resignSession(seagm, resigned, 3)).toThrow(/over already/);
    expect(() => reviewSession(seagm, session)).toThrow(/not over/);
  });

  it('the review names the move that lost a won game, and the one that would have kept it', () => {
    // 1 2: taking 2 leaves the opponent only the 1, which makes g = 1; taking 1 loses at once.
    const session = startSession(seagm, parseParams(seagm, { cards: [1, 2] }), {
      id: 'g6',
      owner: 'u',
      first: 'you',
      now: 1,
    });
    const lost = playStudentMove(seagm, session, '1', 2);
    const review = reviewSession(seagm, lost);
    expect(review.winner).toBe('grundy');
    expect(review.mistake).toMatchObject({ ply: 1, move: '1', before: 'win', after: 'loss' });
    expect(review.lines[1]).toBe(
      'Your first mistake was move 1, 1: it turned a won position into a lost one.',
    );
    expect(review.lines[2]).toMatch(/^2 would have kept it: Take 2: g becomes 2/);
  });
});

describe('play service', () => {
  function service(now: { t: number }, max = 2) {
    let n = 0;
    return new PlayService({
      store: new MemoryPlayStore({ now: () => now.t, idleSeconds: 60 }),
      findGame,
      now: () => now.t,
      newId: () => `game${++n}`,
      maxOpenGames: max,
    });
  }

  it('only the starter moves; others are refused without a change', async () => {
    const clock = { t: 1000 };
    const play = service(clock);
    const session = await play.start({
      game: abgame,
      params: parseParams(abgame, { board: 'A..B' }),
      owner: 'ann',
      first: 'you',
    });
    await expect(play.move(session.id, 'bob', '1-2')).rejects.toBeInstanceOf(NotYourGameError);
    await expect(play.hint(session.id, 'bob')).rejects.toBeInstanceOf(NotYourGameError);
    expect((await play.get(session.id)).session.moves).toHaveLength(0);
    const after = await play.move(session.id, 'ann', '1-3');
    expect(after.session.moves.map((m) => m.by)).toEqual(['you']);
    expect(viewSession(abgame, after.session)).toMatchObject({ over: true, winner: 'you' });
  });

  it('limits open games per player and forgets idle ones', async () => {
    const clock = { t: 1000 };
    const play = service(clock);
    const params: unknown = parseParams(seagm, { cards: [2, 4, 8, 16, 32] });
    const first = await play.start({ game: seagm, params, owner: 'ann', first: 'you' });
    const second = await play.start({ game: seagm, params, owner: 'ann', first: 'you' });
    await expect(play.start({ game: seagm, params, owner: 'ann', first: 'you' })).rejects.toBeInstanceOf(
      TooManyGamesError,
    );
    await play.start({ game: seagm, params, owner: 'bob', first: 'you' });
    // Resigning frees a place.
    await play.resign(first.id, 'ann');
    await play.start({ game: seagm, params, owner: 'ann', first: 'you' });
    clock.t += 61_000;
    await expect(play.get(second.id)).rejects.toBeInstanceOf(GameGoneError);
    await expect(play.move(second.id, 'ann', '2')).rejects.toThrow(/ended or expired/);
    expect((await play.get(first.id)).session.resigned).toBe(true);
    await play.start({ game: seagm, params, owner: 'ann', first: 'you' });
  });
});

describe('random won starts', () => {
  for (const game of games) {
    it(`${game.id}: every difficulty gives a playable start won for the student`, () => {
      const rng = createRng(5);
      for (const difficulty of PLAY_DIFFICULTIES) {
        for (let k = 0; k < 3; k++) {
          const params = randomWonStart(game, rng, difficulty);
          const session = startSession(game, params, { id: 'r', owner: 'u', first: 'you', now: 0 });
          expect(session.startVerdict).toBe('win');
          expect(viewSession(game, session).moves.length).toBeGreaterThan(0);
        }
      }
    });
  }
});
