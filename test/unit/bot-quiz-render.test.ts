/**
 * quiz-render.ts: every quiz message (question, reveal, standings, leaderboard, practice) stays inside
 * Discord's limits whatever the explanation, the instance or the number of players, and is a body Discord
 * accepts.
 */
import fc from 'fast-check';
import type { APIEmbed } from 'discord.js';
import { describe, expect, test } from 'vitest';
import type { Explanation } from '../../src/core/game.js';
import { toMessageBody, type OutgoingMessage } from '../../src/bot/render/message.js';
import {
  explanationSummary,
  renderAnswerAck,
  renderLeaderboard,
  renderPracticeFeedback,
  renderPracticeQuestion,
  renderQuestion,
  renderReveal,
  renderStandings,
  type QuestionEvent,
  type RevealEvent,
} from '../../src/bot/render/quiz.js';
import { EMBED_LIMITS, embedLength } from '../../src/bot/render/answer.js';
import { ChoiceId, choiceLabel, type QuestionView } from '../../src/quiz/question.js';
import type { ButtonView } from '../../src/quiz/service.js';
import { discordSchemas } from '../support/discord-schema.js';

const text = (max: number) =>
  fc.oneof(fc.string({ maxLength: Math.min(max, 40) }), fc.string({ unit: 'grapheme', maxLength: max }));

const explanation: fc.Arbitrary<Explanation<unknown>> = fc.record({
  outcome: fc.constantFrom('first' as const, 'second' as const, 'tie' as const),
  winner: fc.option(text(100), { nil: null }),
  headline: text(5000),
  moves: fc.array(fc.record({ text: text(2000), move: fc.constant(null) }), { maxLength: 4 }),
  whyNoMove: text(3000),
  reasons: fc.array(text(3000), { maxLength: 10 }),
  facts: fc.array(fc.record({ label: text(100), value: text(500) }), { maxLength: 5 }),
});

const userId = fc.bigInt({ min: 10n ** 17n, max: 10n ** 19n }).map(String);

const view: fc.Arbitrary<QuestionView> = fc
  .record({
    players: fc.tuple(text(120), text(120)),
    gameTitle: text(300),
    facts: fc.array(fc.record({ label: text(60), value: text(1000) }), { maxLength: 4 }),
    twoParts: fc.boolean(),
  })
  .map(({ players, gameTitle, facts, twoParts }) => ({
    id: 'seagm.e1ou5ulk',
    gameId: 'seagm',
    gameTitle,
    difficulty: 'hard' as const,
    players,
    facts,
    params: {},
    parts: [
      {
        id: 'outcome' as const,
        prompt: `${players[0]} moves first. Who wins with perfect play?`,
        choices: (['first', 'second', 'tie'] as const).map((id) => ({ id, label: choiceLabel(id, players) })),
      },
      ...(twoParts
        ? [
            {
              id: 'probability' as const,
              prompt: `How likely is it that ${players[0]} wins?`,
              choices: (['p3', 'p4', 'p5', 'p6'] as const).map((id) => ({
                id,
                label: choiceLabel(id, players),
              })),
            },
          ]
        : []),
    ],
  }));

function buttons(question: QuestionView, prefix: string): ButtonView[][] {
  return question.parts.map((part) =>
    part.choices.map((c) => ({ customId: `${prefix}${c.id}`, label: c.label, part: part.id, choice: c.id })),
  );
}

function expectWithinLimits(message: OutgoingMessage): void {
  const embeds: readonly APIEmbed[] = message.embeds ?? [];
  for (const embed of embeds) {
    expect(embed.title?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.title);
    expect(embed.description?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.description);
    expect(embed.author?.name.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.author);
    expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.footer);
    expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.fields);
    for (const field of embed.fields ?? []) {
      expect(field.name.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldName);
      expect(field.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
    }
  }
  expect(embeds.reduce((sum, e) => sum + embedLength(e), 0)).toBeLessThanOrEqual(EMBED_LIMITS.total);
  for (const row of message.components ?? []) {
    expect(row.components.length).toBeLessThanOrEqual(5);
    for (const button of row.components) {
      expect('label' in button ? (button.label?.length ?? 0) : 0).toBeLessThanOrEqual(80);
    }
  }
  expect(message.components?.length ?? 0).toBeLessThanOrEqual(5);
  expect(discordSchemas().validate('channelMessage', toMessageBody(message, 'create'))).toBeUndefined();
}

