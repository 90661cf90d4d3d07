import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalKey, stableStringify } from '../../src/core/canonical.js';
import { InputError, JudgeInputError } from '../../src/core/errors.js';
import { rational, toFixedExact } from '../../src/math/rational.js';
import { InputReader } from '../../src/core/reader.js';
import { loadConfig } from '../../src/config.js';
import { decimalInteger, readInteger } from '../../src/core/params.js';
import { capitalFirst, clip, counted, quoteInput, sentence } from '../../src/core/text.js';

async function tokens(chunks: string[]): Promise<[string, number][]> {
  const reader = new InputReader(chunks);
  const out: [string, number][] = [];
  for (let t = await reader.next(); t !== undefined; t = await reader.next()) out.push([t.text, t.line]);
  return out;
}

describe('InputReader', () => {
  it('gives the same tokens and lines however the input is split into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('12', 'ab', ' ', '\n', '\r\n', '\t', '7'), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 6 }),
        async (parts, cuts) => {
          const text = parts.join('');
          const points = [...new Set(cuts.map((c) => Math.min(c, text.length)))].sort((a, b) => a - b);
          const chunks: string[] = [];
          let last = 0;
          for (const p of points) {
            chunks.push(text.slice(last, p));
            last = p;
          }
          chunks.push(text.slice(last));
          expect(await tokens(chunks)).toEqual(await tokens([text]));
        },
      ),
    );
  });

  it('decodes UTF-8 bytes split across chunks', async () => {
    const bytes = new TextEncoder().encode('1\né 2');
    const reader = new InputReader(
      (async function* () {
        for (const b of bytes) yield await Promise.resolve(new Uint8Array([b]));
      })(),
    );
    expect((await reader.next())?.text).toBe('1');
    expect(await reader.next()).toEqual({ text: 'é', line: 2 });
  });

  it('names the line and the expectation on bad or missing tokens', async () => {
    const reader = InputReader.fromString('3\n\nfoo');
    expect(await reader.int('T', 1, 5)).toBe(3);
    await expect(reader.int('n', 1, 9)).rejects.toThrow(
      new JudgeInputError(3, 'expected n (an integer from 1 to 9), found "foo"'),
    );
    await expect(reader.word('a name', ['Alice', 'Bob'])).rejects.toThrow(
      /line 3: expected a name \("Alice" or "Bob"\), but the input ended/,
    );
  });

  it('counts only significant digits against the digit limits: leading zeros never make a number unreadable', async () => {
    const zeros = '0'.repeat(30);
    const reader = InputReader.fromString(
      `${zeros}7 -${zeros}3 +${zeros}0 ${zeros}12345678901234567 ${zeros}5 1${'0'.repeat(40)}`,
    );
    expect(await reader.int('a', 0, 9)).toBe(7);
    expect(await reader.int('b', -9, 9)).toBe(-3);
    expect(await reader.int('c', 0, 9)).toBe(0);
    // 17 significant digits stay out of reach of int, whatever the zeros before them.
    await expect(reader.int('d', 0, Number.MAX_SAFE_INTEGER)).rejects.toThrow(/expected d \(an integer/);
    expect(await reader.bigint('e', 1n, 10n)).toBe(5n);
    // 41 significant digits stay out of reach of bigint.
    await expect(reader.bigint('f', 1n, 10n ** 50n)).rejects.toThrow(/expected f \(an integer/);
  });

  it('reads big integers within bounds only', async () => {
    const reader = InputReader.fromString('1000000000000000000 1000000000000000001');
    expect(await reader.bigint('N', 2n, 10n ** 18n)).toBe(10n ** 18n);
    await expect(reader.bigint('N', 2n, 10n ** 18n)).rejects.toThrow(/from 2 to 1000000000000000000/);
  });
});

