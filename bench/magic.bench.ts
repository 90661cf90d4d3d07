/** MAGIC benches: the full original judge file, a 10^18-room board with 10^6 passages, a dense board. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseParams } from '../src/core/params.js';
import { createRng, type Rng } from '../src/core/rng.js';
import { InputReader } from '../src/core/reader.js';
import { magic } from '../src/games/magic/index.js';
import type { MagicParams, Room } from '../src/games/magic/schema.js';
import { budget, fmt, perSecond, timeCliMedian, timeMedian, type BenchRow } from './harness.js';

/** The original limits at their maximum: T = 100 tests of N = 7777 rooms and M = 10,000 passages. */
function judgeFile(rng: Rng): string {
  const parts: string[] = ['100'];
  for (let t = 0; t < 100; t++) {
    const n = 7777;
    parts.push('', `${n} 10000 ${rng.int(0, 10_000)}`);
    const seen = new Set<number>();
    while (seen.size < 10_000) {
      const a = rng.int(1, n);
      const b = rng.int(1, n);
      if (a === b || seen.has(a * 8192 + b) || seen.has(b * 8192 + a)) continue;
      seen.add(a * 8192 + b);
      parts.push(`${a} ${b}`);
    }
  }
  return `${parts.join('\n')}\n`;
}

/** 10^6 passages among about 1.4 * 10^6 scattered rooms below 2^53, in short random chains. */
function hugeBoard(rng: Rng): MagicParams {
  const rooms: number[] = [];
  const seen = new Set<number>([1, 2]);
  while (rooms.length < 1_400_000) {
    const room = 3 + rng.int(0, 2 ** 30 - 1) * 2 ** 22 + rng.int(0, 2 ** 22 - 1);
    if (seen.has(room)) continue;
    seen.add(room);
    rooms.push(room);
  }
  rooms[rng.int(0, 1000)] = 1;
  rooms[rng.int(2000, 3000)] = 2;
  const passages: [Room, Room][] = [];
  const used = new Set<number>();
  while (passages.length < 1_000_000) {
    const u = rng.int(0, rooms.length - 4);
    const step = rng.int(1, 3);
    if (used.has(u * 4 + step)) continue;
    used.add(u * 4 + step);
    passages.push([rooms[u] ?? 3, rooms[u + step] ?? 3]);
  }
  return { rooms: '1000000000000000000', passages, p1: 1, p2: 0 };
}

/** A nearly complete board at the original limit of 10,000 passages: 142 rooms miss 11 passages, room 2 alone. */
function denseBoard(rng: Rng): MagicParams {
  const pairs: [Room, Room][] = [];
  for (let a = 1; a <= 143; a++)
    for (let b = a + 1; b <= 143; b++) if (a !== 2 && b !== 2) pairs.push([a, b]);
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [pairs[i], pairs[j]] = [pairs[j] ?? [3, 4], pairs[i] ?? [3, 4]];
  }
  return { rooms: '143', passages: pairs.slice(0, 10_000), p1: 1, p2: 1 };
}

/** True when the built CLI (the path the harness runs) answers the official samples: it may be stale or absent. */
function cliJudges(): boolean {
  const cli = new URL('../dist/cli/main.js', import.meta.url).pathname;
  if (!existsSync(cli)) return false;
  const out = spawnSync(process.execPath, [cli, 'judge', 'magic'], { input: SAMPLES, encoding: 'utf8' });
  return out.status === 0 && out.stdout.trim() === 'Second\nSecond\nSecond\nFirst';
}

const SAMPLES = '4\n\n2 0 0\n\n3 1 0\n1 3\n\n4 0 1\n\n4 1 1\n3 4\n';

async function judgeInProcess(text: string): Promise<string[]> {
  const out: string[] = [];
  for await (const params of magic.judge.parse(InputReader.fromString(text))) {
    out.push(magic.judge.format(magic.solve(params), params));
  }
  return out;
}

export async function run(): Promise<BenchRow[]> {
  const rng = createRng(2012);
  const rows: BenchRow[] = [];

  const text = judgeFile(rng);
  const dir = mkdtempSync(join(tmpdir(), 'grundy-magic-'));
  const file = join(dir, 'magic-full.txt');
  writeFileSync(file, text);
  const viaCli = cliJudges();
  const judgeMs = viaCli
    ? await timeCliMedian(['judge', 'magic'], file)
    : await timeMedian(() => judgeInProcess(text), 3);
  rows.push({
    group: 'magic',
    input: viaCli
      ? 'judge: full original file via the CLI (process start included)'
      : 'judge: full original file (in-process: dist/cli/main.js missing or not judging magic)',
    size: `T = 100, N = 7,777, M = 10,000 (${(text.length / 1e6).toFixed(1)} MB)`,
    timeMs: judgeMs,
    throughput: perSecond(1_000_000, judgeMs, 'passages'),
    budget: budget(judgeMs, 1000),
  });

  const huge = hugeBoard(rng);
  const solveMs = await timeMedian(() => magic.solve(huge), 3);
  rows.push({
    group: 'magic',
    input: 'solve: N = 10^18, sparse',
    size: `M = ${fmt(huge.passages.length)}`,
    timeMs: solveMs,
    throughput: perSecond(huge.passages.length, solveMs, 'passages'),
    budget: budget(solveMs, 1000),
  });
  const raw = { rooms: huge.rooms, passages: huge.passages, p1: huge.p1, p2: huge.p2 };
  const fullMs = await timeMedian(() => {
    const params = parseParams(magic, raw);
    return magic.explain(params, magic.solve(params));
  }, 3);
  rows.push({
    group: 'magic',
    input: 'validate + solve + explain: N = 10^18',
    size: `M = ${fmt(huge.passages.length)}`,
    timeMs: fullMs,
    throughput: perSecond(huge.passages.length, fullMs, 'passages'),
    budget: budget(fullMs, 1500),
  });

  const dense = denseBoard(rng);
  const denseMs = await timeMedian(() => {
    const params = parseParams(magic, dense);
    return magic.explain(params, magic.solve(params));
  });
  rows.push({
    group: 'magic',
    input: 'validate + solve + explain: dense board',
    size: `N = 143, M = ${fmt(dense.passages.length)}`,
    timeMs: denseMs,
    throughput: perSecond(dense.passages.length, denseMs, 'passages'),
    budget: budget(denseMs, 50),
  });
  return rows;
}
