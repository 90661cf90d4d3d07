/** bot/render/answer.ts: any explanation fits Discord's embed limits, and whatever is left out is in the attached file. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Explanation } from '../../src/core/game.js';
import { seagm } from '../../src/games/seagm/index.js';
import {
  EMBED_LIMITS,
  embedLength,
  renderAnswer,
  renderExplanationFile,
  type RenderInput,
} from '../../src/bot/render/answer.js';
import { discordSchemas } from '../support/discord-schema.js';

const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: Math.min(max, 50) }),
    fc.string({ unit: 'grapheme', maxLength: max }),
    fc.string({ unit: 'binary', maxLength: max }),
  );

const explanation: fc.Arbitrary<Explanation<unknown>> = fc.record(
  {
    outcome: fc.constantFrom('first' as const, 'second' as const, 'tie' as const),
    winner: fc.option(text(400), { nil: null }),
    headline: text(5000),
    moves: fc.array(fc.record({ text: text(2000), move: fc.anything() }), { maxLength: 8 }),
    whyNoMove: text(5000),
    reasons: fc.array(text(3000), { maxLength: 12 }),
    facts: fc.array(fc.record({ label: text(400), value: text(2000) }), { maxLength: 40 }),
    details: fc.array(fc.record({ title: text(400), lines: fc.array(text(300), { maxLength: 30 }) }), {
      maxLength: 5,
    }),
  },
  { requiredKeys: ['outcome', 'winner', 'headline', 'moves', 'reasons', 'facts'] },
);

const input = fc.record({
  game: fc.record({ id: fc.constantFrom('seagm', 'abgame'), title: text(400) }),
  answer: fc.record({
    explanation,
    fromCache: fc.boolean(),
    solveMs: fc.double({ min: 0, max: 1e9, noNaN: true }),
    via: fc.constantFrom('inline' as const, 'queue' as const, 'cache' as const, 'stream' as const),
  }),
  inputSummary: text(2000),
});

describe('renderAnswer', () => {
  test('every embed respects Discord limits (fast-check), and a clipped one always comes with the full text', () => {
    fc.assert(
      fc.property(input, (view: RenderInput) => {
        const message = renderAnswer(view);
        const [embed] = message.embeds ?? [];
        expect(message.embeds).toHaveLength(1);
        if (embed === undefined) return;
        expect(embed.title?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.title);
        expect(embed.description?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.description);
        expect(embed.author?.name.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.author);
        expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.footer);
        expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.fields);
        for (const field of embed.fields ?? []) {
          expect(field.name.length).toBeGreaterThan(0);
          expect(field.name.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldName);
          expect(field.value.length).toBeGreaterThan(0);
          expect(field.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
        }
        expect(embedLength(embed)).toBeLessThanOrEqual(EMBED_LIMITS.total);
        expect(discordSchemas().validate('webhookEdit', { embeds: message.embeds })).toBeUndefined();
        const attached = (message.files ?? []).length > 0;
        expect(embed.footer?.text.endsWith('full explanation attached')).toBe(attached);
        if (attached) {
          const file = message.files?.[0];
          expect(file?.name).toBe(`${view.game.id}-explanation.txt`);
          expect(file?.data.toString('utf8')).toBe(renderExplanationFile(view));
        }
      }),
      { numRuns: 300 },
    );
  });

  test('the SEAGM answer to 2 6 3 fits the embed whole: no file', () => {
    const params = seagm.params.parse({ cards: ['2', '6', '3'] });
    const explained = seagm.explain(params, seagm.solve(params));
    const message = renderAnswer({
      game: seagm,
      answer: { explanation: explained, fromCache: false, solveMs: 0.4, via: 'inline' },
      inputSummary: 'numbers: 2 6 3',
    });
    expect(message.files).toBeUndefined();
    expect(message.embeds?.[0]).toMatchObject({
      author: { name: 'SEAGM — the gcd game' },
      title: 'Second player wins',
      footer: { text: 'Solved in < 1 ms · fresh (inline)' },
    });
  });

  test('footers: fresh, from the cache, and times in words', () => {
    const base = {
      explanation: { outcome: 'tie', winner: null, headline: 'h', moves: [], reasons: [], facts: [] },
    } as const;
    const footer = (answer: RenderInput['answer']) =>
      renderAnswer({ game: { id: 'g', title: 'G' }, answer, inputSummary: 'x' }).embeds?.[0]?.footer?.text;
    expect(footer({ ...base, fromCache: true, solveMs: 1234, via: 'cache' })).toBe(
      'From the cache · first solved in 1.23 s',
    );
    expect(footer({ ...base, fromCache: false, solveMs: 61_000, via: 'queue' })).toBe(
      'Solved in 1 min 1 s · fresh (queue)',
    );
    expect(
      renderAnswer({
        game: { id: 'g', title: 'G' },
        answer: { ...base, fromCache: false, solveMs: 3, via: 'inline' },
        inputSummary: 'x',
      }).embeds?.[0]?.title,
    ).toBe('A tie with perfect play');
  });
});
