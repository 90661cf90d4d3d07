/**
 * Channel quizzes end to end over signed HTTP: `/quiz start|stop|leaderboard|practice` and button clicks
 * (component interactions) from several users -> `startServer` (real dispatcher, real solve service, real quiz
 * runner and store) -> the fake Discord, which validates every REST call against Discord's OpenAPI schemas.
 * Quiz time is a fake clock injected through `startServer` (rounds are at least 10 s), so points are exact; the
 * right answers are worked out here from each posted question id, by the brute force where it fits.
 * The restart test runs two servers, one after the other, on a real Redis.
 */
import { ButtonStyle, type APIButtonComponentWithCustomId, type APIEmbed } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Outcome } from '../../src/core/game.js';
import { seagm } from '../../src/games/seagm/index.js';
import type { SeagmParams, SeagmResult } from '../../src/games/seagm/schema.js';
import { createSolveService } from '../../src/jobs/service.js';
import { createLogger } from '../../src/log.js';
import { startServer, type RunningServer } from '../../src/serve.js';
import {
  choiceLabel,
  decodeQuestionId,
  instanceFor,
  probabilityBin,
  type ChoiceId,
} from '../../src/quiz/question.js';
import {
  LogCapture,
  startHarness,
  testCatalog,
  testGames as games,
  testSettings,
  type Harness,
} from '../support/bot-harness.js';
import { discordSchemas } from '../support/discord-schema.js';
import { FakeDiscord, type FakeMessage } from '../support/fake-discord.js';
import {
  APPLICATION_ID,
  CHANNEL_ID,
  MODERATOR_PERMISSIONS,
  ada,
  bob,
  buttonPress,
  chatInput,
  componentPress,
  cy,
  dee,
  postInteraction,
  testKeys,
  type BuiltInteraction,
  type OptionInput,
  type TestKeys,
  type TestUser,
} from '../support/interactions.js';
import { waitUntil } from '../support/wait.js';
import { MemoryQuizStore } from '../../src/quiz/storage/memory.js';
import { FakeTime } from '../unit/quiz-fakes.js';
import { REDIS_URL, deleteKeys, uniquePrefix } from './helpers.js';

const EPHEMERAL = 64;
/** A Wednesday: a whole quiz stays inside one ISO week. */
const T0 = Date.UTC(2025, 0, 8, 12, 0, 0);
const ROUND_MS = 10_000;
const BREAK_MS = 2_000;
const PLAYERS = ['First player', 'Second player'] as const;
const label = (choice: ChoiceId): string => choiceLabel(choice, PLAYERS);
const mention = (user: TestUser): string => `<@${user.id}>`;

interface Callback {
  readonly type: number;
  readonly data?: {
    readonly content?: string;
    readonly flags?: number;
    readonly embeds?: APIEmbed[];
    readonly components?: { components: APIButtonComponentWithCustomId[] }[];
  };
}

/** One running bot (server + solve service) on a fake Discord, with quiz time on `time`. */
interface Bot {
  readonly fake: FakeDiscord;
  readonly keys: TestKeys;
  readonly server: RunningServer;
  settle(): Promise<void>;
}

function embedOf(message: FakeMessage | Callback['data']): APIEmbed | undefined {
  const embeds =
    message === undefined ? undefined : 'body' in message ? message.body['embeds'] : message.embeds;
  return (embeds as APIEmbed[] | undefined)?.[0];
}

function buttonsOf(message: FakeMessage | Callback['data']): APIButtonComponentWithCustomId[] {
  const rows =
    message === undefined ? undefined : 'body' in message ? message.body['components'] : message.components;
  return ((rows ?? []) as { components: APIButtonComponentWithCustomId[] }[]).flatMap(
    (row) => row.components,
  );
}

