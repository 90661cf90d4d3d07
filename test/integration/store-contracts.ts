/**
 * The quiz and play store contracts, written once and run against every adapter (memory and Redis): what the
 * runner and the play service rely on. Adapter-specific facts (Redis key names and expiry) stay in each
 * adapter's own tests.
 */
import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { createCatalog } from '../../src/games/catalog.js';
import { PlayService, TooManyGamesError } from '../../src/play/service.js';
import { startSession } from '../../src/play/session.js';
import type { PlayStore } from '../../src/play/store.js';
import { start, type QuizState } from '../../src/quiz/machine.js';
import type { QuizStore } from '../../src/quiz/store.js';

/** A store and a way to get another handle on the same data, as a second process would (memory: the same). */
export interface Opened<S> {
  readonly store: S;
  readonly another: () => S;
}

export interface StoreAdapter<S, O = void> {
  readonly name: string;
  /** An empty store; `open` is called inside a test (hooks may track it). */
  open(options: O): Opened<S>;
}

export const T0 = Date.UTC(2025, 0, 8, 12, 0, 0); // a Wednesday, ISO week 2025-W02
const DAY = 24 * 3600 * 1000;

/** A one-round channel quiz, open until T0 + 10 s. */
export function quizState(channelId = 'c1', now = T0): QuizState {
  const step = start(undefined, {
    quizId: 'abcd1234',
    channelId,
    guildId: 'g1',
    starterId: 'u1',
    gameId: 'seagm',
    difficulty: 'easy',
    roundMs: 10_000,
    breakMs: 0,
    rounds: [
      { questionId: 'seagm.e1', parts: [{ id: 'outcome', choices: ['first', 'second'], correct: 'first' }] },
    ],
    now,
  });
  if (step.state === undefined) throw new Error('not started');
  return step.state;
}

export function quizStoreContract(adapter: StoreAdapter<QuizStore>): void {
  describe(`quiz store contract: ${adapter.name}`, () => {
    it('compare-and-set: one writer per version, the state read back as written', async () => {
      const { store, another } = adapter.open();
      expect(await store.load('c1')).toEqual({ state: undefined, version: 0 });
      const state = quizState();
      expect(await store.save(state, 0)).toBe(1);
      expect(await store.save(state, 0)).toBeUndefined();
      expect(await another().load('c1')).toEqual({ state, version: 1 });
      // Ten writers racing from the same version: exactly one wins.
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => another().save({ ...state, deadline: T0 + i }, 1)),
      );
      expect(results.filter((v) => v === 2)).toHaveLength(1);
      expect(results.filter((v) => v === undefined)).toHaveLength(9);
    });

    it('lists active quizzes with their wake-up time; ended ones leave the list', async () => {
      const { store, another } = adapter.open();
      const state = quizState();
      await store.save(state, 0);
      await store.save(quizState('c2'), 0);
      expect((await another().listActive()).sort((a, b) => (a.channelId < b.channelId ? -1 : 1))).toEqual([
        { channelId: 'c1', wakeAt: T0 + 10_000 },
        { channelId: 'c2', wakeAt: T0 + 10_000 },
      ]);
      expect(await store.save({ ...state, phase: 'finished', endedAt: T0, outbox: [] }, 1)).toBe(2);
      expect(await store.listActive()).toEqual([{ channelId: 'c2', wakeAt: T0 + 10_000 }]);
    });

    it('leaderboards by channel and server, all time and by ISO week, ranked, with a limit', async () => {
      const { store, another } = adapter.open();
      await store.save(quizState('c1'), 0);
      const add = async (
        channelId: string,
        guildId: string | null,
        at: number,
        scores: [string, number][],
      ) => {
        const current = (await store.load(channelId)).version;
        const version = await store.save(quizState(channelId), current, {
          channelId,
          guildId,
          at,
          scores: scores.map(([userId, points]) => ({ userId, points })),
        });
        expect(version).toBe(current + 1);
      };
      await add('c1', 'g1', T0, [
        ['u1', 150],
        ['u2', 100],
      ]);
      await add('c2', 'g1', T0, [['u2', 120]]);
      await add('c1', 'g1', T0 - 7 * DAY, [['u3', 500]]); // last week
      await add('d1', null, T0, [['u9', 999]]); // a DM: no server board
      await add('c3', 'g3', T0, [
        ['a', 10],
        ['d', 10],
        ['c', 5],
        ['b', 10],
      ]);

      const board = (scope: 'channel' | 'server', id: string, period: 'week' | 'all') =>
        another().leaderboard({ scope, id, period, now: T0 });
      expect(await board('channel', 'c1', 'week')).toEqual([
        { userId: 'u1', points: 150, rank: 1 },
        { userId: 'u2', points: 100, rank: 2 },
      ]);
      expect(await board('channel', 'c1', 'all')).toEqual([
        { userId: 'u3', points: 500, rank: 1 },
        { userId: 'u1', points: 150, rank: 2 },
        { userId: 'u2', points: 100, rank: 3 },
      ]);
      expect(await board('server', 'g1', 'week')).toEqual([
        { userId: 'u2', points: 220, rank: 1 },
        { userId: 'u1', points: 150, rank: 2 },
      ]);
      expect((await board('server', 'g1', 'all')).map((r) => r.userId)).toEqual(['u3', 'u2', 'u1']);
      expect(await board('channel', 'd1', 'all')).toEqual([{ userId: 'u9', points: 999, rank: 1 }]);
      // Equal points share a rank, in the same order on every adapter.
      expect(await board('channel', 'c3', 'all')).toEqual([
        { userId: 'd', points: 10, rank: 1 },
        { userId: 'b', points: 10, rank: 1 },
        { userId: 'a', points: 10, rank: 1 },
        { userId: 'c', points: 5, rank: 4 },
      ]);
      expect(
        await store.leaderboard({ scope: 'channel', id: 'c1', period: 'all', now: T0, limit: 1 }),
      ).toHaveLength(1);
      expect(await board('channel', 'nobody', 'week')).toEqual([]);
    });
  });
}

