/** Spawns the real `grundy` binary (built by `pretest`) as a user would. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputHelp } from '../../src/render/input-help.js';
import { createCatalog } from '../../src/games/catalog.js';
import { paramsFromFields } from '../../src/core/params.js';

const bin = new URL('../../bin/grundy.js', import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

function grundy(args: string[], input?: string | Record<string, string>) {
  const out = spawnSync(process.execPath, [bin, ...args], {
    input: typeof input === 'string' ? input : '',
    encoding: 'utf8',
    env: { ...process.env, REDIS_URL: '', COLUMNS: '', ...(typeof input === 'object' ? input : {}) },
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
    // Short by default: the refutation that matters most, at most three lines of why, and where the rest is.
    expect(r.stdout).toContain('Every move loses. If you open with 2, the reply 6 makes g = 2');
    expect(r.stdout.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(2);
    expect(r.stdout).toContain('The full reasoning: grundy explain seagm 2 6 3');
    expect(r.stdout).not.toContain('Key facts');
    const all = grundy(['solve', 'seagm', '2', '6', '3', '--details']);
    expect(all.stdout).toContain('2 -> 6');
    expect(all.stdout).toContain('Key facts');
  });

  it("writes the answer's picture with --picture, and wraps to $COLUMNS", () => {
    const dir = mkdtempSync(join(tmpdir(), 'grundy-cli-'));
    try {
      const file = join(dir, 'answer.png');
      const r = grundy([
        'solve',
        'magic',
        '--rooms',
        '4',
        '--passages',
        '3-4',
        '--telepoints',
        '1',
        '--picture',
        file,
      ]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`written to ${file}`);
      expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const narrow = grundy(['explain', 'magic', '--rooms', '6', '--p1', '1', '--p2', '0'], { COLUMNS: '60' });
    expect(Math.max(...narrow.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(60);
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

describe('grundy solve: negative numbers, files, usage and version (issue 13, items 13 and 14)', () => {
  it.each([
    [
      ['solve', 'seagm', '-2', '6', '3'],
      'card 1 is "-2", but the numbers must be whole numbers from 1 to 10^9',
    ],
    [['solve', 'partisan', '-7', '--alice', '3'], 'n must be an integer from 0 to 10^18, e.g. 7 (got -7)'],
    [
      ['solve', 'magic', '4', '--passages', '3-4', '--telepoints', '-1'],
      'telepoints must be from 0 to 10^9 for each magician',
    ],
  ])('reads a negative number as a value and gives its range: %j', (args, message) => {
    const r = grundy(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toContain('Unknown option');
    expectNoStack(r.stderr);
  });

  it('refuses a directory as --file, and --file together with values', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grundy-cli-'));
    const asDir = grundy(['solve', 'seagm', '--file', dir]);
    expect(asDir.code).toBe(2);
    expect(asDir.stderr).toContain(`"${dir}" is a directory; --file needs a file.`);
    const file = join(dir, 'cards.txt');
    writeFileSync(file, '2 4 8\n');
    const both = grundy(['solve', 'seagm', '1', '2', '--file', file]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Give either numbers as values or --file, not both');
    expect(both.stdout).toBe('');
  });

  it("prints explain's usage for a bad option to explain", () => {
    const r = grundy(['explain', 'partisan', '7', '--carol', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown option '--carol'.");
    expect(r.stderr).toContain('Usage: grundy explain partisan');
    expect(r.stderr).not.toContain('grundy solve partisan');
  });

  it.each([
    [['--version']],
    [['-v']],
    [['solve', '--version']],
    [['explain', '-v']],
    [['worker', '--version']],
  ])('%j prints the version', (args) => {
    const r = grundy(args);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
  });

  // These verbs load their service stack (discord.js, BullMQ, the settings) only after reading their arguments,
  // so help answers even where the settings are wrong, and a wrong argument is named before any setting.
  it.each([
    ['serve', 'Usage: grundy serve'],
    ['worker', 'Usage: grundy worker [--concurrency N]'],
    ['register', 'Usage: grundy register [--guild ID] [--dry-run]'],
    ['dev', 'Usage: grundy dev <command>'],
  ])('%s --help prints its usage, whatever the settings say', (verb, usage) => {
    const r = grundy([verb, '--help'], { LOG_LEVEL: 'loud', PORT: 'eighty' });
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith(`${usage}\n`)).toBe(true);
    expect(r.stderr).toBe('');
  });

  it.each([
    ['serve', ['--port', '1'], "Unknown option '--port'."],
    ['worker', ['--concurrency', '0'], '--concurrency must be a whole number from 1 to 256'],
    ['register', ['--guild', 'home'], "--guild needs the server's id"],
  ])('%s refuses a wrong argument with its usage, before reading the settings', (verb, args, message) => {
    const r = grundy([verb, ...args], { LOG_LEVEL: 'loud' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain(`Usage: grundy ${verb}`);
    expect(r.stderr).not.toContain('Bad configuration');
    expectNoStack(r.stderr);
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

describe('grundy dev', () => {
  it('answers a slash command in the sandbox, with no Discord at all', () => {
    const r = grundy(['dev', 'sandbox', '/seagm', 'numbers=2 6 3']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('── the first response');
    expect(r.stdout).toContain('Second player wins with perfect play');
  });

  it('prints a key pair, and refuses an unknown option', () => {
    expect(grundy(['dev', 'keys']).stdout).toMatch(/^DISCORD_PUBLIC_KEY=[0-9a-f]{64}\n/);
    const bad = grundy(['dev', 'api', '--colour', 'red']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Unknown option '--colour'.");
  });
});

describe('grundy solve <game> --help: one line per input', () => {
  const count = (text: string, part: string): number => text.split(part).length - 1;

  it('says each choice, range and example once: from the description, or added when it leaves them out', () => {
    for (const game of createCatalog().games) {
      for (const input of game.inputs) {
        const line = inputHelp(input);
        const where = `${game.id} ${input.name}: ${line}`;
        // A closing aside may take the range in: "(default 0)" becomes "(default 0; 0 to 10^9)".
        expect(line.startsWith(input.description.replace(/\)$/, '')), where).toBe(true);
        expect(count(line, 'e.g.'), where).toBe(1);
        expect(line, where).toContain(input.example);
        for (const choice of input.choices ?? []) expect(line, where).toContain(choice);
        expect(count(line, '(one of:'), where).toBeLessThanOrEqual(1);
      }
    }
  });

  it('a required input left out is named with one example, from its description or added after it', () => {
    for (const game of createCatalog().games) {
      for (const input of game.inputs.filter((i) => i.required)) {
        const fields = Object.fromEntries(game.inputs.map((i) => [i.name, i === input ? ' ' : i.example]));
        let message = '';
        try {
          paramsFromFields(game, fields);
        } catch (error) {
          message = (error as Error).message;
        }
        const where = `${game.id} ${input.name}: ${message}`;
        expect(message.startsWith(`Missing "${input.name}": ${input.description}`), where).toBe(true);
        expect(count(message, 'e.g.'), where).toBe(1);
        expect(message, where).toContain(input.example);
      }
    }
  });

  it("a number's bounds are left to the doors (each adds them its own way: help, Discord's limits, the page)", () => {
    for (const game of createCatalog().games) {
      for (const input of game.inputs.filter((i) => i.min !== undefined && i.max !== undefined)) {
        const bounds = [input.min, input.max].flatMap((b) => [String(b), Number(b).toLocaleString('en-US')]);
        for (const bound of bounds.filter((b) => b.length > 1)) {
          expect(input.description, `${game.id} ${input.name}`).not.toContain(bound);
        }
      }
    }
  });

  it('adds what a description leaves out, big bounds as a person writes them', () => {
    const base = { name: 'x', kind: 'integer', required: false, example: '3' } as const;
    expect(inputHelp({ ...base, description: 'Telepoints', min: 0, max: 1_000_000_000 })).toBe(
      'Telepoints (0 to 10^9). e.g. 3',
    );
    expect(inputHelp({ ...base, description: 'Telepoints (default 0)', min: 0, max: 1_000_000_000 })).toBe(
      'Telepoints (default 0; 0 to 10^9). e.g. 3',
    );
    expect(inputHelp({ ...base, description: 'Values', min: 1000, max: 12_345_678 })).toBe(
      'Values (1,000 to 12,345,678). e.g. 3',
    );
    expect(inputHelp({ ...base, description: 'Values (1..5, default 2)', min: 1, max: 5 })).toBe(
      'Values (1..5, default 2). e.g. 3',
    );
    expect(inputHelp({ ...base, kind: 'text', description: 'Who', choices: ['Alice', 'Bob'] })).toBe(
      'Who (one of: Alice, Bob). e.g. 3',
    );
    expect(inputHelp({ ...base, kind: 'text', description: 'Alice or Bob', choices: ['Alice', 'Bob'] })).toBe(
      'Alice or Bob. e.g. 3',
    );
    expect(inputHelp({ ...base, kind: 'text', description: 'Cards, e.g. 2 6 3' }, '; or --file <path>')).toBe(
      'Cards, e.g. 2 6 3; or --file <path>.',
    );
    expect(inputHelp({ ...base, description: 'Rooms' }, '', (text) => `\`${text}\``)).toBe('Rooms. e.g. `3`');
  });
});
