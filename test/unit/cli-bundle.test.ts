/**
 * The `grundy` binary runs dist/bundle/grundy.cjs, one script built by scripts/bundle-cli.ts (`npm run build`,
 * which `pretest` runs), compiled with the code cache beside it. These tests check that the bundle is what bin
 * uses (no module of ours is loaded but bin), that the code cache is written when
 * missing or unusable and left alone when good, and that the bundle answers and fails exactly as tsc's output
 * of the same sources (dist/cli/main.js) does: same stdout, stderr and exit status, byte for byte.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { builtInEntries } from '../../src/games/entries.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'bin/grundy.js');
const tscMain = join(root, 'dist/cli/main.js');
const recorder = join(root, 'test/support/record-loads.js');
const takeaway = join(root, 'test/support/takeaway-game.js');
const dir = mkdtempSync(join(tmpdir(), 'grundy-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The child's environment: no Redis, no plugin module, fixed width, plus `env`. */
const envOf = (env: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  REDIS_URL: '',
  COLUMNS: '',
  GRUNDY_EXTRA_GAMES_MODULE: '',
  ...env,
});

function run(nodeArgs: string[], args: string[], input: string, env: Record<string, string> = {}): Run {
  const out = spawnSync(process.execPath, [...nodeArgs, ...args], {
    input,
    encoding: 'utf8',
    cwd: dir,
    env: envOf(env),
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

/** A valid input and a malformed one for each built-in game's judge. */
const inputs: Record<string, { good: string; bad: string }> = {
  seagm: { good: '3\n5\n6 10 15 22 28\n4\n1 2 3 4\n3\n2 1 1\n', bad: '2\n3\n2 6 3\n2\n4 seven\n' },
  multiplication: {
    good: '10\n10 Alice\n20 Bob\n30 Alice\n40 Bob\n50 Alice\n60 Bob\n70 Alice\n80 Bob\n90 Alice\n100 Bob\n',
    bad: '2\n10 Alice\n20 Carol\n',
  },
  abgame: { good: '3\nA.B\nA..B\nA..B.A..B\n', bad: '2\nA.B\nA.x\n' },
  partisan: {
    good: '5\n7 2 3 4 1 4\n10 1 1 3 4 3 2\n104982 4 2 3 4 5 2 2 5\n999999999 1 4 1 5\n1000000000 5 1 2 3 4 5 5 1 2 3 4 5\n',
    bad: '1\n7 2 3 4 1\n',
  },
  magic: { good: '4\n\n2 0 0\n\n3 1 0\n1 3\n\n4 0 1\n\n4 1 1\n3 4\n', bad: '1\n\n3 1 0\n2 2\n' },
  octal: { good: '3\nnim 5\n0.77 10\n0.16 7\n', bad: '1\n0.9x 5\n' },
};

describe('bin/grundy.js', () => {
  it('has a valid and a malformed judge input for every built-in game here', () => {
    expect(Object.keys(inputs).sort()).toEqual(builtInEntries.map((e) => e.id).sort());
  });

  it.each([
    ...builtInEntries.map((e) => ({ args: ['judge', e.id], input: inputs[e.id]?.good ?? '' })),
    { args: ['rules', 'seagm'], input: '' },
    { args: ['games'], input: '' },
    { args: ['--version'], input: '' },
  ])('$args runs the bundle: of our modules, only bin loads', ({ args, input }) => {
    const file = join(dir, `loads-${args.join('-')}`);
    const r = run(['--import', pathToFileURL(recorder).href, bin], args, input, {
      GRUNDY_LOADS_FILE: file,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const ours = readFileSync(file, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith(pathToFileURL(root).href))
      .map((url) => fileURLToPath(url).slice(root.length));
    expect(ours).toEqual(['bin/grundy.js']);
  });

  it('writes the code cache when it is missing or unusable, and leaves a good one alone', () => {
    // A copy of what bin needs, so that this test alone touches its cache.
    const copy = join(dir, 'install');
    mkdirSync(join(copy, 'dist'), { recursive: true });
    cpSync(join(root, 'bin'), join(copy, 'bin'), { recursive: true });
    cpSync(join(root, 'dist/bundle'), join(copy, 'dist/bundle'), { recursive: true });
    cpSync(join(root, 'package.json'), join(copy, 'package.json'));
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
    const cache = join(copy, 'dist/bundle/grundy.cjs.cache');
    const judge = (): Run =>
      run([join(copy, 'bin/grundy.js')], ['judge', 'seagm'], inputs['seagm']?.good ?? '');
    const want = run([bin], ['judge', 'seagm'], inputs['seagm']?.good ?? '');
    expect(want.code).toBe(0);

    rmSync(cache);
    expect(judge()).toEqual(want);
    expect(existsSync(cache)).toBe(true);
    const written = readFileSync(cache);
    expect(written.length).toBeGreaterThan(1000);

    expect(judge()).toEqual(want);
    expect(readFileSync(cache).equals(written)).toBe(true);

    // V8 rejects it (it checks the source and Node's version too): the answer stands, and a fresh cache replaces it.
    writeFileSync(cache, 'not a code cache');
    expect(judge()).toEqual(want);
    const rewritten = readFileSync(cache);
    expect(rewritten.length).toBeGreaterThan(1000);
    expect(judge()).toEqual(want);
    expect(readFileSync(cache).equals(rewritten)).toBe(true);
  });
});

/** As `run`, without blocking: the bundle and the tsc build of one case run side by side. */
function runAsync(
  nodeArgs: string[],
  args: string[],
  input: string,
  env: Record<string, string>,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, ...args], { cwd: dir, env: envOf(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('the bundle answers and fails as the tsc build does', () => {
  const same = async (args: string[], input: string, env: Record<string, string> = {}): Promise<Run> => {
    const [bundled, compiled] = await Promise.all([
      runAsync([bin], args, input, env),
      runAsync([tscMain], args, input, env),
    ]);
    expect(bundled).toEqual(compiled);
    return bundled;
  };

  it.each(builtInEntries.map((e) => e.id))('grundy judge %s: answers, bad input, empty input', async (id) => {
    const { good, bad } = inputs[id] ?? { good: '', bad: '' };
    const answered = await same(['judge', id], good);
    expect(answered.code).toBe(0);
    expect(answered.stdout.split('\n').length).toBe(Number(good.split('\n')[0]) + 1);
    for (const input of [bad, '']) {
      const refused = await same(['judge', id], input);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(new RegExp(`^grundy judge ${id}: line \\d+: `));
    }
  });

  it.each([[['judge']], [['judge', '--help']], [['judge', 'chess']], [['judge', 'seagm', 'extra']]])(
    '%j: the same usage text or error',
    async (args) => {
      const r = await same(args, '');
      expect(r.stdout + r.stderr).not.toBe('');
    },
  );

  it('a plugin game: answers and errors, through the token judge', async () => {
    const env = { GRUNDY_EXTRA_GAMES_MODULE: takeaway };
    expect((await same(['judge', 'takeaway'], '3\n1\n3\n7\n', env)).stdout).toBe('First\nSecond\nFirst\n');
    const refused = await same(['judge', 'takeaway'], '2\n1\nmany\n', env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('line 3: ');
  });

  it('an error raised in a module outside the bundle keeps its message (one InputError class)', async () => {
    // The plugin's game id is taken: createCatalog (tsc's output, loaded by the bundle) refuses it.
    const plugin = join(dir, 'taken-id.mjs');
    writeFileSync(
      plugin,
      `import { games as plugin } from ${JSON.stringify(pathToFileURL(takeaway).href)};\nexport const games = plugin.map((game) => ({ ...game, id: 'seagm' }));\n`,
    );
    const r = await same(['judge', 'seagm'], '1\n1\n1\n', { GRUNDY_EXTRA_GAMES_MODULE: plugin });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: 'grundy judge seagm: GRUNDY_EXTRA_GAMES_MODULE: the game id "seagm" is already taken.\n',
    });
  });
});
