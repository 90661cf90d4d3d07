/**
 * `npm run mutate:score` merges the kept per-group mutation reports: Stryker's score per file, a current
 * measurement preferred over a stale one (the file changed after it was measured), and the fuller of two.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collect, mutantsPerFile, scoreOf } from '../../scripts/mutation-score.js';

const mutants = (...statuses: string[]): { status: string }[] => statuses.map((status) => ({ status }));

describe('mutation score merge', () => {
  it('counts like Stryker: killed and timed out over everything but ignored, errors and pending', () => {
    expect(
      scoreOf(
        mutants(
          'Killed',
          'Killed',
          'Timeout',
          'Survived',
          'NoCoverage',
          'Ignored',
          'CompileError',
          'RuntimeError',
        ),
      ),
    ).toEqual({ detected: 3, valid: 5, survived: 1, noCoverage: 1, ignored: 1 });
  });

  it('prefers the report that matches the file now, then the one that tested more', () => {
    const sources = new Map([
      ['src/a.ts', 'a now'],
      ['src/b.ts', 'b now'],
    ]);
    const reports = new Map([
      [
        'old',
        {
          files: {
            'src/a.ts': { source: 'a before', mutants: mutants('Killed', 'Killed', 'Killed') },
            'src/b.ts': { source: 'b now', mutants: mutants('Killed', 'Survived') },
          },
        },
      ],
      [
        'new',
        {
          files: {
            'src/a.ts': { source: 'a now', mutants: mutants('Killed', 'Survived') },
            'src/b.ts': { source: 'b now', mutants: mutants('Killed', 'Killed', 'Survived') },
            'src/gone.ts': { source: 'x', mutants: mutants('Killed') },
          },
        },
      ],
    ]);
    const scores = collect(reports, (file) => sources.get(file));
    expect(
      scores.map(({ file, group, detected, valid, stale }) => ({ file, group, detected, valid, stale })),
    ).toEqual([
      { file: 'src/a.ts', group: 'new', detected: 1, valid: 2, stale: false },
      { file: 'src/b.ts', group: 'new', detected: 2, valid: 3, stale: false },
      { file: 'src/gone.ts', group: 'new', detected: 1, valid: 1, stale: true },
    ]);
  });

  it('keeps a stale measurement when it is the only one', () => {
    const scores = collect(
      new Map([['only', { files: { 'src/a.ts': { source: 'before', mutants: mutants('Survived') } } }]]),
      () => 'after',
    );
    expect(scores).toEqual([
      {
        file: 'src/a.ts',
        group: 'only',
        detected: 0,
        valid: 1,
        survived: 1,
        noCoverage: 0,
        ignored: 0,
        stale: true,
      },
    ]);
  });
});

describe('mutants still to measure', () => {
  it("counts what Stryker's instrumenter places, without the config's excluded mutators", async () => {
    const root = mkdtempSync(join(tmpdir(), 'grundy-mutants-'));
    try {
      writeFileSync(
        join(root, 'stryker.config.json'),
        JSON.stringify({ mutator: { excludedMutations: ['StringLiteral'] } }),
      );
      // A block and an operator; the string is excluded; the disabled line places nothing.
      writeFileSync(
        join(root, 'a.ts'),
        "export function f(a: number): number {\n  return a + 1;\n}\nexport const s = 'x';\n",
      );
      writeFileSync(
        join(root, 'b.ts'),
        '// Stryker disable next-line all: test\nexport const g = (a: number): number => a - 1;\n',
      );
      const counts = await mutantsPerFile(root, ['a.ts', 'b.ts']);
      expect([...counts]).toEqual([
        ['a.ts', 2],
        ['b.ts', 0],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
