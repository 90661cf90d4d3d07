/**
 * quiz-post.ts in webhook mode (no bot token): posts wait for the `/quiz start` that owns them, even when two
 * starts race in one channel, and a quiz with no interaction to post through fails loudly.
 */
import { REST } from 'discord.js';
import { afterAll, describe, expect, test } from 'vitest';
import type { OutgoingMessage } from '../../src/bot/render/message.js';
import { createQuizPoster } from '../../src/bot/interaction/quiz-post.js';
import type { QuestionEvent, RevealEvent } from '../../src/bot/render/quiz.js';
import type { InteractionWebhook } from '../../src/bot/interaction/reply.js';
import { builtInGames as games } from '../../src/games/catalog.js';
import { multiplication } from '../../src/games/multiplication/index.js';
import { answerPicture } from '../../src/render/answer-picture.js';
import { createLogger } from '../../src/log.js';
import { choiceLabel, type QuestionView } from '../../src/quiz/question.js';

const players = ['Alice', 'Bob'] as const;
const view: QuestionView = {
  id: 'partisan.e1',
  gameId: 'partisan',
  gameTitle: 'PartisanGame',
  difficulty: 'easy',
  players,
  facts: [{ label: 'n', value: '12' }],
  params: {},
  parts: [
    {
      id: 'outcome',
      prompt: 'Alice moves first. Who wins with perfect play?',
      choices: (['first', 'second'] as const).map((id) => ({ id, label: choiceLabel(id, players) })),
    },
  ],
};

function question(quizId: string): QuestionEvent {
  return {
    kind: 'question',
    channelId: 'c1',
    quizId,
    round: 1,
    rounds: 1,
    deadline: 1_000_000,
    question: view,
    buttons: [
      view.parts[0]?.choices.map((c) => ({
        customId: `quiz:${quizId}:1:${c.id}`,
        label: c.label,
        part: 'outcome' as const,
        choice: c.id,
      })) ?? [],
    ],
  };
}

class RecordingWebhook implements InteractionWebhook {
  readonly posts: OutgoingMessage[] = [];
  constructor(readonly usableUntil: number) {}
  post(message: OutgoingMessage): Promise<string> {
    this.posts.push(message);
    return Promise.resolve(String(this.posts.length));
  }
  edit(): Promise<void> {
    return Promise.resolve();
  }
}

/** Webhook mode never calls the bot's REST client; it is there because channel mode would. */
const rest = new REST();
afterAll(() => {
  rest.clearHashSweeper();
  rest.clearHandlerSweeper();
});

function poster(now = 0) {
  return createQuizPoster({
    rest,
    mode: 'webhook',
    logger: createLogger('silent'),
    now: () => now,
  });
}

describe('the quiz poster without a bot token', () => {
  test('a post waits for its /quiz start, even while a second start in the channel is refused', async () => {
    const p = poster();
    const winner = new RecordingWebhook(10_000);
    const loser = new RecordingWebhook(10_000);
    const a = p.beginStart('c1', winner);
    const b = p.beginStart('c1', loser);
    let posted = false;
    const emitted = p.emit(question('abcd1234')).then(() => (posted = true));
    b.abandon();
    await new Promise((resolve) => setImmediate(resolve));
    expect(posted).toBe(false);
    a.started('abcd1234');
    a.abandon();
    await emitted;
    expect(winner.posts).toHaveLength(1);
    expect(loser.posts).toEqual([]);
    expect(p.labelOf('abcd1234', 1, 'second')).toBe('Bob wins');
  });

  test('no interaction to post through (after a restart), or its token expired: the post fails, saying why', async () => {
    await expect(poster().emit(question('abcd1234'))).rejects.toThrow(/no DISCORD_TOKEN/);
    const late = poster(20_000);
    late.beginStart('c1', new RecordingWebhook(10_000)).started('abcd1234');
    await expect(late.emit(question('abcd1234'))).rejects.toThrow(/token has expired; set DISCORD_TOKEN/);
  });
});

describe('the reveal and its picture', () => {
  test("the reveal attaches the answer's picture and shows it as the embed image, drawn from the solved instance", async () => {
    const p = createQuizPoster({
      rest,
      mode: 'webhook',
      logger: createLogger('silent'),
      now: () => 0,
      games,
    });
    const hook = new RecordingWebhook(10_000);
    p.beginStart('c1', hook).started('pict0001');
    const params = multiplication.params.parse({ n: '12', first: 'Alice' });
    const result = multiplication.solve(params);
    const explanation = multiplication.explain(params, result);
    const reveal: RevealEvent = {
      kind: 'reveal',
      channelId: 'c1',
      quizId: 'pict0001',
      round: 1,
      rounds: 1,
      question: { ...view, id: 'multiplication.e1', gameId: 'multiplication' },
      answers: [{ part: 'outcome', choice: 'first', label: 'Alice wins' }],
      explanation,
      solved: { gameId: 'multiplication', params, result },
      results: [],
      standings: [],
      nextAt: null,
    };
    await p.emit(reveal);
    const [posted] = hook.posts;
    const picture = await answerPicture(multiplication, params, result, explanation);
    expect(picture.kind).toBe(multiplication.picture === undefined ? 'none' : 'png');
    if (picture.kind === 'png') {
      expect(posted?.files?.map((f) => [f.name, f.contentType])).toEqual([['quiz-answer.png', 'image/png']]);
      expect(posted?.files?.[0]?.data.equals(Buffer.from(picture.png))).toBe(true);
      expect(posted?.embeds?.[0]?.image).toEqual({ url: 'attachment://quiz-answer.png' });
    }
    // Without the instance (an explanation rebuilt nowhere), no picture and no error.
    hook.posts.length = 0;
    await p.emit({ ...reveal, round: 1, solved: null });
    expect(hook.posts[0]?.files ?? []).toEqual([]);
  });
});
