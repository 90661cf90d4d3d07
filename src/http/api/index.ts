/**
 * The JSON API under /api on `grundy serve`'s public listener: the same solve service, cache, queue, rate limit
 * and play service as the bot, for the web page and for programs. Shapes: docs/api.md and GET /api/openapi.json.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { hashParams } from '../../core/canonical.js';
import type { AnyGame } from '../../core/game.js';
import type { GameCatalog } from '../../games/catalog.js';
import type { SolveAnswer, SolveService } from '../../jobs/types.js';
import type { Logger } from '../../log.js';
import type { PlayService } from '../../play/service.js';
import type { RateLimit } from '../../bot/interaction/rate-limit.js';
import { renderRulesText } from '../../render/rules-text.js';
import { shortAnswer, shortAnswerLines } from '../../render/short-answer.js';
import { BodyTooLarge, readBody, refuseBody, sendBytes, sendJson, type ExtraHeaders } from '../respond.js';
import { readObject, requiredString } from './body.js';
import { ApiError, jobFailureText, refusalFor } from './errors.js';
import { describeField, paramsFromOptions } from './fields.js';
import { JOB_ID, JobBoard } from './jobs.js';
import { openApiDocument } from './openapi.js';
import { PICTURE_ID, PictureShelf } from './pictures.js';
import { hintInGame, moveInGame, PLAY_ID, resignGame, showGame, startGame, type PlayDeps } from './play.js';

/** The largest request body the API reads: a SEAGM hand of 100,000 large cards fits. */
export const API_MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface ApiDeps {
  readonly service: SolveService;
  readonly catalog: GameCatalog;
  readonly play: PlayService;
  /** The bot's per-client limit; the API counts `web:<client address>` in it. */
  readonly rateLimit: RateLimit;
  /** Questions estimated above this many ms answer 202 and are polled (the config's INLINE_COST_MS). */
  readonly inlineCostMs: number;
  /** Trusted reverse proxies in front (TRUST_PROXY_HOPS). */
  readonly proxyHops?: number;
  readonly logger: Logger;
  readonly randomSeed: () => number;
  readonly now?: () => number;
}

export interface Api {
  /** Answers `req` when `path` is under /api (true), else leaves it alone (false). */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
  /** Stops waiting for big questions in progress. Idempotent. */
  close(): void;
}

interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: ExtraHeaders;
}

type Handler = (match: RegExpExecArray) => Promise<Reply>;

interface Route {
  readonly pattern: RegExp;
  readonly get?: Handler;
  readonly post?: (match: RegExpExecArray, body: unknown) => Promise<Reply>;
}

const NO_STORE = { 'cache-control': 'no-store' } as const;

/** The short answer in plain lines: the verdict, the move, up to three lines of why. */
function answerText(answer: Pick<SolveAnswer, 'explanation'>): string {
  return shortAnswerLines(shortAnswer(answer.explanation)).join('\n');
}

/**
 * Who is asking, for the rate limit: the connecting address, or behind `proxyHops` trusted proxies the address
 * the farthest trusted one saw (X-Forwarded-For, counted from the right, since a client can write the left).
 */
export function clientAddress(req: IncomingMessage, proxyHops: number): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  if (proxyHops <= 0) return socket;
  const raw = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const candidate = chain[Math.max(0, chain.length - proxyHops)];
  return candidate !== undefined && isIP(candidate) !== 0 ? candidate : socket;
}

