/**
 * The solve service, the quiz and play stores and a spawned `grundy worker` on a real three-master Redis Cluster
 * that this file starts on free loopback ports (and kills afterwards, failed or not), reached through
 * `REDIS_URL=redis+cluster://...` and ioredis' Cluster client.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createCatalog } from '../../src/games/catalog.js';
import { parseClusterUrl } from '../../src/jobs/connection.js';
import { createSolveService } from '../../src/jobs/service.js';
import { queuePrefix } from '../../src/jobs/queue.js';
import { createPlayStore } from '../../src/play/storage/index.js';
import { PlayService } from '../../src/play/service.js';
import { parseParams } from '../../src/core/params.js';
import { createQuizStore } from '../../src/quiz/storage/index.js';
import {
  freePort,
  quietLogger,
  startRedisServer,
  startWorker,
  stopProcess,
  uniquePrefix,
  type WorkerProcess,
} from './helpers.js';
import { inspectQueueJob, runServiceSuite } from './service-suite.js';
import { quizState } from './store-contracts.js';

const prefix = uniquePrefix('cluster');
const nodes: ChildProcess[] = [];
let dir: string | undefined;
let url = '';
let worker: WorkerProcess | undefined;
let queue: Queue | undefined;
let admin: Cluster | undefined;

function env(): Record<string, string> {
  return { REDIS_URL: url, GRUNDY_PREFIX: prefix, QUEUE_NAME: 'solve', INLINE_COST_MS: '0' };
}

async function startNode(port: number, where: string): Promise<ChildProcess> {
  const child = await startRedisServer(port, [
    '--cluster-enabled',
    'yes',
    '--cluster-config-file',
    join(where, `nodes-${port}.conf`),
    '--dir',
    where,
    '--daemonize',
    'no',
  ]);
  nodes.push(child);
  return child;
}

async function startCluster(): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'grundy-cluster-'));
  const ports = [await freePort(), await freePort(), await freePort()];
  for (const port of ports) await startNode(port, dir);
  const created = spawnSync(
    'redis-cli',
    [
      '--cluster',
      'create',
      ...ports.map((p) => `127.0.0.1:${p}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ],
    { encoding: 'utf8', timeout: 20_000 },
  );
  if (created.status !== 0)
    throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
  url = `redis+cluster://${ports.map((p) => `127.0.0.1:${p}`).join(',')}`;
  // Every node must agree the cluster is up before clients ask it for slots.
  const deadline = Date.now() + 15_000;
  for (const port of ports) {
    for (;;) {
      const info = spawnSync('redis-cli', ['-p', String(port), 'cluster', 'info'], { encoding: 'utf8' });
      if (info.stdout.includes('cluster_state:ok')) break;
      if (Date.now() > deadline) throw new Error(`the cluster did not come up: ${info.stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const target = parseClusterUrl(url);
  admin = new Cluster(target.nodes.map((node) => ({ ...node })));
}

async function stopCluster(): Promise<void> {
  admin?.disconnect();
  await Promise.all(nodes.splice(0).map((node) => stopProcess(node)));
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
}

function cluster(): Cluster {
  if (admin === undefined) throw new Error('the cluster is not up');
  return admin;
}

/** Which master (by its port) holds `key`. */
async function portOf(key: string): Promise<number> {
  const slot = Number(await cluster().cluster('KEYSLOT', key));
  const ranges = await cluster().cluster('SLOTS');
  const owner = ranges.find(([from, to]) => slot >= from && slot <= to);
  return owner?.[2]?.[1] ?? -1;
}

// The cluster is up for every test of this file, and killed afterwards whatever happened.
beforeAll(async () => {
  try {
    await startCluster();
  } catch (error) {
    await stopCluster();
    throw error;
  }
}, 40_000);
afterAll(stopCluster);

runServiceSuite({
  name: 'redis cluster',
  env,
  async setUp() {
    worker = await startWorker({ ...env(), STALLED_INTERVAL_MS: '1000' }, ['--concurrency', '2']);
    queue = new Queue('solve', {
      connection: new Cluster(parseClusterUrl(url).nodes.map((node) => ({ ...node }))),
      prefix: queuePrefix(loadConfig(env()), 'solve'),
    });
  },
  async tearDown() {
    try {
      await queue?.close();
    } finally {
      await worker?.stop();
    }
  },
  inspectJob: (key) => inspectQueueJob(queue, key, prefix),
});

describe('Redis Cluster: where keys live', () => {
  it('spreads cached answers over the masters, keeps one queue in one slot, and solves inline too', async () => {
    const service = await createSolveService(
      loadConfig({ ...env(), INLINE_COST_MS: '100', LOG_LEVEL: 'silent' }),
      quietLogger,
    );
    try {
      const keys: string[] = [];
      for (let i = 0; i < 12; i++) {
        const answer = await service.solve('seagm', { cards: [2, 5, 9 + i] });
        expect(answer.via).toBe('inline');
        keys.push(answer.key);
      }
      const again = await service.solve('seagm', { cards: [9, 5, 2] });
      expect(again.via).toBe('cache');
      const owners = new Set(await Promise.all(keys.map((key) => portOf(key))));
      expect(owners.size).toBeGreaterThan(1);
      const qp = queuePrefix(loadConfig(env()), 'solve');
      const slots = new Set(
        await Promise.all(
          ['wait', 'active', 'events', 'meta', 'id'].map((s) =>
            cluster().cluster('KEYSLOT', `${qp}:solve:${s}`),
          ),
        ),
      );
      expect(slots.size).toBe(1);
    } finally {
      await service.close();
    }
  });

  it('keeps quizzes and games against Grundy working: their scripts touch keys of one slot', async () => {
    const config = loadConfig(env());
    const quiz = createQuizStore(config);
    const play = createPlayStore(config);
    try {
      // A quiz commit writes the state, the active set and leaderboards in one script.
      const state = quizState('c1', 1_700_000_000_000);
      expect(await quiz.save(state, 0)).toBe(1);
      const delta = {
        channelId: 'c1',
        guildId: 'g1',
        at: 1_700_000_000_000,
        scores: [{ userId: 'u1', points: 50 }],
      };
      expect(await quiz.save(state, 1, delta)).toBe(2);
      expect((await quiz.load('c1')).version).toBe(2);
      const board = await quiz.leaderboard({
        scope: 'server',
        id: 'g1',
        period: 'all',
        now: 1_700_000_000_000,
      });
      expect(board).toEqual([{ userId: 'u1', points: 50, rank: 1 }]);
      // A game's commit writes the game and its owner's open set in one script.
      const catalog = createCatalog();
      const seagm = catalog.resolveGame('seagm');
      const plays = new PlayService({
        store: play,
        findGame: (id: string) => catalog.findGame(id),
        newId: () => 'g1',
      });
      const game = await plays.start({
        game: seagm,
        params: parseParams(seagm, { cards: [2, 6, 3] }),
        owner: 'bob',
        first: 'you',
      });
      expect(await play.openGames('bob')).toEqual([game.id]);
    } finally {
      await quiz.close();
      await play.close();
    }
  });
});
