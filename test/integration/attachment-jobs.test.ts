/**
 * A big attachment for a game with `solveStream` goes through the solve service like any question: its bytes'
 * hash is the cache key (a repeated file is answered from the cache), and with REDIS_URL it is a queued job
 * that a `grundy worker` process solves from a Redis key, which is deleted afterwards.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../support/bot-harness.js';
import { ada, chatInput, postInteraction, type OptionInput } from '../support/interactions.js';
import { deleteKeys, REDIS_URL, startWorker, uniquePrefix, type WorkerProcess } from './helpers.js';

const user = { ...ada, id: '1300000000000000301' };
const settings = { attachments: { textBytes: 1024, streamBytes: 64 * 1024, timeoutMs: 10_000 } };

interface Embed {
  readonly footer: { readonly text: string };
  readonly fields: readonly { readonly name: string; readonly value: string }[];
}

/** Sends `/abgame file:<board>` and returns the answer's embed. */
async function ask(h: Harness, filename: string, board: string, values: Record<string, OptionInput> = {}) {
  const file = h.fake.addAttachment(filename, board);
  const built = chatInput(h.games, 'abgame', { ...values, file }, { user, fake: h.fake });
  const response = await postInteraction(h.server.url, h.keys, built.payload);
  expect(response.json).toEqual({ type: 5, data: {} });
  const edit = await h.fake.waitFor(
    (r) =>
      r.params['token'] === built.token &&
      r.method === 'PATCH' &&
      JSON.stringify(r.body).includes('"embeds":[{'),
  );
  const [embed] = (edit.body as { embeds: Embed[] }).embeds;
  expect(embed).toBeDefined();
  return embed as Embed;
}

async function counter(h: Harness, name: string, labels: string): Promise<number> {
  const text = await h.metrics.registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('an attachment solved in-process', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ settings });
  });
  afterAll(async () => {
    await h.close();
  });
  afterEach(() => {
    expect(h.fake.problems).toEqual([]);
  });

  test('a repeated file is answered from the cache, with the same answer and question', async () => {
    const board = `A${'.'.repeat(2500)}B${'.'.repeat(17)}`;
    const first = await ask(h, 'board.txt', board);
    expect(first.footer.text).toMatch(/· fresh \(stream\)/);
    expect(await counter(h, 'grundy_jobs_completed_total', 'game="abgame"')).toBe(1);
    const second = await ask(h, 'again.txt', board);
    expect(second.footer.text).toMatch(/^From the cache/);
    expect(second.fields[0]?.value).toBe(first.fields[0]?.value.replace('board.txt', 'again.txt'));
    expect(second.fields.slice(1)).toEqual(first.fields.slice(1));
    expect(await counter(h, 'grundy_cache_hits_total', 'game="abgame"')).toBe(1);
    expect(await counter(h, 'grundy_jobs_completed_total', 'game="abgame"')).toBe(1);
    // One byte more is another question.
    const third = await ask(h, 'board.txt', `${board}.`);
    expect(third.footer.text).toMatch(/· fresh \(stream\)/);
  });
});

describe('an attachment queued for a grundy worker (real Redis)', () => {
  const prefix = uniquePrefix('attach');
  const env = { REDIS_URL, GRUNDY_PREFIX: prefix, QUEUE_NAME: 'solve', INLINE_COST_MS: '50' };
  let h: Harness;
  let worker: WorkerProcess;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    worker = await startWorker(env, ['--concurrency', '1']);
    h = await startHarness({ env, settings });
  });
  afterAll(async () => {
    await h.close();
    await worker.stop();
    await deleteKeys(prefix);
    redis.disconnect();
  });

  test('the worker solves it from a Redis key, which is gone afterwards; the answer is cached', async () => {
    const board = `${'.'.repeat(3000)}AB`;
    const embed = await ask(h, 'queued.txt', board);
    expect(embed.footer.text).toMatch(/· fresh \(stream\)/);
    expect(embed.fields[0]).toMatchObject({
      name: 'Question',
      value: expect.stringMatching(/^file queued\.txt \(2\.9 KiB\): /) as unknown,
    });
    const solved = await worker.waitForLog((line) => line.msg === 'solved' && line['game'] === 'abgame');
    expect(solved['jobId']).toMatch(/^v1\.abgame\./);
    expect(await counter(h, 'grundy_jobs_queued_total', 'game="abgame"')).toBe(1);
    expect(await redis.keys(`${prefix}:input:*`)).toEqual([]);
    const again = await ask(h, 'queued-again.txt', board);
    expect(again.footer.text).toMatch(/^From the cache/);
    expect(worker.lines.filter((line) => line.msg === 'solved' && line['game'] === 'abgame')).toHaveLength(1);
  });
});
