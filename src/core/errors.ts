/**
 * Errors with stable names. `InputError` and `JudgeInputError` carry text meant for the user:
 * what was wrong, what is allowed, an example. Anything else is unexpected and shown only as an id.
 */
export class GrundyError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** Bad input from a user. The message is safe and meant to be shown as is. */
export class InputError extends GrundyError {
  readonly field: string | undefined;
  constructor(message: string, field?: string, options?: ErrorOptions) {
    super('bad_input', message, options);
    this.field = field;
  }
}

/** Malformed contest input: names the line and what was expected there. */
export class JudgeInputError extends InputError {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.line = line;
  }
}

export class UnknownGameError extends InputError {
  constructor(id: string, known: readonly string[]) {
    super(`Unknown game "${id}". Known games: ${known.join(', ')}.`, 'game');
  }
}

/** A solve that took longer than its time limit. */
export class SolveTimeoutError extends GrundyError {
  constructor(limitMs: number) {
    super('timeout', `The solver did not finish within ${Math.round(limitMs / 1000)} s.`);
  }
}

/** The asker cancelled the solve. */
export class SolveCancelledError extends GrundyError {
  constructor() {
    super('cancelled', 'The solve was cancelled.');
  }
}

/** The backing service (Redis, a worker pool) is unreachable or failed. */
export class ServiceUnavailableError extends GrundyError {
  /** What a chat user may see when `message` holds an operator's detail (host names, ports). */
  readonly publicText: string | undefined;
  constructor(message: string, options?: ErrorOptions & { readonly publicText?: string }) {
    super('unavailable', message, options);
    this.publicText = options?.publicText;
  }
}

export function isInputError(error: unknown): error is InputError {
  return error instanceof InputError;
}

/** The user-facing text of an error that is safe to show; undefined for unexpected ones. */
export function publicMessage(error: unknown): string | undefined {
  if (error instanceof GrundyError) return error.message;
  return undefined;
}

/** The text a chat user (Discord) may see: like publicMessage, without an operator's detail. */
export function chatMessage(error: unknown): string | undefined {
  if (error instanceof ServiceUnavailableError && error.publicText !== undefined) return error.publicText;
  return publicMessage(error);
}
