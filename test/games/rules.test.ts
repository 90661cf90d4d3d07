/**
 * Every game's rules carry a worked example; here each example is checked by the solver and the brute force,
 * and each line of play is replayed by the rules themselves: every move legal, the winner's moves winning,
 * the loser's moves forced or no better than any other, and the game ending where the text says.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli/run.js';
import { paramsFromFields, parseParams } from '../../src/core/params.js';
import { builtInGames as games } from '../../src/games/catalog.js';
import { legalMoves, moverWins } from '../../src/games/abgame/brute.js';
import { RULES_EXAMPLE as abgameExample } from '../../src/games/abgame/rules.js';
import { bruteFirstWins, bruteSecuresOptimum } from '../../src/games/magic/brute.js';
import { optimalLine } from '../../src/games/magic/line.js';
import { RULES_EXAMPLE as multiplicationExample } from '../../src/games/multiplication/rules.js';
import { directTable } from '../../src/games/partisan/brute.js';
import { RULES_EXAMPLE as partisanExample } from '../../src/games/partisan/rules.js';
import { RULES_EXAMPLE as seagmExample } from '../../src/games/seagm/rules.js';
import { magic } from '../../src/games/magic/index.js';
import { bruteValues, octalBrute } from '../../src/games/octal/brute.js';
import { octal } from '../../src/games/octal/index.js';

describe.each(games.map((game) => [game.id, game] as const))('rules of %s', (_id, game) => {
  const rules = game.rules;
  it('has rules with a worked example that the solver and the brute force agree on', () => {
    expect(rules).toBeDefined();
    if (rules === undefined) return;
    expect(rules.play.length).toBeGreaterThan(0);
    expect(rules.winning.length).toBeGreaterThan(0);
    expect(rules.example.steps.length).toBeGreaterThanOrEqual(2);
    const params: unknown = parseParams(game, rules.example.params);
    expect(game.brute.fits(params)).toBe(true);
    const fast: unknown = game.solve(params);
    expect(game.outcome(fast, params)).toBe(game.outcome(game.brute.solve(params), params));
    // The example names its winner in the result sentence.
    const winner = game.explain(params, fast).winner;
    expect(winner).not.toBeNull();
    expect(rules.example.result.toLowerCase()).toContain(`${String(winner).toLowerCase()} wins`);
  });
  it('asks Grundy about the example with fields and a CLI command that give the same params', async () => {
    expect(rules).toBeDefined();
    if (rules === undefined) return;
    const params: unknown = parseParams(game, rules.example.params);
    expect(paramsFromFields(game, rules.example.fields)).toEqual(params);
    const args = rules.example.cli.match(/'[^']*'|\S+/g)?.map((a) => a.replace(/^'|'$/g, '')) ?? [];
    const out = await runCliCapture(['solve', ...args, '--json']);
    expect(out.code).toBe(0);
    expect((JSON.parse(out.stdout) as { params: unknown }).params).toEqual(params);
  });
  it('`grundy rules` prints them, and --picture writes the example as a PNG (or says why not)', async () => {
    const out = await runCliCapture(['rules', game.id]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(game.title);
    expect(out.stdout).toContain(rules?.what ?? '?');
    expect(out.stdout).toContain('How to play');
    // Words are introduced before the example uses them.
    if (rules?.terms !== undefined) {
      expect(out.stdout.indexOf('Words in Grundy’s answers')).toBeLessThan(out.stdout.indexOf('Example: '));
    }
    expect(out.stdout).toContain(`  1. ${rules?.example.steps[0] ?? '?'}`);
    expect(out.stdout).toContain(`grundy solve ${rules?.example.cli ?? '?'}`);
    const dir = mkdtempSync(join(tmpdir(), 'grundy-rules-'));
    try {
      const file = join(dir, 'example.png');
      const drawn = await runCliCapture(['rules', game.id, '--picture', file]);
      expect(drawn.code).toBe(0);
      if (game.picture === undefined) {
        expect(drawn.stdout).toContain('No picture');
      } else {
        expect(drawn.stdout).toContain(`written to ${file}`);
        expect(readFileSync(file).subarray(0, 8)).toEqual(
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('summary says what the game is in at most 100 characters', () => {
    expect(game.summary.length).toBeLessThanOrEqual(100);
    expect(game.summary).not.toMatch(/\?$/);
  });
});

async function runCliCapture(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string }> {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const code = await runCli(argv, { stdin: new PassThrough(), stdout, stderr: new PassThrough(), env });
  return { code, stdout: Buffer.concat(chunks).toString('utf8') };
}

function gcd(x: number, y: number): number {
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** SEAGM by the rules: the mover wins iff some card keeps g above 1 and leaves the opponent lost. */
function seagmMoverWins(g: number, left: readonly number[]): boolean {
  return left.some((card, i) => {
    const next = gcd(g, card);
    return next !== 1 && !seagmMoverWins(next, [...left.slice(0, i), ...left.slice(i + 1)]);
  });
}