function buttonFor(
  message: FakeMessage | Callback['data'],
  choice: ChoiceId,
): APIButtonComponentWithCustomId {
  const button = buttonsOf(message).find((b) => b.custom_id.endsWith(`:${choice}`));
  if (button === undefined) throw new Error(`no ${choice} button`);
  return button;
}

/** The right answers of a posted question, from its id: the instance rebuilt and solved independently. */
function reference(message: FakeMessage | Callback['data']): {
  readonly questionId: string;
  readonly outcome: Outcome;
  readonly wrong: ChoiceId;
  readonly probability: ChoiceId;
} {
  const questionId = (embedOf(message)?.footer?.text ?? '').replace(/^Question /, '');
  const ref = decodeQuestionId(questionId);
  if (ref === undefined) throw new Error(`no question id in the footer: "${questionId}"`);
  expect(ref.gameId).toBe('seagm');
  const params = instanceFor(seagm, ref) as SeagmParams;
  const result: SeagmResult = seagm.brute.fits(params) ? seagm.brute.solve(params) : seagm.solve(params);
  const outcome = seagm.outcome(result, params);
  return {
    questionId,
    outcome,
    wrong: outcome === 'first' ? 'second' : 'first',
    probability: `p${probabilityBin(result.probability, result.fraction)}` as ChoiceId,
  };
}

function expectValidCallback(json: unknown): void {
  expect(discordSchemas().validate('interactionCallback', json)).toBeUndefined();
}

async function send(bot: Bot, built: BuiltInteraction): Promise<Callback> {
  const response = await postInteraction(bot.server.url, bot.keys, built.payload);
  expect(response.status).toBe(200);
  expectValidCallback(response.json);
  return response.json as Callback;
}

function command(
  bot: Bot,
  name: string,
  values: Record<string, OptionInput>,
  user: TestUser = ada,
  permissions?: string,
): { built: BuiltInteraction; sent: Promise<Callback> } {
  const built = chatInput(games, name, values, {
    user,
    fake: bot.fake,
    ...(permissions === undefined ? {} : { permissions }),
  });
  return { built, sent: send(bot, built) };
}

async function click(
  bot: Bot,
  message: FakeMessage,
  choice: ChoiceId,
  user: TestUser,
  permissions?: string,
): Promise<string> {
  const press = componentPress(buttonFor(message, choice).custom_id, message, {
    user,
    fake: bot.fake,
    ...(permissions === undefined ? {} : { permissions }),
  });
  const callback = await send(bot, press);
  // Every click is acknowledged privately, in the interaction response itself.
  expect(callback.type).toBe(4);
  expect(callback.data?.flags).toBe(EPHEMERAL);
  return callback.data?.content ?? '';
}

function authorOf(message: FakeMessage): string {
  return embedOf(message)?.author?.name ?? '';
}

async function posted(fake: FakeDiscord, author: string): Promise<FakeMessage> {
  await waitUntil(
    `a post "${author}"`,
    () => fake.channelMessages(CHANNEL_ID).some((m) => authorOf(m) === author),
    20_000,
  );
  const all = fake.channelMessages(CHANNEL_ID).filter((m) => authorOf(m) === author);
  const last = all.at(-1);
  if (last === undefined) throw new Error('unreachable');
  return last;
}

function postsBy(fake: FakeDiscord, author: string): FakeMessage[] {
  return fake.channelMessages(CHANNEL_ID).filter((m) => authorOf(m) === author);
}