const results = fc.array(
  fc.record({
    userId,
    answers: fc.array(
      fc.record({
        part: fc.constantFrom('outcome' as const, 'probability' as const),
        choice: fc.constantFrom(...ChoiceId.options),
        correct: fc.boolean(),
        points: fc.integer({ min: 0, max: 150 }),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    points: fc.integer({ min: 0, max: 300 }),
  }),
  { maxLength: 300 },
);

const standings = fc.array(
  fc.record({
    userId,
    points: fc.integer({ min: 0, max: 6000 }),
    correct: fc.integer({ min: 0, max: 40 }),
    answered: fc.integer({ min: 0, max: 40 }),
    rank: fc.integer({ min: 1, max: 300 }),
  }),
  { maxLength: 300 },
);

describe('quiz messages', () => {
  test('questions, reveals and standings fit Discord’s limits whatever they hold (fast-check)', () => {
    fc.assert(
      fc.property(view, explanation, results, standings, fc.boolean(), (question, ex, res, ranks, closed) => {
        const event: QuestionEvent = {
          kind: 'question',
          channelId: '1',
          quizId: 'abcd1234',
          round: 3,
          rounds: 20,
          deadline: 1_736_337_612_000,
          question,
          buttons: buttons(question, 'quiz:abcd1234:3:'),
        };
        const answers = [{ part: 'outcome' as const, choice: 'first' as const, label: 'x wins' }];
        expectWithinLimits(renderQuestion(event, closed ? answers : undefined));
        const reveal: RevealEvent = {
          kind: 'reveal',
          channelId: '1',
          quizId: 'abcd1234',
          round: 3,
          rounds: 20,
          question,
          answers,
          explanation: closed ? null : ex,
          results: res,
          standings: ranks,
          nextAt: closed ? null : 1_736_337_624_000,
        };
        expectWithinLimits(renderReveal(reveal));
        expectWithinLimits(
          renderStandings({
            kind: 'standings',
            channelId: '1',
            quizId: 'abcd1234',
            reason: closed ? 'stopped' : 'finished',
            stoppedBy: closed ? '12345678901234567' : null,
            roundsPlayed: 2,
            rounds: 20,
            standings: ranks,
          }),
        );
        expectWithinLimits(renderLeaderboard(ranks.slice(0, 100), 'server', 'all'));
      }),
      { numRuns: 60 },
    );
  });

  test('practice questions and feedback fit too, with a Next button last (fast-check)', () => {
    fc.assert(
      fc.property(view, explanation, fc.boolean(), (question, ex, correct) => {
        const rows = buttons(question, 'quizp:seagm.e1ou5ulk:');
        expectWithinLimits(renderPracticeQuestion({ question, buttons: rows }));
        const feedback = renderPracticeFeedback({
          question,
          grade: { part: 'outcome', choice: correct ? 'first' : 'second', correct, answer: 'first' },
          answer: { part: 'outcome', choice: 'first', label: choiceLabel('first', question.players) },
          explanation: ex,
          buttons: rows,
          next: { customId: 'quizp:next:seagm:hard', label: 'Next question' },
        });
        expectWithinLimits(feedback);
        expect(feedback.components?.at(-1)?.components[0]).toMatchObject({
          custom_id: 'quizp:next:seagm:hard',
        });
        // The part answered is closed; another part stays open.
        expect(feedback.components?.[0]?.components.every((b) => b.disabled === true)).toBe(true);
        if (question.parts.length > 1) {
          expect(feedback.components?.[1]?.components.some((b) => b.disabled === true)).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
  });

  test('the explanation summary: headline, winning move, then as many reasons as fit', () => {
    const summary = explanationSummary({
      outcome: 'first',
      winner: 'Ada',
      headline: 'Ada wins.',
      moves: [{ text: 'Take 4 first.', move: 4 }],
      reasons: ['one', 'two', 'x'.repeat(5000)],
      facts: [],
    });
    expect(summary).toBe(
      'Ada wins.\n**Winning move:** Take 4 first.\n**Why**\n• one\n• two\n• ' + 'x'.repeat(399) + '…',
    );
  });

  test('click acknowledgements say what counts', () => {
    const labelOf = (choice: ChoiceId) => choiceLabel(choice, ['Alice', 'Bob']);
    const base = {
      kind: 'accepted',
      round: 2,
      part: 'outcome',
      choice: 'second',
      deadline: 1_000_000,
    } as const;
    expect(renderAnswerAck({ ...base, previous: null }, labelOf)).toBe(
      '✅ Your answer to question 2: **Bob wins**. You may change it until the round closes <t:1000:R>.',
    );
    expect(renderAnswerAck({ ...base, previous: 'first' }, labelOf)).toBe(
      '🔁 Changed your answer from **Alice wins** to **Bob wins**. You may change it again until the round closes <t:1000:R>.',
    );
    expect(renderAnswerAck({ kind: 'closed', reason: 'late' }, labelOf)).toMatch(/^⌛ Too late/);
    expect(renderAnswerAck({ kind: 'invalid-choice' }, labelOf)).toBe(
      'That button does not belong to the current question.',
    );
  });
});