describe('integers as people write them', () => {
  const MAX = 10n ** 18n;
  const n = decimalInteger({ name: 'n', min: 0n, max: MAX, example: '40' });
  const read = (value: unknown) => {
    const parsed = n.safeParse(value);
    return parsed.success ? parsed.data : parsed.error.issues[0]?.message;
  };

  it('reads a limit as Grundy writes it (10^18), in e-notation or with ** as well, up to the limit and not past it', () => {
    const top = '1000000000000000000';
    for (const text of ['10^18', '10**18', '1e18', '1E18', '1e+18', '100e16', ' 10^18 ', '1_000e15', top])
      expect(read(text), text).toBe(top);
    expect(read('2^59')).toBe('576460752303423488');
    expect(read('0^5')).toBe('0');
    expect(read('5e0')).toBe('5');
    expect(read('0^0')).toBe('1');
    // JSON numbers and bigints as before: exact ones only.
    expect(read(5)).toBe('5');
    expect(read(10n ** 18n)).toBe(top);
    expect(read(2 ** 53)).toBe('n must be an integer from 0 to 10^18, e.g. 40 (got "9007199254740992")');
    expect(read(-3)).toBe('n must be an integer from 0 to 10^18, e.g. 40 (got -3)');
    expect(read('-3')).toBe('n must be an integer from 0 to 10^18, e.g. 40 (got -3)');
    for (const text of ['10^18 + 1', '1000000000000000001', '2^60', '11e17', '10^19'])
      expect(read(text), text).toMatch(/^n must be an integer from 0 to 10\^18, e\.g\. 40 \(got /);
    // Not integers, or not written in a way this reads.
    for (const text of [
      '1.5e3',
      '1e-3',
      '1e5x',
      'x1e5',
      '10^',
      '^5',
      '2^3^2',
      'e5',
      '0x10',
      '10 ^ 18',
      '10^1.5',
      '-10^2',
    ])
      expect(read(text), text).toBe(`n must be an integer from 0 to 10^18, e.g. 40 (got "${text}")`);
  });

  it('never parses a number longer than the limit: megabytes of digits are huge at a glance, leading zeros aside', () => {
    const many = '9'.repeat(2_000_000);
    expect(readInteger(many, MAX)).toBe(MAX + 1n);
    expect(readInteger(`-${many}`, MAX)).toBe(-(MAX + 1n));
    expect(readInteger(`${'0'.repeat(2_000_000)}5`, MAX)).toBe(5n);
    expect(readInteger(`${many}^0`, MAX)).toBe(1n);
    expect(readInteger(`${many}^1`, MAX)).toBe(MAX + 1n);
    expect(readInteger(`2^${many}`, MAX)).toBe(MAX + 1n);
    expect(readInteger(`${many}e0`, MAX)).toBe(MAX + 1n);
    expect(readInteger(`0e${many}`, MAX)).toBe(0n);
    expect(readInteger(`1e${many}`, MAX)).toBe(MAX + 1n);
    expect(readInteger(`0^${many}`, MAX)).toBe(0n);
    expect(readInteger(`1^${many}`, MAX)).toBe(1n);
    // The longest numbers still read in full: as many digits as the limit has.
    expect(readInteger('9999999999999999999', MAX)).toBe(9_999_999_999_999_999_999n);
    expect(readInteger('10000000000000000000', MAX)).toBe(MAX + 1n);
    expect(readInteger('00001000000000000000000', MAX)).toBe(MAX);
  });

  it('refuses a huge power without computing it', () => {
    for (const text of ['10^99999999999', '9e99999999999', '123456789^987654321'])
      expect(readInteger(text, MAX)).toBe(MAX + 1n);
    // 0 and 1 to any power are small whatever the exponent.
    expect(readInteger('1^99999999999999999999', MAX)).toBe(1n);
    expect(readInteger('0e99999999999999999999', MAX)).toBe(0n);
  });

  it('agrees with BigInt arithmetic on every power and e-notation within reach', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.integer({ min: 0, max: 70 }),
        (base, exponent) => {
          const power = base ** BigInt(exponent);
          const scientific = base * 10n ** BigInt(exponent);
          const expected = (value: bigint) => (value > MAX ? MAX + 1n : value);
          // Past the limit the value is only promised to be above it.
          const seen = (text: string) => {
            const value = readInteger(text, MAX);
            return value !== undefined && value > MAX ? MAX + 1n : value;
          };
          expect(seen(`${base}^${exponent}`)).toBe(expected(power));
          expect(seen(`${base}e${exponent}`)).toBe(expected(scientific));
          expect(seen(String(base))).toBe(expected(base));
          expect(seen(`000${base}`)).toBe(expected(base));
        },
      ),
    );
  });
});

