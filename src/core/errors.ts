/**
 * Errors with stable names. `InputError` and `JudgeInputError` carry text meant for the user:
 * what was wrong, what is allowed, an example. Anything else is unexpected and shown only as an id.
 *
 * One set of classes per process. The CLI runs a bundle holding its own copy of this module
 * (scripts/bundle-cli.ts), and the modules it imports later from tsc's output load another; an error thrown by
 * one copy must pass `instanceof` in the other, or it would show as an internal error. So whichever copy loads
 * first defines the classes and leaves them on `globalThis` under a registered symbol, and every copy exports
 * those. (A later copy's own definitions go unused.)
 */
/** The classes, defined once per copy of this module. */
function defineErrors() {
  class GrundyError extends Error {
    readonly code: string;
    constructor(code: string, message: string, options?: ErrorOptions) {
      super(message, options);
      this.name = new.target.name;
      this.code = code;
    }
  }

  /** Bad input from a user. The message is safe and meant to be shown as is. */
  class InputError extends GrundyError {
    readonly field: string | undefined;
    constructor(message: string, field?: string, options?: ErrorOptions) {
      super('bad_input', message, options);
      this.field = field;
    }
  }

  /** Malformed contest input: names the line and what was expected there. */
  class JudgeInputError extends InputError {
    readonly line: number;
    constructor(line: number, message: string) {
      super(`line ${line}: ${message}`);
      this.line = line;
    }
  }

  class UnknownGameError extends InputError {
    constructor(id: string, known: readonly string[]) {
      super(`Unknown game "${id}". Known games: ${known.join(', ')}.`, 'game');
    }
  }

  /** A solve that took longer than its time limit. */
  class SolveTimeoutError extends GrundyError {
    constructor(limitMs: number) {
      super('timeout', `The solver did not finish within ${Math.round(limitMs / 1000)} s.`);
    }
  }

  /** The asker cancelled the solve. */
  class SolveCancelledError extends GrundyError {
    constructor() {
      super('cancelled', 'The solve was cancelled.');
    }
  }

  /** The backing service (Redis, a worker pool) is unreachable or failed. */
  class ServiceUnavailableError extends GrundyError {
    /** What a chat user may see when `message` holds an operator's detail (host names, ports). */
    readonly publicText: string | undefined;
    /** Nothing is broken: the solver threads are full for now (an expected refusal, not an outage to log). */
    readonly busy: boolean;
    constructor(
      message: string,
      options?: ErrorOptions & { readonly publicText?: string; readonly busy?: boolean },
    ) {
      super('unavailable', message, options);
      this.publicText = options?.publicText;
      this.busy = options?.busy ?? false;
    }
  }
  return {
    GrundyError,
    InputError,
    JudgeInputError,
    UnknownGameError,
    SolveTimeoutError,
    SolveCancelledError,
    ServiceUnavailableError,
  };
}

type Errors = ReturnType<typeof defineErrors>;
const KEY = Symbol.for('grundy.errors');
const holder = globalThis as { [KEY]?: Errors };
const shared = (holder[KEY] ??= defineErrors());

export const GrundyError = shared.GrundyError;
export type GrundyError = InstanceType<Errors['GrundyError']>;
export const InputError = shared.InputError;
export type InputError = InstanceType<Errors['InputError']>;
export const JudgeInputError = shared.JudgeInputError;
export type JudgeInputError = InstanceType<Errors['JudgeInputError']>;
export const UnknownGameError = shared.UnknownGameError;
export type UnknownGameError = InstanceType<Errors['UnknownGameError']>;
export const SolveTimeoutError = shared.SolveTimeoutError;
export type SolveTimeoutError = InstanceType<Errors['SolveTimeoutError']>;
export const SolveCancelledError = shared.SolveCancelledError;
export type SolveCancelledError = InstanceType<Errors['SolveCancelledError']>;
export const ServiceUnavailableError = shared.ServiceUnavailableError;
export type ServiceUnavailableError = InstanceType<Errors['ServiceUnavailableError']>;

/**
 * Bad input from the user: an InputError, or an error of the same shape (code 'bad_input') from a games module
 * loaded from elsewhere (GRUNDY_EXTRA_GAMES_MODULE) that brings its own copy of the class.
 */
export function isInputError(error: unknown): error is Error & { readonly code: 'bad_input' } {
  return (
    error instanceof InputError ||
    (error instanceof Error && (error as Error & { code?: unknown }).code === 'bad_input')
  );
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
