/**
 * Octal engine speed and exactness over every code of up to three digits (issue 20).
 *
 *   tsx scripts/octal-speed.ts time [N=1000000] [slowMs=1000] [capMs=8000]   G(0..N) of each code, fresh
 *       table, as the solver computes them (past a proven period, from it), in doubling steps from 2^14;
 *       CPU time of this process, so other load on the machine counts less. Lists the codes slower than
 *       slowMs; a code past capMs stops there and is listed with how far it got.
 *   tsx scripts/octal-speed.ts dump N FILE    writes a SHA-256 of G(0..N) per code (every value computed).
 *   tsx scripts/octal-speed.ts check N FILE   recomputes and compares with FILE (one-off check of an engine
 *       change against the previous engine's values).
 *   OCTAL_ENGINE_OLD=engine.ts tsx scripts/octal-speed.ts compare [N=100000] [plainN=30000]   this engine
 *       against a copy of the previous one, every code, every value computed.
 *   tsx scripts/octal-speed.ts kinds [N=65536]   why the slow codes are slow: each code's rare positions at N / 2
 *       and N, every value computed, sorted into no sparse space (the quadratic method), a rare set still
 *       growing (by more than a fifth), and a settled rare set (the walk for rare option values is the cost).
 *       Codes proven periodic by N are left out. Use with `only=` and the codes `time` listed.
 *   Add `only=0.6,0.106` to restrict the codes.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { readOctalCode } from '../src/games/octal/code.js';
import type * as EngineModule from '../src/games/octal/engine.js';

type Engine = typeof EngineModule;
/** OCTAL_ENGINE=path/to/engine.ts times or dumps another engine (e.g. a copy of the previous one). */
const { makeRule, ValueTable } = (await import(
  process.env['OCTAL_ENGINE'] ?? '../src/games/octal/engine.js'
)) as Engine;

/** Every code of up to three digits, canonical and distinct (0.1 .. 0.777). */
function allCodes(): string[] {
  const codes = new Set<string>();
  for (let c = 1; c < 512; c++) codes.add(readOctalCode(`0.${c.toString(8).padStart(3, '0')}`).code);
  return [...codes];
}

function valuesOf(code: string, n: number, usePeriod: boolean): { values: Int32Array; ms: number } {
  const t0 = performance.now();
  const table = new ValueTable(makeRule(readOctalCode(code).digits));
  const values = table.valuesTo(n, usePeriod);
  return { values, ms: performance.now() - t0 };
}

function hash(values: Int32Array): string {
  return createHash('sha256')
    .update(new Uint8Array(values.buffer, values.byteOffset, values.byteLength))
    .digest('hex');
}

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('only='));
const rest = args.filter((a) => a !== only);
const [mode = 'time', nText, extra] = rest;
const codes = only === undefined ? allCodes() : only.slice(5).split(',');

/** CPU milliseconds of this process so far. */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

