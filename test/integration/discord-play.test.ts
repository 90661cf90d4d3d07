/**
 * /play end to end over signed HTTP: the command, move buttons, select menus, the "Type a move" modal, Hint,
 * Resign, the review, a second user's click refused, and a restart of serve in the middle of a game (the
 * play store on a real Redis). Every interaction response is checked against Discord's OpenAPI schema, and
 * the fake Discord checks every REST call.
 */
import { randomUUID } from 'node:crypto';
import type { APIEmbed } from 'discord.js';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { RedisPlayStore } from '../../src/play/storage/redis.js';
import { startHarness, testGames as games, type Harness } from '../support/bot-harness.js';
import { discordSchemas } from '../support/discord-schema.js';
import {
  bob,
  buttonPress,
  chatInput,
  modalSubmit,
  postInteraction,
  selectPress,
  type BuiltInteraction,
  type OptionInput,
  type TestUser,
} from '../support/interactions.js';
import { REDIS_URL } from './helpers.js';

const EPHEMERAL = 64;

interface Component {
  readonly type: number;
  readonly custom_id: string;
  readonly label?: string;
  readonly options?: { value: string }[];
}

interface Callback {
  readonly type: number;
  readonly data?: {
    readonly content?: string;
    readonly flags?: number;
    readonly embeds?: APIEmbed[];
    readonly components?: { components: Component[] }[];
    readonly custom_id?: string;
    readonly title?: string;
  };
}

/** A game message as the student sees it, and the interaction it sits on (for the next press). */
interface Shown {
  readonly origin: BuiltInteraction;
  readonly callback: Callback;
}

async function send(h: Harness, built: BuiltInteraction): Promise<Callback> {
  const response = await postInteraction(h.server.url, h.keys, built.payload);
  expect(response.status).toBe(200);
  expect(discordSchemas().validate('interactionCallback', response.json)).toBeUndefined();
  return response.json as Callback;
}

function controls(callback: Callback): Component[] {
  return (callback.data?.components ?? []).flatMap((row) => row.components);
}

function control(callback: Callback, label: string): Component {
  const found = controls(callback).find((c) => c.label === label);
  if (found === undefined)
    throw new Error(
      `no "${label}" control: ${controls(callback)
        .map((c) => c.label)
        .join(', ')}`,
    );
  return found;
}

function text(callback: Callback): string {
  const embed = callback.data?.embeds?.[0];
  return `${embed?.title ?? ''}\n${embed?.description ?? ''}\n${embed?.footer?.text ?? ''}`;
}

async function play(h: Harness, values: Record<string, OptionInput>, user?: TestUser): Promise<Shown> {
  const built = chatInput(games, 'play', values, { fake: h.fake, ...(user === undefined ? {} : { user }) });
  const callback = await send(h, built);
  return { origin: built, callback };
}

async function press(h: Harness, shown: Shown, label: string, user?: TestUser): Promise<Callback> {
  const built = buttonPress(control(shown.callback, label).custom_id, shown.origin, {
    fake: h.fake,
    ...(user === undefined ? {} : { user }),
  });
  return send(h, built);
}

/** Presses Hint, then the move it names. */
async function playHinted(h: Harness, shown: Shown): Promise<Shown> {
  const hint = await press(h, shown, 'Hint');
  expect(hint).toMatchObject({ type: 4, data: { flags: EPHEMERAL } });
  const move = /^💡 Play (\S+):/.exec(hint.data?.content ?? '')?.[1];
  if (move === undefined) throw new Error(`no move in the hint: ${hint.data?.content ?? ''}`);
  const callback = await press(h, shown, move);
  expect(callback.type).toBe(7);
  return { origin: shown.origin, callback };
}