describe('grundy rules at the door', () => {
  it('names the games when the game is missing or unknown, and wraps to $COLUMNS', async () => {
    const none = await runCliCapture(['rules']);
    expect(none.code).toBe(2);
    expect(none.stdout).toContain('Usage: grundy rules <game>');
    const stderr = new PassThrough();
    const errors: Buffer[] = [];
    stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    const code = await runCli(['rules', 'chess'], {
      stdin: new PassThrough(),
      stdout: new PassThrough(),
      stderr,
      env: {},
    });
    expect(code).toBe(2);
    expect(Buffer.concat(errors).toString()).toMatch(/chess[\s\S]*seagm/);
    const narrow = await runCliCapture(['rules', 'magic'], { COLUMNS: '50' });
    expect(Math.max(...narrow.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(50);
  });
});

describe('worked examples replayed move by move', () => {
  it('SEAGM: the first player loses whatever he opens with, and the line ends when g becomes 1', () => {
    const { cards, line } = seagmExample;
    expect(seagmMoverWins(0, cards)).toBe(false);
    let g = 0;
    let left = [...cards];
    line.forEach((card, i) => {
      const index = left.indexOf(card);
      expect(index).toBeGreaterThanOrEqual(0);
      const next = gcd(g, card);
      left = [...left.slice(0, index), ...left.slice(index + 1)];
      if (i % 2 === 1) expect(next !== 1 && !seagmMoverWins(next, left)).toBe(true); // the winner's reply wins
      g = next;
    });
    expect(g).toBe(1);
    expect(line.length % 2).toBe(1); // the first player made g = 1
  });

  it('Multiplication: Alice wins by the line, Bob has only losing replies', () => {
    const { n, first, line } = multiplicationExample;
    const primes = [2n, 3n].filter((p) => n % p === 0n);
    // 1 = the mover wins, 0 = tie, -1 = the mover loses.
    const value = (m: bigint): number => {
      if (m > n) return 0;
      let best = -1;
      for (const p of primes) {
        const next = m * p;
        best = Math.max(best, next === n ? 1 : next > n ? 0 : -value(next));
      }
      return best;
    };
    expect(first).toBe('Alice');
    expect(value(1n)).toBe(1);
    let m = 1n;
    line.forEach((p, i) => {
      expect(n % p).toBe(0n);
      const before = m;
      m *= p;
      if (i % 2 === 0) expect(m === n || -value(m) === 1).toBe(true);
      else expect(value(before)).toBe(-1); // Bob was lost whatever he did
    });
    expect(m).toBe(n);
  });

  it('ABGAME: every slide is legal, A keeps B lost, and B ends without a slide', () => {
    let board = abgameExample.board;
    expect(moverWins(board, 'A')).toBe(true);
    abgameExample.line.forEach((move, i) => {
      const player = i % 2 === 0 ? 'A' : 'B';
      expect(legalMoves(board, player)).toContainEqual(move);
      const cells = board.split('');
      cells[move.to - 1] = player;
      cells[move.from - 1] = '.';
      board = cells.join('');
      if (player === 'A') expect(moverWins(board, 'B')).toBe(false);
    });
    expect(legalMoves(board, 'B')).toEqual([]);
  });

  it('PartisanGame: Alice leaves Bob an L pile each time and Bob ends stuck', () => {
    const { n, alice, bob, line } = partisanExample;
    const { a, b } = directTable({ n: String(n), alice: [...alice], bob: [...bob] });
    expect(a[n]).toBe(1);
    let pile = n;
    line.forEach((take, i) => {
      expect((i % 2 === 0 ? alice : bob) as readonly number[]).toContain(take);
      pile -= take;
      expect(pile).toBeGreaterThanOrEqual(0);
      if (i % 2 === 0) expect(b[pile]).toBe(0);
    });
    expect(line.length % 2).toBe(1);
    expect(bob.every((y) => y > pile)).toBe(true);
  });

  it('MAGIC: building 1-2 and teleporting to 3 wins, and leaves Second lost', () => {
    const params = parseParams(magic, magic.rules?.example.params);
    expect(bruteFirstWins(params)).toBe(true);
    expect(bruteSecuresOptimum(params, { join: [1, 2], teleportTo: 3 })).toBe(true);
    expect(bruteSecuresOptimum(params, { join: [1, 2] })).toBe(false); // without the teleport Second walks over
    expect(optimalLine(params)[0]).toBe('First builds 1-2 and teleports to room 3.');
    // After that move, Second is to move: relabel so the mover stands in room 1 (Second: 2 -> 1, First: 3 -> 2).
    const relabel: Record<number, number> = { 1: 3, 2: 1, 3: 2, 4: 4 };
    const after = parseParams(magic, {
      rooms: '4',
      passages: [
        [relabel[3], relabel[4]],
        [relabel[1], relabel[2]],
      ],
      p1: 1,
      p2: 0,
    });
    expect(bruteFirstWins(after)).toBe(false);
  });

  it('Octal: Kayles on a row of 4, the middle two taken leave 1 ^ 1 = 0, and Second ends without a move', () => {
    const params = parseParams(octal, octal.rules?.example.params);
    const g = bruteValues('0.77', 4);
    expect(g.slice(0, 5)).toEqual([0, 1, 2, 3, 1]);
    expect(params.heaps).toEqual(['4']);
    // First: 4 -> 1 + 1 (take 2 from the middle), worth 0 for Second.
    expect(octalBrute.securesOptimum(params, { heap: 0, take: '2', leave: ['1', '1'] })).toBe(true);
    expect((g[1] ?? -1) ^ (g[1] ?? -1)).toBe(0);
    // Second: every move from 1 + 1 takes one heap of 1; First takes the other; nothing is left.
    expect(bruteValues('0.77', 1)[1]).toBe(1);
    expect(octal.rules?.example.steps[0]).toContain('two heaps of 1');
    expect(octal.rules?.example.steps).toHaveLength(3);
  });
});
