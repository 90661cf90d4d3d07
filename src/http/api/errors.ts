/**
 * How the API says no: one body shape, `{ error: { message, field? , id? } }`, and one mapping from Grundy's
 * errors to HTTP statuses. Only text meant for people leaves the process; anything unexpected is logged with a
 * reference id and answered 500 with that id alone.
 */
import { randomBytes } from 'node:crypto';
import { chatMessage, GrundyError, InputError, ServiceUnavailableError } from '../../core/errors.js';
import { GameGoneError, NotYourGameError, TooManyGamesError } from '../../play/service.js';
import type { Logger } from '../../log.js';
import { safeError } from '../../bot/interaction/safe-error.js';
import type { ExtraHeaders } from '../respond.js';

/** A refusal with its status, for the client as is. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field: string | null = null,
    readonly headers: ExtraHeaders = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ErrorBody {
  readonly error: { readonly message: string; readonly field?: string | null; readonly id?: string };
}

export interface Refusal {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: ExtraHeaders;
}

/** The status and body for `error`; unexpected errors are logged here with the id the client sees. */
export function refusalFor(error: unknown, logger: Logger, context: Record<string, unknown> = {}): Refusal {
  if (error instanceof ApiError) {
    const body: ErrorBody =
      error.status === 400
        ? { error: { message: error.message, field: error.field } }
        : { error: { message: error.message } };
    return { status: error.status, body, headers: error.headers };
  }
  if (error instanceof NotYourGameError)
    return { status: 403, body: { error: { message: webPlayText(error.message) } }, headers: {} };
  if (error instanceof GameGoneError)
    return { status: 404, body: { error: { message: webPlayText(error.message) } }, headers: {} };
  if (error instanceof TooManyGamesError)
    return { status: 409, body: { error: { message: error.message } }, headers: {} };
  if (error instanceof InputError)
    return {
      status: 400,
      body: { error: { message: error.message, field: error.field ?? null } },
      headers: {},
    };
  if (error instanceof ServiceUnavailableError || error instanceof GrundyError) {
    // A busy refusal is expected under load (the solve service notes it, once a minute); an outage is not.
    if (error instanceof ServiceUnavailableError && !error.busy)
      logger.warn({ err: safeError(error), ...context }, 'API: the solve service is unavailable');
    return {
      status: 503,
      body: { error: { message: chatMessage(error) ?? 'The service is unavailable; try again later.' } },
      headers: {},
    };
  }
  const id = randomBytes(6).toString('hex');
  logger.error({ err: safeError(error), errorId: id, ...context }, 'API request failed');
  return {
    status: 500,
    body: { error: { message: `Something went wrong on our side (reference ${id}).`, id } },
    headers: {},
  };
}

/** The play service speaks of Discord's /play; the API's way to start a game is POST /api/play. */
function webPlayText(message: string): string {
  return message
    .replace('start your own with /play', 'start your own')
    .replace('with /play', 'with POST /api/play');
}

/** What a failed background job says: the same text a direct answer would have carried. */
export function jobFailureText(error: unknown, logger: Logger, context: Record<string, unknown>): string {
  return refusalFor(error, logger, context).body.error.message;
}
