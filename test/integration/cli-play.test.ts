/**
 * `grundy play` through a real child process: the engine protocol line by line (bad lines included), a
 * program that plays a whole game, and the terminal mode with a hint and the review.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/games/catalog.js';

const bin = new URL('../../bin/grundy.js', import.meta.url).pathname;

interface Engine {
  readonly child: ChildProcessWithoutNullStreams;
  send(text: string): void;
  next(): Promise<Record<string, unknown>>;
  exit: Promise<number | null>;
}

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill();
});

function engine(args: string[]): Engine {
  const child = spawn(process.execPath, [bin, 'play', ...args, '--engine'], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  children.push(child);
  const lines: Interface = createInterface({ input: child.stdout });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => {
    const waiter = waiting.shift();
    if (waiter === undefined) queue.push(line);
    else waiter(line);
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    send: (text) => child.stdin.write(`${text}\n`),
    next: async () => {
      const line = queue.shift() ?? (await new Promise<string>((resolve) => waiting.push(resolve)));
      return JSON.parse(line) as Record<string, unknown>;
    },
    exit,
  };
}

describe('grundy play --engine', () => {
  it('answers every move with one JSON line; bad lines get an error and change nothing', async () => {
    const e = engine(['seagm', '2', '4', '8', '16', '3', '9']);
    const start = await e.next();
    expect(start).toMatchObject({ toMove: 'you', over: false, winner: null, grundyMove: null });
    expect(start['moves']).toEqual(['2', '3', '4', '8', '9', '16']);
    for (const bad of ['5', 'take 5', '', 'x'.repeat(5000), '{"move": 2}', '2 3']) {
      e.send(bad);
      const reply = await e.next();
      expect(Object.keys(reply)).toEqual(['error']);
      expect(String(reply['error']).length).toBeLessThan(300);
      if (bad.endsWith('5'))
        expect(reply['error']).toContain('no card 5 is on the table (the cards left: 2, 3, 4, 8, 9, 16)');
    }
    e.send('hint');
    const hint = await e.next();
    expect(hint).toMatchObject({ verdict: expect.stringMatching(/^(win|loss)$/) as unknown });
    e.send(' 16 ');
    const after = await e.next();
    expect(after['toMove']).toBe('you');
    expect(typeof after['grundyMove']).toBe('string');
    expect((after['position'] as { cards: number[] }).cards).toHaveLength(4);
    e.send('quit');
    const last = await e.next();
    expect(last).toMatchObject({ over: true, winner: 'grundy', moves: [] });
    expect(await e.exit).toBe(0);
  });

  it('a program plays a whole game to the end: Grundy, moving first on a won board, wins', async () => {
    const e = engine(['abgame', 'A...B.A.B', '--first', 'grundy']);
    let state = await e.next();
    expect(state['grundyMove']).toBe('1-3');
    while (state['over'] !== true) {
      const moves = state['moves'] as string[];
      e.send(moves[moves.length - 1] ?? 'quit');
      state = await e.next();
    }
    expect(state['winner']).toBe('grundy');
    expect((state['review'] as { lines: string[] }).lines.join(' ')).toMatch(
      /No mistake: you were lost from the start/,
    );
    expect(await e.exit).toBe(0);
  });

  it('refuses a bad --first and a game too big to play, with a clear message', async () => {
    const bad = spawn(process.execPath, [bin, 'play', 'magic', '40', '--first', 'bob']);
    let err = '';
    bad.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((resolve) => bad.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toMatch(/--first must be "you" or "grundy" \(got "bob"\)/);
    const big = spawn(process.execPath, [bin, 'play', 'magic', '40']);
    let bigErr = '';
    big.stderr.on('data', (d: Buffer) => (bigErr += d.toString()));
    expect(await new Promise((resolve) => big.on('exit', resolve))).toBe(2);
    expect(bigErr).toMatch(/play takes at most 10 rooms \(got 40\)/);
  });
});

describe('grundy play in a terminal', () => {
  it('--help lists every game with how big a game it plays move by move', async () => {
    const child = spawn(process.execPath, [bin, 'play', '--help']);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    const games = createCatalog().games;
    for (const game of games) {
      const limit = game.play?.limit ?? '';
      expect(limit).not.toBe('');
      expect(out).toMatch(new RegExp(`^  ${game.id} +${limit.replace(/[()^]/g, '\\$&')}$`, 'm'));
    }
    expect(out).toContain('at most 200 cards');
  });

  it('prints the position, takes typed moves and a hint, and reviews the first mistake', async () => {
    const child = spawn(process.execPath, [bin, 'play', 'seagm', '1', '2']);
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stdin.end('hint\n1\n');
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    expect(out).toContain('Type a move as listed, "hint" for a winning move, or "quit" to resign.\n');
    expect(out).toContain('Cards on the table: 1 2');
    expect(out).toContain('Hint: Play 2: it keeps the win.');
    expect(out).toContain('You: take 1: g becomes 1, which loses');
    expect(out).toContain('Your first mistake was move 1, 1: it turned a won position into a lost one.');
    expect(out).toContain('2 would have kept it');
  });
});