if (mode === 'time') {
  const n = Number(nText ?? 1_000_000);
  const slowMs = Number(extra ?? 1000);
  const capMs = Number(rest[3] ?? 8000);
  const slow: { code: string; ms: number; reached: number }[] = [];
  let total = 0;
  for (const code of codes) {
    const t0 = cpuMs();
    const table = new ValueTable(makeRule(readOctalCode(code).digits));
    let reached = Math.min(n, 1 << 14);
    table.valuesTo(reached, true);
    while (reached < n && cpuMs() - t0 < capMs) {
      reached = Math.min(n, 2 * reached);
      table.valuesTo(reached, true);
    }
    const ms = cpuMs() - t0;
    total += ms;
    if (ms >= slowMs || reached < n) {
      slow.push({ code, ms, reached });
      console.log(`${code}\t${ms.toFixed(0)} ms CPU\tto ${reached}${reached < n ? ' (stopped)' : ''}`);
    }
  }
  slow.sort((a, b) => b.ms / b.reached - a.ms / a.reached);
  const list = slow.map((s) => `${s.code} ${s.ms.toFixed(0)}${s.reached < n ? ` (to ${s.reached})` : ''}`);
  console.log(
    `${codes.length} codes, G(0..${n}): ${(total / 1000).toFixed(1)} s CPU; ${slow.length} slower than ${slowMs} ms or stopped: ${list.join(', ')}`,
  );
} else if (mode === 'kinds') {
  const n = Number(nText ?? 65_536);
  const kinds: Record<'plain' | 'growing' | 'settled', string[]> = { plain: [], growing: [], settled: [] };
  for (const code of codes) {
    const table = new ValueTable(makeRule(readOctalCode(code).digits));
    table.valuesTo(n >> 1, true);
    const half = table.rarePositions;
    table.valuesTo(n, true);
    if (table.period !== null) continue;
    const rare = table.rarePositions;
    if (rare < 0) kinds.plain.push(code);
    else if (half < 0 || rare > 1.2 * half + 50) kinds.growing.push(`${code} (${half} -> ${rare})`);
    else kinds.settled.push(`${code} (${rare})`);
  }
  console.log(`rare positions at G(0..${n / 2}) and G(0..${n}), codes without a proven period:`);
  console.log(`no sparse space (${kinds.plain.length}): ${kinds.plain.join(', ')}`);
  console.log(`rare set growing (${kinds.growing.length}): ${kinds.growing.join(', ')}`);
  console.log(`rare set settled (${kinds.settled.length}): ${kinds.settled.join(', ')}`);
} else if (mode === 'dump' || mode === 'check') {
  const n = Number(nText);
  const file = extra;
  if (!Number.isInteger(n) || n < 1 || file === undefined) throw new Error('usage: dump|check N FILE');
  if (mode === 'dump') {
    const lines = codes.map((code) => `${code} ${hash(valuesOf(code, n, false).values)}`);
    writeFileSync(file, lines.join('\n') + '\n');
    console.log(`wrote ${lines.length} hashes of G(0..${n}) to ${file}`);
  } else {
    const expected = new Map(
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(' ') as [string, string]),
    );
    let bad = 0;
    for (const code of codes) {
      const got = hash(valuesOf(code, n, false).values);
      if (expected.get(code) !== got) {
        bad++;
        console.log(`${code}: differs`);
      }
    }
    console.log(`${codes.length} codes checked at G(0..${n}): ${bad} differ`);
    if (bad > 0) process.exitCode = 1;
  }
} else if (mode === 'compare') {
  // Every value computed by this engine and by OCTAL_ENGINE_OLD (a copy of the previous engine): G(0..N),
  // or G(0..plainN) for codes where neither finds a sparse space by 4,096 (the plain method is quadratic).
  const n = Number(nText ?? 100_000);
  const plainN = Number(extra ?? 30_000);
  const oldPath = process.env['OCTAL_ENGINE_OLD'];
  if (oldPath === undefined) throw new Error('set OCTAL_ENGINE_OLD to the previous engine');
  const old = (await import(oldPath)) as Engine;
  let bad = 0;
  let plain = 0;
  for (const code of codes) {
    const digits = readOctalCode(code).digits;
    const probe = new ValueTable(makeRule(digits));
    probe.valuesTo(4096, false);
    const upto = probe.rarePositions < 0 && makeRule(digits).splits.length > 0 ? plainN : n;
    if (upto < n) plain++;
    const got = new ValueTable(makeRule(digits)).valuesTo(upto, false);
    const want = new old.ValueTable(old.makeRule(digits)).valuesTo(upto, false);
    if (hash(got) !== hash(want)) {
      bad++;
      console.log(`${code}: differs`);
    }
  }
  console.log(
    `${codes.length} codes compared with the previous engine, every value computed: G(0..${n}), or G(0..${plainN}) for the ${plain} codes with no sparse space by 4,096; ${bad} differ`,
  );
  if (bad > 0) process.exitCode = 1;
} else {
  throw new Error(`unknown mode ${mode}`);
}
