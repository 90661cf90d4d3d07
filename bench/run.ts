/** `npm run bench`: runs every bench file (or those named on the command line) and prints one table. */
import type { BenchFile, BenchRow } from './harness.js';

const files = [
  'startup',
  'seagm',
  'multiplication',
  'abgame',
  'partisan',
  'magic',
  'octal',
  'pictures',
  'play',
  'service',
  'bot',
  'limits',
  'faults',
] as const;

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

function printTable(rows: readonly BenchRow[]): void {
  const header = ['game', 'input', 'size', 'time (ms)', 'throughput', 'budget'];
  const body = rows.map((r) => [
    r.group,
    r.input,
    r.size,
    r.timeMs.toFixed(r.timeMs < 10 ? 3 : 1),
    r.throughput,
    r.budget ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => pad(c, widths[i] ?? 0, i === 3)).join(' | ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const b of body) console.log(line(b));
}

const wanted = process.argv.slice(2);
const selected = wanted.length > 0 ? files.filter((f) => wanted.includes(f)) : files;
const rows: BenchRow[] = [];
let failed = false;
for (const name of selected) {
  let mod: BenchFile;
  try {
    mod = (await import(`./${name}.bench.ts`)) as BenchFile;
  } catch (error) {
    console.error(`bench ${name}: not available (${(error as Error).message.split('\n')[0]})`);
    continue;
  }
  try {
    const got = await mod.run();
    rows.push(...got);
    console.error(`bench ${name}: ${got.length} rows`);
  } catch (error) {
    failed = true;
    console.error(`bench ${name} failed: ${(error as Error).message}`);
  }
}
printTable(rows);
// A missed budget fails the run; a missed stretch aim (after ';') is only reported.
if (failed || rows.some((r) => r.budget?.split(';')[0]?.includes('MISSED'))) process.exitCode = 1;
