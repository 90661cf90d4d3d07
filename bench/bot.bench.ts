/**
 * The bot path end to end, in-process: an Ed25519-signed HTTP interaction -> `startServer` (real dispatcher and
 * in-process solve service) -> the fake Discord on loopback (test/support). Measures what a user waits for:
 * the first HTTP response (Discord drops it after 3 s) for a small /seagm, and, for a 2,000-card attachment,
 * the first response and the time until the original message is edited with the answer.
 */
import { performance } from 'node:perf_hooks';
import { startHarness } from '../test/support/bot-harness.js';
import { bigCardsInput, chatInput, postInteraction } from '../test/support/interactions.js';
import { budget, fmt, type BenchRow } from './harness.js';

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

export async function run(): Promise<BenchRow[]> {
  const h = await startHarness({ env: { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' } });
  try {
    const rows: BenchRow[] = [];
    // Small questions, all different (so none comes from the cache), one at a time. An answer that carries a
    // picture is deferred (type 5) and edited in; a text-only one comes inline (type 4). Both are timed to the
    // moment the answer is in Discord's hands.
    const count = 200;
    const firstTimes: number[] = [];
    const answerTimes: number[] = [];
    for (let i = 0; i < count + 10; i++) {
      const built = chatInput(
        h.games,
        'seagm',
        { numbers: `${i + 2} ${2 * i + 6} ${3 * i + 3} 35` },
        { fake: h.fake },
      );
      const started = performance.now();
      const response = await postInteraction(h.server.url, h.keys, built.payload);
      const type = (response.json as { type?: number } | undefined)?.type;
      if (response.status !== 200 || (type !== 4 && type !== 5)) {
        throw new Error(`unexpected response ${response.status} ${JSON.stringify(response.json)}`);
      }
      if (type === 5) {
        await h.fake.waitForAnswerEdit(built.token);
      }
      if (i >= 10) {
        firstTimes.push(response.ms);
        answerTimes.push(performance.now() - started);
      }
    }
    firstTimes.sort((a, b) => a - b);
    answerTimes.sort((a, b) => a - b);
    const p50 = percentile(firstTimes, 0.5);
    const p99 = percentile(firstTimes, 0.99);
    rows.push({
      group: 'bot',
      input: 'signed /seagm, 4 cards: first response (inline answer or deferral)',
      size: `${fmt(count)} requests`,
      timeMs: p50,
      throughput: `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
      budget: budget(p99, 3000),
    });
    const a50 = percentile(answerTimes, 0.5);
    const a99 = percentile(answerTimes, 0.99);
    rows.push({
      group: 'bot',
      input: 'signed /seagm, 4 cards: answer with its picture delivered',
      size: `${fmt(count)} requests`,
      timeMs: a50,
      throughput: `p50 ${a50.toFixed(1)} ms, p99 ${a99.toFixed(1)} ms`,
      budget: budget(a99, 3000),
    });

    // 2,000 cards as an attachment: deferred at once, then fetched, solved and edited in.
    const firsts: number[] = [];
    const finals: number[] = [];
    for (let i = 0; i < 7; i++) {
      const built = bigCardsInput(h.games, h.fake, i);
      const started = performance.now();
      const response = await postInteraction(h.server.url, h.keys, built.payload);
      await h.fake.waitForAnswerEdit(built.token);
      if (i >= 2) {
        firsts.push(response.ms);
        finals.push(performance.now() - started);
      }
    }
    firsts.sort((a, b) => a - b);
    finals.sort((a, b) => a - b);
    rows.push({
      group: 'bot',
      input: '/seagm file: 2,000 cards: first response (deferred)',
      size: 'n = 2,000',
      timeMs: percentile(firsts, 0.5),
      throughput: '',
      budget: budget(percentile(firsts, 1), 3000),
    });
    rows.push({
      group: 'bot',
      input: '/seagm file: 2,000 cards: answer edited in',
      size: 'n = 2,000',
      timeMs: percentile(finals, 0.5),
      throughput: '',
      budget: budget(percentile(finals, 0.5), 2000),
    });
    if (h.fake.problems.length > 0)
      throw new Error(`the fake Discord refused requests:\n${h.fake.problems.join('\n')}`);
    return rows;
  } finally {
    await h.close();
  }
}