describe('canonical keys', () => {
  it('ignore key order and undefined fields', () => {
    expect(stableStringify({ b: 1, a: [2, { d: 3, c: undefined }] })).toBe('{"a":[2,{"d":3}],"b":1}');
    expect(canonicalKey('seagm', '1', { x: 1, y: 2 })).toBe(canonicalKey('seagm', '1', { y: 2, x: 1 }));
  });
  it('differ by game, solver version and params, and keep the documented shape', () => {
    const key = canonicalKey('seagm', '1', { cards: [2, 3] });
    expect(key).toMatch(/^grundy:v1:seagm:1:[0-9a-f]{40}$/);
    expect(canonicalKey('seagm', '2', { cards: [2, 3] })).not.toBe(key);
    expect(canonicalKey('seagm', '1', { cards: [2, 4] })).not.toBe(key);
    expect(canonicalKey('seagm', '1', { cards: [2, 3] }, '{t}')).toMatch(/^\{t\}:v1:seagm:1:/);
  });
  it('refuse values JSON cannot carry', () => {
    expect(() => stableStringify({ n: 10n })).toThrow(TypeError);
    expect(() => stableStringify({ n: Number.NaN })).toThrow(TypeError);
  });
});

describe('exact decimals', () => {
  it('round to nearest, exact ties to even like printf', () => {
    expect(toFixedExact(rational(7n, 12n), 4)).toBe('0.5833');
    expect(toFixedExact(rational(2n, 3n), 4)).toBe('0.6667');
    expect(toFixedExact(rational(1n, 32n), 4)).toBe('0.0312');
    expect(toFixedExact(rational(3n, 32n), 4)).toBe('0.0938');
    expect(toFixedExact(rational(1n, 1n), 4)).toBe('1.0000');
    expect(toFixedExact(rational(0n, 1n), 4)).toBe('0.0000');
  });
});

describe('configuration', () => {
  it('needs nothing and has safe defaults', () => {
    const config = loadConfig({});
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DISCORD_API_BASE).toBe('https://discord.com/api');
  });
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(InputError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
  it('treats empty values as unset', () => {
    const config = loadConfig({ REDIS_URL: '', DISCORD_TOKEN: '  ', WORKER_CONCURRENCY: '', PORT: '' });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.DISCORD_TOKEN).toBeUndefined();
    expect(config.WORKER_CONCURRENCY).toBeUndefined();
    expect(config.PORT).toBe(8080);
  });
});

describe('text for people', () => {
  it('makes a clause a sentence: a capital first, one full stop at the end', () => {
    expect(sentence('slide the A at cell 1')).toBe('Slide the A at cell 1.');
    expect(sentence('take 3 first.')).toBe('Take 3 first.');
    expect(sentence('Why?')).toBe('Why?');
    expect(sentence('')).toBe('.');
    expect(capitalFirst('ém')).toBe('Ém');
  });

  it('counts with the noun agreeing, and quotes untrusted input short and printable', () => {
    expect(counted(1, 'gap')).toBe('1 gap');
    expect(counted(2000n, 'gap')).toBe('2,000 gaps');
    expect(counted('3', 'child', 'children')).toBe('3 children');
    expect(quoteInput('a\u0000b')).toBe('a?b');
    expect(quoteInput('x'.repeat(41))).toBe(`${'x'.repeat(40)}...`);
    expect(clip('abcdef', 4)).toBe('abc…');
  });
});
