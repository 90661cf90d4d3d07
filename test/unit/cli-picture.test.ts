/** `grundy solve ... --picture FILE` through the real binary (built by `pretest`), as a user would run it. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = new URL('../../bin/grundy.js', import.meta.url).pathname;

function grundy(args: string[]) {
  const out = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, REDIS_URL: '' },
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

describe('grundy solve --picture', () => {
  it('writes the answer as a PNG and says so in one line, keeping --json clean', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'grundy-picture-')), 'answer.png');
    const r = grundy(['solve', 'abgame', 'A..B.A..B', '--json', '--picture', file]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { game: string }).game).toBe('abgame');
    expect(r.stderr.trim()).toMatch(/^Picture written to .*answer\.png \(PNG, \d+ x \d+ px\)\.$/);
    const png = readFileSync(file);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.readUInt32BE(16)).toBe(1120);
  });

  it('prints a note, not an error, when the picture cannot be written', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'grundy-picture-')), 'missing-dir', 'answer.png');
    const r = grundy(['solve', 'multiplication', '40', 'Bob', '--picture', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Tie');
    expect(r.stderr.trim().split('\n')).toEqual([`No picture written: cannot write "${file}".`]);
    expect(existsSync(file)).toBe(false);
  });
});
