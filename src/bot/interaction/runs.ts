/** Solves in progress, by id (the command's interaction id), so the asker's Cancel button can stop one. */

export interface Run {
  readonly id: string;
  readonly askerId: string;
  readonly startedAt: number;
  /** Stops the solve and any further edits; resolves once edits already under way have landed. */
  cancel(): Promise<void>;
  /** Shutdown: stop the solve and tell the asker to ask again. */
  shutdown(): void;
}

export class RunRegistry {
  private readonly runs = new Map<string, Run>();

  add(run: Run): void {
    this.runs.set(run.id, run);
  }

  get(id: string): Run | undefined {
    return this.runs.get(id);
  }

  delete(id: string): void {
    this.runs.delete(id);
  }

  get size(): number {
    return this.runs.size;
  }

  /** Shutdown: stop everything still running. */
  shutdownAll(): void {
    for (const run of this.runs.values()) run.shutdown();
  }
}
