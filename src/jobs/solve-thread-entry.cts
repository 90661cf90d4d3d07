/**
 * The file piscina loads in each solver thread. CommonJS on purpose: piscina require()s its worker file, and on
 * Node 20 a synchronous require() of an ES module graph aborts the whole process (V8 "IsGraphAsync must be used
 * on an instantiated module") when the thread is terminated while the graph is being instantiated, as happens
 * when a pool closes or a time limit ends a thread that is still starting. This file holds no ES module graph:
 * the solver module is loaded with import(), whose loading a termination ends cleanly.
 */
import type { SolveOutcome, SolveTask } from './solve-thread.js';

let solver: Promise<(task: SolveTask) => Promise<SolveOutcome>> | undefined;

function solveInThread(task: SolveTask): Promise<SolveOutcome> {
  solver ??= import('./solve-thread.js').then((loaded) => loaded.default);
  return solver.then((solve) => solve(task));
}

export = solveInThread;
