/**
 * One catalog: a game from GRUNDY_EXTRA_GAMES_MODULE gets every door a built-in game has: its slash command
 * (answered), /quiz practice questions, a CLI verb, the contest judge, solver threads, and queue workers.
 */
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { buildCommands } from '../../src/bot/commands/index.js';
import { createSolveService } from '../../src/jobs/service.js';
import { loadCatalog } from '../../src/load-catalog.js';
import { startHarness, type Harness } from '../support/bot-harness.js';
import { chatInput, postInteraction } from '../support/interactions.js';
import { deleteKeys, quietLogger, REDIS_URL, startWorker, testConfig, uniquePrefix } from './helpers.js';

const pluginModule = fileURLToPath(new URL('../support/takeaway-game.js', import.meta.url));

class Output extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

async function cli(argv: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new Output();
  const stderr = new Output();
  const code = await runCli(argv, {
    stdin: Readable.from([stdin]),
    stdout,
    stderr,
    env: { GRUNDY_EXTRA_GAMES_MODULE: pluginModule },
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('a plugin game gets every door a built-in game has', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { GRUNDY_EXTRA_GAMES_MODULE: pluginModule } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('has a slash command, and it answers', async () => {
    const catalog = await loadCatalog(pluginModule);
    expect(buildCommands(catalog.games).map((c) => c.definition.name)).toContain('takeaway');
    const asked = chatInput(catalog.games, 'takeaway', { n: 7 }, { fake: h.fake });
    const first = await postInteraction(h.server.url, h.keys, asked.payload);
    expect(first.status).toBe(200);
    const reply =
      (first.json as { type: number }).type === 4
        ? JSON.stringify(first.json)
        : JSON.stringify(
            (
              await h.fake.waitFor(
                (r) => r.params['token'] === asked.token && r.method === 'PATCH',
                'the answer edit',
                20_000,
              )
            ).body,
          );
    expect(reply).toContain('The first player wins 7 stones by taking 1.');
  });

  it('asks /quiz practice questions about it', async () => {
    const practice = await h.server.quiz.practice({ userId: 'u1', gameId: 'takeaway', difficulty: 'easy' });
    expect(practice.question.gameId).toBe('takeaway');
    const asked = chatInput(
      (await loadCatalog(pluginModule)).games,
      'quiz practice',
      { game: 'takeaway', difficulty: 'easy' },
      { fake: h.fake },
    );
    const first = await postInteraction(h.server.url, h.keys, asked.payload);
    expect(JSON.stringify(first.json)).toContain('Take-away (plugin fixture)');
  });

  it('has a CLI verb and a judge', async () => {
    const solved = await cli(['solve', 'takeaway', '7', '--json']);
    expect(solved.stderr).toBe('');
    expect(JSON.parse(solved.stdout)).toMatchObject({
      game: 'takeaway',
      params: { n: 7 },
      result: { firstWins: true, take: 1 },
      explanation: { outcome: 'first' },
    });
    expect((await cli(['games'])).stdout).toContain('takeaway');
    expect(await cli(['judge', 'takeaway'], '3\n3\n4\n5\n')).toEqual({
      code: 0,
      stdout: 'Second\nFirst\nFirst\n',
      stderr: '',
    });
  });

  it('is solved in solver threads, and by queue workers', async () => {
    const inline = await createSolveService(
      testConfig({ GRUNDY_EXTRA_GAMES_MODULE: pluginModule }),
      quietLogger,
    );
    try {
      const answer = await inline.solve('takeaway', { n: 9 });
      expect(answer).toMatchObject({ via: 'inline', result: { firstWins: false } });
    } finally {
      await inline.close();
    }

    const prefix = uniquePrefix('plugin');
    const env = {
      REDIS_URL,
      GRUNDY_PREFIX: prefix,
      INLINE_COST_MS: '50',
      GRUNDY_EXTRA_GAMES_MODULE: pluginModule,
    };
    const worker = await startWorker(env, ['--concurrency', '1']);
    const queued = await createSolveService(testConfig(env), quietLogger, { pollMs: 500 });
    try {
      const answer = await queued.solve('takeaway', { n: 300_001 });
      expect(answer).toMatchObject({ via: 'queue', result: { firstWins: true, take: 1 } });
    } finally {
      await queued.close();
      await worker.stop();
      await deleteKeys(prefix);
    }
  });
});
