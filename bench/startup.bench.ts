/**
 * Start-up: whole processes, process start included. A bare `node -e ''` beside `grundy --version` and
 * `grundy judge <game>` on a one-test input, run in turn (bare, grundy, bare, grundy...) so that both see the
 * same machine; each row gives the median and how far it lies above the bare start's median (the aim: 30 ms).
 * Then the same for a file of each contest's own size (generated here), which the judges of Multiplication,
 * ABGAME, PartisanGame and MAGIC read in the WebAssembly kernel (src/core/kernel-stretches.ts). MAGIC's is 100
 * boards of 10^4 passages, about 10 MB: more work than start-up (the C++ anchor takes about 20 ms for one like it).
 * bin/grundy.js runs the one-file bundle of the light path (scripts/bundle-cli.ts); the last rows run tsc's
 * output of the same sources (dist/cli/main.js, ~30 modules) for comparison.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createRng, randomBigInt } from '../src/core/rng.js';
import { budget, type BenchRow } from './harness.js';

const bin = fileURLToPath(new URL('../bin/grundy.js', import.meta.url));
const tscMain = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const RUNS = 15;

/** One small test per game, in its judge's format. */
const oneTest: Record<string, string> = {
  seagm: '1\n3\n2 6 3\n',
  multiplication: '1\n10 Alice\n',
  abgame: '1\nA..B.A..B\n',
  partisan: '1\n7 2 3 4 1 4\n',
  magic: '1\n\n4 1 1\n3 4\n',
};

/** A file at each contest's own limits (seeded, so every run reads the same). */
function contestFiles(): Record<string, { size: string; text: string }> {
  const rng = createRng(19);
  const lines = (count: number, line: () => string): string =>
    `${count}\n${Array.from({ length: count }, line).join('\n')}\n`;
  const players = ['Alice', 'Bob'] as const;
  const cells = ['.', '.', 'A', 'B'] as const;
  const set = (): number[] => [1, 2, 3, 4, 5].filter(() => rng.chance(0.5));
  const seagmTest = (): string => `100\n${Array.from({ length: 100 }, () => rng.int(1, 100)).join(' ')}`;
  /** A MAGIC board at the contest's limits: 10^4 distinct passages (no loops) among 7,700 to 7,777 rooms. */
  const magicBoard = (): string => {
    const n = rng.int(7_700, 7_777);
    const seen = new Set<number>();
    const passages: string[] = [];
    while (passages.length < 10_000) {
      const [x, y] = [rng.int(1, n), rng.int(1, n)];
      const key = Math.min(x, y) * 8192 + Math.max(x, y);
      if (x === y || seen.has(key)) continue;
      seen.add(key);
      passages.push(`${x} ${y}`);
    }
    return `\n${n} ${passages.length} ${rng.int(0, 10_000)}\n${passages.join('\n')}`;
  };
  return {
    seagm: { size: 'T = 10, n = 100', text: lines(10, seagmTest) },
    multiplication: {
      size: 'T = 10,000, N < 2^31',
      text: lines(10_000, () => `${rng.int(2, 2 ** 31 - 1)} ${rng.pick(players)}`),
    },
    abgame: {
      size: 'T = 10,000 boards of 1 to 200 cells',
      text: lines(10_000, () => Array.from({ length: rng.int(1, 200) }, () => rng.pick(cells)).join('')),
    },
    partisan: {
      size: 'T = 10,000, n <= 10^18, sets within 1..5',
      text: lines(10_000, () => {
        const [a, b] = [set(), set()];
        return [randomBigInt(rng, 0n, 10n ** 18n), a.length, ...a, b.length, ...b].join(' ');
      }),
    },
    magic: { size: 'T = 100 boards, N <= 7,777, M = 10^4', text: lines(100, magicBoard) },
  };
}

/**
 * One run's wall time, its stdin the file `input` (as `grundy judge game < file`: fed through a pipe by this
 * process instead, a 10 MB file took about 13 ms longer, the reader's pace set by the writer's).
 */
function wallMs(args: readonly string[], input: string | undefined): number {
  const stdin = input === undefined ? 'ignore' : openSync(input, 'r');
  try {
    const start = performance.now();
    const out = spawnSync(process.execPath, args, { stdio: [stdin, 'ignore', 'pipe'] });
    const ms = performance.now() - start;
    if (out.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${out.stderr.toString()}`);
    return ms;
  } finally {
    if (typeof stdin === 'number') closeSync(stdin);
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Medians of the bare start and of `args`, run in turn after one warm-up of each. */
function paired(args: readonly string[], input: string | undefined): { bare: number; ms: number } {
  const bare: number[] = [];
  const ms: number[] = [];
  wallMs(['-e', ''], undefined);
  wallMs(args, input);
  for (let i = 0; i < RUNS; i++) {
    bare.push(wallMs(['-e', ''], undefined));
    ms.push(wallMs(args, input));
  }
  return { bare: median(bare), ms: median(ms) };
}

export async function run(): Promise<BenchRow[]> {
  const cases: { input: string; args: string[]; stdin: string; size?: string; bundled?: true }[] = [
    { input: 'grundy --version', args: [bin, '--version'], stdin: '', bundled: true },
    // Help lists the games from their light entries: no game, no zod (cli/usage.ts).
    { input: 'grundy solve --help', args: [bin, 'solve', '--help'], stdin: '', bundled: true },
    { input: 'grundy play --help', args: [bin, 'play', '--help'], stdin: '', bundled: true },
    ...Object.entries(oneTest).map(([game, stdin]) => ({
      input: `grundy judge ${game}, one test`,
      args: [bin, 'judge', game],
      stdin,
      bundled: true as const,
    })),
    ...Object.entries(contestFiles()).map(([game, file]) => ({
      input: `grundy judge ${game}, a contest-sized file`,
      args: [bin, 'judge', game],
      stdin: file.text,
      size: `${file.size}; median of ${RUNS}`,
      bundled: true as const,
    })),
    {
      input: 'judge seagm, one test, tsc output (dist/cli/main.js)',
      args: [tscMain, 'judge', 'seagm'],
      stdin: oneTest['seagm'] ?? '',
    },
  ];
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'grundy-startup-'));
  try {
    for (const [i, c] of cases.entries()) {
      const file = join(dir, `${i}.in`);
      writeFileSync(file, c.stdin);
      const { bare, ms } = paired(c.args, file);
      const over = ms - bare;
      rows.push({
        group: 'start-up',
        input: c.input,
        size: c.size ?? `median of ${RUNS}`,
        timeMs: ms,
        throughput: `+${over.toFixed(1)} ms over node -e '' (${bare.toFixed(1)} ms)`,
        // Wall time on a shared machine: no budget to fail the run on, only issue 19's aim (after the ';').
        ...(c.bundled === true ? { budget: `reported; aim ${budget(over, 30)}` } : {}),
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return Promise.resolve(rows);
}
