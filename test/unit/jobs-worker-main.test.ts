import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { parseWorkerArgs, workerMain } from '../../src/cli/worker.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function capture(stream: NodeJS.WriteStream): string[] {
  const written: string[] = [];
  vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  return written;
}

describe('grundy worker', () => {
  it('parses --concurrency and --help', () => {
    expect(parseWorkerArgs([])).toEqual({ help: false });
    expect(parseWorkerArgs(['--concurrency', '4'])).toEqual({ help: false, concurrency: 4 });
    expect(parseWorkerArgs(['--concurrency=2', '-h'])).toEqual({ help: true, concurrency: 2 });
    expect(() => parseWorkerArgs(['--concurrency', '0'])).toThrow(InputError);
    expect(() => parseWorkerArgs(['--concurrency'])).toThrow(
      '--concurrency must be a whole number from 1 to 256',
    );
    expect(() => parseWorkerArgs(['--fast'])).toThrow("Unknown option '--fast'.");
  });

  it('prints its usage for --help', async () => {
    const out = capture(process.stdout);
    expect(await workerMain(['--help'], {})).toBe(0);
    expect(out.join('')).toContain('Usage: grundy worker [--concurrency N]');
  });

  it('needs REDIS_URL, and says so (exit code 2)', async () => {
    const err = capture(process.stderr);
    expect(await workerMain([], {})).toBe(2);
    expect(err.join('')).toContain('grundy worker needs REDIS_URL');
  });

  it('refuses bad arguments and bad settings (exit code 2)', async () => {
    const err = capture(process.stderr);
    expect(await workerMain(['--concurrency', 'many'], { REDIS_URL: 'redis://127.0.0.1:6379' })).toBe(2);
    expect(await workerMain([], { REDIS_URL: 'redis://127.0.0.1:6379', JOB_LOCK_MS: 'soon' })).toBe(2);
    expect(err.join('')).toContain('JOB_LOCK_MS');
  });
});