describe('quizzes over the HTTP endpoint (memory store)', () => {
  let h: Harness;
  let bot: Bot;
  const time = new FakeTime(T0);
  const at = (ms: number): Promise<void> => time.advanceTo(ms, () => h.server.quiz.idle());

  beforeAll(async () => {
    h = await startHarness({ quiz: { clock: time.scope(), breakMs: BREAK_MS } });
    bot = { fake: h.fake, keys: h.keys, server: h.server, settle: () => h.server.quiz.idle() };
  });
  afterAll(async () => {
    await h.close();
  });
  afterEach(() => {
    expect(h.fake.problems).toEqual([]);
  });

  test('a three-round quiz answered by four users: acknowledgements, reveals, points, standings, leaderboard', async () => {
    const T = time.now();
    const start = command(bot, 'quiz start', { game: 'seagm', rounds: 3, difficulty: 'easy', seconds: 10 });
    // Questions are solved before the first is posted: the command defers (publicly) at once.
    expect(await start.sent).toEqual({ type: 5, data: {} });
    const announcement = await h.fake.waitFor(
      (r) => r.params['token'] === start.built.token && r.method === 'PATCH',
      'the announcement',
    );
    expect((announcement.body as { content: string }).content).toMatch(
      new RegExp(`^🎓 \\*\\*Quiz time!\\*\\* ${mention(ada)} started 3 questions about \\*\\*SEAGM`),
    );
    expect((announcement.body as { allowed_mentions: unknown }).allowed_mentions).toEqual({
      parse: [],
      users: [],
    });

    // ---- round 1 ----
    const q1 = await posted(h.fake, 'Quiz · question 1 of 3');
    await bot.settle();
    expect(q1.via).toBe('channel');
    const r1 = reference(q1);
    expect(embedOf(q1)?.description).toContain(`Answers close <t:${(T + ROUND_MS) / 1000}:R>`);
    // Two rows: who wins, and four ranges for the random-play probability.
    expect(
      buttonsOf(q1)
        .map((b) => b.label)
        .slice(0, 2),
    ).toEqual(['First player wins', 'Second player wins']);
    expect(
      buttonsOf(q1)
        .slice(2)
        .map((b) => b.label),
    ).toContain(label(r1.probability));
    expect(buttonsOf(q1)).toHaveLength(6);
    expect(buttonsOf(q1).some((b) => b.disabled === true)).toBe(false);

    expect(await click(bot, q1, r1.outcome, ada)).toBe(
      `✅ Your answer to question 1: **${label(r1.outcome)}**. You may change it until the round closes <t:${(T + ROUND_MS) / 1000}:R>.`,
    );
    await at(T + 2000);
    expect(await click(bot, q1, r1.wrong, bob)).toMatch(/^✅ Your answer to question 1/);
    await at(T + 4000);
    expect(await click(bot, q1, r1.outcome, bob)).toMatch(
      new RegExp(
        `^🔁 Changed your answer from \\*\\*${label(r1.wrong)}\\*\\* to \\*\\*${label(r1.outcome)}\\*\\*`,
      ),
    );
    await at(T + 5000);
    expect(await click(bot, q1, r1.wrong, cy)).toMatch(/^✅ Your answer/);
    expect(await click(bot, q1, r1.probability, dee)).toBe(
      `✅ Your answer to question 1: **${label(r1.probability)}**. You may change it until the round closes <t:${(T + ROUND_MS) / 1000}:R>.`,
    );
    expect(postsBy(h.fake, 'Quiz · question 1 of 3 · the answer')).toEqual([]);

    await at(T + ROUND_MS);
    const reveal1 = await posted(h.fake, 'Quiz · question 1 of 3 · the answer');
    const e1 = embedOf(reveal1);
    expect(e1?.title).toBe(`Answer: ${label(r1.outcome)} · ${label(r1.probability)}`);
    expect(e1?.description).toContain(`${label(r1.outcome)} with perfect play`);
    expect(e1?.description).toContain(`Next question <t:${(T + ROUND_MS + BREAK_MS) / 1000}:R>.`);
    expect(e1?.fields?.[0]).toEqual({
      name: 'Who was right (3 of 4 scored)',
      value: [
        `${mention(ada)}: ✅ ${label(r1.outcome)} · **+150**`,
        `${mention(bob)}: ✅ ${label(r1.outcome)} · **+130**`,
        `${mention(dee)}: ✅ ${label(r1.probability)} · **+125**`,
        `${mention(cy)}: ❌ ${label(r1.wrong)} · **+0**`,
      ].join('\n'),
    });
    expect(e1?.fields?.[1]?.value.split('\n')).toEqual([
      `🥇 ${mention(ada)} · **150** pts · 1/1 right`,
      `🥈 ${mention(bob)} · **130** pts · 1/1 right`,
      `🥉 ${mention(dee)} · **125** pts · 1/1 right`,
      `4. ${mention(cy)} · **0** pts · 0/1 right`,
    ]);
    expect(e1?.footer?.text).toContain(`Question ${r1.questionId}`);
    // The question was edited at time-up: every button disabled, the right ones green.
    expect(q1.edits).toBe(1);
    expect(embedOf(q1)?.description).toContain(
      `🔒 Closed. Answer: **${label(r1.outcome)}** · **${label(r1.probability)}**`,
    );
    expect(buttonsOf(q1).every((b) => b.disabled === true)).toBe(true);
    expect(
      buttonsOf(q1)
        .filter((b) => b.style === ButtonStyle.Success)
        .map((b) => b.custom_id.split(':').at(-1)),
    ).toEqual([r1.outcome, r1.probability]);
    // A late click is told privately, and does not count.
    expect(await click(bot, q1, r1.outcome, dee)).toBe(
      '⌛ Too late: that question is closed, so this click does not count.',
    );

    // ---- round 2 ----
    const T2 = T + ROUND_MS + BREAK_MS;
    await at(T2);
    const q2 = await posted(h.fake, 'Quiz · question 2 of 3');
    const r2 = reference(q2);
    expect(await click(bot, q2, r2.outcome, bob)).toMatch(/^✅ Your answer to question 2/);
    await at(T2 + 1000);
    expect(await click(bot, q2, r2.wrong, ada)).toMatch(/^✅ Your answer to question 2/);
    await at(T2 + 3000);
    // The same choice again keeps the first click's time (and its speed bonus).
    expect(await click(bot, q2, r2.outcome, bob)).toMatch(/^You already answered/);
    await at(T2 + ROUND_MS);
    const e2 = embedOf(await posted(h.fake, 'Quiz · question 2 of 3 · the answer'));
    expect(e2?.fields?.[0]?.value.split('\n')).toEqual([
      `${mention(bob)}: ✅ ${label(r2.outcome)} · **+150**`,
      `${mention(ada)}: ❌ ${label(r2.wrong)} · **+0**`,
    ]);

    // ---- round 3 ----
    const T3 = T2 + ROUND_MS + BREAK_MS;
    await at(T3 + 8000);
    const q3 = await posted(h.fake, 'Quiz · question 3 of 3');
    const r3 = reference(q3);
    expect(await click(bot, q3, r3.outcome, ada)).toMatch(/^✅ Your answer to question 3/);
    await at(T3 + ROUND_MS);
    const e3 = embedOf(await posted(h.fake, 'Quiz · question 3 of 3 · the answer'));
    expect(e3?.fields?.[0]?.value).toBe(`${mention(ada)}: ✅ ${label(r3.outcome)} · **+110**`);
    expect(e3?.description).toContain('That was the last question.');

    const final = embedOf(await posted(h.fake, 'Quiz'));
    expect(final?.title).toBe('🏆 Final standings');
    expect(final?.description).toBe(
      [
        'All 3 questions played.',
        '',
        `🥇 ${mention(bob)} · **280** pts · 2/2 right`,
        `🥈 ${mention(ada)} · **260** pts · 2/3 right`,
        `🥉 ${mention(dee)} · **125** pts · 1/1 right`,
        `4. ${mention(cy)} · **0** pts · 0/1 right`,
        '',
        `${mention(bob)} takes the win. \`/quiz leaderboard\` shows the running totals.`,
      ].join('\n'),
    );
    // Nothing pinged anybody, and nothing more is coming.
    for (const message of h.fake.channelMessages(CHANNEL_ID)) {
      expect(message.body['allowed_mentions']).toEqual({ parse: [], users: [] });
    }
    expect(time.pending()).toBe(0);

    // ---- leaderboards ----
    const board = await command(bot, 'quiz leaderboard', {}, cy).sent;
    expect(board.type).toBe(4);
    expect(board.data?.flags).toBeUndefined();
    expect(embedOf(board.data)?.title).toBe('This channel · this week (UTC, from Monday)');
    const lines = [
      `🥇 ${mention(bob)} · **280** pts`,
      `🥈 ${mention(ada)} · **260** pts`,
      `🥉 ${mention(dee)} · **125** pts`,
    ];
    expect(embedOf(board.data)?.description).toBe(lines.join('\n'));
    const server = await command(bot, 'quiz leaderboard', { scope: 'server', period: 'all' }, cy).sent;
    expect(embedOf(server.data)?.title).toBe('This server · all time');
    expect(embedOf(server.data)?.description).toBe(lines.join('\n'));
  });

  test('/quiz stop: refused to others without Manage Messages; a moderator stops it; a second start is refused', async () => {
    const start = command(bot, 'quiz start', { game: 'seagm', rounds: 2, seconds: 10 });
    expect((await start.sent).type).toBe(5);
    const question = await posted(h.fake, 'Quiz · question 1 of 2');
    await bot.settle();

    const again = command(bot, 'quiz start', { game: 'seagm' }, bob);
    expect((await again.sent).type).toBe(5);
    const refusal = await h.fake.waitFor(
      (r) => r.params['token'] === again.built.token && r.route === 'POST /webhooks/:app/:token',
      'the refusal',
    );
    expect(refusal.body).toMatchObject({
      flags: EPHEMERAL,
      content: expect.stringMatching(
        new RegExp(`^A quiz is already running in this channel \\(started by ${mention(ada)}\\)`),
      ) as unknown,
    });
    expect(h.fake.forToken(again.built.token).map((r) => r.route)).toContain(
      'DELETE /webhooks/:app/:token/messages/@original',
    );

    const denied = await command(bot, 'quiz stop', {}, bob).sent;
    expect(denied).toMatchObject({
      type: 4,
      data: {
        flags: EPHEMERAL,
        content: `Only ${mention(ada)}, who started this quiz, or someone with the Manage Messages permission can stop it.`,
      },
    });
    const stopped = await command(bot, 'quiz stop', {}, cy, MODERATOR_PERMISSIONS).sent;
    expect(stopped).toMatchObject({
      type: 4,
      data: {
        flags: EPHEMERAL,
        content: '🛑 Stopped the quiz after 0 questions; the standings are posted in the channel.',
      },
    });
    await bot.settle();
    const standings = embedOf(postsBy(h.fake, 'Quiz').at(-1));
    expect(standings?.title).toBe('🛑 Quiz stopped');
    expect(standings?.description).toBe(
      `Stopped by ${mention(cy)} after 0 of 2 questions.\n\nNobody scored.`,
    );
    expect(embedOf(question)?.description).toContain('🔒 Closed.');
    expect(buttonsOf(question).every((b) => b.disabled === true)).toBe(true);
    expect(await click(bot, question, 'first', dee)).toBe(
      '⌛ That quiz is over, so this click does not count.',
    );
    expect(await command(bot, 'quiz stop', {}, ada).sent).toMatchObject({
      type: 4,
      data: {
        flags: EPHEMERAL,
        content: 'No quiz is running in this channel. Start one with `/quiz start`.',
      },
    });
    expect(time.pending()).toBe(0);
  });

  test('/quiz start where the bot may not post: refused at once, privately, saying what it needs', async () => {
    const built = chatInput(games, 'quiz start', { game: 'seagm' }, { fake: h.fake });
    // View Channel and Send Messages, but no Embed Links.
    const refused = await send(bot, {
      ...built,
      payload: { ...built.payload, app_permissions: String((1n << 10n) | (1n << 11n)) },
    });
    expect(refused).toEqual({
      type: 4,
      data: {
        flags: EPHEMERAL,
        content:
          '⚠️ Grundy cannot post in this channel: a quiz needs it to have View Channel, Send Messages and Embed Links here.',
        allowed_mentions: { parse: [], users: [] },
      },
    });
  });

  test('/quiz practice: a private question, instant feedback with the explanation, a Next button', async () => {
    const asked = command(bot, 'quiz practice', { game: 'seagm', difficulty: 'easy' });
    const first = await asked.sent;
    expect(first.type).toBe(4);
    expect(first.data?.flags).toBe(EPHEMERAL);
    expect(embedOf(first.data)?.author?.name).toBe('Practice (only you see this)');
    const r = reference(first.data);
    expect(buttonsOf(first.data).every((b) => b.custom_id.startsWith(`quizp:${r.questionId}:`))).toBe(true);

    // Wrong: the message itself is replaced by the feedback.
    const wrong = await send(
      bot,
      buttonPress(buttonFor(first.data, r.wrong).custom_id, asked.built, { fake: h.fake }),
    );
    expect(wrong.type).toBe(7);
    const verdict = wrong.data?.embeds?.[1];
    expect(verdict?.title).toBe(
      `❌ Not quite: you said ${label(r.wrong)}; the answer is ${label(r.outcome)}`,
    );
    expect(verdict?.description).toContain(`${label(r.outcome)} with perfect play`);
    const outcomeRow = buttonsOf(wrong.data).filter((b) =>
      ['first', 'second'].includes(b.custom_id.split(':').at(-1) ?? ''),
    );
    // The part answered is closed: the right answer green, the wrong pick red.
    expect(new Map(outcomeRow.map((b) => [b.custom_id.split(':').at(-1), [b.style, b.disabled]]))).toEqual(
      new Map([
        [r.outcome, [ButtonStyle.Success, true]],
        [r.wrong, [ButtonStyle.Danger, true]],
      ]),
    );
    const next = buttonsOf(wrong.data).at(-1);
    expect(next).toMatchObject({ label: 'Next question', custom_id: 'quizp:next:seagm:easy' });

    // The other part can still be tried: right this time.
    const right = await send(
      bot,
      buttonPress(buttonFor(wrong.data, r.probability).custom_id, asked.built, { fake: h.fake }),
    );
    expect(right.type).toBe(7);
    expect(right.data?.embeds?.[1]?.title).toBe(`✅ Right: ${label(r.probability)}`);

    const fresh = await send(bot, buttonPress('quizp:next:seagm:easy', asked.built, { fake: h.fake }));
    expect(fresh.type).toBe(7);
    const r2 = reference(fresh.data);
    expect(r2.questionId).not.toBe(r.questionId);
    const good = await send(
      bot,
      buttonPress(buttonFor(fresh.data, r2.outcome).custom_id, asked.built, { fake: h.fake }),
    );
    expect(good.data?.embeds?.[1]?.title).toBe(`✅ Right: ${label(r2.outcome)}`);
    // Practice never touches the channel or the leaderboard.
    expect(h.fake.forToken(asked.built.token)).toEqual([]);
  });
});