describe('/play over the HTTP endpoint (memory store)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  afterEach(() => {
    expect(h.fake.problems).toEqual([]);
  });

  test('a won board played to the end with hints; a second user is refused and changes nothing', async () => {
    let shown = await play(h, { game: 'abgame', board: 'A...B.A.B' });
    expect(shown.callback.type).toBe(4);
    expect(shown.callback.data?.flags ?? 0).toBe(0);
    expect(text(shown.callback)).toContain('A...B.A.B');
    expect(text(shown.callback)).toContain('**Ada** (A) to move.');
    expect(controls(shown.callback).map((c) => c.label)).toEqual([
      '1-2',
      '1-3',
      '1-4',
      '7-8',
      'Hint',
      'Resign',
    ]);

    const refused = await press(h, shown, '1-2', bob);
    expect(refused).toMatchObject({ type: 4, data: { flags: EPHEMERAL } });
    expect(refused.data?.content).toMatch(/Only the player who started this game can move/);
    const hintByBob = await press(h, shown, 'Hint', bob);
    expect(hintByBob.data?.content).toMatch(/Only the player who started/);

    for (let turn = 0; turn < 20 && controls(shown.callback).length > 0; turn++)
      shown = await playHinted(h, shown);
    expect(controls(shown.callback)).toEqual([]);
    expect(text(shown.callback)).toContain('**Review**');
    expect(text(shown.callback)).toContain('You won!');
    expect(text(shown.callback)).toMatch(/No mistake/);
    expect(text(shown.callback)).toMatch(/Hints used: \d+/);
  });

  test('the review names the first mistake and the move that would have kept the win', async () => {
    const shown = await play(h, { game: 'seagm', numbers: '1 2' });
    const lost = await press(h, shown, '1');
    expect(lost.type).toBe(7);
    expect(text(lost)).toContain('Grundy won.');
    expect(text(lost)).toContain(
      'Your first mistake was move 1, 1: it turned a won position into a lost one.',
    );
    expect(text(lost)).toContain('2 would have kept it');
  });

  test('Resign ends the game at once, with the review', async () => {
    const shown = await play(h, { game: 'partisan', n: '20', alice: '1 3', bob: '2 3', starts: 'grundy' });
    expect(text(shown.callback)).toMatch(/Grundy: take \d/);
    const resigned = await press(h, shown, 'Resign');
    expect(resigned.type).toBe(7);
    expect(text(resigned)).toContain('You resigned. Grundy won.');
    expect(controls(resigned)).toEqual([]);
  });

  test('many moves: select menus; too many: a typed move in a modal, checked like any other', async () => {
    const cards = Array.from({ length: 30 }, (_, i) => String(2 * (i + 1))).join(' ');
    const menus = await play(h, { game: 'seagm', numbers: cards });
    const selects = controls(menus.callback).filter((c) => c.type === 3);
    expect(selects).toHaveLength(2);
    expect(selects.flatMap((s) => s.options ?? []).map((o) => o.value)).toHaveLength(30);
    const chosen = await send(
      h,
      selectPress(selects[0]?.custom_id ?? '', ['4'], menus.origin, { fake: h.fake }),
    );
    expect(chosen.type).toBe(7);
    expect(text(chosen)).toContain('take 4');

    const big = await play(h, { game: 'magic', rooms: '6', telepoints: 1 });
    expect(controls(big.callback).some((c) => c.type === 3)).toBe(false);
    const type = control(big.callback, 'Type a move');
    const modal = await send(h, buttonPress(type.custom_id, big.origin, { fake: h.fake }));
    expect(modal.type).toBe(9);
    const modalId = modal.data?.custom_id ?? '';
    const bad = await send(h, modalSubmit(modalId, { move: '1-1 tp 9' }, big.origin, { fake: h.fake }));
    expect(bad).toMatchObject({ type: 4, data: { flags: EPHEMERAL } });
    expect(bad.data?.content).toMatch(/"1-1 tp 9" is not a legal move here/);
    const moved = await send(h, modalSubmit(modalId, { move: ' 3-4 TP 5 ' }, big.origin, { fake: h.fake }));
    expect(moved.type).toBe(7);
    expect(text(moved)).toContain('build passage 3-4, then teleport to room 5');
    const notYours = await send(h, buttonPress(type.custom_id, big.origin, { fake: h.fake, user: bob }));
    expect(notYours.data?.content).toMatch(/Only the player who started/);
  });

  test('difficulty gives a random position won for the student; options of another game are refused', async () => {
    const shown = await play(h, { game: 'multiplication', difficulty: 'easy' });
    expect(shown.callback.type).toBe(4);
    const hint = await press(h, shown, 'Hint');
    expect(hint.data?.content).toMatch(/^💡 Play \d+: it keeps the win/);
    const wrong = await play(h, { game: 'seagm', board: 'A..B' });
    expect(wrong).toMatchObject({ callback: { type: 4, data: { flags: EPHEMERAL } } });
    expect(wrong.callback.data?.content).toMatch(/board is not an option of seagm; its options are numbers/);
  });
});

describe('/play survives a restart of serve (play store on Redis)', () => {
  let admin: Redis;
  const prefix = `grundy-test-${randomUUID()}:play`;
  beforeAll(() => {
    admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  test('a move made after the restart continues the same game', async () => {
    const storeA = RedisPlayStore.open(REDIS_URL, { prefix });
    const first = await startHarness({ play: { store: storeA } });
    let shown: Shown;
    try {
      shown = await play(first, { game: 'abgame', board: 'A...B.A.B' });
      shown = await playHinted(first, shown);
      expect(first.fake.problems).toEqual([]);
    } finally {
      await first.close();
      await storeA.close();
    }
    const storeB = RedisPlayStore.open(REDIS_URL, { prefix });
    const second = await startHarness({ play: { store: storeB } });
    try {
      const before = text(shown.callback);
      const after = await playHinted(second, shown);
      expect(text(after.callback)).not.toBe(before);
      expect(text(after.callback)).toMatch(/3\. Ada: slide the A/);
      expect(second.fake.problems).toEqual([]);
    } finally {
      await second.close();
      await storeB.close();
    }
  });
});