export interface PlayStoreOptions {
  readonly now: () => number;
  readonly idleSeconds?: number;
}

export function playStoreContract(adapter: StoreAdapter<PlayStore, PlayStoreOptions>): void {
  const catalog = createCatalog();
  const findGame = (id: string) => catalog.findGame(id);
  const magic = catalog.resolveGame('magic');
  const session = (id: string, owner: string, now = 0) =>
    startSession(magic, parseParams(magic, { rooms: '4', passages: [], p1: 1, p2: 1 }), {
      id,
      owner,
      first: 'you',
      now,
    });

  describe(`play store contract: ${adapter.name}`, () => {
    it('compare-and-set, and a game read back by another handle plays on', async () => {
      const { store, another } = adapter.open({ now: () => 0 });
      expect(await store.load('m1')).toEqual({ session: undefined, version: 0 });
      expect(await store.save(session('m1', 'ann'), 0, false)).toBe(1);
      expect(await store.save(session('m1', 'ann'), 0, false)).toBeUndefined();
      expect(await store.openGames('ann')).toEqual(['m1']);
      const restarted = another();
      const service = new PlayService({ store: restarted, findGame, newId: () => 'unused' });
      const after = await service.move('m1', 'ann', '3-4');
      expect(after.session.moves.map((m) => m.by)).toEqual(['you', 'grundy']);
      expect((await restarted.load('m1')).version).toBe(2);
    });

    it('a finished game leaves the open list; the limit counts only open games', async () => {
      let n = 0;
      const service = new PlayService({
        store: adapter.open({ now: () => 0 }).store,
        findGame,
        newId: () => `g${++n}`,
        maxOpenGames: 1,
      });
      const params: unknown = parseParams(magic, { rooms: '3', passages: [[1, 2]], p1: 0, p2: 0 });
      const game = await service.start({ game: magic, params, owner: 'bob', first: 'you' });
      await expect(service.start({ game: magic, params, owner: 'bob', first: 'you' })).rejects.toBeInstanceOf(
        TooManyGamesError,
      );
      await service.move(game.id, 'bob', 'walk 2');
      await service.start({ game: magic, params, owner: 'bob', first: 'you' });
    });

    it("open games: the owner's only, oldest first, idle ones gone when their time is up", async () => {
      const clock = { t: 0 };
      const { store } = adapter.open({ now: () => clock.t, idleSeconds: 60 });
      await store.save(session('old', 'cy'), 0, false);
      clock.t = 10_000;
      await store.save(session('new', 'cy'), 0, false);
      await store.save(session('other', 'dee'), 0, false);
      expect(await store.openGames('cy')).toEqual(['old', 'new']);
      clock.t = 65_000; // 'old' idle for 65 s
      expect(await store.openGames('cy')).toEqual(['new']);
    });
  });
}
