/**
 * Hostile input at the CLI's doors, through the real `grundy` binary (built by `pretest`): huge tokens on
 * stdin, control bytes in files.
 */
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const bin = new URL('../../bin/grundy.js', import.meta.url).pathname;

interface Outcome {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly written: number;
}

/** Runs grundy with a small V8 heap, feeding `total` bytes of `fill` on stdin as fast as it reads them. */
function runWithStream(args: string[], fill: number, total: number, heapMb: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, bin, ...args], {
      env: { ...process.env, REDIS_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const chunk = Buffer.alloc(1 << 20, fill);
    let written = 0;
    let closed = false;
    // The child may stop reading and exit mid-stream: that is the point, not an error.
    child.stdin.on('error', () => (closed = true));
    const pump = (): void => {
      while (!closed && written < total) {
        written += chunk.length;
        if (!child.stdin.write(chunk)) {
          child.stdin.once('drain', pump);
          return;
        }
      }
      if (!closed) child.stdin.end();
    };
    pump();
    child.on('error', reject);
    child.on('close', (code, signal) => {
      closed = true;
      resolve({ code, signal, stdout, stderr, written });
    });
  });
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

  it('a board of 1,000,000 cells is still read, and a longer one is refused by the board limit', () => {
    const board = `A${'.'.repeat(999_998)}B`;
    const ok = spawnSync(process.execPath, [bin, 'judge', 'abgame'], {
      input: `1\n${board}\n`,
      encoding: 'utf8',
    });
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toMatch(/^[AB]\n$/);
    const long = spawnSync(process.execPath, [bin, 'judge', 'abgame'], {
      input: `1\n${board}..\n`,
      encoding: 'utf8',
    });
    expect(long.status).toBe(2);
    expect(long.stderr).toContain('board 1 has 1,000,002 cells, but at most 1,000,000 are allowed');
  });
});
