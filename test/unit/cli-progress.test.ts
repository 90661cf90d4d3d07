/**
 * The CLI's progress line: shown on a terminal only, only once a solve has run a while, rewritten at most so
 * often, and wiped before the answer.
 */
import { spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/cli/progress.js';

/** A stream that says it is a terminal and keeps what was written. */
function terminal(isTTY = true): { stream: PassThrough & { isTTY: boolean }; text: () => string } {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return { stream, text: () => text };
}

describe('cli: the progress line', () => {
  it('waits `after` ms, then rewrites one line at most every `every` ms, and wipes it at the end', async () => {
    let clock = 0;
    const { stream, text } = terminal();
    const line = progressLine(stream, { after: 1000, every: 250, now: () => clock });
    clock = 999;
    line.onProgress(0.1);
    clock = 1000;
    line.onProgress(0.25);
    clock = 1249;
    line.onProgress(0.3);
    clock = 1250;
    line.onProgress(0.999);
    clock = 1600;
    line.onProgress(1.5);
    line.done();
    await new Promise((resolve) => setImmediate(resolve));
    expect(text()).toBe(
      '\rworking... 25%\rworking... 99%\rworking... 100%\r' + ' '.repeat('working... 100%'.length) + '\r',
    );
  });

  it('writes nothing where stderr is not a terminal, nor for a solve that ends early', async () => {
    let clock = 0;
    const pipe = terminal(false);
    const piped = progressLine(pipe.stream, { now: () => clock });
    clock = 5000;
    piped.onProgress(0.5);
    piped.done();
    const quick = terminal();
    const early = progressLine(quick.stream, { now: () => clock });
    clock = 5500;
    early.onProgress(0.5);
    early.done();
    await new Promise((resolve) => setImmediate(resolve));
    expect([pipe.text(), quick.text()]).toEqual(['', '']);
  });

  it('shows on a real terminal while `grundy solve` works a while, and is gone before the answer', () => {
    // `script` (util-linux) runs the command on a pseudo-terminal. 0.143's 10^6 values take several seconds
    // (3.7 s on the fastest machine seen yet, where 400,000 took 0.9 s: under the line's one second).
    const bin = new URL('../../bin/grundy.js', import.meta.url).pathname;
    const command = `${process.execPath} ${bin} solve octal 0.143 --heaps 5 --search 1000000`;
    const run = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    const shown = /^\rworking\.\.\. (\d+)%/.exec(run.stdout);
    expect(Number(shown?.[1])).toBeGreaterThan(0);
    const answer = run.stdout.indexOf('Octal games');
    expect(answer).toBeGreaterThan(0);
    // Everything before the answer is progress, wiped with spaces and a carriage return.
    expect(run.stdout.slice(0, answer)).toMatch(/^(\rworking\.\.\. \d+% *)+\r +\r$/);
    // A pipe gets the answer alone.
    const piped = spawnSync(
      process.execPath,
      [bin, 'solve', 'octal', '0.143', '--heaps', '5', '--search', '1000000'],
      {
        encoding: 'utf8',
      },
    );
    expect([piped.status, piped.stderr, piped.stdout.startsWith('Octal games')]).toEqual([0, '', true]);
  }, 120_000);
});
