/**
 * quiz-post.ts in webhook mode (no bot token): posts wait for the `/quiz start` that owns them, even when two
 * starts race in one channel, and a quiz with no interaction to post through fails loudly.
 */
import { REST } from 'discord.js';
import { afterAll, describe, expect, test } from 'vitest';
import type { OutgoingMessage } from '../../src/bot/render/message.js';
import { createQuizPoster } from '../../src/bot/interaction/quiz-post.js';
import type { QuestionEvent } from '../../src/bot/render/quiz.js';
import type { InteractionWebhook } from '../../src/bot/interaction/reply.js';
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
