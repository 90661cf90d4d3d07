/** Spawns the real `grundy` binary (built by `pretest`) as a user would. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = new URL('../../bin/grundy.js', import.meta.url).pathname;

function grundy(args: string[], input?: string) {
  const out = spawnSync(process.execPath, [bin, ...args], {
    input: input ?? '',
    encoding: 'utf8',
    env: { ...process.env, REDIS_URL: '' },
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

function expectNoStack(text: string): void {
  expect(text).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
  expect(text).not.toContain('node:internal');
}

describe('grundy solve', () => {
  it('answers seagm 2 6 3 for a person', () => {
    const r = grundy(['solve', 'seagm', '2', '6', '3']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Second player wins with perfect play');
    expect(r.stdout).toContain('1/3 (0.3333)');
    expect(r.stdout).toContain('2 -> 6');
  });

  it('prints { game, params, result, explanation } with --json', () => {
    const r = grundy(['solve', 'seagm', '6', '10', '15', '22', '28', '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['game', 'params', 'result', 'explanation']);
    expect(body['game']).toBe('seagm');
    expect(body['params']).toEqual({ cards: [6, 10, 15, 22, 28] });
    expect((body['result'] as { fraction: unknown }).fraction).toEqual({ num: '2', den: '5' });
  });

  it('reads cards from --file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grundy-cli-'));
    const file = join(dir, 'cards.txt');
    writeFileSync(file, '2 4 8\n16 32\n');
    const r = grundy(['solve', 'seagm', '--file', file, '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { result: { firstWins: boolean } }).result.firstWins).toBe(true);
  });

  it.each([
    [['solve', 'seagm', '2', 'x'], /card 2 is "x".*1 to 10\^9/],
    [['solve', 'seagm'], /Missing "numbers"/],
    [['solve', 'chess', '1'], /Unknown game "chess"\. Known games: .*seagm/],
    [['solve', 'seagm', '2', '--colour', 'red'], /Unknown option '--colour'/],
    [['solve', 'seagm', '--file', '/no/such/file'], /Cannot read the file "\/no\/such\/file"/],
    [['frobnicate'], /unknown command "frobnicate"/],
  ])('refuses %j with a clear message and exit code 2', (args, message) => {
    const r = grundy(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expectNoStack(r.stderr);
    expect(r.stdout).toBe('');
  });
});

describe('grundy judge', () => {
  it('reproduces the official samples byte for byte', () => {
    const r = grundy(['judge', 'seagm'], '3\n5\n6 10 15 22 28\n4\n1 2 3 4\n3\n2 1 1\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('0 0.4000\n1 0.5833\n1 0.3333\n');
  });

  it('names the line and what was expected on malformed input', () => {
    const r = grundy(['judge', 'seagm'], '2\n3\n2 6 3\n2\n4 seven\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'line 5: expected card 2 of test 2 (an integer from 1 to 1000000000), found "seven"',
    );
    expectNoStack(r.stderr);
  });

  it('rejects an empty input', () => {
    const r = grundy(['judge', 'seagm'], '');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/expected the number of tests T .* but the input ended/);
  });
});

describe('grundy games and help', () => {
  it('lists every game with a description and an example', () => {
    const r = grundy(['games']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/seagm\s+A card game: take cards in turn/);
    expect(r.stdout).toContain('e.g. grundy solve seagm 2 6 3');
  });

  it.each([[['--help']], [['solve', 'seagm', '--help']], [['judge', '--help']], [['solve', '--help']]])(
    '%j prints help',
    (args) => {
      const r = grundy(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Usage/);
    },
  );
});
