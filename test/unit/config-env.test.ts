/** Settings from `.env`: read when present, with real environment variables taking precedence. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, readEnvironment } from '../../src/config.js';
import { InputError } from '../../src/core/errors.js';

const bin = new URL('../../bin/grundy.js', import.meta.url).pathname;

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'grundy-env-'));
}

describe('readEnvironment', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('adds the settings of the file, and a variable set in the environment wins', () => {
    const dir = tempDir();
    const path = join(dir, '.env');
    writeFileSync(
      path,
      '# comment\nGRUNDY_PREFIX="from-file"\nPORT=1234\nQUEUE_NAME=file-queue # trailing comment\nexport JOB_ATTEMPTS=5\n',
    );
    vi.stubEnv('PORT', '4321');
    vi.stubEnv('QUEUE_NAME', '');
    vi.stubEnv('GRUNDY_PREFIX', undefined);
    vi.stubEnv('JOB_ATTEMPTS', undefined);
    const env = readEnvironment(path);
    expect(env['GRUNDY_PREFIX']).toBe('from-file');
    expect(env['PORT']).toBe('4321');
    const config = loadConfig(env);
    expect(config.GRUNDY_PREFIX).toBe('from-file');
    expect(config.PORT).toBe(4321);
    expect(config.JOB_ATTEMPTS).toBe(5);
    // Set but empty in the environment: still the environment's choice, so the default applies.
    expect(config.QUEUE_NAME).toBe('solve');
    expect(process.env['GRUNDY_PREFIX']).toBeUndefined();
  });

  it('without the file, is the process environment', () => {
    vi.stubEnv('GRUNDY_PREFIX', 'real');
    expect(readEnvironment(join(tempDir(), '.env'))).toEqual({ ...process.env });
  });

  it('refuses an unreadable settings file with a clear message', () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.env'));
    expect(() => readEnvironment(join(dir, '.env'))).toThrow(InputError);
    expect(() => readEnvironment(join(dir, '.env'))).toThrow(
      /Cannot read the settings file .*\.env \(EISDIR\): make it a readable file or remove it\./,
    );
  });
});

describe('the grundy binary reads .env from its working directory', () => {
  const run = (cwd: string, env: Record<string, string>) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) => !['REDIS_URL', 'LOG_LEVEL', 'PORT', 'REDIS_CONNECT_TIMEOUT_MS'].includes(key),
      ),
    );
    return spawnSync(process.execPath, [bin, 'worker'], {
      cwd,
      env: { ...clean, ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
  };

  it('takes settings from .env, and the real environment over it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, '.env'), 'REDIS_URL=redis://127.0.0.1:6379\nLOG_LEVEL=chatty\nPORT=99999999\n');
    // The complaint, without the usage text that follows it.
    const complaint = (stderr: string): string => stderr.split('\n\n')[0] ?? '';
    const fromFile = run(dir, {});
    expect(fromFile.status).toBe(2);
    expect(fromFile.stderr).toMatch(/^Bad configuration:/);
    expect(complaint(fromFile.stderr)).toContain('LOG_LEVEL');
    expect(complaint(fromFile.stderr)).toContain('PORT');

    const overridden = run(dir, { LOG_LEVEL: 'info' });
    expect(overridden.status).toBe(2);
    expect(complaint(overridden.stderr)).toContain('PORT');
    expect(complaint(overridden.stderr)).not.toContain('LOG_LEVEL');
  });

  it('a .env that is a directory: one clear line and exit 2', () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.env'));
    const r = run(dir, {});
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^grundy: Cannot read the settings file \.env \(EISDIR\)/);
  });
});
