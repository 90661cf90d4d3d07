/**
 * A real `grundy serve` or `grundy worker` process (the built binary), with its JSON log lines collected so a
 * test can wait on them, and its exit timed from a signal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ChangeWaiters } from './change-waiters.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface LogLine {
  readonly msg?: string;
  readonly level?: number;
  readonly [key: string]: unknown;
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export class GrundyProcess {
  readonly child: ChildProcess;
  readonly lines: LogLine[] = [];
  readonly stderrText: string[] = [];
  readonly exited: Promise<Exit>;
  private readonly waiters = new ChangeWaiters();

  /** `env` is the whole environment (with PATH added): nothing leaks in from the test's own. */
  constructor(
    readonly verb: 'serve' | 'worker',
    env: Record<string, string>,
    args: readonly string[] = [],
  ) {
    this.child = spawn(process.execPath, [`${root}bin/grundy.js`, verb, ...args], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let buffer = '';
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (chunk: string) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        this.stderrText.push(line);
        try {
          this.lines.push(JSON.parse(line) as LogLine);
        } catch {
          // Not a log line (a usage message, a crash).
        }
        this.waiters.changed();
      }
    });
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.waiters.changed();
        resolve({ code, signal });
      });
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves with the first log line matching `match`; rejects at the deadline or if the process exits. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs = 20_000): Promise<LogLine> {
    return this.waiters.until(
      () => {
        const found = this.lines.find(match);
        if (found === undefined && !this.running) {
          throw new Error(`grundy ${this.verb} exited first:\n${this.stderrText.join('\n')}`);
        }
        return found;
      },
      timeoutMs,
      () => `timed out waiting for a log line of grundy ${this.verb}:\n${this.stderrText.join('\n')}`,
    );
  }

  /** Waits until serving (`serve`: listening, resolves with the URL; `worker`: ready). */
  async ready(timeoutMs = 20_000): Promise<string> {
    const line = await this.waitForLog(
      (l) => l.msg === (this.verb === 'serve' ? 'grundy serve listening' : 'worker ready'),
      timeoutMs,
    );
    return typeof line['url'] === 'string' ? line['url'] : '';
  }

  /** Sends `signal` and resolves with how the process ended and how long after the signal (at most `limitMs`). */
  async signalAndTime(signal: NodeJS.Signals, limitMs = 15_000): Promise<Exit & { ms: number | undefined }> {
    const sent = Date.now();
    this.child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      this.exited.then((exit) => ({ ...exit, ms: Date.now() - sent })),
      new Promise<Exit & { ms: undefined }>((resolve) => {
        timer = setTimeout(() => resolve({ code: null, signal: null, ms: undefined }), limitMs);
      }),
    ]);
    clearTimeout(timer);
    return result;
  }

  /** SIGKILL unless it has exited; waits for the exit. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }
}
