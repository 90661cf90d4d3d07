/**
 * Bull Board, read-only, as a plain Node request handler for the HTTP server to mount under a base path
 * (e.g. `/admin/queues`). Only when BULL_BOARD is on; put it behind your own authentication or a private network:
 * even read-only, it shows job data (game parameters).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { Config } from '../config.js';
import type { SolveService } from './types.js';

export type NodeRequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

type ExpressApp = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

function notFound(res: ServerResponse): void {
  res.statusCode = 404;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end('Not found');
}

/**
 * A handler for requests whose URL starts with `basePath` (full URLs, as node:http gives them); anything else
 * gets a 404. The board itself is an express app, mounted the way `app.use(basePath, board)` would.
 */
export function createBullBoardHandler(
  queues: readonly Queue[],
  basePath = '/admin/queues',
): NodeRequestHandler {
  const base = `/${basePath.replace(/^\/+|\/+$/g, '')}`;
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(base);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: true })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Grundy queues' } },
  });
  const board = serverAdapter.getRouter() as ExpressApp;
  return (req, res) => {
    const url = req.url ?? '/';
    const rest = url.slice(base.length);
    if (!url.startsWith(base) || (rest !== '' && !rest.startsWith('/') && !rest.startsWith('?'))) {
      notFound(res);
      return;
    }
    Object.assign(req, { originalUrl: url, baseUrl: base });
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
    board(req, res, (error) => {
      if (error !== undefined && error !== null) {
        res.statusCode = 500;
        res.end();
        return;
      }
      notFound(res);
    });
  };
}

/** The read-only board for the service's queues, or undefined when BULL_BOARD is off or there is no queue. */
export function bullBoardFor(
  config: Config,
  service: SolveService,
  basePath = '/admin/queues',
): NodeRequestHandler | undefined {
  const queues = service.queues ?? [];
  if (!config.BULL_BOARD || queues.length === 0) return undefined;
  return createBullBoardHandler(queues, basePath);
}
