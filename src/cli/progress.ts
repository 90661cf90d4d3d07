/**
 * A progress line for `grundy solve` and `grundy explain` when a solve runs a while (a long octal search, a
 * PartisanGame cycle of millions of positions): "working... 45%" on stderr, rewritten in place. Only on a
 * terminal (pipes and logs get nothing but the answer), and only once the solve has run `after` ms, so quick
 * answers never flicker. The line is wiped before the answer is written.
 */

/** A stream that may be a terminal (process.stderr is a tty.WriteStream when it is one). */
export interface MaybeTerminal extends NodeJS.WritableStream {
  readonly isTTY?: boolean;
}

export interface ProgressLine {
  /** For SolveContext.onProgress: a fraction in [0, 1]. */
  readonly onProgress: (fraction: number) => void;
  /** Wipes the line, if one was shown. */
  done(): void;
}

export interface ProgressTiming {
  /** Nothing is shown before the solve has run this long (ms). */
  readonly after?: number;
  /** The line is rewritten at most this often (ms). */
  readonly every?: number;
  readonly now?: () => number;
}

export function progressLine(
  stream: MaybeTerminal,
  { after = 1000, every = 250, now = () => performance.now() }: ProgressTiming = {},
): ProgressLine {
  const start = now();
  let shownAt = -Infinity;
  let width = 0;
  return {
    onProgress(fraction) {
      if (stream.isTTY !== true) return;
      const t = now();
      if (t - start < after || t - shownAt < every) return;
      shownAt = t;
      const percent = Math.min(100, Math.max(0, Math.floor(fraction * 100)));
      const text = `working... ${percent}%`;
      width = Math.max(width, text.length);
      stream.write(`\r${text.padEnd(width)}`);
    },
    done() {
      if (width > 0) stream.write(`\r${' '.repeat(width)}\r`);
      width = 0;
    },
  };
}
