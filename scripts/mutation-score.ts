/**
 * `npm run mutate:score [DIR]`: one mutation score over every group measured so far.
 *
 * A run over all of `src/games` takes many hours on 2 cores, so `npm run mutate` is run per game and per group of
 * files (test/mutation/<game>.md gives each command) and each finished run's JSON report (Stryker's
 * reports/mutation/mutation.json, which is also a valid incremental file) is kept in test/mutation/reports/.
 * This reads them all and prints, per file, the latest measurement that still matches the file as it is now
 * (a report whose stored source differs from the file is "stale": the code changed after it was measured), then
 * the totals for src/games and the files no current report covers.
 *
 * To continue a group where a report left off: `npm run mutate -- --mutate <files> --incrementalFile
 * test/mutation/reports/<group>.json` re-tests only what changed, then copy reports/mutation/mutation.json back.
 * Files with no current report are instrumented here (Stryker's own instrumenter, the config's excluded
 * mutators) to count the mutants still to measure; static initialisers, which a run sets aside, are among them.
 * Exit status 0; the figures are a measurement, not a gate.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Instrumenter } from '@stryker-mutator/instrumenter';

interface ReportMutant {
  readonly status: string;
}
interface ReportFile {
  readonly source: string;
  readonly mutants: readonly ReportMutant[];
}
interface Report {
  readonly files: Readonly<Record<string, ReportFile>>;
}

export interface FileScore {
  readonly file: string;
  readonly group: string;
  readonly detected: number;
  readonly valid: number;
  readonly survived: number;
  readonly noCoverage: number;
  readonly ignored: number;
  readonly stale: boolean;
}

/** Stryker's own score: (killed + timed out) / (killed + timed out + survived + no coverage). */
export function scoreOf(mutants: readonly ReportMutant[]): Omit<FileScore, 'file' | 'group' | 'stale'> {
  let detected = 0;
  let survived = 0;
  let noCoverage = 0;
  let ignored = 0;
  for (const { status } of mutants) {
    if (status === 'Killed' || status === 'Timeout') detected++;
    else if (status === 'Survived') survived++;
    else if (status === 'NoCoverage') noCoverage++;
    else if (status === 'Ignored') ignored++;
  }
  return { detected, valid: detected + survived + noCoverage, survived, noCoverage, ignored };
}

/**
 * Per file, the measurement to count: a current one (stored source = the file now) over a stale one, and among
 * equals the report that tested the most mutants (then the later file name).
 */
export function collect(
  reports: ReadonlyMap<string, Report>,
  readSource: (file: string) => string | undefined,
): FileScore[] {
  const best = new Map<string, FileScore>();
  for (const [group, report] of [...reports].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [file, entry] of Object.entries(report.files)) {
      const score: FileScore = {
        file,
        group,
        ...scoreOf(entry.mutants),
        stale: readSource(file) !== entry.source,
      };
      const held = best.get(file);
      const better =
        held === undefined ||
        (held.stale && !score.stale) ||
        (held.stale === score.stale && score.valid >= held.valid);
      if (better) best.set(file, score);
    }
  }
  return [...best.values()].sort((a, b) => a.file.localeCompare(b.file));
}

function percent(detected: number, valid: number): string {
  return valid === 0 ? '-' : `${((100 * detected) / valid).toFixed(1)}%`;
}

function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(root, path));
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Mutants Stryker would place in each file (excluded mutators and disable comments left out). */
export async function mutantsPerFile(root: string, files: readonly string[]): Promise<Map<string, number>> {
  const config = JSON.parse(readFileSync(join(root, 'stryker.config.json'), 'utf8')) as {
    mutator?: { excludedMutations?: string[] };
  };
  const silent = (): void => undefined;
  const logger = {
    isTraceEnabled: () => false,
    isDebugEnabled: () => false,
    isInfoEnabled: () => false,
    isWarnEnabled: () => false,
    isErrorEnabled: () => true,
    isFatalEnabled: () => true,
    trace: silent,
    debug: silent,
    info: silent,
    warn: silent,
    error: (message: string) => console.error(message),
    fatal: (message: string) => console.error(message),
  };
  const instrumenter = new Instrumenter(logger);
  const result = await instrumenter.instrument(
    files.map((name) => ({ name, content: readFileSync(join(root, name), 'utf8'), mutate: true })),
    {
      plugins: null,
      excludedMutations: config.mutator?.excludedMutations ?? [],
      ignorers: [],
      noHeader: true,
    },
  );
  const counts = new Map<string, number>(files.map((f) => [f, 0]));
  for (const mutant of result.mutants)
    if (mutant.status !== 'Ignored') counts.set(mutant.fileName, (counts.get(mutant.fileName) ?? 0) + 1);
  return counts;
}

async function main(): Promise<void> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const dir = resolve(root, process.argv[2] ?? 'test/mutation/reports');
  const reports = new Map<string, Report>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')))
    reports.set(name.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, name), 'utf8')) as Report);
  const readSource = (file: string): string | undefined => {
    try {
      return readFileSync(join(root, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  const scores = collect(reports, readSource);
  console.log(`mutation scores from ${relative(root, dir) || '.'} (${reports.size} reports)\n`);
  console.log('| file | report | valid | detected | survived | no coverage | score | |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const s of scores)
    console.log(
      `| ${s.file} | ${s.group} | ${s.valid} | ${s.detected} | ${s.survived} | ${s.noCoverage} | ` +
        `${percent(s.detected, s.valid)} | ${s.stale ? 'stale: changed since measured' : ''} |`,
    );
  const games = scores.filter((s) => s.file.startsWith('src/games/') && !s.stale);
  const detected = games.reduce((sum, s) => sum + s.detected, 0);
  const valid = games.reduce((sum, s) => sum + s.valid, 0);
  const measured = new Set(games.map((s) => s.file));
  const missing = sourceFiles(root, 'src/games').filter((f) => !measured.has(f));
  const counts = await mutantsPerFile(root, missing);
  const toMeasure = [...counts].filter(([, count]) => count > 0).sort(([, a], [, b]) => b - a);
  const left = toMeasure.reduce((sum, [, count]) => sum + count, 0);
  console.log(
    `\nsrc/games, current measurements: ${games.length} files, ${valid} valid mutants, ${detected} detected, ` +
      `score ${percent(detected, valid)}`,
  );
  console.log(
    `src/games, not measured yet: ${toMeasure.length} files, ${left} mutants (static initialisers included)` +
      (toMeasure.length > 0 ? `: ${toMeasure.map(([f, c]) => `${f} ${c}`).join(', ')}` : ''),
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