describe('a restart mid-round (Redis store)', () => {
  const prefix = uniquePrefix('quiz-restart');
  const time = new FakeTime(T0);
  const fakeReady = new FakeDiscord().start();
  const keys = testKeys();
  const logs = new LogCapture();
  const config = async () =>
    loadConfig({
      DISCORD_PUBLIC_KEY: keys.publicKeyHex,
      DISCORD_APPLICATION_ID: APPLICATION_ID,
      DISCORD_API_BASE: (await fakeReady).apiBase,
      DISCORD_TOKEN: (await fakeReady).botToken,
      HOST: '127.0.0.1',
      PORT: '0',
      REDIS_URL,
      GRUNDY_PREFIX: prefix,
      // No `grundy worker` here: every solve runs in the server's own threads.
      INLINE_COST_MS: '3600000',
    });

  async function startBot(): Promise<Bot & { close(): Promise<void> }> {
    const fake = await fakeReady;
    const logger = createLogger('debug', logs);
    const cfg = await config();
    const service = await createSolveService(cfg, logger);
    const server = await startServer(cfg, logger, {
      service,
      catalog: await testCatalog(),
      gateway: false,
      settings: testSettings,
      graceMs: 2000,
      quiz: { clock: time.scope(), breakMs: BREAK_MS },
    });
    return {
      fake,
      keys,
      server,
      settle: () => server.quiz.idle(),
      async close() {
        await server.close();
        await service.close();
      },
    };
  }

  afterAll(async () => {
    await (await fakeReady).close();
    await deleteKeys(prefix);
  });

  test('closing the server mid-round and starting another: the round is revealed once and scored once', async () => {
    const fake = await fakeReady;
    const T = time.now();
    const first = await startBot();
    let second: (Bot & { close(): Promise<void> }) | undefined;
    try {
      expect((await command(first, 'quiz start', { game: 'seagm', rounds: 2, seconds: 10 }).sent).type).toBe(
        5,
      );
      const q1 = await posted(fake, 'Quiz · question 1 of 2');
      await first.settle();
      const r1 = reference(q1);
      await time.advanceTo(T + 1000, () => first.settle());
      expect(await click(first, q1, r1.outcome, ada)).toMatch(/^✅ Your answer to question 1/);
      await first.close();

      second = await startBot();
      const bot = second;
      const at = (ms: number): Promise<void> => time.advanceTo(ms, () => bot.settle());
      await at(T + 3000);
      // The round is still open after the restart: a new answer counts, a repeated one does not.
      expect(await click(bot, q1, r1.outcome, bob)).toMatch(/^✅ Your answer to question 1/);
      expect(await click(bot, q1, r1.outcome, ada)).toMatch(/^You already answered/);
      await at(T + ROUND_MS);
      await posted(fake, 'Quiz · question 1 of 2 · the answer');
      const reveals = postsBy(fake, 'Quiz · question 1 of 2 · the answer');
      expect(reveals).toHaveLength(1);
      expect(embedOf(reveals[0])?.fields?.[0]?.value.split('\n')).toEqual([
        `${mention(ada)}: ✅ ${label(r1.outcome)} · **+145**`,
        `${mention(bob)}: ✅ ${label(r1.outcome)} · **+135**`,
      ]);
      // The new process learnt the question's message from the click, so its buttons were disabled too.
      expect(buttonsOf(q1).every((b) => b.disabled === true)).toBe(true);

      await at(T + 2 * ROUND_MS + BREAK_MS);
      await posted(fake, 'Quiz · question 2 of 2 · the answer');
      expect(embedOf(await posted(fake, 'Quiz'))?.title).toBe('🏆 Final standings');
      expect(postsBy(fake, 'Quiz · question 1 of 2 · the answer')).toHaveLength(1);
      expect(postsBy(fake, 'Quiz · question 2 of 2')).toHaveLength(1);

      const board = await command(bot, 'quiz leaderboard', { period: 'all' }, cy).sent;
      expect(embedOf(board.data)?.description).toBe(
        [`🥇 ${mention(ada)} · **145** pts`, `🥈 ${mention(bob)} · **135** pts`].join('\n'),
      );
      expect(logs.text).toContain('quizzes resumed');
      expect(fake.problems).toEqual([]);
    } finally {
      await second?.close();
      await first.close();
    }
  });
});

