import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/core/params.js';
import { octalBrute } from '../../src/games/octal/brute.js';
import { octal } from '../../src/games/octal/index.js';
import { pictureOctal } from '../../src/games/octal/picture.js';
import { octalRules } from '../../src/games/octal/rules.js';

describe('octal: rules and picture', () => {
  it("the rules' example is what the solver and the brute force say", () => {
    const params = parseParams(octal, octalRules.example.params);
    const result = octal.solve(params);
    expect(result.values).toEqual(['1']);
    expect(result.moves[0]).toEqual({ heap: 0, take: '2', leave: ['1', '1'] });
    expect(octalBrute.securesOptimum(params, result.moves[0]!)).toBe(true);
    expect(octalRules.example.steps[0]).toContain('two heaps of 1');
  });

  it('draws the value sequence with the pre-period, the period and each heap marked', () => {
    for (const [code, heaps] of [
      ['0.77', ['5', '8', '13']],
      ['0.07', ['1000000000000000000']],
      ['0.156', ['1000000000000000000', '7']],
      ['0.16', ['99']],
      ['0.6', ['999']],
      ['nim', ['3', '4', '5']],
    ] as const) {
      const params = parseParams(octal, {
        code,
        heaps: [...heaps],
        search: code === '0.16' || code === '0.6' ? 1000 : 20000,
      });
      const result = octal.solve(params);
      const picture = pictureOctal(params, result, octal.explain(params, result));
      expect(picture, code).not.toBeNull();
      expect(picture!.alt).toContain(result.code);
      if (result.period !== null) {
        expect(picture!.svg).toContain(`period ${result.period.toLocaleString('en-US')}:`);
        if (result.preperiod! > 0) expect(picture!.svg).toContain('pre-period G(0..');
      } else if (code !== 'nim') {
        // Values computed, no period proven: the picture and the explanation both say so.
        expect(picture!.svg).toContain(
          `Computed to G(${result.computed.toLocaleString('en-US')}), no period`,
        );
        expect(octal.explain(params, result).reasons.join(' ')).toContain('no period proven yet');
      }
      if (result.xor !== '0') expect(picture!.svg).toContain('Winning move: ');
    }
  });

  it('rings each heap at its place: heaps in the pre-period, and a huge heap at its place in the period', () => {
    const draw = (heaps: string[]) => {
      const params = parseParams(octal, { code: '0.77', heaps });
      const result = octal.solve(params);
      return pictureOctal(params, result, octal.explain(params, result))!.svg;
    };
    const kayles = draw(['5', '8', '13']);
    for (const label of ['>h1<', '>h2<', '>h3<']) expect(kayles).toContain(label);
    // 10^18 = 71 + 12k + 5 is G(76) = G(4 + 72); ringed once, in the first period (71..82).
    expect(draw(['1000000000000000000', '1000000000000000000'])).toContain('>h1,h2<');
    expect(draw(['4', '4'])).not.toContain('Winning move');
  });
});
