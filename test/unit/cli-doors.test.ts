/**
 * Hostile input at the CLI's doors, through the real `grundy` binary (built by `pretest`): huge tokens on
 * stdin, control bytes in files.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BoardScanner } from '../../src/games/abgame/solve.js';

const bin = new URL('../../bin/grundy.js', import.meta.url).pathname;

interface Outcome {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly written: number;
}

/**
 * Runs grundy with a small V8 heap, writing `pieces` on stdin as fast as it reads them. The child may stop
 * reading and exit mid-stream: that is the point, not an error (writing just stops).
 */
function runFeeding(args: string[], pieces: Iterator<Buffer>, heapMb: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, bin, ...args], {
      env: { ...process.env, REDIS_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    let written = 0;
    let closed = false;
    child.stdin.on('error', () => (closed = true));
    const pump = (): void => {
      while (!closed) {
        const next = pieces.next();
        if (next.done === true) {
          child.stdin.end();
          return;
        }
        written += next.value.length;
        if (!child.stdin.write(next.value)) {
          child.stdin.once('drain', pump);
          return;
        }
      }
    };
    pump();
    child.on('error', reject);
    child.on('close', (code, signal) => {
      closed = true;
      resolve({ code, signal, stdout, stderr, written });
    });
  });
}

/** Runs grundy with a small V8 heap, feeding `total` bytes of `fill` on stdin (in 1 MiB writes). */
function runWithStream(args: string[], fill: number, total: number, heapMb: number): Promise<Outcome> {
  const chunk = Buffer.alloc(1 << 20, fill);
  function* chunks(): Generator<Buffer> {
    for (let written = 0; written < total; written += chunk.length) yield chunk;
  }
  return runFeeding(args, chunks(), heapMb);
}

/** Runs grundy with a small V8 heap, feeding `pieces` on stdin (the same Buffers may repeat). */
function runWithChunks(args: string[], pieces: readonly Buffer[], heapMb: number): Promise<Outcome> {
  return runFeeding(args, pieces[Symbol.iterator](), heapMb);
}

describe('grundy judge on a stream without whitespace', () => {
  it.each([
    ['NUL bytes', 0],
    ['digits', 0x37],
  ])(
    '48 MB of %s: exit 2 with one clear line, within a 64 MB heap and without reading it all',
    async (_name, fill) => {
      const total = 48 << 20;
      const r = await runWithStream(['judge', 'seagm'], fill, total, 64);
      expect(r.signal).toBeNull();
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /^grundy judge seagm: line 1: found a token of more than 1,048,576 characters without a space or line break \("[?7]{40}\.\.\."\)/,
      );
      expect(r.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
      expect(r.stderr.length).toBeLessThan(400);
      expect(r.written).toBeLessThan(total);
    },
  );

  it('a board longer than 1,000,000 cells is read too (the judge streams boards)', () => {
    const board = `A${'.'.repeat(999_998)}B..`;
    const ok = spawnSync(process.execPath, [bin, 'judge', 'abgame'], {
      input: `2\n${board}\nA.B\n`,
      encoding: 'utf8',
    });
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toBe('A\nA\n');
  });

  it("a board of 10^7 cells, made on the fly, streams through a 32 MB heap with the scanner's answer", async () => {
    // One pseudo-random block of cells, repeated: the answer is the one-pass scanner's on the same bytes.
    const block = Buffer.alloc(1 << 16);
    let seed = 7;
    for (let i = 0; i < block.length; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      block[i] = '..A.B.'.charCodeAt(seed >>> 29 > 5 ? 0 : seed >>> 29);
    }
    const cells = 10_000_000;
    const pieces: Buffer[] = [Buffer.from('1\n')];
    for (let left = cells; left > 0; left -= block.length)
      pieces.push(block.subarray(0, Math.min(left, block.length)));
    pieces.push(Buffer.from('\n'));
    const scanner = new BoardScanner();
    for (const piece of pieces.slice(1, -1)) scanner.feed(piece);
    const r = await runWithChunks(['judge', 'abgame'], pieces, 32);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${scanner.finish().winner}\n`);
  });
});

describe('grundy solve never echoes control bytes to the terminal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'grundy-doors-'));
  const hostile = '2 6 \u001b[2J\u001b[31m3\u0000 7\u0007 \u202e9\n';
  // ESC, NUL, BEL, other C0 and C1 controls and bidi overrides; tab and line feed are fine.
  // eslint-disable-next-line no-control-regex -- the point is to find control characters
  const unprintable = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

  it.each([
    ['seagm', ['--file']],
    ['magic', ['--rooms', '4', '--telepoints', '1', '--file']],
    ['abgame', ['--file']],
  ])('%s --file with ESC, NUL and BEL in the file: a clear error, shown with "?"', (game, args) => {
    const file = join(dir, `${game}.txt`);
    writeFileSync(file, hostile);
    const r = spawnSync(process.execPath, [bin, 'solve', game, ...args, file], {
      encoding: 'utf8',
      env: { ...process.env, REDIS_URL: '' },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^grundy solve ${game}: `));
    expect(r.stderr).not.toMatch(unprintable);
    expect(r.stdout).not.toMatch(unprintable);
  });

  it('shows seagm\'s bad card with its control characters as "?"', () => {
    const file = join(dir, 'cards.txt');
    writeFileSync(file, hostile);
    const r = spawnSync(process.execPath, [bin, 'solve', 'seagm', '--file', file], { encoding: 'utf8' });
    expect(r.stderr).toContain('card 3 is "?[2J?[31m3?"');
  });

  it('cleans control characters in arguments too', () => {
    const r = spawnSync(process.execPath, [bin, 'solve', 'seagm', '2', '\u001b[2J'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('card 2 is "?[2J"');
  });
});