describe('quizzes without a bot token (posts through the /quiz start interaction)', () => {
  let h: Harness;
  let bot: Bot;
  const time = new FakeTime(T0);
  const store = new MemoryQuizStore();

  beforeAll(async () => {
    h = await startHarness({
      env: { DISCORD_TOKEN: '' },
      quiz: { clock: time.scope(), breakMs: BREAK_MS, store },
    });
    bot = { fake: h.fake, keys: h.keys, server: h.server, settle: () => h.server.quiz.idle() };
  });
  afterAll(async () => {
    await h.close();
    await store.close();
  });
  afterEach(() => {
    expect(h.fake.problems).toEqual([]);
  });

  test('questions, reveals and standings are follow-ups of /quiz start; quizzes that would outlive its token are refused', async () => {
    const tooLong = await command(bot, 'quiz start', { game: 'seagm', rounds: 20, seconds: 120 }).sent;
    expect(tooLong).toMatchObject({ type: 4, data: { flags: EPHEMERAL } });
    expect(tooLong.data?.content).toMatch(
      /^⚠️ This Grundy runs without a bot token, so a quiz has to finish within the 15 minutes Discord keeps a command open: at most 6 questions of 120 s\. For longer quizzes, the bot’s owner can set DISCORD_TOKEN\./,
    );

    const T = time.now();
    const start = command(bot, 'quiz start', { game: 'seagm', rounds: 1, seconds: 10 });
    expect((await start.sent).type).toBe(5);
    const q1 = await posted(h.fake, 'Quiz · question 1 of 1');
    await bot.settle();
    expect(q1).toMatchObject({ via: 'webhook', token: start.built.token });
    // The announcement (the deferred reply) was edited before the first follow-up went out.
    const calls = h.fake.forToken(start.built.token).map((r) => r.route);
    expect(calls.slice(0, 2)).toEqual([
      'PATCH /webhooks/:app/:token/messages/@original',
      'POST /webhooks/:app/:token',
    ]);
    const r1 = reference(q1);
    expect(await click(bot, q1, r1.outcome, bob)).toMatch(/^✅ Your answer to question 1/);
    await time.advanceTo(T + ROUND_MS, () => bot.settle());
    const reveal = await posted(h.fake, 'Quiz · question 1 of 1 · the answer');
    expect(reveal.via).toBe('webhook');
    expect(embedOf(reveal)?.fields?.[0]?.value).toBe(`${mention(bob)}: ✅ ${label(r1.outcome)} · **+150**`);
    expect(buttonsOf(q1).every((b) => b.disabled === true)).toBe(true);
    expect(embedOf(await posted(h.fake, 'Quiz'))?.title).toBe('🏆 Final standings');
    expect(h.fake.requests.filter((r) => r.route.startsWith('POST /channels'))).toEqual([]);
  });

  test('after a restart such a quiz cannot post any more, so it is stopped (and says so in the log)', async () => {
    expect((await command(bot, 'quiz start', { game: 'seagm', rounds: 2, seconds: 10 }).sent).type).toBe(5);
    const question = await posted(h.fake, 'Quiz · question 1 of 2');
    await bot.settle();
    await h.server.close();
    const restarted = await startServer(h.config, h.logger, {
      service: h.service,
      catalog: await testCatalog(),
      gateway: false,
      settings: testSettings,
      quiz: { clock: time.scope(), breakMs: BREAK_MS, store },
    });
    try {
      await restarted.quiz.idle();
      expect(h.logs.text).toContain('stopped a quiz left running by the previous process');
      expect(time.pending()).toBe(0);
      const next = { fake: h.fake, keys: h.keys, server: restarted, settle: () => restarted.quiz.idle() };
      expect(await click(next, question, 'first', ada)).toBe(
        '⌛ That quiz is over, so this click does not count.',
      );
      // The standings could not be posted (no token to post with); nothing else was attempted.
      expect(h.fake.problems).toEqual([]);
    } finally {
      await restarted.close();
    }
  });
});
