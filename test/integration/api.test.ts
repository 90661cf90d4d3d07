/**
 * The JSON API on a real `grundy serve` (the built binary) started with no configuration at all: no Discord
 * key or token, no Redis. Every response is checked against the OpenAPI description (api-helpers.ts), and the
 * last test checks that every documented route was exercised. Answers are compared with `grundy solve --json`.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { builtInGames } from '../../src/games/catalog.js';
import { openApiDocument } from '../../src/http/api/openapi.js';
import type { Explanation } from '../../src/core/game.js';
import { renderRulesText } from '../../src/render/rules-text.js';
import { shortAnswer, shortAnswerLines } from '../../src/render/short-answer.js';
import { GrundyProcess } from '../support/grundy-process.js';
import { ApiClient, documentedOperations, type ApiResponse } from './api-helpers.js';
import { slowGamesModule, waitFor } from './helpers.js';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/grundy.js', import.meta.url));

/** `grundy solve <game> --<field> <value>... --json`, parsed. */
async function cliAnswer(game: string, fields: Readonly<Record<string, unknown>>): Promise<unknown> {
  const flags = Object.entries(fields).flatMap(([name, value]) => [`--${name}`, String(value)]);
  const { stdout } = await run(process.execPath, [bin, 'solve', game, ...flags, '--json'], {
    env: { PATH: process.env['PATH'] ?? '' },
  });
  return JSON.parse(stdout);
}

interface ErrorJson {
  readonly error: { readonly message: string; readonly field?: string | null; readonly id?: string };
}
const errorOf = (response: ApiResponse): ErrorJson['error'] => (response.json as ErrorJson).error;

let serve: GrundyProcess;
let api: ApiClient;

beforeAll(async () => {
  serve = new GrundyProcess('serve', {
    HOST: '127.0.0.1',
    PORT: '0',
    // Many requests from one address here; the limit itself is tested on its own server below.
    RATE_LIMIT_PER_MINUTE: '0',
    GRUNDY_EXTRA_GAMES_MODULE: slowGamesModule,
  });
  api = new ApiClient(await serve.ready());
});

afterAll(async () => {
  await serve.signalAndTime('SIGTERM');
  await serve.kill();
});

/** Polls a job until it is done or failed. */
async function settle(url: string): Promise<Record<string, unknown>> {
  const seen: string[] = [];
  const final = await waitFor(
    `job ${url} to finish`,
    async () => {
      const response = await api.get(url);
      expect(response.status).toBe(200);
      const job = response.json as { status: string };
      seen.push(job.status);
      return job.status === 'done' || job.status === 'failed' ? job : undefined;
    },
    30_000,
    100,
  );
  return { ...final, seen };
}