export function createApi(deps: ApiDeps): Api {
  const { service, catalog, logger } = deps;
  const pictures = new PictureShelf();
  const jobs = new JobBoard({
    ...(deps.now === undefined ? {} : { now: deps.now }),
    failureText: (error) => jobFailureText(error, logger, { route: 'job' }),
  });
  const playDeps: PlayDeps = { catalog, service: deps.play, randomSeed: deps.randomSeed };

  const solveBody = (game: AnyGame, params: unknown, answer: SolveAnswer): Record<string, unknown> => {
    const picture = pictures.shelve(game, answer.key, params, answer.result, answer.explanation);
    return {
      game: game.id,
      params,
      result: answer.result,
      explanation: answer.explanation,
      picture: picture?.url ?? null,
      pictureAlt: picture?.alt ?? null,
      text: answerText(answer),
    };
  };

  const solve = async (raw: unknown): Promise<Reply> => {
    const body = readObject(raw, ['game', 'options']);
    const known = catalog.games.map((g) => g.id).join(', ');
    const game = catalog.resolveGame(requiredString(body, 'game', `one of ${known}`));
    const options = body['options'] ?? {};
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw new ApiError(
        400,
        `options must be an object of ${game.id}'s options, e.g. ${JSON.stringify(game.examples[0].fields)}.`,
        'options',
      );
    }
    const params = paramsFromOptions(game, options as Record<string, unknown>);
    const estimate = game.estimateCostMs(params);
    if (estimate <= deps.inlineCostMs) {
      const answer = await service.solve(game.id, params);
      return { status: 200, body: solveBody(game, answer.params ?? params, answer) };
    }
    const cached = await service.cachedAnswer?.(game.id, hashParams(params));
    if (cached !== undefined) return { status: 200, body: solveBody(game, params, cached) };
    const busy = service.busyFor?.(game.id, params);
    if (busy !== undefined) throw new ApiError(503, busy, null, { 'retry-after': 60 });
    const id = jobs.start(
      async (signal, onProgress) => {
        const answer = await service.solve(game.id, params, { signal, onProgress });
        return solveBody(game, answer.params ?? params, answer);
      },
      service.route(estimate) === 'queue',
    );
    const url = `/api/jobs/${id}`;
    return { status: 202, body: { status: 'queued', job: { id, url } }, headers: { location: url } };
  };

  const gameFor = (name: string | undefined): AnyGame => {
    let decoded = '';
    try {
      decoded = decodeURIComponent(name ?? '');
    } catch {
      // Not a game name either.
    }
    const game = catalog.findGame(decoded);
    if (game === undefined)
      throw new ApiError(404, `No game "${(name ?? '').slice(0, 40)}"; the games are at /api/games.`);
    return game;
  };

  const routes: readonly Route[] = [
    {
      pattern: /^\/api\/games$/,
      get: () =>
        Promise.resolve({
          status: 200,
          body: {
            games: catalog.games.map((game) => ({
              name: game.id,
              title: game.title,
              summary: game.summary,
              command: `grundy solve ${game.examples[0].cli}`,
              playable: game.play !== undefined,
              fields: game.inputs.map(describeField),
              examples: game.examples.map((e) => ({ fields: { ...e.fields }, note: e.note })),
            })),
          },
        }),
    },
    {
      pattern: /^\/api\/games\/([^/]+)\/rules$/,
      get: (match) => {
        const game = gameFor(match[1]);
        return Promise.resolve({
          status: 200,
          body: {
            game: game.id,
            rules: game.rules ?? null,
            text: renderRulesText(game),
            picture: pictures.hasRulesPicture(game) ? `/api/games/${game.id}/rules.png` : null,
          },
        });
      },
    },
    {
      pattern: /^\/api\/games\/([^/]+)\/rules\.png$/,
      get: (match) => {
        const png = pictures.rulesPng(gameFor(match[1]));
        if (png === null) throw new ApiError(404, 'This game has no rules picture.');
        return Promise.resolve({
          status: 200,
          body: png,
          headers: { 'cache-control': 'public, max-age=3600' },
        });
      },
    },
    { pattern: /^\/api\/solve$/, post: (_match, body) => solve(body) },
    {
      pattern: /^\/api\/jobs\/([^/]+)$/,
      get: (match) => {
        const id = match[1] ?? '';
        const view = JOB_ID.test(id) ? jobs.view(id) : undefined;
        if (view === undefined)
          throw new ApiError(404, 'No such job: it never existed, or finished over an hour ago. Ask again.');
        return Promise.resolve({ status: 200, body: view });
      },
    },
    {
      pattern: /^\/api\/pictures\/([^/]+)\.png$/,
      get: async (match) => {
        const id = match[1] ?? '';
        const png = PICTURE_ID.test(id) ? await pictures.png(id) : undefined;
        if (png === undefined)
          throw new ApiError(404, 'No such picture: it is kept for an hour after its answer. Ask again.');
        return {
          status: 200,
          body: png,
          headers: { 'cache-control': 'private, max-age=3600' },
        };
      },
    },
    {
      pattern: /^\/api\/openapi\.json$/,
      get: () => Promise.resolve({ status: 200, body: openApiDocument }),
    },
    {
      pattern: /^\/api\/play$/,
      post: async (_match, body) => {
        const state = await startGame(playDeps, body);
        const url = `/api/play/${String(state['id'])}`;
        return { status: 201, body: state, headers: { location: url } };
      },
    },
    {
      pattern: /^\/api\/play\/([^/]+)$/,
      get: async (match) => ({ status: 200, body: await showGame(playDeps, playId(match[1])) }),
    },
    {
      pattern: /^\/api\/play\/([^/]+)\/moves$/,
      post: async (match, body) => ({
        status: 200,
        body: await moveInGame(playDeps, playId(match[1]), body),
      }),
    },
    {
      pattern: /^\/api\/play\/([^/]+)\/hint$/,
      post: async (match, body) => ({
        status: 200,
        body: await hintInGame(playDeps, playId(match[1]), body),
      }),
    },
    {
      pattern: /^\/api\/play\/([^/]+)\/resign$/,
      post: async (match, body) => ({
        status: 200,
        body: await resignGame(playDeps, playId(match[1]), body),
      }),
    },
  ];

  const send = (req: IncomingMessage, res: ServerResponse, reply: Reply): void => {
    if (reply.body instanceof Uint8Array) {
      sendBytes(req, res, reply.body, 'image/png', reply.headers);
      return;
    }
    sendJson(res, reply.status, reply.body, { ...NO_STORE, ...reply.headers });
  };

  const dispatch = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (match === null) continue;
      const method = req.method ?? 'GET';
      if ((method === 'GET' || method === 'HEAD') && route.get !== undefined) {
        send(req, res, await route.get(match));
        return;
      }
      if (method === 'POST' && route.post !== undefined) {
        const decision = await deps.rateLimit.take(`web:${clientAddress(req, deps.proxyHops ?? 0)}`);
        if (!decision.ok) {
          const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
          throw new ApiError(429, `Too many requests from your address; try again in ${seconds} s.`, null, {
            'retry-after': seconds,
          });
        }
        const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/json') {
          throw new ApiError(415, 'Send the body as JSON, with Content-Type: application/json.');
        }
        let bytes: Buffer;
        try {
          bytes = await readBody(req, API_MAX_BODY_BYTES);
        } catch (error) {
          if (!(error instanceof BodyTooLarge)) throw error;
          refuseBody(req, res, {
            error: { message: `The request body is too large: at most ${API_MAX_BODY_BYTES} bytes.` },
          });
          return;
        }
        let body: unknown;
        try {
          body = JSON.parse(bytes.toString('utf8'));
        } catch {
          throw new ApiError(
            400,
            'The body is not valid JSON, e.g. {"game":"seagm","options":{"numbers":"2 6 3"}}.',
          );
        }
        send(req, res, await route.post(match, body));
        return;
      }
      const allow = [
        ...(route.get === undefined ? [] : ['GET', 'HEAD']),
        ...(route.post === undefined ? [] : ['POST']),
      ];
      throw new ApiError(405, `${method} is not allowed here; use ${allow.join(' or ')}.`, null, {
        allow: allow.join(', '),
      });
    }
    throw new ApiError(404, 'No such API route; the API is described at /api/openapi.json.');
  };

  return {
    async handle(req, res, path) {
      if (path !== '/api' && !path.startsWith('/api/')) return false;
      try {
        await dispatch(req, res, path);
      } catch (error) {
        const refusal = refusalFor(error, logger, { path, method: req.method });
        sendJson(res, refusal.status, refusal.body, { ...NO_STORE, ...refusal.headers });
      }
      return true;
    },
    close() {
      jobs.close();
    },
  };
}

function playId(raw: string | undefined): string {
  const id = raw ?? '';
  if (!PLAY_ID.test(id)) throw new ApiError(404, 'No such game; start one with POST /api/play.');
  return id;
}