describe('POST /api/solve on a serve with no configuration', () => {
  test.each(builtInGames.map((game) => [game.id, game.examples[0].fields] as const))(
    '%s answers as `grundy solve --json` does, with a picture and the short answer',
    async (game, fields) => {
      const [response, cli] = await Promise.all([
        api.post('/api/solve', { game, options: fields }),
        cliAnswer(game, fields),
      ]);
      expect(response.status).toBe(200);
      const body = response.json as Record<string, unknown> & { explanation: Explanation<unknown> };
      expect({
        game: body['game'],
        params: body['params'],
        result: body['result'],
        explanation: body['explanation'],
      }).toEqual(cli);
      expect(body['text']).toBe(shortAnswerLines(shortAnswer(body.explanation)).join('\n'));
      expect(typeof body['picture']).toBe('string');
      const drawn = builtInGames
        .find((g) => g.id === game)
        ?.picture?.(body['params'], body['result'], body.explanation);
      expect(drawn?.alt).toMatch(/\w/);
      expect(body['pictureAlt']).toBe(drawn?.alt);
      const picture = await api.get(String(body['picture']));
      expect(picture.status).toBe(200);
      expect(picture.bytes.byteLength).toBeGreaterThan(1000);
    },
  );

  test('the same question twice gets the same picture URL (one picture per answer)', async () => {
    const ask = () => api.post('/api/solve', { game: 'seagm', options: { numbers: '4 6 9' } });
    const [a, b] = [await ask(), await ask()];
    expect((a.json as { picture: string }).picture).toBe((b.json as { picture: string }).picture);
  });

  test('integers may come as JSON numbers or digit strings', async () => {
    const asNumber = await api.post('/api/solve', { game: 'magic', options: { rooms: '6', p1: 1, p2: 0 } });
    const asText = await api.post('/api/solve', { game: 'magic', options: { rooms: '6', p1: '1', p2: '0' } });
    expect(asNumber.status).toBe(200);
    expect(asText.json).toEqual(asNumber.json);
    // A big number as Grundy writes its limits: the same question, the same answer, the digits in params.
    const written = await api.post('/api/solve', { game: 'multiplication', options: { n: '10^18' } });
    const digits = await api.post('/api/solve', {
      game: 'multiplication',
      options: { n: '1000000000000000000' },
    });
    expect(written.status).toBe(200);
    expect(written.json).toEqual(digits.json);
  });

  test.each([
    ['seagm', { numbers: '2 x 3' }, 'numbers', '"x"'],
    ['seagm', {}, 'numbers', 'Missing "numbers"'],
    ['multiplication', { n: '1' }, 'n', 'from 2 to 10^18'],
    ['multiplication', { n: '10^19' }, 'n', 'from 2 to 10^18, e.g. 40 (got 10^19)'],
    ['multiplication', { n: '40', first: 'Carol' }, 'first', 'Alice or Bob'],
    ['magic', { rooms: '4', telepoints: 'lots' }, 'telepoints', 'whole number'],
    ['magic', { rooms: '4', passages: '1-1' }, 'passages', 'to itself'],
    ['octal', { code: '77', heaps: '5' }, 'code', 'no point'],
    ['partisan', { n: '7', alice: '0' }, 'alice', 'from 1 to 64'],
    ['abgame', { board: 'A..C' }, 'board', 'only "A", "B" and "."'],
    ['seagm', { cards: '2 6 3' }, 'cards', 'not an option of seagm; its options are numbers'],
    ['seagm', { numbers: { list: [2] } }, 'numbers', 'must be text'],
    ['partisan', { n: '7', alice: 'x'.repeat(301) }, 'alice', 'at most 300 characters'],
  ])('%s %j: 400 naming %s', async (game, options, field, words) => {
    const response = await api.post('/api/solve', { game, options });
    expect(response.status).toBe(400);
    expect(errorOf(response).field).toBe(field);
    expect(errorOf(response).message).toContain(words);
  });

  test('an unknown game: 400 naming the field and listing every game', async () => {
    const response = await api.post('/api/solve', { game: 'chess', options: {} });
    expect(response.status).toBe(400);
    expect(errorOf(response).field).toBe('game');
    for (const game of [...builtInGames.map((g) => g.id), 'slow'])
      expect(errorOf(response).message).toContain(game);
  });

  test.each([
    ['not JSON', '{"game": "seagm",', null, 'not valid JSON'],
    ['not an object', '[1, 2]', null, 'JSON object'],
    ['no game', '{"options": {}}', 'game', 'Missing "game"'],
    [
      'options not an object',
      '{"game": "seagm", "options": "2 6 3"}',
      'options',
      'options must be an object',
    ],
    ['an unknown member', '{"game": "seagm", "numbers": "2 6 3"}', 'numbers', 'not part of this request'],
  ])('a body that is %s: 400', async (_what, body, field, words) => {
    const response = await api.post('/api/solve', body);
    expect(response.status).toBe(400);
    expect(errorOf(response).field).toBe(field);
    expect(errorOf(response).message).toContain(words);
  });

  test('a body not sent as JSON: 415', async () => {
    const response = await api.send('POST', '/api/solve', 'game=seagm', { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
  });

  test('a big question answers 202 with a job URL, and the job runs to its answer in the solver threads', async () => {
    const response = await api.post('/api/solve', { game: 'slow', options: { ms: 400, tag: 'memory-big' } });
    expect(response.status).toBe(202);
    const { job } = response.json as { job: { id: string; url: string } };
    expect(response.headers.get('location')).toBe(job.url);
    expect(job.url).toBe(`/api/jobs/${job.id}`);
    const final = await settle(job.url);
    expect(final['status']).toBe('done');
    const answer = final['answer'] as { game: string; result: { spunMs: number; tag: string } };
    expect(answer.game).toBe('slow');
    expect(answer.result).toEqual({ spunMs: 400, tag: 'memory-big' });
    // Asked again, the cached answer comes at once.
    const again = await api.post('/api/solve', { game: 'slow', options: { ms: 400, tag: 'memory-big' } });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(answer);
  });

  test('two askers of the same big question get different job ids', async () => {
    const ask = () => api.post('/api/solve', { game: 'slow', options: { ms: 300, tag: 'two-askers' } });
    const [a, b] = await Promise.all([ask(), ask()]);
    const ids = [a, b].map((r) => (r.json as { job: { id: string } }).job.id);
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) expect((await settle(`/api/jobs/${id}`))['status']).toBe('done');
  });

  test('a big question whose solver fails ends as a failed job with a reference id only', async () => {
    const exploded = await api.post('/api/solve', { game: 'slow', options: { ms: 300, tag: 'explode' } });
    const final = await settle((exploded.json as { job: { url: string } }).job.url);
    expect(final['status']).toBe('failed');
    const message = (final['error'] as { message: string }).message;
    expect(message).toMatch(/reference [0-9a-f]{12}/);
    expect(message).not.toMatch(/TypeError|exploded|at .*\.js/);
  });

  test('an unexpected failure answers 500 with a reference id only, the same id as in the log', async () => {
    const response = await api.post('/api/solve', { game: 'slow', options: { ms: 1, tag: 'explode' } });
    expect(response.status).toBe(500);
    const { message, id } = errorOf(response);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(message).not.toMatch(/TypeError|exploded|\.js|node_modules/);
    const logged = await serve.waitForLog((line) => line['errorId'] === id, 5_000);
    expect(JSON.stringify(logged)).toContain('exploded');
  });

  test('unknown jobs and pictures: 404', async () => {
    expect((await api.get('/api/jobs/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await api.get('/api/jobs/not-a-job')).status).toBe(404);
    expect((await api.get(`/api/pictures/${'0'.repeat(32)}.png`)).status).toBe(404);
  });
});

describe('GET routes', () => {
  test('/api/games lists every game with its slash options and examples', async () => {
    const response = await api.get('/api/games');
    expect(response.status).toBe(200);
    const { games } = response.json as {
      games: {
        name: string;
        playable: boolean;
        fields: { name: string; maxLength?: number }[];
        examples: unknown[];
      }[];
    };
    expect(games.map((g) => g.name)).toEqual([...builtInGames.map((g) => g.id), 'slow']);
    for (const game of builtInGames) {
      const listed = games.find((g) => g.name === game.id);
      expect(listed?.fields.map((f) => f.name)).toEqual(game.inputs.map((i) => i.name));
      expect(listed?.examples).toHaveLength(game.examples.length);
      expect(listed?.playable).toBe(true);
    }
    expect(games.find((g) => g.name === 'slow')?.playable).toBe(false);
    const seagm = games.find((g) => g.name === 'seagm');
    expect(seagm?.fields[0]?.maxLength).toBeGreaterThan(6000);
  });

  test.each(builtInGames.map((g) => g.id))(
    '/api/games/%s/rules: the rules as data and text, with a picture',
    async (id) => {
      const game = builtInGames.find((g) => g.id === id);
      const response = await api.get(`/api/games/${id}/rules`);
      expect(response.status).toBe(200);
      const body = response.json as { text: string; picture: string; rules: unknown };
      expect(body.text).toBe(game === undefined ? '' : renderRulesText(game));
      expect(body.rules).toEqual(JSON.parse(JSON.stringify(game?.rules)));
      expect(body.picture).toBe(`/api/games/${id}/rules.png`);
      expect((await api.get(body.picture)).status).toBe(200);
    },
  );

  test('an unknown game has no rules: 404', async () => {
    expect((await api.get('/api/games/chess/rules')).status).toBe(404);
    expect((await api.get('/api/games/chess/rules.png')).status).toBe(404);
    expect((await api.get('/api/games/slow/rules.png')).status).toBe(404);
    expect((await api.get('/api/games/%E0%A4%A/rules')).status).toBe(404);
  });

  test('/api/openapi.json is the OpenAPI 3.1 description', async () => {
    const response = await api.get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.json).toEqual(JSON.parse(JSON.stringify(openApiDocument)));
    expect((response.json as { openapi: string }).openapi).toBe('3.1.0');
  });

  test('unknown routes 404 and wrong methods 405 with Allow, in the one error shape', async () => {
    expect((await api.get('/api/nothing')).status).toBe(404);
    const wrong = await api.get('/api/solve');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    const put = await api.send('PUT', '/api/games');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
  });

  test('without DISCORD_PUBLIC_KEY, POST /interactions still answers 503 and /healthz is up', async () => {
    const base = api.base;
    expect((await fetch(`${base}/interactions`, { method: 'POST', body: '{}' })).status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

describe('playing against Grundy', () => {
  interface State {
    id: string;
    over: boolean;
    winner: string | null;
    moves: { id: string }[];
    history: { by: string }[];
    review: string[] | null;
    player?: string;
    hints: number;
  }
  const state = (response: ApiResponse): State => response.json as State;

  test('start, hint, a refused move, moves to the end, and the review', async () => {
    const started = await api.post('/api/play', { game: 'seagm', options: { numbers: '2 6 3' } });
    expect(started.status).toBe(201);
    const { id, player } = state(started);
    expect(player).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(started.headers.get('location')).toBe(`/api/play/${id}`);
    const shown = await api.get(`/api/play/${id}`);
    const { player: _player, ...watched } = state(started);
    expect(shown.json).toEqual(watched);

    const hint = await api.post(`/api/play/${id}/hint`, { player });
    expect(hint.status).toBe(200);
    expect((hint.json as { hint: { verdict: string } }).hint.verdict).toBe('loss');

    const illegal = await api.post(`/api/play/${id}/moves`, { move: 'take 99', player });
    expect(illegal.status).toBe(400);
    expect(errorOf(illegal).field).toBe('move');
    const stranger = await api.post(`/api/play/${id}/moves`, { move: '2', player: 'x'.repeat(32) });
    expect(stranger.status).toBe(403);
    const keyless = await api.post(`/api/play/${id}/moves`, { move: '2' });
    expect(keyless.status).toBe(400);
    expect(errorOf(keyless).field).toBe('player');

    let current = state(started);
    while (!current.over) {
      const move = current.moves[0]?.id ?? '';
      const moved = await api.post(`/api/play/${id}/moves`, { move, player });
      expect(moved.status).toBe(200);
      current = state(moved);
    }
    expect(current.winner).toBe('grundy');
    expect(current.hints).toBe(1);
    expect(current.history.map((m) => m.by)).toEqual(['you', 'grundy', 'you']);
    expect(current.review?.join(' ')).toContain('Grundy won');
    const after = await api.post(`/api/play/${id}/moves`, { move: '3', player });
    expect(after.status).toBe(400);
  });

  test('a random position; Grundy first, then resign; a player key keeps at most 3 open games', async () => {
    const random = await api.post('/api/play', { game: 'octal', difficulty: 'easy' });
    expect(random.status).toBe(201);
    expect(state(random)).toMatchObject({ over: false, history: [] });
    const first = await api.post('/api/play', {
      game: 'seagm',
      options: { numbers: '2 6 3' },
      starts: 'grundy',
    });
    expect(first.status).toBe(201);
    const { player, id } = state(first);
    expect(state(first).history.map((m) => m.by)).toEqual(['grundy']);
    for (let i = 0; i < 2; i++) {
      expect(
        (await api.post('/api/play', { game: 'abgame', options: { board: 'A..B' }, player })).status,
      ).toBe(201);
    }
    const fourth = await api.post('/api/play', { game: 'abgame', options: { board: 'A..B' }, player });
    expect(fourth.status).toBe(409);
    const resigned = await api.post(`/api/play/${id}/resign`, { player });
    expect(resigned.status).toBe(200);
    expect(state(resigned)).toMatchObject({ over: true, winner: 'grundy' });
    expect((await api.post('/api/play', { game: 'abgame', options: { board: 'A..B' }, player })).status).toBe(
      201,
    );
  });

  test('bad starts: 400 naming the member; unknown games in play: 404', async () => {
    const cases: [unknown, string][] = [
      [{ game: 'slow' }, 'game'],
      [{ game: 'seagm', starts: 'me' }, 'starts'],
      [{ game: 'seagm', difficulty: 'insane' }, 'difficulty'],
      [{ game: 'seagm', difficulty: 'easy', options: { numbers: '2 6 3' } }, 'difficulty'],
      [{ game: 'seagm', options: { numbers: '2 x' } }, 'numbers'],
      [{ game: 'seagm', player: 'short' }, 'player'],
    ];
    for (const [body, field] of cases) {
      const response = await api.post('/api/play', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).field).toBe(field);
    }
    expect((await api.get('/api/play/0000000000000000')).status).toBe(404);
    expect(
      (await api.post('/api/play/0000000000000000/moves', { move: '1', player: 'x'.repeat(32) })).status,
    ).toBe(404);
    expect((await api.post('/api/play/0000000000000000/hint', { player: 'x'.repeat(32) })).status).toBe(404);
  });
});

test('every documented route and method was exercised against the OpenAPI description', () => {
  const exercised = new Set([...ApiClient.seen].map((entry) => entry.split(' ').slice(0, 2).join(' ')));
  expect(documentedOperations.filter((operation) => !exercised.has(operation))).toEqual([]);
});
