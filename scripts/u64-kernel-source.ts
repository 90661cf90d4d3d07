/**
 * The source of the 64-bit kernel (see src/math/u64-kernel.ts): a minimal assembler and the
 * kernel written in a flat subset of the WebAssembly text format. Not part of the runtime: u64-kernel.ts embeds
 * the bytes this assembles, so a process does not spend milliseconds assembling at start; a test checks that
 * the embedded bytes equal `assembleKernel()`. After editing this file, run `npm run kernel`.
 */

import { OCTAL_HEADER, OCTAL_WALK_BACK, OCTAL_WALK_BLOCK } from '../src/math/u64-kernel.js';

// ---------------------------------------------------------------------------------------------------------
// A minimal assembler for a flat subset of the WebAssembly text format: one instruction after another,
// `block`/`loop`/`if` with a `$label` that `br`/`br_if` name, locals by `$name`, `;;` comments.

type ValType = 'i32' | 'i64' | 'f64' | 'v128';
const VALTYPE: Record<ValType, number> = { i32: 0x7f, i64: 0x7e, f64: 0x7c, v128: 0x7b };

/**
 * What follows an opcode: nothing, a local, a label, a constant, a memory access of 2^k bytes, a block type, a
 * function (by name). SIMD opcodes are the 0xfd prefix and their number as a LEB128.
 */
type Immediate =
  | 'none'
  | 'local'
  | 'label'
  | 'i32'
  | 'i64'
  | 'mem0'
  | 'mem1'
  | 'mem2'
  | 'mem3'
  | 'mem4'
  | 'memory'
  | 'block'
  | 'func'
  | 'lane'
  | 'shuffle';
const INSTRUCTIONS: Record<string, readonly [readonly number[], Immediate]> = {
  block: [[0x02], 'block'],
  loop: [[0x03], 'block'],
  if: [[0x04], 'block'],
  else: [[0x05], 'none'],
  end: [[0x0b], 'none'],
  br: [[0x0c], 'label'],
  br_if: [[0x0d], 'label'],
  unreachable: [[0x00], 'none'],
  drop: [[0x1a], 'none'],
  return: [[0x0f], 'none'],
  call: [[0x10], 'func'],
  select: [[0x1b], 'none'],
  'local.get': [[0x20], 'local'],
  'local.set': [[0x21], 'local'],
  'local.tee': [[0x22], 'local'],
  'i32.load': [[0x28], 'mem2'],
  'i64.load': [[0x29], 'mem3'],
  'i32.load8_u': [[0x2d], 'mem0'],
  'i32.load16_u': [[0x2f], 'mem1'],
  'i64.load32_u': [[0x35], 'mem2'],
  'i32.store': [[0x36], 'mem2'],
  'i64.store': [[0x37], 'mem3'],
  'i32.store8': [[0x3a], 'mem0'],
  'i32.store16': [[0x3b], 'mem1'],
  'i32.const': [[0x41], 'i32'],
  'i64.const': [[0x42], 'i64'],
  'i32.eqz': [[0x45], 'none'],
  'i32.eq': [[0x46], 'none'],
  'i32.ne': [[0x47], 'none'],
  'i32.le_s': [[0x4c], 'none'],
  'i32.lt_s': [[0x48], 'none'],
  'i32.gt_s': [[0x4a], 'none'],
  'i32.ge_s': [[0x4e], 'none'],
  'i32.lt_u': [[0x49], 'none'],
  'i32.gt_u': [[0x4b], 'none'],
  'i32.le_u': [[0x4d], 'none'],
  'i32.ge_u': [[0x4f], 'none'],
  'i32.clz': [[0x67], 'none'],
  'i32.ctz': [[0x68], 'none'],
  'i32.popcnt': [[0x69], 'none'],
  'i32.div_u': [[0x6e], 'none'],
  'i32.rem_u': [[0x70], 'none'],
  'i32.or': [[0x72], 'none'],
  'i32.xor': [[0x73], 'none'],
  'i64.eqz': [[0x50], 'none'],
  'i64.eq': [[0x51], 'none'],
  'i64.lt_u': [[0x54], 'none'],
  'i64.le_u': [[0x58], 'none'],
  'i64.ge_u': [[0x5a], 'none'],
  'i32.add': [[0x6a], 'none'],
  'i32.sub': [[0x6b], 'none'],
  'i32.mul': [[0x6c], 'none'],
  'i32.and': [[0x71], 'none'],
  'i32.shl': [[0x74], 'none'],
  'i32.shr_s': [[0x75], 'none'],
  'i32.shr_u': [[0x76], 'none'],
  'i64.ctz': [[0x7a], 'none'],
  'i64.add': [[0x7c], 'none'],
  'i64.sub': [[0x7d], 'none'],
  'i64.mul': [[0x7e], 'none'],
  'i64.div_u': [[0x80], 'none'],
  'i64.rem_u': [[0x82], 'none'],
  'i64.and': [[0x83], 'none'],
  'i64.or': [[0x84], 'none'],
  'i64.xor': [[0x85], 'none'],
  'i64.shl': [[0x86], 'none'],
  'i64.shr_u': [[0x88], 'none'],
  'i32.wrap_i64': [[0xa7], 'none'],
  'i64.extend_i32_u': [[0xad], 'none'],
  'f64.sqrt': [[0x9f], 'none'],
  'f64.load': [[0x2b], 'mem3'],
  'f64.store': [[0x39], 'mem3'],
  'f64.add': [[0xa0], 'none'],
  'f64.sub': [[0xa1], 'none'],
  'f64.mul': [[0xa2], 'none'],
  'f64.div': [[0xa3], 'none'],
  'f64.convert_i32_s': [[0xb7], 'none'],
  'i32.trunc_f64_u': [[0xab], 'none'],
  'f64.convert_i32_u': [[0xb8], 'none'],
  'v128.load': [[0xfd, 0x00], 'mem4'],
  'i32x4.splat': [[0xfd, 0x11], 'none'],
  'i32x4.le_u': [[0xfd, 0x3e], 'none'],
  'v128.any_true': [[0xfd, 0x53], 'none'],
  'v128.or': [[0xfd, 0x50], 'none'],
  'i32x4.mul': [[0xfd, 0xb5, 0x01], 'none'],
  'i32x4.eq': [[0xfd, 0x37], 'none'],
  'v128.xor': [[0xfd, 0x51], 'none'],
  'i32x4.extract_lane': [[0xfd, 0x1b], 'lane'],
  'i8x16.shuffle': [[0xfd, 0x0d], 'shuffle'],
  'i8x16.splat': [[0xfd, 0x0f], 'none'],
  'i8x16.eq': [[0xfd, 0x23], 'none'],
  'i8x16.bitmask': [[0xfd, 0x64], 'none'],
  'i64.clz': [[0x79], 'none'],
  'i64.popcnt': [[0x7b], 'none'],
  'i64.ne': [[0x52], 'none'],
  'i64.gt_u': [[0x56], 'none'],
  'i64.trunc_f64_u': [[0xb1], 'none'],
  'f64.convert_i64_u': [[0xba], 'none'],
  'memory.fill': [[0xfc, 0x0b], 'memory'],
};

function uleb(value: number): number[] {
  const out: number[] = [];
  let v = value >>> 0;
  do {
    const byte = v & 0x7f;
    v >>>= 7;
    out.push(v === 0 ? byte : byte | 0x80);
  } while (v !== 0);
  return out;
}

function sleb(value: bigint): number[] {
  const out: number[] = [];
  let v = value;
  for (;;) {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    const done = (v === 0n && (byte & 0x40) === 0) || (v === -1n && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

interface FunctionSource {
  readonly name: string;
  readonly params: readonly (readonly [string, ValType])[];
  readonly result?: ValType;
  readonly locals: readonly (readonly [string, ValType])[];
  readonly body: string;
}

/** Encodes one function body; throws on anything it does not know, so a typo fails loudly at load. */
function encodeBody(fn: FunctionSource, functions: ReadonlyMap<string, number>): number[] {
  const slots = new Map<string, number>();
  for (const [local] of [...fn.params, ...fn.locals]) slots.set(local, slots.size);
  const tokens = fn.body
    .replace(/;;[^\n]*/g, ' ')
    .split(/\s+/)
    .filter((t) => t !== '');
  const labels: (string | undefined)[] = [];
  const out: number[] = [];
  let k = 0;
  const next = (): string => {
    const token = tokens[k++];
    if (token === undefined) throw new Error(`${fn.name}: instruction ends early`);
    return token;
  };
  while (k < tokens.length) {
    const mnemonic = next();
    const spec = INSTRUCTIONS[mnemonic];
    if (spec === undefined) throw new Error(`${fn.name}: unknown instruction ${mnemonic}`);
    const [opcode, immediate] = spec;
    out.push(...opcode);
    switch (immediate) {
      case 'none':
        if (mnemonic === 'end') labels.pop();
        break;
      case 'block': {
        const label = tokens[k]?.startsWith('$') === true ? next() : undefined;
        labels.push(label);
        out.push(0x40);
        break;
      }
      case 'label': {
        const label = next();
        const depth = labels.length - 1 - labels.lastIndexOf(label);
        if (depth >= labels.length) throw new Error(`${fn.name}: unknown label ${label}`);
        out.push(...uleb(depth));
        break;
      }
      case 'local': {
        const slot = slots.get(next());
        if (slot === undefined) throw new Error(`${fn.name}: unknown local in ${mnemonic}`);
        out.push(...uleb(slot));
        break;
      }
      case 'i32':
      case 'i64':
        out.push(...sleb(BigInt(next())));
        break;
      case 'func': {
        const index = functions.get(next().replace(/^\$/, ''));
        if (index === undefined) throw new Error(`${fn.name}: unknown function in call`);
        out.push(...uleb(index));
        break;
      }
      case 'mem0':
      case 'mem1':
      case 'mem2':
      case 'mem3':
      case 'mem4':
        out.push(Number(immediate.slice(3)), ...uleb(Number(next().replace('offset=', ''))));
        break;
      case 'memory':
        out.push(0);
        break;
      case 'lane':
        out.push(Number(next()));
        break;
      case 'shuffle':
        for (let lane = 0; lane < 16; lane++) out.push(Number(next()));
        break;
    }
  }
  const groups = fn.locals.map(([, type]) => [1, VALTYPE[type]]);
  return [...uleb(groups.length), ...groups.flat(), ...out, 0x0b];
}

function vector(items: readonly (readonly number[])[]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function section(id: number, content: readonly number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}

function encodeName(text: string): number[] {
  const bytes = [...new TextEncoder().encode(text)];
  return [...uleb(bytes.length), ...bytes];
}

/** A module of the given functions, all exported by name, with one exported, growable memory. */
function assemble(functions: readonly FunctionSource[]): Uint8Array {
  const types = functions.map((fn) => [
    0x60,
    ...vector(fn.params.map(([, type]) => [VALTYPE[type]])),
    ...vector(fn.result === undefined ? [] : [[VALTYPE[fn.result]]]),
  ]);
  const indices = new Map(functions.map((fn, index) => [fn.name, index]));
  const bodies = functions.map((fn) => {
    const body = encodeBody(fn, indices);
    return [...uleb(body.length), ...body];
  });
  const exports = [
    ...functions.map((fn, index) => [...encodeName(fn.name), 0x00, ...uleb(index)]),
    [...encodeName('memory'), 0x02, 0],
  ];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector(types)),
    ...section(3, vector(functions.map((_, index) => uleb(index)))),
    ...section(5, vector([[0x00, 1]])),
    ...section(7, vector(exports)),
    ...section(10, vector(bodies)),
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// The kernel. Macros paste the Montgomery product inline, because it sits in the innermost loops.

/** Pushes the high 64 bits of the 128-bit product a*b, from four 32x32-bit products ($t0..$t2 scratch). */
function mulHigh(a: string, b: string): string {
  return `
    local.get ${a} i64.const 32 i64.shr_u local.get ${b} i64.const 0xffffffff i64.and i64.mul local.set $t0
    local.get ${a} i64.const 0xffffffff i64.and local.get ${b} i64.const 32 i64.shr_u i64.mul local.set $t1
    ;; $t2: the middle column, (a0*b0 >> 32) + low(a1*b0) + low(a0*b1), whose carry joins the high word
    local.get ${a} i64.const 0xffffffff i64.and local.get ${b} i64.const 0xffffffff i64.and i64.mul
    i64.const 32 i64.shr_u
    local.get $t0 i64.const 0xffffffff i64.and i64.add
    local.get $t1 i64.const 0xffffffff i64.and i64.add local.set $t2
    local.get ${a} i64.const 32 i64.shr_u local.get ${b} i64.const 32 i64.shr_u i64.mul
    local.get $t0 i64.const 32 i64.shr_u i64.add
    local.get $t1 i64.const 32 i64.shr_u i64.add
    local.get $t2 i64.const 32 i64.shr_u i64.add`;
}

/**
 * dst = a*b/2^64 mod $n, fully reduced, for a, b < $n ($ninv = $n^-1 mod 2^64). With q = low(a*b) * $ninv,
 * q*$n has the same low word as a*b, so (a*b - q*$n) / 2^64 = high(a*b) - high(q*$n), which lies in (-$n, $n).
 */
function montMul(dst: string, a: string, b: string): string {
  return `
    local.get ${a} local.get ${b} i64.mul local.get $ninv i64.mul local.set $q
    ${mulHigh(a, b)} local.set $hi
    ${mulHigh('$q', '$n')} local.set $q
    local.get $hi local.get $q i64.sub
    local.get $hi local.get $q i64.sub local.get $n i64.add
    local.get $hi local.get $q i64.ge_u
    select local.set ${dst}`;
}

/** dst = src^-1 mod 2^64 for odd src, by Newton's iteration: the correct low bits go 3, 6, ..., 96. */
function inverse(dst: string, src: string): string {
  const step = `local.get ${dst} i64.const 2 local.get ${src} local.get ${dst} i64.mul i64.sub i64.mul local.set ${dst}`;
  return `local.get ${src} local.set ${dst} ${step} ${step} ${step} ${step} ${step}`;
}

const MONT_LOCALS = [
  ['$ninv', 'i64'],
  ['$q', 'i64'],
  ['$hi', 'i64'],
  ['$t0', 'i64'],
  ['$t1', 'i64'],
  ['$t2', 'i64'],
] as const;

/** Deterministic Miller-Rabin bases for every n < 2^64 (Jim Sinclair's set), tried in this order. */
const MR_BASES = ['2', '325', '9375', '28178', '450775', '9780504', '1795265022'];

/** Pushes MR_BASES[$round] (a chain of selects: the kernel has no data segment to index). */
const pushBase = MR_BASES.reduceRight(
  (rest, base, index) => `i64.const ${base} ${rest} local.get $round i32.const ${index} i32.eq select`,
  'i64.const 0',
);

const isPrimeSource: FunctionSource = {
  name: 'isPrime',
  params: [['$n', 'i64']],
  result: 'i32',
  locals: [
    ...MONT_LOCALS,
    ['$one', 'i64'], // R mod n: 1 in Montgomery form
    ['$minusOne', 'i64'], // n - (R mod n): n - 1 in Montgomery form
    ['$r2', 'i64'], // R^2 mod n: a Montgomery product with it enters Montgomery form
    ['$d', 'i64'],
    ['$a', 'i64'],
    ['$x', 'i64'],
    ['$e', 'i64'],
    ['$s', 'i32'],
    ['$left', 'i32'],
    ['$round', 'i32'],
  ],
  body: `
    ${inverse('$ninv', '$n')}
    i64.const 0 local.get $n i64.sub local.get $n i64.rem_u local.set $one
    local.get $n local.get $one i64.sub local.set $minusOne
    ;; R^2 mod n by doubling R mod n 64 times; n < 2^62 keeps the doubling from overflowing
    local.get $one local.set $r2
    i32.const 64 local.set $left
    loop $double
      local.get $r2 local.get $r2 i64.add local.set $r2
      local.get $r2 local.get $r2 local.get $n i64.sub local.get $r2 local.get $n i64.lt_u select local.set $r2
      local.get $left i32.const 1 i32.sub local.tee $left
      br_if $double
    end
    local.get $n i64.const 1 i64.sub i64.ctz i32.wrap_i64 local.set $s
    local.get $n i64.const 1 i64.sub local.get $s i64.extend_i32_u i64.shr_u local.set $d
    i32.const 0 local.set $round
    loop $nextBase
      block $passed ;; leaving this block means: this base says "probably prime"
        ${pushBase} local.get $n i64.rem_u local.set $a
        local.get $a i64.eqz br_if $passed
        ${montMul('$a', '$a', '$r2')}
        local.get $one local.set $x
        local.get $d local.set $e
        block $powered ;; $x = $a^$d, right to left
          loop $square
            local.get $e i64.eqz br_if $powered
            local.get $e i64.const 1 i64.and i64.eqz i32.eqz
            if ${montMul('$x', '$x', '$a')} end
            ${montMul('$a', '$a', '$a')}
            local.get $e i64.const 1 i64.shr_u local.set $e
            br $square
          end
        end
        local.get $x local.get $one i64.eq br_if $passed
        local.get $x local.get $minusOne i64.eq br_if $passed
        local.get $s i32.const 1 i32.sub local.set $left
        block $exhausted
          loop $again
            local.get $left i32.eqz br_if $exhausted
            ${montMul('$x', '$x', '$x')}
            local.get $x local.get $minusOne i64.eq br_if $passed
            local.get $left i32.const 1 i32.sub local.set $left
            br $again
          end
        end
        i32.const 0 return ;; $a witnesses that n is composite
      end
      local.get $round i32.const 1 i32.add local.tee $round
      i32.const ${MR_BASES.length} i32.ne br_if $nextBase
    end
    i32.const 1`,
};

/**
 * The divisor table: entry i (16 bytes at 16*i) holds p^-1 mod 2^64 and floor((2^64 - 1) / p) for the i-th
 * odd prime p. Then p divides m exactly when m * p^-1 mod 2^64 <= that bound (Granlund and Montgomery),
 * one multiplication and one comparison per prime.
 */
const findDivisorSource: FunctionSource = {
  name: 'findDivisor',
  params: [
    ['$m', 'i64'],
    ['$i', 'i32'],
    ['$to', 'i32'],
  ],
  result: 'i32',
  locals: [['$addr', 'i32']],
  // Measured at about 0.6 ns per prime, bound by the multiplication and loads (unrolling did not help).
  body: `
    block $none
      loop $scan
        local.get $i local.get $to i32.ge_u br_if $none
        local.get $i i32.const 4 i32.shl local.set $addr
        local.get $m local.get $addr i64.load offset=0 i64.mul local.get $addr i64.load offset=8 i64.le_u
        if local.get $i return end
        local.get $i i32.const 1 i32.add local.set $i
        br $scan
      end
    end
    i32.const -1`,
};

/** Numbers findDivisors tests per pass over the table. */
export const SWEEP_LANES = 4;

/**
 * findDivisors(m0, m1, m2, m3, from, to) -> hit: findDivisor for SWEEP_LANES numbers in one pass over the
 * table entries [from, to), each entry loaded once for all of them. At the first entry i that divides any:
 * i * 2^SWEEP_LANES + the mask of the numbers it divides (bit j for m_j); -1 when none does. A lane of 1 divides
 * nothing (1 * p^-1 > (2^64 - 1) / p), so it pads a pass with fewer numbers.
 * Measured per number and prime (min of 300 passes over the 78,000 primes to 10^6): findDivisor 0.57 ns, two
 * lanes 0.37, four 0.32, eight 0.32 -- the multiplications' throughput (one a cycle) from four on. The least
 * product of the lanes against the bound (one branch), OR-ed compares, or two entries per step: no better.
 */
const findDivisorsSource: FunctionSource = (() => {
  const lanes = Array.from({ length: SWEEP_LANES }, (_, j) => j);
  const product = (j: number): string => `local.get $m${j} local.get $inv i64.mul`;
  return {
    name: 'findDivisors',
    params: [...lanes.map((j) => [`$m${j}`, 'i64'] as const), ['$i', 'i32'], ['$to', 'i32']],
    result: 'i32',
    locals: [
      ['$addr', 'i32'],
      ['$end', 'i32'],
      ['$inv', 'i64'],
      ['$bound', 'i64'],
    ],
    body: `
    local.get $i i32.const 4 i32.shl local.set $addr
    local.get $to i32.const 4 i32.shl local.set $end
    block $hit
      block $none
        loop $scan
          local.get $addr local.get $end i32.ge_u br_if $none
          local.get $addr i64.load offset=0 local.set $inv
          local.get $addr i64.load offset=8 local.set $bound
          ;; a branch per lane (never taken but once) beats OR-ing the compares into one
          ${lanes.map((j) => `${product(j)} local.get $bound i64.le_u br_if $hit`).join('\n          ')}
          local.get $addr i32.const 16 i32.add local.set $addr
          br $scan
        end
      end
      i32.const -1 return
    end
    ;; Loaded again rather than kept from the loop: with $inv and $bound live after it, V8 compiles the loop
    ;; (which it unrolls) to run at 0.57 ns per number and prime instead of 0.32.
    local.get $addr i64.load offset=0 local.set $inv
    local.get $addr i64.load offset=8 local.set $bound
    local.get $addr i32.const 4 i32.shr_u i32.const ${SWEEP_LANES} i32.shl ;; the entry's index, shifted past the mask
    ${lanes.map((j) => `${product(j)} local.get $bound i64.le_u${j > 0 ? ` i32.const ${j} i32.shl` : ''} i32.or`).join('\n    ')}`,
  };
})();

/**
 * buildTable(limit, primesAt, sieveAt) -> count: sieves the odd numbers below `limit` (a byte per odd
 * number at `sieveAt`), lists the odd primes as u32 at `primesAt` and fills table entry i for the i-th.
 * In the kernel because a cold JavaScript sieve to 10^6 costs 10 ms or more before it is optimised.
 */
const buildTableSource: FunctionSource = {
  name: 'buildTable',
  params: [
    ['$limit', 'i32'],
    ['$primesAt', 'i32'],
    ['$sieveAt', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$slots', 'i32'],
    ['$k', 'i32'],
    ['$j', 'i32'],
    ['$odd', 'i32'],
    ['$count', 'i32'],
    ['$addr', 'i32'],
    ['$p', 'i64'],
    ['$inv', 'i64'],
  ],
  body: `
    local.get $limit i32.const 1 i32.shr_u local.set $slots ;; slot k stands for 2k + 1
    local.get $sieveAt i32.const 0 local.get $slots memory.fill
    i32.const 1 local.set $k
    block $sieved
      loop $cross
        local.get $k i32.const 1 i32.shl i32.const 1 i32.add local.set $odd
        local.get $odd local.get $odd i32.mul local.get $limit i32.ge_u br_if $sieved
        local.get $sieveAt local.get $k i32.add i32.load8_u offset=0 i32.eqz
        if ;; odd is prime: cross out its odd multiples from odd^2 on
          local.get $odd local.get $odd i32.mul i32.const 1 i32.shr_u local.set $j
          block $crossed
            loop $mark
              local.get $j local.get $slots i32.ge_u br_if $crossed
              local.get $sieveAt local.get $j i32.add i32.const 1 i32.store8 offset=0
              local.get $j local.get $odd i32.add local.set $j
              br $mark
            end
          end
        end
        local.get $k i32.const 1 i32.add local.set $k
        br $cross
      end
    end
    i32.const 0 local.set $count
    i32.const 1 local.set $k
    block $listed
      loop $list
        local.get $k local.get $slots i32.ge_u br_if $listed
        local.get $sieveAt local.get $k i32.add i32.load8_u offset=0 i32.eqz
        if
          local.get $k i32.const 1 i32.shl i32.const 1 i32.add local.set $odd
          local.get $primesAt local.get $count i32.const 2 i32.shl i32.add local.get $odd i32.store offset=0
          local.get $odd i64.extend_i32_u local.set $p
          ${inverse('$inv', '$p')}
          local.get $count i32.const 4 i32.shl local.tee $addr local.get $inv i64.store offset=0
          local.get $addr i64.const -1 local.get $p i64.div_u i64.store offset=8
          local.get $count i32.const 1 i32.add local.set $count
        end
        local.get $k i32.const 1 i32.add local.set $k
        br $list
      end
    end
    local.get $count`,
};

/** v = v^2/2^64 + c mod n: the rho map in Montgomery form, still a fixed polynomial map modulo every p | n. */
function rhoStep(v: string): string {
  return `
    ${montMul(v, v, v)}
    local.get ${v} local.get $c i64.add local.set ${v}
    local.get ${v} local.get $n i64.sub local.get ${v} local.get ${v} local.get $n i64.ge_u select local.set ${v}`;
}

/** Pushes |a - b|. */
function absDiff(a: string, b: string): string {
  return `local.get ${a} local.get ${b} i64.sub local.get ${b} local.get ${a} i64.sub local.get ${a} local.get ${b} i64.ge_u select`;
}

/** $g = gcd(value on the stack, $n) by Euclid's remainders ($b scratch). */
const gcdWithN = `
    local.set $g local.get $n local.set $b
    block $gcdDone
      loop $gcd
        local.get $b i64.eqz br_if $gcdDone
        local.get $g local.get $b i64.rem_u
        local.get $b local.set $g
        local.set $b
        br $gcd
      end
    end`;

/** The number of steps after which rho gives up on this c (0 is returned) and the caller tries another. */
const RHO_STEP_LIMIT = 1 << 24;

/**
 * rho(n, c, y0) -> a divisor of the odd composite n: Brent's variant of Pollard's rho, with the differences
 * multiplied together and one gcd per 128 steps. Returns n when the batch overshot past every factor
 * and even the step-by-step replay found none, and 0 after RHO_STEP_LIMIT steps; the caller retries.
 */
const rhoSource: FunctionSource = {
  name: 'rho',
  params: [
    ['$n', 'i64'],
    ['$c', 'i64'],
    ['$y', 'i64'],
  ],
  result: 'i64',
  locals: [
    ...MONT_LOCALS,
    ['$x', 'i64'],
    ['$ys', 'i64'],
    ['$g', 'i64'],
    ['$b', 'i64'],
    ['$prod', 'i64'],
    ['$r', 'i64'],
    ['$k', 'i64'],
    ['$i', 'i64'],
  ],
  body: `
    ${inverse('$ninv', '$n')}
    i64.const 1 local.set $r
    i64.const 1 local.set $prod
    i64.const 1 local.set $g
    block $found
      loop $round
        local.get $r i64.const ${RHO_STEP_LIMIT} i64.ge_u if i64.const 0 return end
        local.get $y local.set $x
        local.get $r local.set $i
        loop $advance
          ${rhoStep('$y')}
          local.get $i i64.const 1 i64.sub local.tee $i
          i64.eqz i32.eqz br_if $advance
        end
        i64.const 0 local.set $k
        block $batched
          loop $batch
            local.get $k local.get $r i64.ge_u br_if $batched
            local.get $y local.set $ys
            local.get $r local.get $k i64.sub i64.const 128
            local.get $r local.get $k i64.sub i64.const 128 i64.lt_u select local.set $i
            loop $step
              ${rhoStep('$y')}
              ${absDiff('$x', '$y')} local.set $b
              ${montMul('$prod', '$prod', '$b')}
              local.get $i i64.const 1 i64.sub local.tee $i
              i64.eqz i32.eqz br_if $step
            end
            local.get $prod ${gcdWithN}
            local.get $g i64.const 1 i64.eq i32.eqz br_if $found
            local.get $k i64.const 128 i64.add local.set $k
            br $batch
          end
        end
        local.get $r i64.const 1 i64.shl local.set $r
        br $round
      end
    end
    local.get $g local.get $n i64.eq
    if ;; the batch jumped past the factor: replay its steps one gcd at a time
      loop $replay
        ${rhoStep('$ys')}
        ${absDiff('$x', '$ys')} ${gcdWithN}
        local.get $g i64.const 1 i64.eq br_if $replay
      end
    end
    local.get $g`,
};

// ---------------------------------------------------------------------------------------------------------
// 32-bit moduli (n odd, n < 2^31): Montgomery arithmetic with R = 2^32 needs only one native 64-bit product
// per step, several times cheaper than the 128-bit emulation above. SEAGM's cards (up to 10^9) use these.

const MONT32_LOCALS = [
  ['$n', 'i64'],
  ['$nneg', 'i32'], // -n^-1 mod 2^32
  ['$t', 'i64'],
  ['$u', 'i64'],
] as const;

/** $n = the i32 parameter $n32 widened, $nneg = -$n32^-1 mod 2^32 (Newton's iteration, 5 steps). */
const mont32Setup = `
    local.get $n32 i64.extend_i32_u local.set $n
    local.get $n32 local.set $nneg
    ${Array.from({ length: 5 }, () => 'local.get $nneg i32.const 2 local.get $n32 local.get $nneg i32.mul i32.sub i32.mul local.set $nneg').join('\n    ')}
    i32.const 0 local.get $nneg i32.sub local.set $nneg`;

/** dst = a*b/2^32 mod $n for a, b < $n < 2^31: REDC, (t + m*n) < 2^63 never overflows. */
function montMul32(dst: string, a: string, b: string): string {
  return `
    local.get ${a} local.get ${b} i64.mul local.tee $t
    i32.wrap_i64 local.get $nneg i32.mul i64.extend_i32_u local.get $n i64.mul
    local.get $t i64.add i64.const 32 i64.shr_u local.set $u
    local.get $u local.get $n i64.sub local.get $u local.get $u local.get $n i64.ge_u select local.set ${dst}`;
}

/** Bases proven deterministic for every n < 4,759,123,141 (Jaeschke). */
const MR32_BASES = ['2', '7', '61'];
const pushBase32 = MR32_BASES.reduceRight(
  (rest, base, index) => `i64.const ${base} ${rest} local.get $round i32.const ${index} i32.eq select`,
  'i64.const 0',
);

/** isPrime32(n) -> 1 when the odd n (3 <= n < 2^31) is prime, else 0. */
const isPrime32Source: FunctionSource = {
  name: 'isPrime32',
  params: [['$n32', 'i32']],
  result: 'i32',
  locals: [
    ...MONT32_LOCALS,
    ['$one', 'i64'],
    ['$minusOne', 'i64'],
    ['$r2', 'i64'],
    ['$d', 'i64'],
    ['$a', 'i64'],
    ['$x', 'i64'],
    ['$e', 'i64'],
    ['$s', 'i32'],
    ['$left', 'i32'],
    ['$round', 'i32'],
  ],
  body: `
    ${mont32Setup}
    i64.const 4294967296 local.get $n i64.rem_u local.set $one
    local.get $n local.get $one i64.sub local.set $minusOne
    local.get $one local.get $one i64.mul local.get $n i64.rem_u local.set $r2
    local.get $n i64.const 1 i64.sub i64.ctz i32.wrap_i64 local.set $s
    local.get $n i64.const 1 i64.sub local.get $s i64.extend_i32_u i64.shr_u local.set $d
    i32.const 0 local.set $round
    loop $nextBase
      block $passed
        ${pushBase32} local.get $n i64.rem_u local.set $a
        local.get $a i64.eqz br_if $passed
        ${montMul32('$a', '$a', '$r2')}
        local.get $one local.set $x
        local.get $d local.set $e
        block $powered
          loop $square
            local.get $e i64.eqz br_if $powered
            local.get $e i64.const 1 i64.and i64.eqz i32.eqz
            if ${montMul32('$x', '$x', '$a')} end
            ${montMul32('$a', '$a', '$a')}
            local.get $e i64.const 1 i64.shr_u local.set $e
            br $square
          end
        end
        local.get $x local.get $one i64.eq br_if $passed
        local.get $x local.get $minusOne i64.eq br_if $passed
        local.get $s i32.const 1 i32.sub local.set $left
        block $exhausted
          loop $again
            local.get $left i32.eqz br_if $exhausted
            ${montMul32('$x', '$x', '$x')}
            local.get $x local.get $minusOne i64.eq br_if $passed
            local.get $left i32.const 1 i32.sub local.set $left
            br $again
          end
        end
        i32.const 0 return
      end
      local.get $round i32.const 1 i32.add local.tee $round
      i32.const ${MR32_BASES.length} i32.ne br_if $nextBase
    end
    i32.const 1`,
};

/** v = v^2/2^32 + c mod n, the rho map in Montgomery form. */
function rhoStep32(v: string): string {
  return `
    ${montMul32(v, v, v)}
    local.get ${v} local.get $c i64.add local.set ${v}
    local.get ${v} local.get $n i64.sub local.get ${v} local.get ${v} local.get $n i64.ge_u select local.set ${v}`;
}

/**
 * $g = gcd(the i64 on the stack, $n) for the odd $n32 < 2^31, by Stein's binary algorithm on i32: a gcd per
 * batch of rho steps costs about as much as the batch, and Euclid's 64-bit remainders several times more.
 */
const binaryGcdWithN = `
    i32.wrap_i64 local.set $ga
    local.get $n32 local.set $gb
    block $gcdDone
      local.get $ga i32.eqz if local.get $gb local.set $ga br $gcdDone end
      local.get $ga local.get $ga i32.ctz i32.shr_u local.set $ga ;; $gb is odd: drop the 2s of $ga
      loop $gcd ;; both odd: the smaller stays, the difference (even) loses its 2s
        local.get $ga local.get $gb i32.sub local.tee $gd i32.eqz br_if $gcdDone
        local.get $ga local.get $gb local.get $ga local.get $gb i32.lt_u select local.set $gm
        local.get $gb local.get $ga i32.sub local.get $gd local.get $ga local.get $gb i32.lt_u select
        local.tee $gd local.get $gd i32.ctz i32.shr_u local.set $ga
        local.get $gm local.set $gb
        br $gcd
      end
    end
    local.get $ga i64.extend_i32_u local.set $g`;

/**
 * The first round's length: the rests rho32 splits have no prime below 1000, whose rho cycles are rarely
 * shorter, so the rounds of 1, 2 and 4 steps would mostly cost a gcd each for nothing (measured on random
 * products of two such primes: about a fifth fewer gcds for 5% more steps).
 */
const RHO32_FIRST_ROUND = 8;

/**
 * Steps per gcd. With the binary gcd a gcd costs about as much as a dozen steps, and a shorter batch more
 * rarely jumps past both factors at once (then replayed a gcd per step): measured on seagm_big's and
 * seagm_adversarial's rests, 16 beats 8, 12, 32 and 64 (by 6% and 13% over 32).
 */
const RHO32_BATCH = 16;

/**
 * rho32(n, c) -> a divisor of the odd composite n < 2^31 (Brent's rho from y = 2, one gcd per RHO32_BATCH steps).
 * Returns n when this c fails (the caller tries the next c) and 0 after RHO_STEP_LIMIT steps.
 */
const rho32Source: FunctionSource = {
  name: 'rho32',
  params: [
    ['$n32', 'i32'],
    ['$c32', 'i32'],
  ],
  result: 'i32',
  locals: [
    ...MONT32_LOCALS,
    ['$c', 'i64'],
    ['$y', 'i64'],
    ['$x', 'i64'],
    ['$ys', 'i64'],
    ['$g', 'i64'],
    ['$b', 'i64'],
    ['$prod', 'i64'],
    ['$r', 'i64'],
    ['$k', 'i64'],
    ['$i', 'i64'],
    ['$ga', 'i32'],
    ['$gb', 'i32'],
    ['$gd', 'i32'],
    ['$gm', 'i32'],
  ],
  body: `
    ${mont32Setup}
    local.get $c32 i64.extend_i32_u local.get $n i64.rem_u local.set $c
    i64.const 2 local.set $y
    i64.const ${RHO32_FIRST_ROUND} local.set $r
    i64.const 1 local.set $prod
    i64.const 1 local.set $g
    block $found
      loop $round
        local.get $r i64.const ${RHO_STEP_LIMIT} i64.ge_u if i32.const 0 return end
        local.get $y local.set $x
        local.get $r local.set $i
        loop $advance
          ${rhoStep32('$y')}
          local.get $i i64.const 1 i64.sub local.tee $i
          i64.eqz i32.eqz br_if $advance
        end
        i64.const 0 local.set $k
        block $batched
          loop $batch
            local.get $k local.get $r i64.ge_u br_if $batched
            local.get $y local.set $ys
            local.get $r local.get $k i64.sub i64.const ${RHO32_BATCH}
            local.get $r local.get $k i64.sub i64.const ${RHO32_BATCH} i64.lt_u select local.set $i
            loop $step
              ${rhoStep32('$y')}
              ${absDiff('$x', '$y')} local.set $b
              ${montMul32('$prod', '$prod', '$b')}
              local.get $i i64.const 1 i64.sub local.tee $i
              i64.eqz i32.eqz br_if $step
            end
            local.get $prod ${binaryGcdWithN}
            local.get $g i64.const 1 i64.eq i32.eqz br_if $found
            local.get $k i64.const ${RHO32_BATCH} i64.add local.set $k
            br $batch
          end
        end
        local.get $r i64.const 1 i64.shl local.set $r
        br $round
      end
    end
    local.get $g local.get $n i64.eq
    if
      loop $replay
        ${rhoStep32('$ys')}
        ${absDiff('$x', '$ys')} ${binaryGcdWithN}
        local.get $g i64.const 1 i64.eq br_if $replay
      end
    end
    local.get $g i32.wrap_i64`,
};

/**
 * trial32(x, tableAt, count, outAt) -> what is left of x (1 <= x < 2^31) after removing 2 and the `count`
 * odd primes of the table at `tableAt` (12 bytes each: p, p^-1 mod 2^32, floor((2^32 - 1) / p), as i32),
 * stopping early once p*p exceeds the rest (which is then 1 or prime). The distinct primes found are written
 * as i32 from outAt + 4 on, and their number at outAt.
 */
const trial32Source: FunctionSource = {
  name: 'trial32',
  params: [
    ['$m', 'i32'],
    ['$tableAt', 'i32'],
    ['$count', 'i32'],
    ['$outAt', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$found', 'i32'],
    ['$k', 'i32'],
    ['$addr', 'i32'],
    ['$p', 'i32'],
    ['$inv', 'i32'],
    ['$lim', 'i32'],
    ['$q', 'i32'],
  ],
  body: `
    i32.const 0 local.set $found
    local.get $m i32.const 1 i32.and i32.eqz
    if
      local.get $outAt i32.const 2 i32.store offset=4
      i32.const 1 local.set $found
      local.get $m local.get $m i32.ctz i32.shr_u local.set $m
    end
    i32.const 0 local.set $k
    block $done
      loop $scan
        local.get $k local.get $count i32.ge_u br_if $done
        local.get $tableAt local.get $k i32.const 12 i32.mul i32.add local.set $addr
        local.get $addr i32.load offset=0 local.tee $p
        local.get $p i32.mul local.get $m i32.gt_u br_if $done
        local.get $addr i32.load offset=8 local.set $lim
        local.get $m local.get $addr i32.load offset=4 local.tee $inv i32.mul local.tee $q
        local.get $lim i32.le_u
        if
          local.get $outAt local.get $found i32.const 2 i32.shl i32.add local.get $p i32.store offset=4
          local.get $found i32.const 1 i32.add local.set $found
          loop $divide
            local.get $q local.set $m
            local.get $m local.get $inv i32.mul local.tee $q
            local.get $lim i32.le_u br_if $divide
          end
        end
        local.get $k i32.const 1 i32.add local.set $k
        br $scan
      end
    end
    local.get $outAt local.get $found i32.store offset=0
    local.get $m`,
};

// ---------------------------------------------------------------------------------------------------------
// Whole factorisations of 32-bit numbers (n < 2^31) in one call per batch of numbers: SEAGM's 10^5 cards
// otherwise cost several calls each across the JavaScript boundary, and the kernel's functions stay small so
// that V8 moves each to its optimising compiler on its own (a function running when that happens keeps its
// baseline code until it returns, and the batch loop returns only at the end).

/**
 * sprp32(n, a) -> 1 when the odd n (3 <= n < 2^31) is a strong probable prime to base a (0 < a < 2^31), also
 * when n divides a; else 0. Montgomery form with R = 2^32: a enters it with one remainder, a * 2^32 mod n.
 */
const sprp32Source: FunctionSource = {
  name: 'sprp32',
  params: [
    ['$n32', 'i32'],
    ['$a32', 'i32'],
  ],
  result: 'i32',
  locals: [
    ...MONT32_LOCALS,
    ['$one', 'i64'],
    ['$minusOne', 'i64'],
    ['$a', 'i64'],
    ['$x', 'i64'],
    ['$e', 'i64'],
    ['$s', 'i32'],
  ],
  body: `
    ${mont32Setup}
    i64.const 4294967296 local.get $n i64.rem_u local.set $one
    local.get $n local.get $one i64.sub local.set $minusOne
    local.get $a32 i64.extend_i32_u i64.const 32 i64.shl local.get $n i64.rem_u local.tee $a
    i64.eqz if i32.const 1 return end
    local.get $n i64.const 1 i64.sub i64.ctz i32.wrap_i64 local.set $s
    local.get $n i64.const 1 i64.sub local.get $s i64.extend_i32_u i64.shr_u local.set $e
    local.get $one local.set $x
    block $powered ;; $x = $a^$e, right to left ($e is odd, so the first bit multiplies)
      loop $square
        local.get $e i64.const 1 i64.and i64.eqz i32.eqz
        if ${montMul32('$x', '$x', '$a')} end
        local.get $e i64.const 1 i64.shr_u local.tee $e
        i64.eqz br_if $powered
        ${montMul32('$a', '$a', '$a')}
        br $square
      end
    end
    local.get $x local.get $one i64.eq if i32.const 1 return end
    local.get $x local.get $minusOne i64.eq if i32.const 1 return end
    block $exhausted
      loop $again ;; s - 1 squarings, looking for n - 1
        local.get $s i32.const 1 i32.sub local.tee $s i32.eqz br_if $exhausted
        ${montMul32('$x', '$x', '$x')}
        local.get $x local.get $minusOne i64.eq if i32.const 1 return end
        br $again
      end
    end
    i32.const 0`,
};

/**
 * The hash that picks isRoughPrime32's base: the top 8 bits of ((n >>> 16) ^ n) * MR32_HASH_MULTIPLIER, an index
 * into a table of 256 u16 bases (src/math/mr32-bases.ts, made and checked by scripts/mr32-bases.ts).
 */
const MR32_HASH_MULTIPLIER = 0x45d9f3b;
export const MR32_BUCKET_BITS = 8;

/** mr32Bucket(n) -> the bucket of n, 0 .. 255. */
const mr32BucketSource: FunctionSource = {
  name: 'mr32Bucket',
  params: [['$n', 'i32']],
  result: 'i32',
  locals: [],
  body: `
    local.get $n i32.const 16 i32.shr_u local.get $n i32.xor i32.const ${MR32_HASH_MULTIPLIER} i32.mul
    i32.const ${32 - MR32_BUCKET_BITS} i32.shr_u`,
};

/**
 * isRoughPrime32(n, basesAt) -> 1 when n is prime, else 0, for odd n with 1009^2 <= n < 2^31 and no prime
 * factor below 1000 (what trial division leaves): one strong-probable-prime test, to the base the table at
 * basesAt holds for n's bucket. scripts/mr32-bases.ts chose each bucket's base so that no composite of that
 * domain in the bucket passes, and checks every number of the domain against a sieve.
 */
const isRoughPrime32Source: FunctionSource = {
  name: 'isRoughPrime32',
  params: [
    ['$n', 'i32'],
    ['$basesAt', 'i32'],
  ],
  result: 'i32',
  locals: [],
  body: `
    local.get $n
    local.get $n call $mr32Bucket i32.const 1 i32.shl local.get $basesAt i32.add i32.load16_u offset=0
    call $sprp32`,
};

/** The least prime above the trial bound (1000): a rest below its square without smaller primes is prime. */
const FIRST_UNTRIED = 1009;

/** How many constants c rest32 tries in rho32 before it gives up on m (a trap, never seen on a composite). */
const RHO32_ATTEMPTS = 128;

/**
 * rest32(m, out, basesAt) -> out after the prime factors of m (with repeats, unsorted) written as i32 from
 * out on; m < 2^31 is 1 or has no prime factor below 1000, so it has at most three (1009^3 > 10^9).
 */
const rest32Source: FunctionSource = {
  name: 'rest32',
  params: [
    ['$m', 'i32'],
    ['$out', 'i32'],
    ['$basesAt', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$d', 'i32'],
    ['$c', 'i32'],
    ['$root', 'i32'],
  ],
  body: `
    local.get $m i32.const 1 i32.eq if local.get $out return end
    block $prime
      local.get $m i32.const ${FIRST_UNTRIED * FIRST_UNTRIED} i32.lt_u br_if $prime
      local.get $m local.get $basesAt call $isRoughPrime32 br_if $prime
      ;; a composite square is p^2 (p^2 q^2 > 2^31); the f64 square root of a square below 2^31 is exact
      local.get $m f64.convert_i32_u f64.sqrt i32.trunc_f64_u local.tee $root local.get $root i32.mul
      local.get $m i32.eq
      if local.get $out local.get $root i32.store offset=0 local.get $out i32.const 4 i32.add return end
      i32.const 1 local.set $c
      block $split
        loop $retry ;; rho32 returns m or 0 when c failed: d - 2 < m - 2 (unsigned) means 1 < d < m
          local.get $m local.get $c call $rho32 local.tee $d
          i32.const 2 i32.sub local.get $m i32.const 2 i32.sub i32.lt_u br_if $split
          ;; A c fails a few times in a hundred; only a prime (a wrong primality answer) fails them all:
          ;; trap rather than loop forever.
          local.get $c i32.const ${RHO32_ATTEMPTS} i32.ge_u if unreachable end
          local.get $c i32.const 1 i32.add local.set $c
          br $retry
        end
      end
      local.get $d local.get $out local.get $basesAt call $rest32 local.set $out
      local.get $m local.get $d i32.div_u local.get $out local.get $basesAt call $rest32
      return
    end
    local.get $out local.get $m i32.store offset=0
    local.get $out i32.const 4 i32.add`,
};

/** sortUnique32(from, to) -> the end of the i32 at [from, to) sorted ascending with repeats dropped (to > from). */
const sortUnique32Source: FunctionSource = {
  name: 'sortUnique32',
  params: [
    ['$from', 'i32'],
    ['$to', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$i', 'i32'],
    ['$j', 'i32'],
    ['$v', 'i32'],
    ['$w', 'i32'],
  ],
  body: `
    local.get $from i32.const 4 i32.add local.set $i
    block $sorted
      loop $insert
        local.get $i local.get $to i32.ge_u br_if $sorted
        local.get $i i32.load offset=0 local.set $v
        local.get $i local.set $j
        block $placed
          loop $shift
            local.get $j local.get $from i32.le_u br_if $placed
            local.get $j i32.const 4 i32.sub i32.load offset=0 local.get $v i32.le_u br_if $placed
            local.get $j local.get $j i32.const 4 i32.sub i32.load offset=0 i32.store offset=0
            local.get $j i32.const 4 i32.sub local.set $j
            br $shift
          end
        end
        local.get $j local.get $v i32.store offset=0
        local.get $i i32.const 4 i32.add local.set $i
        br $insert
      end
    end
    local.get $from i32.const 4 i32.add local.tee $w local.set $i
    block $unique
      loop $keep
        local.get $i local.get $to i32.ge_u br_if $unique
        local.get $i i32.load offset=0 local.tee $v local.get $w i32.const 4 i32.sub i32.load offset=0 i32.ne
        if local.get $w local.get $v i32.store offset=0 local.get $w i32.const 4 i32.add local.set $w end
        local.get $i i32.const 4 i32.add local.set $i
        br $keep
      end
    end
    local.get $w`,
};

/**
 * The SIMD trial table: per group of 4 odd primes below 1000, 48 bytes: their inverses mod 2^32, then
 * floor((2^32 - 1) / p), then the primes (lanes past the last prime padded with inverse 1 and bound 0, which
 * divide nothing, up to an even number of groups: factor32 tests two groups per step, one branch per 8 primes).
 */
const FACTOR32_GROUP_BYTES = 48; // u64-kernel.ts writes the table in this layout

/**
 * factor32(m, out, tableAt, groups, basesAt) -> out after the distinct primes of m (1 <= m < 2^31), ascending,
 * written as i32 from out on. Trial division tests 4 primes per step (m * p^-1 mod 2^32 <= floor((2^32 - 1) / p)
 * exactly when p | m, Granlund and Montgomery), stopping once p^2 exceeds the rest; rest32 does the rest.
 */
const factor32Source: FunctionSource = {
  name: 'factor32',
  params: [
    ['$m', 'i32'],
    ['$out', 'i32'],
    ['$tableAt', 'i32'],
    ['$groups', 'i32'],
    ['$basesAt', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$end', 'i32'],
    ['$p', 'i32'],
    ['$lane', 'i32'],
    ['$inv', 'i32'],
    ['$lim', 'i32'],
    ['$q', 'i32'],
    ['$first', 'i32'],
    ['$vm', 'v128'],
  ],
  body: `
    local.get $m i32.const 1 i32.and i32.eqz
    if
      local.get $out i32.const 2 i32.store offset=0
      local.get $out i32.const 4 i32.add local.set $out
      local.get $m local.get $m i32.ctz i32.shr_u local.set $m
    end
    local.get $tableAt local.get $groups i32.const ${FACTOR32_GROUP_BYTES} i32.mul i32.add local.set $end
    block $done
      loop $scan ;; two groups, 8 primes, per step ($groups is even)
        local.get $tableAt local.get $end i32.ge_u br_if $done
        ;; a rest below p^2 (p the least prime of the step) is 1 or a prime
        local.get $tableAt i32.load offset=32 local.tee $p local.get $p i32.mul local.get $m i32.gt_u br_if $done
        local.get $m i32x4.splat local.tee $vm local.get $tableAt v128.load offset=0 i32x4.mul
        local.get $tableAt v128.load offset=16 i32x4.le_u
        local.get $vm local.get $tableAt v128.load offset=${FACTOR32_GROUP_BYTES} i32x4.mul
        local.get $tableAt v128.load offset=${FACTOR32_GROUP_BYTES + 16} i32x4.le_u
        v128.or v128.any_true
        if ;; some prime of the 8 divides m: find which, a lane at a time
          local.get $tableAt local.set $lane
          loop $lanes
            local.get $m local.get $lane i32.load offset=0 local.tee $inv i32.mul local.tee $q
            local.get $lane i32.load offset=16 local.tee $lim i32.le_u
            if
              local.get $out local.get $lane i32.load offset=32 i32.store offset=0
              local.get $out i32.const 4 i32.add local.set $out
              loop $divide
                local.get $q local.set $m
                local.get $m local.get $inv i32.mul local.tee $q local.get $lim i32.le_u br_if $divide
              end
            end
            ;; lanes 0-3 of the first group, then (12 bytes further on) those of the second
            local.get $lane i32.const 4 i32.add local.tee $lane
            local.get $tableAt i32.const 16 i32.add i32.eq
            if local.get $tableAt i32.const ${FACTOR32_GROUP_BYTES} i32.add local.set $lane end
            local.get $lane local.get $tableAt i32.const ${FACTOR32_GROUP_BYTES + 16} i32.add i32.lt_u br_if $lanes
          end
        end
        local.get $tableAt i32.const ${2 * FACTOR32_GROUP_BYTES} i32.add local.set $tableAt
        br $scan
      end
    end
    local.get $out local.set $first
    local.get $m local.get $out local.get $basesAt call $rest32 local.set $out
    ;; the rest's primes (from 1009 up, at most three) come unsorted and may repeat
    local.get $out local.get $first i32.sub i32.const 4 i32.gt_u
    if local.get $first local.get $out call $sortUnique32 local.set $out end
    local.get $out`,
};

/**
 * factor32Batch(valuesAt, count, startsAt, primesAt, first, tableAt, groups, basesAt) -> how many primes it
 * wrote, or -1 when a value is not in 1 .. 2^31 - 1 (as an i32: not positive): the distinct primes of the count
 * i32 at valuesAt, one value after another from primesAt on, value i's from index starts[i] - first to
 * starts[i + 1] - first (count + 1 i32 at startsAt; `first` lets the caller append the lists to earlier ones).
 */
const factor32BatchSource: FunctionSource = {
  name: 'factor32Batch',
  params: [
    ['$valuesAt', 'i32'],
    ['$count', 'i32'],
    ['$startsAt', 'i32'],
    ['$primesAt', 'i32'],
    ['$first', 'i32'],
    ['$tableAt', 'i32'],
    ['$groups', 'i32'],
    ['$basesAt', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$out', 'i32'],
    ['$end', 'i32'],
    ['$m', 'i32'],
  ],
  body: `
    local.get $primesAt local.set $out
    local.get $valuesAt local.get $count i32.const 2 i32.shl i32.add local.set $end
    block $all
      loop $each
        local.get $startsAt
        local.get $out local.get $primesAt i32.sub i32.const 2 i32.shr_u local.get $first i32.add
        i32.store offset=0
        local.get $valuesAt local.get $end i32.ge_u br_if $all
        local.get $valuesAt i32.load offset=0 local.tee $m i32.const 0 i32.le_s if i32.const -1 return end
        local.get $m local.get $out local.get $tableAt local.get $groups local.get $basesAt
        call $factor32 local.set $out
        local.get $valuesAt i32.const 4 i32.add local.set $valuesAt
        local.get $startsAt i32.const 4 i32.add local.set $startsAt
        br $each
      end
    end
    local.get $out local.get $primesAt i32.sub i32.const 2 i32.shr_u`,
};

/** Keys below this get their id from a plain array (most of a list of primes: those below 1000), not a hash. */
const DIRECT_KEYS = 1024;

/**
 * indexKeys(keysAt, count, idsAt, tableAt, bits, next) -> next after this call's keys: gives the count positive
 * i32 at keysAt dense ids, numbered from 0 as they first appear over the calls, written as i32 from idsAt on.
 * Keys below DIRECT_KEYS keep 1 + their id in DIRECT_KEYS i32 at tableAt, the others theirs in an
 * open-addressing table of 2^bits (key, id) pairs after those (Fibonacci hashing: the top bits of
 * key * 0x9e3779b1); the caller zeroes both before the first call. Returns -1 once the table is half full (the
 * caller starts over with a larger one).
 */
const indexKeysSource: FunctionSource = {
  name: 'indexKeys',
  params: [
    ['$keysAt', 'i32'],
    ['$count', 'i32'],
    ['$idsAt', 'i32'],
    ['$tableAt', 'i32'],
    ['$bits', 'i32'],
    ['$next', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$end', 'i32'],
    ['$key', 'i32'],
    ['$i', 'i32'],
    ['$slot', 'i32'],
    ['$mask', 'i32'],
    ['$full', 'i32'],
    ['$large', 'i32'],
    ['$id', 'i32'],
  ],
  body: `
    i32.const 1 local.get $bits i32.shl local.tee $mask i32.const 1 i32.shr_u local.set $full
    local.get $mask i32.const 1 i32.sub local.set $mask
    local.get $tableAt i32.const ${4 * DIRECT_KEYS} i32.add local.set $large
    local.get $keysAt local.get $count i32.const 2 i32.shl i32.add local.set $end
    block $all
      loop $each
        local.get $keysAt local.get $end i32.ge_u br_if $all
        block $found
          local.get $keysAt i32.load offset=0 local.tee $key i32.const ${DIRECT_KEYS} i32.lt_u
          if
            local.get $tableAt local.get $key i32.const 2 i32.shl i32.add local.tee $slot i32.load offset=0
            local.tee $id i32.eqz
            if
              local.get $next i32.const 1 i32.add local.tee $next local.set $id
              local.get $slot local.get $id i32.store offset=0
            end
            local.get $idsAt local.get $id i32.const 1 i32.sub i32.store offset=0
            br $found
          end
          local.get $key i32.const -1640531535 i32.mul ;; 0x9e3779b1
          i32.const 32 local.get $bits i32.sub i32.shr_u local.set $i
          loop $probe
            local.get $large local.get $i i32.const 3 i32.shl i32.add local.tee $slot i32.load offset=0
            local.get $key i32.eq
            if local.get $idsAt local.get $slot i32.load offset=4 i32.store offset=0 br $found end
            local.get $slot i32.load offset=0 i32.eqz
            if
              local.get $next local.get $full i32.ge_u if i32.const -1 return end
              local.get $slot local.get $key i32.store offset=0
              local.get $slot local.get $next i32.store offset=4
              local.get $idsAt local.get $next i32.store offset=0
              local.get $next i32.const 1 i32.add local.set $next
              br $found
            end
            local.get $i i32.const 1 i32.add local.get $mask i32.and local.set $i
            br $probe
          end
        end
        local.get $keysAt i32.const 4 i32.add local.set $keysAt
        local.get $idsAt i32.const 4 i32.add local.set $idsAt
        br $each
      end
    end
    local.get $next`,
};

/**
 * weighKeys(idsAt, startsAt, weightsAt, count, sumsAt): for each of count lists (list i: the ids from index
 * starts[i] to starts[i + 1] of the i32 at idsAt), adds weights[i] to sums[id] for each of its ids (sums: i32
 * the caller zeroed). SEAGM: how many cards each prime divides.
 */
const weighKeysSource: FunctionSource = {
  name: 'weighKeys',
  params: [
    ['$idsAt', 'i32'],
    ['$startsAt', 'i32'],
    ['$weightsAt', 'i32'],
    ['$count', 'i32'],
    ['$sumsAt', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$end', 'i32'],
    ['$at', 'i32'],
    ['$stop', 'i32'],
    ['$w', 'i32'],
    ['$sum', 'i32'],
  ],
  body: `
    local.get $weightsAt local.get $count i32.const 2 i32.shl i32.add local.set $end
    block $all
      loop $each
        local.get $weightsAt local.get $end i32.ge_u br_if $all
        local.get $weightsAt i32.load offset=0 local.set $w
        local.get $idsAt local.get $startsAt i32.load offset=0 i32.const 2 i32.shl i32.add local.set $at
        local.get $idsAt local.get $startsAt i32.load offset=4 i32.const 2 i32.shl i32.add local.set $stop
        block $done
          loop $ids
            local.get $at local.get $stop i32.ge_u br_if $done
            local.get $sumsAt local.get $at i32.load offset=0 i32.const 2 i32.shl i32.add local.tee $sum
            local.get $sum i32.load offset=0 local.get $w i32.add i32.store offset=0
            local.get $at i32.const 4 i32.add local.set $at
            br $ids
          end
        end
        local.get $weightsAt i32.const 4 i32.add local.set $weightsAt
        local.get $startsAt i32.const 4 i32.add local.set $startsAt
        br $each
      end
    end
    i32.const 0`,
};

// ---------------------------------------------------------------------------------------------------------
// PartisanGame (src/games/partisan/outcome.ts): the window of A and B over the last `width` positions as two
// i64 (bit i: position j - 1 - i), the same sequence as src/games/partisan/engine.ts walks in 32-bit halves.
// The judge runs these once per pair of move sets; in JavaScript the walk ran unoptimised for the first few
// hundred pairs of a contest input, while WebAssembly runs at full speed from the first call.

/** The parameters every partisan function takes: both players' move masks in 32-bit halves, and the width. */
const PARTISAN_PARAMS = [
  ['$aliceLo', 'i32'],
  ['$aliceHi', 'i32'],
  ['$bobLo', 'i32'],
  ['$bobHi', 'i32'],
  ['$width', 'i32'],
] as const;

const PARTISAN_LOCALS = [
  ['$alice', 'i64'],
  ['$bob', 'i64'],
  ['$keep', 'i64'],
  ['$wa', 'i64'],
  ['$wb', 'i64'],
  ['$ta', 'i64'],
  ['$tb', 'i64'],
  ['$a', 'i64'],
  ['$b', 'i64'],
] as const;

/**
 * The masks as i64, $keep = the low $width bits (1 <= width <= 64), and the window before position 0 in both
 * $wa/$wb and $ta/$tb: everything below 0 counts as won by the player to move.
 */
const partisanStart = `
  local.get $aliceLo i64.extend_i32_u local.get $aliceHi i64.extend_i32_u i64.const 32 i64.shl i64.or local.set $alice
  local.get $bobLo i64.extend_i32_u local.get $bobHi i64.extend_i32_u i64.const 32 i64.shl i64.or local.set $bob
  i64.const -1 i32.const 64 local.get $width i32.sub i64.extend_i32_u i64.shr_u local.set $keep
  local.get $keep local.set $wa local.get $keep local.set $wb
  local.get $keep local.set $ta local.get $keep local.set $tb`;

/** One position on for the window (wa, wb): A there is "some move of Alice's lands where B is lost", B likewise. */
function partisanStep(wa: string, wb: string): string {
  return `
    local.get ${wb} i64.const -1 i64.xor local.get $alice i64.and i64.eqz i32.eqz i64.extend_i32_u local.set $a
    local.get ${wa} i64.const -1 i64.xor local.get $bob i64.and i64.eqz i32.eqz i64.extend_i32_u local.set $b
    local.get ${wa} i64.const 1 i64.shl local.get $a i64.or local.get $keep i64.and local.set ${wa}
    local.get ${wb} i64.const 1 i64.shl local.get $b i64.or local.get $keep i64.and local.set ${wb}`;
}

/**
 * partisanPeriod(masks, width, budget) -> the period of the window sequence, found by Brent's first phase (the
 * hare walks on, the tortoise jumps to it at powers of two), or 0 when the hare reaches position `budget` first.
 * The same search as findPeriod in engine.ts.
 */
const partisanPeriodSource: FunctionSource = {
  name: 'partisanPeriod',
  params: [...PARTISAN_PARAMS, ['$budget', 'i32']],
  result: 'i32',
  locals: [...PARTISAN_LOCALS, ['$at', 'i32'], ['$power', 'i32'], ['$period', 'i32']],
  body: `
    ${partisanStart}
    ${partisanStep('$wa', '$wb')}
    i32.const 1 local.set $at
    i32.const 1 local.set $power
    i32.const 1 local.set $period
    block $found
      loop $walk
        local.get $wa local.get $ta i64.eq local.get $wb local.get $tb i64.eq i32.and br_if $found
        local.get $at local.get $budget i32.ge_u if i32.const 0 return end
        local.get $power local.get $period i32.eq
        if
          local.get $wa local.set $ta
          local.get $wb local.set $tb
          local.get $power i32.const 1 i32.shl local.set $power
          i32.const 0 local.set $period
        end
        ${partisanStep('$wa', '$wb')}
        local.get $at i32.const 1 i32.add local.set $at
        local.get $period i32.const 1 i32.add local.set $period
        br $walk
      end
    end
    local.get $period`,
};

/**
 * partisanStart(masks, width, period) -> the first position whose window equals the one `period` positions
 * later (Brent's second phase: a lead `period` positions ahead, then both walk until they meet). As
 * findCycleStart in engine.ts; `period` must be one the first phase found.
 */
const partisanStartSource: FunctionSource = {
  name: 'partisanStart',
  params: [...PARTISAN_PARAMS, ['$period', 'i32']],
  result: 'i32',
  locals: [...PARTISAN_LOCALS, ['$i', 'i32']],
  body: `
    ${partisanStart}
    block $led
      loop $lead
        local.get $i local.get $period i32.ge_u br_if $led
        ${partisanStep('$wa', '$wb')}
        local.get $i i32.const 1 i32.add local.set $i
        br $lead
      end
    end
    i32.const 0 local.set $i
    block $met
      loop $walk
        local.get $wa local.get $ta i64.eq local.get $wb local.get $tb i64.eq i32.and br_if $met
        ${partisanStep('$wa', '$wb')}
        ${partisanStep('$ta', '$tb')}
        local.get $i i32.const 1 i32.add local.set $i
        br $walk
      end
    end
    local.get $i`,
};

/** partisanValues(masks, width, count, outAt) -> 0: A at positions 0 .. count - 1, one byte each (0/1), at outAt. */
const partisanValuesSource: FunctionSource = {
  name: 'partisanValues',
  params: [...PARTISAN_PARAMS, ['$count', 'i32'], ['$outAt', 'i32']],
  result: 'i32',
  locals: [...PARTISAN_LOCALS, ['$end', 'i32']],
  body: `
    ${partisanStart}
    local.get $outAt local.get $count i32.add local.set $end
    block $all
      loop $each
        local.get $outAt local.get $end i32.ge_u br_if $all
        ${partisanStep('$wa', '$wb')}
        local.get $outAt local.get $a i32.wrap_i64 i32.store8 offset=0
        local.get $outAt i32.const 1 i32.add local.set $outAt
        br $each
      end
    end
    i32.const 0`,
};

// ---------------------------------------------------------------------------------------------------------
// Multiplication's judge: whole contest tests read, solved and answered in one call per stretch of input. In
// JavaScript the same loop runs cold for most of a 10^4-test file (V8 optimises it late in so short a run).

/** Pushes 1 when the byte in $c is not one of the six ASCII whitespace bytes (9 .. 13, 32), else 0. */
const notSpace = `local.get $c i32.const 32 i32.ne local.get $c i32.const 9 i32.sub i32.const 4 i32.gt_u i32.and`;

/** Skips whitespace from $p (below $inEnd), adding the newlines passed to $newlines. */
const skipBlanks = (label: string): string => `
    block $${label}
      loop $${label}Each
        local.get $p local.get $inEnd i32.ge_u br_if $${label}
        local.get $p i32.load8_u offset=0 local.set $c
        ${notSpace} br_if $${label}
        local.get $newlines local.get $c i32.const 10 i32.eq i32.add local.set $newlines
        local.get $p i32.const 1 i32.add local.set $p
        br $${label}Each
      end
    end`;

/** Fails the test ($stop) unless the token that ended at $p ends in whitespace, or the input ends there. */
const tokenEnds = `
    local.get $p local.get $inEnd i32.ge_u
    if
      local.get $eof i32.eqz br_if $stop
    else
      local.get $p i32.load8_u offset=0 local.set $c
      ${notSpace} br_if $stop
    end`;

/** The locals every judge loop has: tests answered, newlines up to the last one, the scan's position and byte. */
const RUN_LOCALS = [
  ['$tests', 'i32'],
  ['$lines', 'i32'],
  ['$newlines', 'i32'],
  ['$p', 'i32'],
  ['$c', 'i32'],
] as const;

/**
 * A judge loop's frame: up to $maxTests tests from $in on, each read by `test` from $p (after the whitespace
 * before it, its newlines counted in $newlines) and answered. `test` branches to $stop before anything it does
 * not read plainly, and marks the test read (`testRead`) once it is. `finish` runs after the last test. At
 * $stateAt: where reading stopped, the newlines up to there, where writing stopped, then the locals
 * `moreState` (i32 each).
 */
const judgeLoop = (test: string, moreState: readonly string[] = [], finish = ''): string => `
    i32.const 0 local.set $tests
    i32.const 0 local.set $lines
    block $stop
      loop $test
        local.get $tests local.get $maxTests i32.ge_u br_if $stop
        local.get $in local.set $p
        i32.const 0 local.set $newlines
        ${skipBlanks('blanksBeforeTest')}
        ${test}
        local.get $tests i32.const 1 i32.add local.set $tests
        br $test
      end
    end
    ${finish}
    local.get $stateAt local.get $in i32.store offset=0
    local.get $stateAt local.get $lines i32.store offset=4
    local.get $stateAt local.get $out i32.store offset=8
    ${moreState.map((local, i) => `local.get $stateAt local.get ${local} i32.store offset=${12 + 4 * i}`).join('\n    ')}
    local.get $tests`;

/** Marks the test read: reading resumes after it, and its newlines count. */
const testRead = `
        local.get $p local.set $in
        local.get $lines local.get $newlines i32.add local.set $lines`;

/**
 * `dst` (an i64) = a plain decimal of 1 to `maxDigits` digits from $p ($start: where it began), ended by
 * whitespace or by the end of the input; anything else fails the test ($stop).
 */
const wideDecimal = (dst: string, maxDigits: number): string => `
        local.get $p local.set $start
        i64.const 0 local.set ${dst}
        block $digits
          loop $digit
            local.get $p local.get $inEnd i32.ge_u br_if $digits
            local.get $p i32.load8_u offset=0 i32.const 48 i32.sub local.tee $c
            i32.const 9 i32.gt_u br_if $digits
            local.get $p local.get $start i32.sub i32.const ${maxDigits} i32.ge_u br_if $stop
            local.get ${dst} i64.const 10 i64.mul local.get $c i64.extend_i32_u i64.add local.set ${dst}
            local.get $p i32.const 1 i32.add local.set $p
            br $digit
          end
        end
        local.get $p local.get $start i32.eq br_if $stop
        ${tokenEnds}`;

/** Writes "Alice" and a newline at $out ("Alic" as a little-endian i32, then "e\n" as an i16), moving $out on. */
const writeAlice = `
        local.get $out i32.const 0x63696c41 i32.store offset=0
        local.get $out i32.const 0x0a65 i32.store16 offset=4
        local.get $out i32.const 6 i32.add local.set $out`;

/** Writes "Bob" and a newline at $out (a little-endian i32), moving $out on. */
const writeBob = `
        local.get $out i32.const 0x0a626f42 i32.store offset=0
        local.get $out i32.const 4 i32.add local.set $out`;

/** Pushes the exponent of the prime at $at in $m ($m itself left alone; $q, $e scratch). */
const exponentAt = (label: string): string => `
    local.get $at i32.load offset=0 local.set $prime
    local.get $n local.set $q
    i32.const 0 local.set $e
    block $${label}
      loop $${label}Each
        local.get $q local.get $prime i32.rem_u br_if $${label}
        local.get $q local.get $prime i32.div_u local.set $q
        local.get $e i32.const 1 i32.add local.set $e
        br $${label}Each
      end
    end
    local.get $e`;

// ---------------------------------------------------------------------------------------------------------
// Multiplication's N from 2^31 to 10^18 in the judge loop: signatureOrSweep and sweptSignature of
// src/games/multiplication/solve.ts on 64-bit integers, with the tests that need a sweep gathered and swept
// four to a pass over the divisor table after the loop (smallestFactorsUpTo in src/math/factor.ts).

/** 1031^2: a number below it with no prime below 1031 is 1 or a prime. */
const ROUGH_SQUARE = 1031 * 1031;

/** Divides $m by $p (which divides it) as often as it goes, adding the times to $e. */
const divideOut = `
    loop $divide
      local.get $m local.get $p i64.div_u local.set $m
      local.get $e i32.const 1 i32.add local.set $e
      local.get $m local.get $p i64.rem_u i64.eqz br_if $divide
    end`;

/** Pushes x^k for the i64 local `x` (wrapping past 2^64: callers keep x^k below it). */
const powerOf = (x: string, k: number): string =>
  `local.get ${x} ${Array.from({ length: k - 1 }, () => `local.get ${x} i64.mul`).join(' ')}`;

/**
 * intRoot3(m) / intRoot5(m) -> r: the largest r with r^k <= m, for m <= 10^18 (a binary search below `hi`,
 * the least number whose k-th power passes 10^18 and stays below 2^64).
 */
const intRootSource = (k: number, hi: number): FunctionSource => ({
  name: `intRoot${k}`,
  params: [['$m', 'i64']],
  result: 'i64',
  locals: [
    ['$lo', 'i64'],
    ['$hi', 'i64'],
    ['$mid', 'i64'],
  ],
  body: `
    i64.const ${hi} local.set $hi
    block $found
      loop $halve
        local.get $hi local.get $lo i64.sub i64.const 1 i64.le_u br_if $found
        local.get $lo local.get $hi i64.add i64.const 1 i64.shr_u local.set $mid
        ${powerOf('$mid', k)} local.get $m i64.le_u
        if local.get $mid local.set $lo else local.get $mid local.set $hi end
        br $halve
      end
    end
    local.get $lo`,
});

/**
 * isqrt(m) -> s: the largest s with s^2 <= m, for m <= 10^18: the double's square root, which is within one
 * of it, moved down while s^2 > m and up while (s + 1)^2 <= m.
 */
const isqrtSource: FunctionSource = {
  name: 'isqrt',
  params: [['$m', 'i64']],
  result: 'i64',
  locals: [
    ['$s', 'i64'],
    ['$t', 'i64'],
  ],
  body: `
    local.get $m f64.convert_i64_u f64.sqrt i64.trunc_f64_u local.set $s
    block $low
      loop $down
        local.get $s local.get $s i64.mul local.get $m i64.le_u br_if $low
        local.get $s i64.const 1 i64.sub local.set $s
        br $down
      end
    end
    block $high
      loop $up
        local.get $s i64.const 1 i64.add local.tee $t local.get $t i64.mul local.get $m i64.gt_u br_if $high
        local.get $t local.set $s
        br $up
      end
    end
    local.get $s`,
};

/**
 * roughKind(m) -> kind, for 1 < m <= 10^18 with no prime below 1031 (roughSignature in solve.ts): 1 when m is
 * a prime; k (2 to 5) when m = p^k, p a prime (k is then the largest such exponent); 18 when m = (p q)^2; 0
 * when m has two distinct primes or more and is no perfect power. (p^6 and (p q)^3 already pass 10^18.)
 */
const roughKindSource: FunctionSource = {
  name: 'roughKind',
  params: [['$m', 'i64']],
  result: 'i32',
  locals: [
    ['$r', 'i64'],
    ['$s', 'i64'],
    ['$square', 'i32'],
  ],
  body: `
    local.get $m i64.const ${ROUGH_SQUARE} i64.lt_u if i32.const 1 return end
    local.get $m call $isPrime if i32.const 1 return end
    ;; the largest exponent first, as perfectPower in src/math/factor.ts
    local.get $m call $intRoot5 local.set $r
    ${powerOf('$r', 5)} local.get $m i64.eq if i32.const 5 return end
    local.get $m call $isqrt local.tee $s local.get $s i64.mul local.get $m i64.eq local.set $square
    local.get $square
    if ;; a fourth power is the square of a square (its root, below 1031^2 with no prime below 1031, is prime)
      local.get $s call $isqrt local.tee $r local.get $r i64.mul local.get $s i64.eq if i32.const 4 return end
    end
    local.get $m call $intRoot3 local.set $r
    ${powerOf('$r', 3)} local.get $m i64.eq if i32.const 3 return end
    local.get $square
    if
      local.get $s i64.const ${ROUGH_SQUARE} i64.lt_u if i32.const 2 return end
      local.get $s call $isPrime if i32.const 2 return end
      i32.const 18 return
    end
    i32.const 0`,
};

/**
 * twoOutcome(a, b) -> outcome for the first player, N = p^a q^b (outcomeOf in solve.ts): 1 (the second wins by
 * mirroring) when a = b, 0 (the first wins) when they are one apart, else 2 (a tie).
 */
const twoOutcomeSource: FunctionSource = {
  name: 'twoOutcome',
  params: [
    ['$a', 'i32'],
    ['$b', 'i32'],
  ],
  result: 'i32',
  locals: [],
  body: `
    local.get $a local.get $b i32.eq if i32.const 1 return end
    i32.const 0 i32.const 2
    local.get $a local.get $b i32.sub i32.const 1 i32.add i32.const 2 i32.le_u
    select`,
};

/** Pushes the outcome for the first player of N = p^e (e the i32 local): 0 when e is odd, else 1. */
const oneOutcome = (e: string): string => `i32.const 1 local.get ${e} i32.const 1 i32.and i32.sub`;

/**
 * multiplicationBig(n, primesAt, roughAt) -> outcome for the first player of N = n (2^31 <= n <= 10^18): 0 the
 * first wins, 1 the second, 2 a tie; or 3 + 4 * bound when only a sweep for N's least prime up to `bound` can
 * tell (N then has no prime below 1031), for multiplicationSwept. The divisor table must cover the primes
 * below 1024; its first roughAt entries are the odd primes below 1024 (the next is 1031), their values at
 * primesAt (u32 each).
 */
const multiplicationBigSource: FunctionSource = {
  name: 'multiplicationBig',
  params: [
    ['$n', 'i64'],
    ['$primesAt', 'i32'],
    ['$roughAt', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$m', 'i64'],
    ['$p', 'i64'],
    ['$count', 'i32'],
    ['$e1', 'i32'],
    ['$e2', 'i32'],
    ['$e', 'i32'],
    ['$i', 'i32'],
    ['$kind', 'i32'],
    ['$bound', 'i32'],
  ],
  body: `
    local.get $n local.set $m
    ;; the small primes stripped (stripSmallPrimes in src/math/factor.ts): 2 by its trailing zeros, then the table
    local.get $n i64.ctz i32.wrap_i64 local.tee $e
    if
      i32.const 1 local.set $count
      local.get $e local.set $e1
      local.get $m local.get $e i64.extend_i32_u i64.shr_u local.set $m
    end
    block $stripped
      loop $strip
        local.get $m i64.const 1 i64.eq br_if $stripped
        local.get $m local.get $i local.get $roughAt call $findDivisor local.tee $i
        i32.const 0 i32.lt_s br_if $stripped
        local.get $primesAt local.get $i i32.const 2 i32.shl i32.add i32.load offset=0 i64.extend_i32_u local.set $p
        i32.const 0 local.set $e
        ${divideOut}
        local.get $count i32.const 1 i32.add local.tee $count
        i32.const 3 i32.ge_u if i32.const 2 return end ;; three primes: a tie
        local.get $count i32.const 1 i32.eq
        if local.get $e local.set $e1 else local.get $e local.set $e2 end
        local.get $i i32.const 1 i32.add local.set $i
        br $strip
      end
    end
    local.get $m i64.const 1 i64.eq
    if
      local.get $count i32.const 1 i32.eq if ${oneOutcome('$e1')} return end
      local.get $e1 local.get $e2 call $twoOutcome return
    end
    local.get $count i32.const 2 i32.eq if i32.const 2 return end ;; two small primes and more
    local.get $m call $roughKind local.tee $kind
    i32.eqz
    if
      local.get $count if i32.const 2 return end ;; a small prime and two more
      ;; p q or three primes or more: only a sweep to the cube root tells (to 10^6 at most)
      local.get $m call $intRoot3 i32.wrap_i64 i32.const 1 i32.add local.tee $bound
      i32.const 1000000 local.get $bound i32.const 1000000 i32.lt_u select
      i32.const 2 i32.shl i32.const 3 i32.add return
    end
    local.get $kind i32.const 16 i32.ge_u
    if ;; (p q)^2
      local.get $count if i32.const 2 return end
      i32.const 1 return
    end
    local.get $count if local.get $e1 local.get $kind call $twoOutcome return end
    ${oneOutcome('$kind')}`,
};

/**
 * multiplicationSwept(m, p) -> outcome for the first player of N = m, which multiplicationBig left to a sweep,
 * given p: m's least prime up to the sweep's bound, or 0 when there is none (sweptSignature in solve.ts).
 */
const multiplicationSweptSource: FunctionSource = {
  name: 'multiplicationSwept',
  params: [
    ['$m', 'i64'],
    ['$p', 'i64'],
  ],
  result: 'i32',
  locals: [
    ['$e', 'i32'],
    ['$kind', 'i32'],
  ],
  body: `
    local.get $p i64.eqz if i32.const 1 return end ;; p q: equal exponents, the second player mirrors
    ${divideOut}
    local.get $m call $roughKind local.tee $kind
    i32.eqz if i32.const 2 return end
    local.get $kind i32.const 16 i32.ge_u if i32.const 2 return end
    local.get $e local.get $kind call $twoOutcome`,
};

/**
 * tableCountBelow(primesAt, count, bound) -> how many of the table's `count` primes (u32 each at primesAt,
 * ascending) are below `bound`: a binary search.
 */
const tableCountBelowSource: FunctionSource = {
  name: 'tableCountBelow',
  params: [
    ['$primesAt', 'i32'],
    ['$count', 'i32'],
    ['$bound', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$lo', 'i32'],
    ['$mid', 'i32'],
  ],
  body: `
    block $found
      loop $halve
        local.get $lo local.get $count i32.ge_u br_if $found
        local.get $lo local.get $count i32.add i32.const 1 i32.shr_u local.set $mid
        local.get $primesAt local.get $mid i32.const 2 i32.shl i32.add i32.load offset=0 local.get $bound i32.lt_u
        if local.get $mid i32.const 1 i32.add local.set $lo else local.get $mid local.set $count end
        br $halve
      end
    end
    local.get $lo`,
};

/**
 * multiplicationSweep(pendAt, count, primesAt, tableCount, roughAt): for each of `count` entries of 16 bytes
 * at pendAt (m as u64, then a bound as u32), m's least table prime from index roughAt up to the bound replaces
 * the bound (0: none), four entries to a pass over the table (findDivisors), as smallestFactorsUpTo in
 * src/math/factor.ts: a lane leaves its pass at its prime or at its own bound.
 */
const multiplicationSweepSource: FunctionSource = (() => {
  const lanes = Array.from({ length: SWEEP_LANES }, (_, j) => j);
  const each = (text: (j: number) => string): string => lanes.map(text).join('\n');
  return {
    name: 'multiplicationSweep',
    params: [
      ['$pendAt', 'i32'],
      ['$count', 'i32'],
      ['$primesAt', 'i32'],
      ['$tableCount', 'i32'],
      ['$roughAt', 'i32'],
    ],
    locals: [
      ['$g', 'i32'],
      ['$i', 'i32'],
      ['$to', 'i32'],
      ['$hit', 'i32'],
      ['$p', 'i32'],
      ...lanes.flatMap(
        (j) =>
          [
            [`$m${j}`, 'i64'],
            [`$end${j}`, 'i32'],
            [`$at${j}`, 'i32'],
          ] as const,
      ),
    ],
    body: `
    block $groups
      loop $group
        local.get $g local.get $count i32.ge_u br_if $groups
        ;; the lanes: an entry's m and the table index past its bound, or 1 (which divides nothing) as padding
        ${each(
          (j) => `
        local.get $pendAt local.get $g i32.const ${j} i32.add i32.const 4 i32.shl i32.add local.set $at${j}
        i64.const 1 local.set $m${j}
        local.get $roughAt local.set $end${j}
        local.get $g i32.const ${j} i32.add local.get $count i32.lt_u
        if
          local.get $at${j} i64.load offset=0 local.set $m${j}
          local.get $primesAt local.get $tableCount local.get $at${j} i32.load offset=8 i32.const 1 i32.add
          call $tableCountBelow local.set $end${j}
          local.get $at${j} i32.const 0 i32.store offset=8
        end`,
        )}
        local.get $roughAt local.set $i
        block $passes
          loop $pass
            ;; to the nearest end of a lane still in the pass
            i32.const -1 local.set $to
            ${each(
              (j) => `
            local.get $m${j} i64.const 1 i64.ne local.get $end${j} local.get $to i32.lt_u i32.and
            if local.get $end${j} local.set $to end`,
            )}
            local.get $to i32.const -1 i32.eq br_if $passes
            i32.const -1 local.set $hit
            local.get $i local.get $to i32.lt_u
            if
              ${lanes.map((j) => `local.get $m${j}`).join(' ')} local.get $i local.get $to call $findDivisors
              local.set $hit
            end
            local.get $hit i32.const 0 i32.lt_s
            if ;; no prime up to there: the lanes ending there leave
              ${each((j) => `local.get $end${j} local.get $to i32.le_u if i64.const 1 local.set $m${j} end`)}
              local.get $to local.get $i local.get $to local.get $i i32.gt_u select local.set $i
              br $pass
            end
            local.get $primesAt local.get $hit i32.const ${SWEEP_LANES} i32.shr_u local.tee $i
            i32.const 2 i32.shl i32.add i32.load offset=0 local.set $p
            ${each(
              (j) => `local.get $hit i32.const ${1 << j} i32.and
            if local.get $at${j} local.get $p i32.store offset=8 i64.const 1 local.set $m${j} end`,
            )}
            local.get $i i32.const 1 i32.add local.set $i
            br $pass
          end
        end
        local.get $g i32.const ${SWEEP_LANES} i32.add local.set $g
        br $group
      end
    end`,
  };
})();

/**
 * multiplicationRun(in, inEnd, eof, maxTests, out, stateAt, factorOut, tableAt, groups, basesAt, codesAt,
 * pendAt, primesAt, tableCount, roughAt, tableReady, sortAt) -> tests. Reads up to maxTests tests `N Name` from the
 * bytes [in, inEnd), each N a plain decimal of at most 19 digits from 2 to 10^18 and each Name "Alice" or
 * "Bob", both followed by whitespace (or by the end when eof is 1), and writes each answer ("Alice", "Bob" or
 * "tie", then a newline) from `out` on. It stops before the first test that is anything else (a token at the
 * end of the bytes, a mistake), which the JavaScript reader then takes the careful way. At stateAt: the
 * address after the last test read, the newlines read up to it, the address after the last answer written,
 * and what it stopped for when the divisor table was short (i32 each): 0 nothing, 1 an N of 2^31 or more
 * (tableReady was 0: the table must cover the primes below 1024), 2 an N that needs a sweep (tableReady was
 * below 2: the table must cover the primes up to 10^6).
 *
 * N below 2^31: the closed form (src/games/multiplication/solve.ts) from factor32's distinct primes: three or
 * more, a tie; one prime, the first player wins when its exponent is odd; two, the second when their exponents
 * are equal, the first when they are one apart, else a tie. N from 2^31: multiplicationBig, and the tests it
 * leaves to a sweep wait in entries of 16 bytes at pendAt (N, its bound, the test) until the loop ends, when
 * multiplicationSweep sweeps them all, in order of their bounds (copied to sortAt). Each test's answer is kept
 * as a byte at codesAt (0 Alice, 1 Bob, 2 tie; 4 + the first player while it waits) and written out at the
 * end. codesAt must have room for a byte per test the call reads (fewer than 2^18), pendAt for 16 bytes, and
 * sortAt for 24 bytes, and 1 KB more. primesAt, tableCount and roughAt: the divisor table's primes, how many it
 * holds, and the index of its first prime from 1031 on.
 */
const multiplicationRunSource: FunctionSource = {
  name: 'multiplicationRun',
  params: [
    ['$in', 'i32'],
    ['$inEnd', 'i32'],
    ['$eof', 'i32'],
    ['$maxTests', 'i32'],
    ['$out', 'i32'],
    ['$stateAt', 'i32'],
    ['$factorOut', 'i32'],
    ['$tableAt', 'i32'],
    ['$groups', 'i32'],
    ['$basesAt', 'i32'],
    ['$codesAt', 'i32'],
    ['$pendAt', 'i32'],
    ['$primesAt', 'i32'],
    ['$tableCount', 'i32'],
    ['$roughAt', 'i32'],
    ['$tableReady', 'i32'],
    ['$sortAt', 'i32'],
  ],
  result: 'i32',
  locals: [
    ...RUN_LOCALS,
    ['$start', 'i32'],
    ['$v', 'i64'],
    ['$n', 'i32'],
    ['$first', 'i32'],
    ['$count', 'i32'],
    ['$at', 'i32'],
    ['$prime', 'i32'],
    ['$q', 'i32'],
    ['$e', 'i32'],
    ['$outcome', 'i32'],
    ['$pending', 'i32'],
    ['$need', 'i32'],
    ['$code', 'i32'],
    ['$k', 'i32'],
    ['$keysAt', 'i32'],
    ['$countsAt', 'i32'],
    ['$sweepAt', 'i32'],
  ],
  body: judgeLoop(
    `
        ;; N: 1 to 19 digits (below 2^64: the sum cannot overflow), then whitespace or the end of the input
        ${wideDecimal('$v', 19)}
        local.get $v i64.const 2 i64.lt_u br_if $stop
        i64.const 1000000000000000000 local.get $v i64.lt_u br_if $stop
        local.get $v i32.wrap_i64 local.set $n
        ${skipBlanks('blanksBeforeName')}
        ;; the name: "Alice" or "Bob", then whitespace or the end of the input
        local.get $p local.set $start
        block $word
          loop $letter
            local.get $p local.get $inEnd i32.ge_u br_if $word
            local.get $p i32.load8_u offset=0 local.set $c
            ${notSpace} i32.eqz br_if $word
            local.get $p i32.const 1 i32.add local.set $p
            br $letter
          end
        end
        local.get $p local.get $inEnd i32.ge_u local.get $eof i32.eqz i32.and br_if $stop
        i32.const 2 local.set $first ;; neither name
        local.get $p local.get $start i32.sub i32.const 5 i32.eq
        if ;; "Alic" as a little-endian i32, then "e"
          local.get $start i32.load offset=0 i32.const 0x63696c41 i32.eq
          local.get $start i32.load8_u offset=4 i32.const 0x65 i32.eq i32.and
          if i32.const 0 local.set $first end
        end
        local.get $p local.get $start i32.sub i32.const 3 i32.eq
        if ;; "Bo" as a little-endian i16, then "b"
          local.get $start i32.load16_u offset=0 i32.const 0x6f42 i32.eq
          local.get $start i32.load8_u offset=2 i32.const 0x62 i32.eq i32.and
          if i32.const 1 local.set $first end
        end
        local.get $first i32.const 2 i32.eq br_if $stop
        ;; the outcome for the first player (0 first, 1 second, 2 tie)
        local.get $v i64.const 2147483647 i64.gt_u
        if
          i32.const 1 local.set $need
          local.get $tableReady i32.eqz br_if $stop
          local.get $v local.get $primesAt local.get $roughAt call $multiplicationBig local.tee $outcome
          i32.const 3 i32.ge_u
          if ;; a sweep: the test waits for it
            i32.const 2 local.set $need
            local.get $tableReady i32.const 2 i32.lt_u br_if $stop
            local.get $pendAt local.get $pending i32.const 4 i32.shl i32.add local.tee $at local.get $v i64.store offset=0
            local.get $at local.get $outcome i32.const 2 i32.shr_u i32.store offset=8
            local.get $at local.get $tests i32.store offset=12
            local.get $pending i32.const 1 i32.add local.set $pending
            i32.const 4 local.set $outcome ;; with $first below: 4 + the first player
          end
          i32.const 0 local.set $need
        else
          local.get $n local.get $factorOut local.get $tableAt local.get $groups local.get $basesAt call $factor32
          local.get $factorOut i32.sub i32.const 2 i32.shr_u local.set $count
          local.get $factorOut local.set $at
          i32.const 2 local.set $outcome
          local.get $count i32.const 1 i32.eq
          if
            i32.const 1 ${exponentAt('onlyPrime')} i32.const 1 i32.and i32.sub local.set $outcome
          end
          local.get $count i32.const 2 i32.eq
          if
            ${exponentAt('firstPrime')}
            local.get $factorOut i32.const 4 i32.add local.set $at
            ${exponentAt('secondPrime')}
            call $twoOutcome local.set $outcome
          end
        end
        ${testRead}
        ;; the answer's code: a tie, or the winner (the first player on outcome 0, the other on 1)
        local.get $codesAt local.get $tests i32.add
        i32.const 2 local.get $first local.get $outcome i32.xor local.get $outcome i32.const 2 i32.eq select
        i32.store8 offset=0`,
    ['$need'],
    `
    ;; the waiting tests in order of their bounds (to 256), so that the four lanes of a pass end close together:
    ;; keys of bound >> 8 above the entry's index (below 2^18), sorted by their top 16 bits, then the entries
    ;; copied to sortAt in that order
    local.get $pendAt local.set $sweepAt
    local.get $pending i32.const 1 i32.gt_u
    if
      local.get $sortAt local.get $pending i32.const 4 i32.shl i32.add local.tee $keysAt
      local.get $pending i32.const 3 i32.shl i32.add local.set $countsAt
      block $keyed
        loop $key
          local.get $k local.get $pending i32.ge_u br_if $keyed
          local.get $keysAt local.get $k i32.const 2 i32.shl i32.add
          local.get $pendAt local.get $k i32.const 4 i32.shl i32.add i32.load offset=8
          i32.const 8 i32.shr_u i32.const 18 i32.shl local.get $k i32.or
          i32.store offset=0
          local.get $k i32.const 1 i32.add local.set $k
          br $key
        end
      end
      local.get $keysAt local.get $keysAt local.get $pending i32.const 2 i32.shl i32.add local.tee $start
      local.get $pending i32.const 16 local.get $countsAt call $radixPass
      local.get $start local.get $keysAt local.get $pending i32.const 24 local.get $countsAt call $radixPass
      i32.const 0 local.set $k
      block $copied
        loop $copy
          local.get $k local.get $pending i32.ge_u br_if $copied
          local.get $sortAt local.get $k i32.const 4 i32.shl i32.add local.tee $at
          local.get $pendAt
          local.get $keysAt local.get $k i32.const 2 i32.shl i32.add i32.load offset=0 i32.const 262143 i32.and
          i32.const 4 i32.shl i32.add local.tee $start i64.load offset=0
          i64.store offset=0
          local.get $at local.get $start i64.load offset=8 i64.store offset=8
          local.get $k i32.const 1 i32.add local.set $k
          br $copy
        end
      end
      local.get $sortAt local.set $sweepAt
    end
    ;; the waiting tests swept and answered
    local.get $sweepAt local.get $pending local.get $primesAt local.get $tableCount local.get $roughAt
    call $multiplicationSweep
    local.get $sweepAt local.set $at
    block $answered
      loop $answer
        local.get $pending i32.eqz br_if $answered
        local.get $codesAt local.get $at i32.load offset=12 i32.add local.tee $start
        local.get $at i64.load offset=0 local.get $at i64.load32_u offset=8 call $multiplicationSwept local.set $outcome
        i32.const 2
        local.get $start i32.load8_u offset=0 i32.const 1 i32.and local.get $outcome i32.xor
        local.get $outcome i32.const 2 i32.eq select
        i32.store8 offset=0
        local.get $at i32.const 16 i32.add local.set $at
        local.get $pending i32.const 1 i32.sub local.set $pending
        br $answer
      end
    end
    ;; the answers written out
    local.get $codesAt local.set $at
    local.get $codesAt local.get $tests i32.add local.set $start
    block $written
      loop $write
        local.get $at local.get $start i32.ge_u br_if $written
        local.get $at i32.load8_u offset=0 local.tee $code
        i32.const 2 i32.eq
        if
          local.get $out i32.const 0x0a656974 i32.store offset=0 ;; "tie", a newline
          local.get $out i32.const 4 i32.add local.set $out
        else
          local.get $code if ${writeBob} else ${writeAlice} end
        end
        local.get $at i32.const 1 i32.add local.set $at
        br $write
      end
    end`,
  ),
};

// ---------------------------------------------------------------------------------------------------------
// ABGAME's judge: whole boards read and answered in one call per stretch of input, for the same reason.

/**
 * abgameRun(in, inEnd, eof, maxTests, out, stateAt) -> boards. Reads up to maxTests boards from the bytes
 * [in, inEnd), each a run of 'A', 'B' and '.' after whitespace, ended by whitespace (or by the end when eof is
 * 1), and writes each winner ("A" or "B", then a newline) from `out` on. It stops before the first board that
 * is anything else (a byte that is not a cell, a board reaching the end of the bytes, no board at all), which
 * the JavaScript reader then takes the careful way. At stateAt: the address after the last board read (its
 * whitespace left unread), the newlines read up to it, the address after the last answer written (i32 each).
 *
 * The rule (src/games/abgame/winner-scan.ts, cell by cell): characters pair up left to right; a pair's gap is
 * a spare store for its owner when both are the same player's, else a contested heap; an odd last character's
 * gap to the wall is its owner's. A wins iff spareA > spareB, or they tie and the XOR of the heaps is not 0.
 */
const abgameRunSource: FunctionSource = {
  name: 'abgameRun',
  params: [
    ['$in', 'i32'],
    ['$inEnd', 'i32'],
    ['$eof', 'i32'],
    ['$maxTests', 'i32'],
    ['$out', 'i32'],
    ['$stateAt', 'i32'],
  ],
  result: 'i32',
  locals: [
    ...RUN_LOCALS,
    ['$diff', 'i32'],
    ['$xor', 'i32'],
    ['$state', 'i32'], // 0: no character waits for its partner; else 1 | owner << 1 (owner 0 for A, 1 for B)
    ['$run', 'i32'], // the dots since the last character
    ['$owner', 'i32'],
  ],
  body: judgeLoop(`
        local.get $p local.get $inEnd i32.ge_u br_if $stop
        i32.const 0 local.set $diff
        i32.const 0 local.set $xor
        i32.const 0 local.set $state
        i32.const 0 local.set $run
        block $ended
          loop $cell
            local.get $p local.get $inEnd i32.ge_u
            if
              local.get $eof i32.eqz br_if $stop
              br $ended
            end
            local.get $p i32.load8_u offset=0 local.tee $c i32.const 46 i32.eq
            if ;; a dot
              local.get $run i32.const 1 i32.add local.set $run
              local.get $p i32.const 1 i32.add local.set $p
              br $cell
            end
            local.get $c i32.const 65 i32.sub local.tee $owner i32.const 1 i32.gt_u
            if ;; not a character: whitespace ends the board, anything else is for JavaScript to name
              ${notSpace} br_if $stop
              br $ended
            end
            local.get $state i32.const 1 i32.and
            if ;; the character closes the waiting pair
              local.get $state i32.const 1 i32.shr_u local.get $owner i32.ne
              if
                local.get $xor local.get $run i32.xor local.set $xor
              else
                local.get $diff local.get $run i32.const 0 local.get $run i32.sub local.get $owner i32.eqz select
                i32.add local.set $diff
              end
              i32.const 0 local.set $state
            else
              local.get $owner i32.const 1 i32.shl i32.const 1 i32.or local.set $state
            end
            i32.const 0 local.set $run
            local.get $p i32.const 1 i32.add local.set $p
            br $cell
          end
        end
        ;; an odd last character: its gap to the wall is its owner's
        local.get $state i32.const 1 i32.and
        if
          local.get $diff local.get $run i32.const 0 local.get $run i32.sub local.get $state i32.const 2 i32.and i32.eqz select
          i32.add local.set $diff
        end
        local.get $out
        i32.const 0x0a41 i32.const 0x0a42
        local.get $diff i32.const 0 i32.gt_s local.get $diff i32.eqz local.get $xor i32.const 0 i32.ne i32.and i32.or
        select ;; "A" or "B", then a newline (a little-endian i16)
        i32.store16 offset=0
        local.get $out i32.const 2 i32.add local.set $out
        ${testRead}`),
};

// ---------------------------------------------------------------------------------------------------------
// PartisanGame's judge: whole tests read and answered in one call per stretch of input, for the same reason,
// when both move sets lie within 1..PARTISAN_KERNEL_MOVES (every test of the contest's limits).

/** Moves up to this: a pair of sets is a slot, Alice's mask times 2^5 plus Bob's (1,024 slots). */
export const PARTISAN_KERNEL_MOVES = 5;

/** $v = a plain decimal of 1 to 3 digits after whitespace, at most `max`, else the test fails ($stop). */
const smallInt = (label: string, max: number): string => `
    ${skipBlanks(`${label}Blanks`)}
    local.get $p local.set $start
    i32.const 0 local.set $v
    block $${label}
      loop $${label}Digit
        local.get $p local.get $inEnd i32.ge_u br_if $${label}
        local.get $p i32.load8_u offset=0 i32.const 48 i32.sub local.tee $c
        i32.const 9 i32.gt_u br_if $${label}
        local.get $p local.get $start i32.sub i32.const 3 i32.ge_u br_if $stop
        local.get $v i32.const 10 i32.mul local.get $c i32.add local.set $v
        local.get $p i32.const 1 i32.add local.set $p
        br $${label}Digit
      end
    end
    local.get $p local.get $start i32.eq br_if $stop
    ${tokenEnds}
    local.get $v i32.const ${max} i32.gt_u br_if $stop`;

/** $mask = a set: a count, then that many distinct moves from 1 to PARTISAN_KERNEL_MOVES, else $stop. */
const moveSet = (label: string): string => `
    ${smallInt(`${label}Count`, 64)}
    local.get $v local.set $count
    i32.const 0 local.set $mask
    block $${label}
      loop $${label}Move
        local.get $count i32.eqz br_if $${label}
        ${smallInt(`${label}Value`, PARTISAN_KERNEL_MOVES)}
        local.get $v i32.eqz br_if $stop
        i32.const 1 local.get $v i32.const 1 i32.sub i32.shl local.tee $c
        local.get $mask i32.and br_if $stop ;; a move twice: JavaScript names it
        local.get $mask local.get $c i32.or local.set $mask
        local.get $count i32.const 1 i32.sub local.set $count
        br $${label}Move
      end
    end`;

/**
 * partisanRun(in, inEnd, eof, maxTests, out, stateAt, slotsAt, poolAt, poolUsed, poolEnd) -> tests. Reads up to
 * maxTests tests `n k a_1..a_k m b_1..b_m` from [in, inEnd), n a plain decimal of at most 19 digits up to 10^18,
 * the counts and moves of at most 3 digits, every move from 1 to PARTISAN_KERNEL_MOVES and distinct within its
 * set, each token followed by whitespace (or by the end when eof is 1), and writes who wins ("Alice" or "Bob",
 * then a newline) from `out` on. It stops before the first test that is anything else (larger moves, a token
 * at the end of the bytes, a mistake), which the JavaScript reader then takes the careful way.
 *
 * A at n comes from the pair's table: its pre-period and one period of A (a byte per position) in the pool
 * from poolAt, made here on the pair's first test with partisanPeriod, partisanStart and partisanValues, as
 * OutcomeCache does (src/games/partisan/outcome.ts). Slot s = Alice's mask << 5 | Bob's, at slotsAt + 12 s:
 * 1 + the table's offset in the pool (0: no table yet), the pre-period, the period (i32 each). A table that
 * would end past poolEnd stops the run with a flag set, for a larger pool.
 *
 * At stateAt: the address after the last test read, the newlines read up to it, the address after the last
 * answer written, the pool's bytes in use, and 1 when the pool ran out (i32 each).
 */
const partisanRunSource: FunctionSource = {
  name: 'partisanRun',
  params: [
    ['$in', 'i32'],
    ['$inEnd', 'i32'],
    ['$eof', 'i32'],
    ['$maxTests', 'i32'],
    ['$out', 'i32'],
    ['$stateAt', 'i32'],
    ['$slotsAt', 'i32'],
    ['$poolAt', 'i32'],
    ['$poolUsed', 'i32'],
    ['$poolEnd', 'i32'],
  ],
  result: 'i32',
  locals: [
    ...RUN_LOCALS,
    ['$start', 'i32'],
    ['$v', 'i32'],
    ['$n', 'i64'],
    ['$count', 'i32'],
    ['$mask', 'i32'],
    ['$alice', 'i32'],
    ['$slot', 'i32'],
    ['$width', 'i32'],
    ['$period', 'i32'],
    ['$pre', 'i32'],
    ['$full', 'i32'], // 1 when the pool ran out (a local starts at 0)
  ],
  body: judgeLoop(
    `
        ;; n: 1 to 19 digits (below 2^64), at most 10^18
        ${wideDecimal('$n', 19)}
        i64.const 1000000000000000000 local.get $n i64.lt_u br_if $stop
        ${moveSet('alice')}
        local.get $mask local.set $alice
        ${moveSet('bob')}
        local.get $slotsAt local.get $alice i32.const ${PARTISAN_KERNEL_MOVES} i32.shl local.get $mask i32.or
        i32.const 12 i32.mul i32.add local.set $slot
        local.get $slot i32.load offset=0 i32.eqz
        if ;; the pair's first test: its table
          i32.const 32 local.get $alice local.get $mask i32.or i32.const 1 i32.or i32.clz i32.sub local.set $width
          local.get $alice i32.const 0 local.get $mask i32.const 0 local.get $width i32.const 1048576 call $partisanPeriod
          local.set $period
          local.get $alice i32.const 0 local.get $mask i32.const 0 local.get $width local.get $period call $partisanStart
          local.get $width i32.sub local.tee $pre
          i32.const 0 i32.le_s if i32.const 0 local.set $pre end
          local.get $poolAt local.get $poolUsed i32.add local.get $pre i32.add local.get $period i32.add
          local.get $poolEnd i32.gt_u
          if ;; no room: the test is left unread, for a larger pool
            i32.const 1 local.set $full
            br $stop
          end
          local.get $alice i32.const 0 local.get $mask i32.const 0 local.get $width
          local.get $pre local.get $period i32.add local.get $poolAt local.get $poolUsed i32.add
          call $partisanValues drop
          local.get $slot local.get $poolUsed i32.const 1 i32.add i32.store offset=0
          local.get $slot local.get $pre i32.store offset=4
          local.get $slot local.get $period i32.store offset=8
          local.get $poolUsed local.get $pre i32.add local.get $period i32.add local.set $poolUsed
        end
        ${testRead}
        ;; A at n: n itself within the pre-period, else folded into the first period ($v: the position)
        local.get $slot i32.load offset=4 local.set $pre
        local.get $n local.get $pre i64.extend_i32_u i64.lt_u
        if
          local.get $n i32.wrap_i64 local.set $v
        else
          local.get $n local.get $pre i64.extend_i32_u i64.sub local.get $slot i64.load32_u offset=8 i64.rem_u
          i32.wrap_i64 local.get $pre i32.add local.set $v
        end
        local.get $poolAt local.get $slot i32.load offset=0 i32.add i32.const 1 i32.sub local.get $v i32.add
        i32.load8_u offset=0
        if ${writeAlice} else ${writeBob} end`,
    ['$poolUsed', '$full'],
  ),
};

// ---------------------------------------------------------------------------------------------------------
// A judge's list of numbers (SEAGM's cards): read in the kernel, a stretch of input at a time.

/**
 * readInts(in, inEnd, eof, maxTests, out, stateAt, lo, hi) -> numbers: up to maxTests plain decimals of 1 to 10
 * digits from lo to hi (unsigned), each after whitespace and ended by whitespace (or by the end when eof is 1),
 * read from [in, inEnd) and written from `out` on (i32 each). It stops before the first token that is anything
 * else (a token at the end of the bytes, a sign, a number out of range, more digits), which the JavaScript
 * reader then takes the careful way. At stateAt: where reading stopped, the newlines up to there, `out` there.
 */
const readIntsSource: FunctionSource = {
  name: 'readInts',
  params: [
    ['$in', 'i32'],
    ['$inEnd', 'i32'],
    ['$eof', 'i32'],
    ['$maxTests', 'i32'],
    ['$out', 'i32'],
    ['$stateAt', 'i32'],
    ['$lo', 'i32'],
    ['$hi', 'i32'],
  ],
  result: 'i32',
  locals: [...RUN_LOCALS, ['$start', 'i32'], ['$wide', 'i64']],
  body: judgeLoop(`
        ${wideDecimal('$wide', 10)}
        local.get $wide local.get $lo i64.extend_i32_u i64.lt_u br_if $stop
        local.get $hi i64.extend_i32_u local.get $wide i64.lt_u br_if $stop
        ${testRead}
        local.get $out local.get $wide i32.wrap_i64 i32.store offset=0
        local.get $out i32.const 4 i32.add local.set $out`),
};

/**
 * radixPass(srcAt, dstAt, count, shift, countsAt): one pass of an LSD radix sort of `count` non-negative i32 at
 * srcAt into dstAt (stable), by their byte (value >>> shift) & 255; countsAt: 256 i32 of scratch.
 */
const radixPassSource: FunctionSource = {
  name: 'radixPass',
  params: [
    ['$srcAt', 'i32'],
    ['$dstAt', 'i32'],
    ['$count', 'i32'],
    ['$shift', 'i32'],
    ['$countsAt', 'i32'],
  ],
  locals: [
    ['$i', 'i32'],
    ['$v', 'i32'],
    ['$at', 'i32'],
    ['$sum', 'i32'],
    ['$next', 'i32'],
  ],
  body: `
    local.get $countsAt i32.const 0 i32.const 1024 memory.fill
    block $counted
      loop $count
        local.get $i local.get $count i32.ge_u br_if $counted
        local.get $countsAt
        local.get $srcAt local.get $i i32.const 2 i32.shl i32.add i32.load offset=0 local.get $shift i32.shr_u
        i32.const 255 i32.and i32.const 2 i32.shl i32.add local.tee $at
        local.get $at i32.load offset=0 i32.const 1 i32.add i32.store offset=0
        local.get $i i32.const 1 i32.add local.set $i
        br $count
      end
    end
    ;; each byte's first place
    i32.const 0 local.set $i
    block $summed
      loop $sum
        local.get $i i32.const 256 i32.ge_u br_if $summed
        local.get $countsAt local.get $i i32.const 2 i32.shl i32.add local.tee $at i32.load offset=0 local.set $next
        local.get $at local.get $sum i32.store offset=0
        local.get $sum local.get $next i32.add local.set $sum
        local.get $i i32.const 1 i32.add local.set $i
        br $sum
      end
    end
    i32.const 0 local.set $i
    block $moved
      loop $move
        local.get $i local.get $count i32.ge_u br_if $moved
        local.get $countsAt
        local.get $srcAt local.get $i i32.const 2 i32.shl i32.add i32.load offset=0 local.tee $v
        local.get $shift i32.shr_u i32.const 255 i32.and i32.const 2 i32.shl i32.add local.tee $at
        i32.load offset=0 local.set $next
        local.get $at local.get $next i32.const 1 i32.add i32.store offset=0
        local.get $dstAt local.get $next i32.const 2 i32.shl i32.add local.get $v i32.store offset=0
        local.get $i i32.const 1 i32.add local.set $i
        br $move
      end
    end`,
};

// ---------------------------------------------------------------------------------------------------------
// SEAGM's judge: the subsets of the classes' primes counted per largest prime (src/games/seagm/lean.ts).

/**
 * distinctRuns(srcAt, count, valuesAt, multAt) -> distinct: the runs of equal values among the `count` sorted i32
 * at srcAt, each value once at valuesAt and how often it comes at multAt (i32 each), in order.
 */
const distinctRunsSource: FunctionSource = {
  name: 'distinctRuns',
  params: [
    ['$srcAt', 'i32'],
    ['$count', 'i32'],
    ['$valuesAt', 'i32'],
    ['$multAt', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$i', 'i32'],
    ['$v', 'i32'],
    ['$d', 'i32'],
    ['$run', 'i32'],
  ],
  body: `
    local.get $count i32.eqz
    if i32.const 0 return end
    local.get $valuesAt local.get $srcAt i32.load offset=0 i32.store offset=0
    block $done
      loop $each
        local.get $i local.get $count i32.ge_u br_if $done
        local.get $srcAt local.get $i i32.const 2 i32.shl i32.add i32.load offset=0 local.tee $v
        local.get $valuesAt local.get $d i32.const 2 i32.shl i32.add i32.load offset=0 i32.ne
        if
          ;; a new value: the last run's length, then the value
          local.get $multAt local.get $d i32.const 2 i32.shl i32.add local.get $run i32.store offset=0
          i32.const 0 local.set $run
          local.get $valuesAt local.get $d i32.const 1 i32.add local.tee $d i32.const 2 i32.shl i32.add
          local.get $v i32.store offset=0
        end
        local.get $run i32.const 1 i32.add local.set $run
        local.get $i i32.const 1 i32.add local.set $i
        br $each
      end
    end
    local.get $multAt local.get $d i32.const 2 i32.shl i32.add local.get $run i32.store offset=0
    local.get $d i32.const 1 i32.add`,
};

/**
 * seagmHeads(idsAt, count, headAt, idCount): for the `count` prime ids at idsAt (each below idCount), head[p] =
 * how many ids are below p, for p from 0 to idCount (idCount + 1 i32 at headAt): where each id's entries start.
 */
const seagmHeadsSource: FunctionSource = {
  name: 'seagmHeads',
  params: [
    ['$idsAt', 'i32'],
    ['$count', 'i32'],
    ['$headAt', 'i32'],
    ['$idCount', 'i32'],
  ],
  locals: [
    ['$j', 'i32'],
    ['$at', 'i32'],
    ['$sum', 'i32'],
  ],
  body: `
    local.get $headAt i32.const 0 local.get $idCount i32.const 1 i32.add i32.const 2 i32.shl memory.fill
    block $counted
      loop $count
        local.get $j local.get $count i32.ge_u br_if $counted
        local.get $headAt local.get $idsAt local.get $j i32.const 2 i32.shl i32.add i32.load offset=0
        i32.const 2 i32.shl i32.add local.tee $at
        local.get $at i32.load offset=4 i32.const 1 i32.add i32.store offset=4
        local.get $j i32.const 1 i32.add local.set $j
        br $count
      end
    end
    i32.const 0 local.set $j
    block $summed
      loop $sum
        local.get $j local.get $idCount i32.ge_u br_if $summed
        local.get $headAt local.get $j i32.const 2 i32.shl i32.add local.tee $at
        local.get $at i32.load offset=4 local.get $at i32.load offset=0 i32.add i32.store offset=4
        local.get $j i32.const 1 i32.add local.set $j
        br $sum
      end
    end`,
};

/**
 * seagmByPrime(idsAt, startAt, from, to, nextAt, clsAt, placeAt): classesByPrime in src/games/seagm/lean.ts for
 * the classes `from` to `to` - 1 (class c's shared primes' ids at idsAt from start[c] to start[c + 1], i32 each):
 * each (class, prime) goes to its prime's list at the next free entry e (next[id], moved on): cls[e] = c and
 * place[e] = the prime's place among its class's.
 */
const seagmByPrimeSource: FunctionSource = {
  name: 'seagmByPrime',
  params: [
    ['$idsAt', 'i32'],
    ['$startAt', 'i32'],
    ['$from', 'i32'],
    ['$to', 'i32'],
    ['$nextAt', 'i32'],
    ['$clsAt', 'i32'],
    ['$placeAt', 'i32'],
  ],
  locals: [
    ['$c', 'i32'],
    ['$j', 'i32'],
    ['$first', 'i32'],
    ['$end', 'i32'],
    ['$at', 'i32'],
    ['$e', 'i32'],
  ],
  body: `
    local.get $from local.set $c
    block $classes
      loop $class
        local.get $c local.get $to i32.ge_u br_if $classes
        local.get $startAt local.get $c i32.const 2 i32.shl i32.add local.tee $at i32.load offset=0
        local.tee $first local.set $j
        local.get $at i32.load offset=4 local.set $end
        block $primes
          loop $prime
            local.get $j local.get $end i32.ge_u br_if $primes
            local.get $nextAt local.get $idsAt local.get $j i32.const 2 i32.shl i32.add i32.load offset=0
            i32.const 2 i32.shl i32.add local.tee $at i32.load offset=0 local.set $e
            local.get $at local.get $e i32.const 1 i32.add i32.store offset=0
            local.get $clsAt local.get $e i32.const 2 i32.shl i32.add local.get $c i32.store offset=0
            local.get $placeAt local.get $e i32.const 2 i32.shl i32.add local.get $j local.get $first i32.sub
            i32.store offset=0
            local.get $j i32.const 1 i32.add local.set $j
            br $prime
          end
        end
        local.get $c i32.const 1 i32.add local.set $c
        br $class
      end
    end`,
};

/**
 * seagmCount(clsAt, placeAt, startAt, countAt, primesAt, from, to, slotsAt, mask, shift, usedAt, pendingAt,
 * productsAt, stateAt, hold): LargestPrimePass.count in src/games/seagm/lean.ts. For the classes listed at e in
 * [from, to) under one prime q (class cls[e], q at place[e] among its primes), every subset d' > 1 of the primes
 * of class cls[e] below q (its first place[e] primes, i32 each at primesAt from start[c]) counted in q's table at
 * slotsAt (2 * (mask + 1) i32: d' at 2i, 0 when empty, then (cards << 1) | (d' has an odd number of primes) at
 * 2i + 1, adding 2 * count[c] per class; slot (d' * 0x9e3779b1) >>> shift, then the next ones). A slot filled
 * for the first time is listed at usedAt; with `hold` (1), each subset's slot is listed at pendingAt too. The
 * lists' lengths (fresh, held) are i32 at stateAt and stateAt + 4, read and written back. productsAt: 2^9 i32 of
 * scratch (the subsets' products).
 */
const seagmCountSource: FunctionSource = {
  name: 'seagmCount',
  params: [
    ['$clsAt', 'i32'],
    ['$placeAt', 'i32'],
    ['$startAt', 'i32'],
    ['$countAt', 'i32'],
    ['$primesAt', 'i32'],
    ['$from', 'i32'],
    ['$to', 'i32'],
    ['$slotsAt', 'i32'],
    ['$mask', 'i32'],
    ['$shift', 'i32'],
    ['$usedAt', 'i32'],
    ['$pendingAt', 'i32'],
    ['$productsAt', 'i32'],
    ['$stateAt', 'i32'],
    ['$hold', 'i32'],
  ],
  locals: [
    ['$e', 'i32'],
    ['$c', 'i32'],
    ['$at', 'i32'],
    ['$subsets', 'i32'],
    ['$add', 'i32'],
    ['$m', 'i32'],
    ['$d', 'i32'],
    ['$i', 'i32'],
    ['$key', 'i32'],
    ['$slot', 'i32'],
    ['$fresh', 'i32'],
    ['$held', 'i32'],
  ],
  body: `
    local.get $stateAt i32.load offset=0 local.set $fresh
    local.get $stateAt i32.load offset=4 local.set $held
    local.get $productsAt i32.const 1 i32.store offset=0
    local.get $from local.set $e
    block $classes
      loop $class
        local.get $e local.get $to i32.ge_u br_if $classes
        local.get $clsAt local.get $e i32.const 2 i32.shl i32.add i32.load offset=0 local.set $c
        local.get $startAt local.get $c i32.const 2 i32.shl i32.add i32.load offset=0 i32.const 2 i32.shl
        local.get $primesAt i32.add local.set $at
        i32.const 1 local.get $placeAt local.get $e i32.const 2 i32.shl i32.add i32.load offset=0 i32.shl
        local.set $subsets
        local.get $countAt local.get $c i32.const 2 i32.shl i32.add i32.load offset=0 i32.const 1 i32.shl
        local.set $add
        i32.const 1 local.set $m
        block $done
          loop $subset
            local.get $m local.get $subsets i32.ge_u br_if $done
            ;; d' = the product of m without its lowest bit, times the prime of that bit
            local.get $productsAt local.get $m i32.const 2 i32.shl i32.add
            local.get $productsAt local.get $m local.get $m i32.const 1 i32.sub i32.and i32.const 2 i32.shl i32.add
            i32.load offset=0
            local.get $at local.get $m i32.ctz i32.const 2 i32.shl i32.add i32.load offset=0
            i32.mul local.tee $d
            i32.store offset=0
            local.get $d i32.const -1640531535 i32.mul local.get $shift i32.shr_u local.set $i
            block $counted
              loop $probe
                local.get $slotsAt local.get $i i32.const 3 i32.shl i32.add local.tee $slot
                i32.load offset=0 local.tee $key
                local.get $d i32.eq
                if
                  local.get $slot local.get $slot i32.load offset=4 local.get $add i32.add i32.store offset=4
                  br $counted
                end
                local.get $key i32.eqz
                if
                  local.get $slot local.get $d i32.store offset=0
                  local.get $slot local.get $add local.get $m i32.popcnt i32.const 1 i32.and i32.or i32.store offset=4
                  local.get $usedAt local.get $fresh i32.const 2 i32.shl i32.add local.get $i i32.store offset=0
                  local.get $fresh i32.const 1 i32.add local.set $fresh
                  br $counted
                end
                local.get $i i32.const 1 i32.add local.get $mask i32.and local.set $i
                br $probe
              end
            end
            local.get $hold
            if
              local.get $pendingAt local.get $held i32.const 2 i32.shl i32.add local.get $i i32.store offset=0
              local.get $held i32.const 1 i32.add local.set $held
            end
            local.get $m i32.const 1 i32.add local.set $m
            br $subset
          end
        end
        local.get $e i32.const 1 i32.add local.set $e
        br $class
      end
    end
    local.get $stateAt local.get $fresh i32.store offset=0
    local.get $stateAt local.get $held i32.store offset=4`,
};

/**
 * seagmDrain(slotsAt, usedAt, fresh, byCountAt): LargestPrimePass.drain's counting and emptying: for each of the
 * `fresh` slots listed at usedAt, its d' (in the table at slotsAt, as seagmCount fills it) counted at byCountAt
 * (i32 per number of cards c): d = d' q has one prime more than d', so -mu(d) is +1 when d' has an even number of
 * primes, -1 when odd; only for c >= 2. Then the slot is emptied (its d' set to 0).
 */
const seagmDrainSource: FunctionSource = {
  name: 'seagmDrain',
  params: [
    ['$slotsAt', 'i32'],
    ['$usedAt', 'i32'],
    ['$fresh', 'i32'],
    ['$byCountAt', 'i32'],
  ],
  locals: [
    ['$u', 'i32'],
    ['$slot', 'i32'],
    ['$word', 'i32'],
    ['$at', 'i32'],
  ],
  body: `
    block $drained
      loop $each
        local.get $u local.get $fresh i32.ge_u br_if $drained
        local.get $slotsAt local.get $usedAt local.get $u i32.const 2 i32.shl i32.add i32.load offset=0
        i32.const 3 i32.shl i32.add local.tee $slot i32.load offset=4 local.tee $word
        i32.const 4 i32.ge_u
        if
          ;; 1 - 2 * (odd): +1 for an even d', -1 for an odd one
          local.get $byCountAt local.get $word i32.const 1 i32.shr_u i32.const 2 i32.shl i32.add local.tee $at
          local.get $at i32.load offset=0 i32.const 1 i32.add local.get $word i32.const 1 i32.and i32.const 1 i32.shl
          i32.sub i32.store offset=0
        end
        local.get $slot i32.const 0 i32.store offset=0
        local.get $u i32.const 1 i32.add local.set $u
        br $each
      end
    end`,
};

/**
 * seagmClasses(primesAt, primeStartAt, primeIdAt, primeCountsAt, multAt, from, to, classOfAt, radicalAt,
 * classCountAt, classStartAt, classPrimesAt, classPrimeIdsAt, sharedNumberAt, tableAt, shift, scratchAt,
 * stateAt): classesOf in src/games/seagm/fast.ts for the distinct values `from` to `to` - 1 (i32 arrays all).
 * Value i's primes are primes[primeStart[i] .. primeStart[i + 1]), their ids primeId[j]; a prime is shared when
 * primeCounts[its id] >= 2. A value with shared primes goes to the class of their product (its radical), found
 * in the table at tableAt (2^(32 - shift) slots of (radical, class); radical 0: empty; slot (radical *
 * 0x9e3779b1) >>> shift, then the next ones), a new class when none: classOf[i] = its class (else -1), and
 * classCount[c] += mult[i]. A new class c gets classRadical[c], classStart[c] and classStart[c + 1], and its
 * shared primes at classPrimes from classStart[c] on, each with its shared prime's number at classPrimeIds (the
 * shared primes numbered 0, 1, ... in order of first sight: sharedNumber[id] holds 1 + that number, 0: none
 * yet). At stateAt (read and written back): the classes, the end of classPrimes, the sum of 2^k - 1 over the
 * classes (k: their primes), and the shared primes numbered (i32 each). scratchAt: 2 * 9 i32 of scratch.
 */
const seagmClassesSource: FunctionSource = {
  name: 'seagmClasses',
  params: [
    ['$primesAt', 'i32'],
    ['$primeStartAt', 'i32'],
    ['$primeIdAt', 'i32'],
    ['$primeCountsAt', 'i32'],
    ['$multAt', 'i32'],
    ['$from', 'i32'],
    ['$to', 'i32'],
    ['$classOfAt', 'i32'],
    ['$radicalAt', 'i32'],
    ['$classCountAt', 'i32'],
    ['$classStartAt', 'i32'],
    ['$classPrimesAt', 'i32'],
    ['$classPrimeIdsAt', 'i32'],
    ['$sharedNumberAt', 'i32'],
    ['$tableAt', 'i32'],
    ['$shift', 'i32'],
    ['$scratchAt', 'i32'],
    ['$stateAt', 'i32'],
  ],
  locals: [
    ['$i', 'i32'],
    ['$j', 'i32'],
    ['$end', 'i32'],
    ['$k', 'i32'],
    ['$id', 'i32'],
    ['$p', 'i32'],
    ['$radical', 'i32'],
    ['$c', 'i32'],
    ['$slot', 'i32'],
    ['$at', 'i32'],
    ['$key', 'i32'],
    ['$number', 'i32'],
    ['$classes', 'i32'],
    ['$classEnd', 'i32'],
    ['$subsetTotal', 'i32'],
    ['$sharedCount', 'i32'],
  ],
  body: `
    local.get $stateAt i32.load offset=0 local.set $classes
    local.get $stateAt i32.load offset=4 local.set $classEnd
    local.get $stateAt i32.load offset=8 local.set $subsetTotal
    local.get $stateAt i32.load offset=12 local.set $sharedCount
    local.get $from local.set $i
    block $values
      loop $value
        local.get $i local.get $to i32.ge_u br_if $values
        ;; the shared primes (to scratch, their ids 36 bytes further on) and their product
        i32.const 0 local.set $k
        i32.const 1 local.set $radical
        local.get $primeStartAt local.get $i i32.const 2 i32.shl i32.add local.tee $at i32.load offset=0 local.set $j
        local.get $at i32.load offset=4 local.set $end
        block $primed
          loop $prime
            local.get $j local.get $end i32.ge_u br_if $primed
            local.get $primeCountsAt
            local.get $primeIdAt local.get $j i32.const 2 i32.shl i32.add i32.load offset=0 local.tee $id
            i32.const 2 i32.shl i32.add i32.load offset=0 i32.const 2 i32.ge_s
            if
              local.get $primesAt local.get $j i32.const 2 i32.shl i32.add i32.load offset=0 local.set $p
              local.get $scratchAt local.get $k i32.const 2 i32.shl i32.add local.tee $at local.get $p i32.store offset=0
              local.get $at local.get $id i32.store offset=36
              local.get $k i32.const 1 i32.add local.set $k
              local.get $radical local.get $p i32.mul local.set $radical
            end
            local.get $j i32.const 1 i32.add local.set $j
            br $prime
          end
        end
        local.get $k i32.eqz
        if
          local.get $classOfAt local.get $i i32.const 2 i32.shl i32.add i32.const -1 i32.store offset=0
        else
          ;; the class of the radical: found, or a new one
          local.get $radical i32.const -1640531535 i32.mul local.get $shift i32.shr_u local.set $slot
          block $found
            loop $probe
              local.get $tableAt local.get $slot i32.const 3 i32.shl i32.add local.tee $at i32.load offset=0
              local.tee $key local.get $radical i32.eq
              if
                local.get $at i32.load offset=4 local.set $c
                br $found
              end
              local.get $key i32.eqz
              if
                local.get $at local.get $radical i32.store offset=0
                local.get $at local.get $classes i32.store offset=4
                local.get $classes local.set $c
                ;; a new class: its radical, its shared primes with their numbers
                local.get $radicalAt local.get $c i32.const 2 i32.shl i32.add local.get $radical i32.store offset=0
                local.get $classStartAt local.get $c i32.const 2 i32.shl i32.add local.get $classEnd i32.store offset=0
                i32.const 0 local.set $j
                block $listed
                  loop $list
                    local.get $j local.get $k i32.ge_u br_if $listed
                    local.get $sharedNumberAt
                    local.get $scratchAt local.get $j i32.const 2 i32.shl i32.add i32.load offset=36
                    i32.const 2 i32.shl i32.add local.tee $at i32.load offset=0 local.tee $number
                    i32.eqz
                    if
                      local.get $sharedCount i32.const 1 i32.add local.tee $sharedCount local.set $number
                      local.get $at local.get $number i32.store offset=0
                    end
                    local.get $classPrimeIdsAt local.get $classEnd i32.const 2 i32.shl i32.add
                    local.get $number i32.const 1 i32.sub i32.store offset=0
                    local.get $classPrimesAt local.get $classEnd i32.const 2 i32.shl i32.add
                    local.get $scratchAt local.get $j i32.const 2 i32.shl i32.add i32.load offset=0 i32.store offset=0
                    local.get $classEnd i32.const 1 i32.add local.set $classEnd
                    local.get $j i32.const 1 i32.add local.set $j
                    br $list
                  end
                end
                local.get $classStartAt local.get $c i32.const 2 i32.shl i32.add local.get $classEnd i32.store offset=4
                local.get $subsetTotal i32.const 1 local.get $k i32.shl i32.add i32.const 1 i32.sub local.set $subsetTotal
                local.get $classes i32.const 1 i32.add local.set $classes
                br $found
              end
              local.get $slot i32.const 1 i32.add i32.const -1 i32.const 32 local.get $shift i32.sub i32.shl
              i32.const -1 i32.xor i32.and local.set $slot
              br $probe
            end
          end
          local.get $classOfAt local.get $i i32.const 2 i32.shl i32.add local.get $c i32.store offset=0
          local.get $classCountAt local.get $c i32.const 2 i32.shl i32.add local.tee $at
          local.get $at i32.load offset=0
          local.get $multAt local.get $i i32.const 2 i32.shl i32.add i32.load offset=0 i32.add i32.store offset=0
        end
        local.get $i i32.const 1 i32.add local.set $i
        br $value
      end
    end
    local.get $stateAt local.get $classes i32.store offset=0
    local.get $stateAt local.get $classEnd i32.store offset=4
    local.get $stateAt local.get $subsetTotal i32.store offset=8
    local.get $stateAt local.get $sharedCount i32.store offset=12`,
};

/**
 * seagmMostNeed(headAt, placeAt, qCount) -> the most subsets d' > 1 any prime q counts (LargestPrimePass's
 * largest table): per q, the sum of 2^place[e] - 1 over its entries e from head[q] to head[q + 1] (i32 each).
 */
const seagmMostNeedSource: FunctionSource = {
  name: 'seagmMostNeed',
  params: [
    ['$headAt', 'i32'],
    ['$placeAt', 'i32'],
    ['$qCount', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$q', 'i32'],
    ['$e', 'i32'],
    ['$last', 'i32'],
    ['$need', 'i32'],
    ['$most', 'i32'],
  ],
  body: `
    block $primes
      loop $prime
        local.get $q local.get $qCount i32.ge_u br_if $primes
        local.get $headAt local.get $q i32.const 2 i32.shl i32.add local.tee $e i32.load offset=4 local.set $last
        local.get $e i32.load offset=0 local.set $e
        i32.const 0 local.set $need
        block $entries
          loop $entry
            local.get $e local.get $last i32.ge_u br_if $entries
            local.get $need i32.const 1 local.get $placeAt local.get $e i32.const 2 i32.shl i32.add i32.load offset=0
            i32.shl i32.add i32.const 1 i32.sub local.set $need
            local.get $e i32.const 1 i32.add local.set $e
            br $entry
          end
        end
        local.get $need local.get $most local.get $need local.get $most i32.gt_u select local.set $most
        local.get $q i32.const 1 i32.add local.set $q
        br $prime
      end
    end
    local.get $most`,
};

/**
 * seagmWeights(qFrom, qTo, headAt, clsAt, placeAt, startAt, countAt, primesAt, slotsAt, usedAt, pendingAt,
 * productsAt, stateAt, byCountAt): weightsByLargestPrime in src/games/seagm/lean.ts without a divisor table, for
 * the primes q from qFrom to qTo - 1: per q, its cards c_q (the cards of the classes holding it) count d = q at
 * byCount[c_q], and every d = d' q through q's table, sized for its subsets (seagmCount, then seagmDrain).
 */
const seagmWeightsSource: FunctionSource = {
  name: 'seagmWeights',
  params: [
    ['$qFrom', 'i32'],
    ['$qTo', 'i32'],
    ['$headAt', 'i32'],
    ['$clsAt', 'i32'],
    ['$placeAt', 'i32'],
    ['$startAt', 'i32'],
    ['$countAt', 'i32'],
    ['$primesAt', 'i32'],
    ['$slotsAt', 'i32'],
    ['$usedAt', 'i32'],
    ['$pendingAt', 'i32'],
    ['$productsAt', 'i32'],
    ['$stateAt', 'i32'],
    ['$byCountAt', 'i32'],
  ],
  locals: [
    ['$q', 'i32'],
    ['$e', 'i32'],
    ['$first', 'i32'],
    ['$last', 'i32'],
    ['$need', 'i32'],
    ['$cards', 'i32'],
    ['$size', 'i32'],
    ['$at', 'i32'],
  ],
  body: `
    local.get $qFrom local.set $q
    block $primes
      loop $prime
        local.get $q local.get $qTo i32.ge_u br_if $primes
        local.get $headAt local.get $q i32.const 2 i32.shl i32.add local.tee $e i32.load offset=4 local.set $last
        local.get $e i32.load offset=0 local.tee $first local.set $e
        i32.const 0 local.set $need
        i32.const 0 local.set $cards
        block $entries
          loop $entry
            local.get $e local.get $last i32.ge_u br_if $entries
            local.get $need i32.const 1 local.get $placeAt local.get $e i32.const 2 i32.shl i32.add i32.load offset=0
            i32.shl i32.add i32.const 1 i32.sub local.set $need
            local.get $cards
            local.get $countAt local.get $clsAt local.get $e i32.const 2 i32.shl i32.add i32.load offset=0
            i32.const 2 i32.shl i32.add i32.load offset=0 i32.add local.set $cards
            local.get $e i32.const 1 i32.add local.set $e
            br $entry
          end
        end
        ;; d = q: one prime, -mu(q) = 1
        local.get $byCountAt local.get $cards i32.const 2 i32.shl i32.add local.tee $at
        local.get $at i32.load offset=0 i32.const 1 i32.add i32.store offset=0
        ;; q's table: at least twice its subsets, a power of two, at least 16
        i32.const 16 local.set $size
        block $sized
          loop $grow
            local.get $size local.get $need i32.const 1 i32.shl i32.ge_u br_if $sized
            local.get $size i32.const 1 i32.shl local.set $size
            br $grow
          end
        end
        local.get $stateAt i64.const 0 i64.store offset=0
        local.get $clsAt local.get $placeAt local.get $startAt local.get $countAt local.get $primesAt
        local.get $first local.get $last local.get $slotsAt
        local.get $size i32.const 1 i32.sub local.get $size i32.clz i32.const 1 i32.add
        local.get $usedAt local.get $pendingAt local.get $productsAt local.get $stateAt i32.const 0
        call $seagmCount
        local.get $slotsAt local.get $usedAt local.get $stateAt i32.load offset=0 local.get $byCountAt
        call $seagmDrain
        local.get $q i32.const 1 i32.add local.set $q
        br $prime
      end
    end`,
};

// ---------------------------------------------------------------------------------------------------------
// ABGAME's long boards: 64 cells at a time as bit masks, for the judge (WinnerScanner in
// src/games/abgame/winner-scan.ts) and the streamed solver (BoardScanner in src/games/abgame/solve.ts).

/**
 * abgameScan(at, count, stateAt) -> bytes: WinnerScanner's totals moved on over the cells at [at, at + count), 64
 * at a time, while a whole block of 64 lies there and holds cells only ('A', 'B', '.'); returns the bytes read (a
 * multiple of 64), leaving the rest (a block holding another byte, or the last few) to JavaScript. The totals are
 * i32 at stateAt, read and written back: spareA - spareB, the XOR of the contested gaps, the state (0: no
 * character waits; else 1 | owner << 1, owner 0 for A, 1 for B), the run (the dots since the last character).
 *
 * A block's characters and B's come as two 64-bit masks (three byte compares a 16-byte vector). Characters pair
 * up left to right: with the prefix parity P of the characters, openers are the characters where P is 1, and P
 * is 1 exactly on each pair's opener and the dots up to its closer. A pair waiting from before the block closes
 * on its first character, taken on its own. For the others, adding the B openers' bits to P carries each through
 * its pair to the closer: which closers closed a B, and each B-opened pair's cells. Then the gaps of the A- and
 * B-opened pairs are popcounts, less one a pair; only the contested pairs (A-B, B-A: their gaps are XOR-ed) are
 * visited one by one, and their gaps taken back out of the spare sums.
 *
 * abgameStreamScan(at, count, stateAt) -> bytes: the same for BoardScanner (src/games/abgame/solve.ts), with its
 * totals (streamState below): spareA and spareB apart, the characters, the contested pairs and those with a gap,
 * and what tells the scanner whether a pair closed here needs noting (the OR of the contested gaps, the OR of
 * A's spare gaps).
 */
/**
 * Cells 16k to 16k + 15 of abgameScan's block (at $p) into its masks: bit 16k + j of $l for an 'A', of $bm for
 * a 'B', of $valid for any cell (three byte compares of one 16-byte vector, each turned into 16 bits).
 */
const cellMasks = (k: number): string => `
        local.get $p v128.load offset=${16 * k} local.tee $v local.get $da i8x16.eq local.set $ea
        local.get $v local.get $db i8x16.eq local.set $eb
        local.get $v local.get $dd i8x16.eq local.get $ea v128.or local.get $eb v128.or i8x16.bitmask
        i64.extend_i32_u i64.const ${16 * k} i64.shl local.get $valid i64.or local.set $valid
        local.get $ea i8x16.bitmask i64.extend_i32_u i64.const ${16 * k} i64.shl local.get $l i64.or local.set $l
        local.get $eb i8x16.bitmask i64.extend_i32_u i64.const ${16 * k} i64.shl local.get $bm i64.or local.set $bm`;

/**
 * abgameStreamScan's totals beyond abgameScan's (BoardScanner in src/games/abgame/solve.ts), i32 each after the
 * first four: spareB (the first total is then spareA, not the difference), the characters, the contested
 * pairs, those of them with a gap, the OR of their gaps, and the OR of the A-A gaps (not 0: some A-A pair
 * had a spare gap); `load` or `store` them.
 */
const STREAM_TOTALS = ['$spareB', '$characters', '$contested', '$contestedOpen', '$gapOr', '$aSpare'];
const streamState = (how: 'load' | 'store'): string =>
  STREAM_TOTALS.map((local, i) =>
    how === 'load'
      ? `local.get $stateAt i32.load offset=${16 + 4 * i} local.set ${local}`
      : `local.get $stateAt local.get ${local} i32.store offset=${16 + 4 * i}`,
  ).join('\n    ');

/** A contested pair with gap $gap, counted in abgameStreamScan's totals. */
const noteContested = `
              local.get $contested i32.const 1 i32.add local.set $contested
              local.get $contestedOpen local.get $gap i32.const 0 i32.ne i32.add local.set $contestedOpen
              local.get $gapOr local.get $gap i32.or local.set $gapOr`;

const abgameScanOf = (full: boolean): FunctionSource => ({
  name: full ? 'abgameStreamScan' : 'abgameScan',
  params: [
    ['$at', 'i32'],
    ['$count', 'i32'],
    ['$stateAt', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$p', 'i32'],
    ['$end', 'i32'],
    ['$diff', 'i32'],
    ['$xor', 'i32'],
    ['$state', 'i32'],
    ['$run', 'i32'],
    ['$c0', 'i32'],
    ['$gap', 'i32'],
    ['$high', 'i32'],
    ['$ob', 'i32'],
    ['$sumAB', 'i32'],
    ['$sumBA', 'i32'],
    ['$v', 'v128'],
    ['$ea', 'v128'],
    ['$eb', 'v128'],
    ['$da', 'v128'],
    ['$db', 'v128'],
    ['$dd', 'v128'],
    ['$valid', 'i64'],
    ['$l', 'i64'],
    ['$bm', 'i64'],
    ['$P', 'i64'],
    ['$o', 'i64'],
    ['$c', 'i64'],
    ['$bo', 'i64'],
    ['$sum', 'i64'],
    ['$cob', 'i64'],
    ['$ib', 'i64'],
    ['$x', 'i64'],
    ['$keep', 'i64'],
    ['$spareB', 'i32'],
    ['$characters', 'i32'],
    ['$contested', 'i32'],
    ['$contestedOpen', 'i32'],
    ['$gapOr', 'i32'],
    ['$aSpare', 'i32'],
    ['$gainA', 'i32'],
  ],
  body: `
    local.get $stateAt i32.load offset=0 local.set $diff
    local.get $stateAt i32.load offset=4 local.set $xor
    local.get $stateAt i32.load offset=8 local.set $state
    local.get $stateAt i32.load offset=12 local.set $run
    ${full ? streamState('load') : ''}
    i32.const 65 i8x16.splat local.set $da
    i32.const 66 i8x16.splat local.set $db
    i32.const 46 i8x16.splat local.set $dd
    local.get $at local.set $p
    local.get $at local.get $count i32.add local.set $end
    block $stopped
      loop $block
        local.get $p i32.const 64 i32.add local.get $end i32.gt_u br_if $stopped
        i64.const 0 local.set $valid
        i64.const 0 local.set $l
        i64.const 0 local.set $bm
        ${[0, 1, 2, 3].map(cellMasks).join('')}
        local.get $valid i64.const -1 i64.ne br_if $stopped
        local.get $l local.get $bm i64.or local.set $l
        ${full ? 'local.get $characters local.get $l i64.popcnt i32.wrap_i64 i32.add local.set $characters' : ''}
        block $blockDone
          ;; a pair waiting from before the block: it closes on the first character
          local.get $state i32.const 1 i32.and
          if
            local.get $l i64.eqz
            if
              local.get $run i32.const 64 i32.add local.set $run
              br $blockDone
            end
            local.get $l i64.ctz i32.wrap_i64 local.set $c0
            local.get $run local.get $c0 i32.add local.set $gap
            local.get $bm local.get $c0 i64.extend_i32_u i64.shr_u i32.wrap_i64 i32.const 1 i32.and local.set $ob
            local.get $ob local.get $state i32.const 1 i32.shr_u i32.ne
            if
              local.get $xor local.get $gap i32.xor local.set $xor
              ${full ? noteContested : ''}
            else
              ${
                full
                  ? `local.get $ob
              if
                local.get $spareB local.get $gap i32.add local.set $spareB
              else
                local.get $diff local.get $gap i32.add local.set $diff
                local.get $aSpare local.get $gap i32.or local.set $aSpare
              end`
                  : `local.get $diff local.get $gap i32.const 0 local.get $gap i32.sub local.get $ob i32.eqz select i32.add
              local.set $diff`
              }
            end
            i32.const 0 local.set $state
            ;; the characters after it, and the dots after it if none
            i64.const -2 local.get $c0 i64.extend_i32_u i64.shl local.tee $keep
            local.get $l i64.and local.set $l
            local.get $bm local.get $keep i64.and local.set $bm
            i32.const 63 local.get $c0 i32.sub local.set $run
            local.get $l i64.eqz br_if $blockDone
          else
            local.get $l i64.eqz
            if
              local.get $run i32.const 64 i32.add local.set $run
              br $blockDone
            end
          end
          ;; the prefix parity of the characters left (none waits before them)
          local.get $l local.get $l i64.const 1 i64.shl i64.xor local.tee $P
          local.get $P i64.const 2 i64.shl i64.xor local.tee $P
          local.get $P i64.const 4 i64.shl i64.xor local.tee $P
          local.get $P i64.const 8 i64.shl i64.xor local.tee $P
          local.get $P i64.const 16 i64.shl i64.xor local.tee $P
          local.get $P i64.const 32 i64.shl i64.xor local.set $P
          i32.const 63 local.get $l i64.clz i32.wrap_i64 i32.sub local.set $high
          i32.const 63 local.get $high i32.sub local.set $run
          local.get $l local.get $P i64.and local.tee $o
          local.get $l i64.xor local.set $c ;; the closers: characters where the parity is back to even
          local.get $P i64.const 63 i64.shr_u i64.eqz i32.eqz
          if
            ;; an odd count: the last character waits, past the block; its pair is left out below
            local.get $bm local.get $high i64.extend_i32_u i64.shr_u i32.wrap_i64 i32.const 1 i32.and
            i32.const 1 i32.shl i32.const 1 i32.or local.set $state
            i64.const 1 local.get $high i64.extend_i32_u i64.shl i64.const 1 i64.sub local.tee $keep
            local.get $P i64.and local.set $P
            local.get $o local.get $keep i64.and local.set $o
          end
          local.get $o local.get $bm i64.and local.set $bo
          local.get $P local.get $bo i64.add local.tee $sum local.get $c i64.and local.set $cob
          local.get $P local.get $sum i64.const -1 i64.xor i64.and local.set $ib
          ;; the contested closers, one by one: the gap to the character before
          i32.const 0 local.set $sumAB
          i32.const 0 local.set $sumBA
          local.get $c local.get $bm local.get $cob i64.xor i64.and local.set $x
          block $contested
            loop $each
              local.get $x i64.eqz br_if $contested
              local.get $x i64.ctz local.set $sum
              local.get $sum i32.wrap_i64
              i32.const 63 local.get $l i64.const 1 local.get $sum i64.shl i64.const 1 i64.sub i64.and i64.clz
              i32.wrap_i64 i32.sub i32.sub i32.const 1 i32.sub local.set $gap
              local.get $xor local.get $gap i32.xor local.set $xor
              ${full ? noteContested : ''}
              local.get $cob local.get $sum i64.shr_u i32.wrap_i64 i32.const 1 i32.and local.set $ob
              local.get $sumBA local.get $gap i32.const 0 local.get $ob i32.sub i32.and i32.add local.set $sumBA
              local.get $sumAB local.get $gap local.get $ob i32.const 1 i32.sub i32.and i32.add local.set $sumAB
              local.get $x local.get $x i64.const 1 i64.sub i64.and local.set $x
              br $each
            end
          end
          ;; spare gaps: the A-opened pairs' cells less one a pair less the contested ones, minus the same for B
          local.get $P local.get $ib i64.xor i64.popcnt i32.wrap_i64
          local.get $o local.get $bo i64.xor i64.popcnt i32.wrap_i64 i32.sub local.get $sumAB i32.sub
          local.set $gainA
          local.get $ib i64.popcnt i32.wrap_i64 local.get $bo i64.popcnt i32.wrap_i64 i32.sub local.get $sumBA i32.sub
          ${
            full
              ? `local.get $spareB i32.add local.set $spareB
          local.get $diff local.get $gainA i32.add local.set $diff
          local.get $aSpare local.get $gainA i32.or local.set $aSpare`
              : `local.set $gap
          local.get $diff local.get $gainA local.get $gap i32.sub i32.add local.set $diff`
          }
        end
        local.get $p i32.const 64 i32.add local.set $p
        br $block
      end
    end
    local.get $stateAt local.get $diff i32.store offset=0
    local.get $stateAt local.get $xor i32.store offset=4
    local.get $stateAt local.get $state i32.store offset=8
    local.get $stateAt local.get $run i32.store offset=12
    ${full ? streamState('store') : ''}
    local.get $p local.get $at i32.sub`,
});

const abgameScanSource = abgameScanOf(false);
const abgameStreamScanSource = abgameScanOf(true);

/**
 * alternatingSums(n, fAt, sAt): alternatingSums in src/games/seagm/solve.ts, in the same double operations in
 * the same order (so the same bits): f(c) for c in 0..n at fAt by the forward recurrence up to n / 3 and the
 * backward one above, then S(c) = 1 - (n + 1) f(c) at sAt (f64 each).
 */
/** 2c and n - c + 1 (i32), for the recurrences below. */
const twiceC = 'local.get $c i32.const 1 i32.shl';
const nLessC = 'local.get $n local.get $c i32.sub i32.const 1 i32.add';

/**
 * Stores (1 - times * f) / over at the address on the stack, f being the double at `from` (each argument code
 * that pushes an i32): one step of either recurrence of alternatingSums, in its operations' order.
 */
const recurrence = (from: string, times: string, over: string): string => `
        local.get $one ${times} f64.convert_i32_s ${from} f64.load offset=0 f64.mul f64.sub
        ${over} f64.convert_i32_s f64.div f64.store offset=0`;

const alternatingSumsSource: FunctionSource = {
  name: 'alternatingSums',
  params: [
    ['$n', 'i32'],
    ['$fAt', 'i32'],
    ['$sAt', 'i32'],
  ],
  locals: [
    ['$c', 'i32'],
    ['$split', 'i32'],
    ['$at', 'i32'],
    ['$one', 'f64'],
    ['$width', 'f64'],
  ],
  body: `
    i32.const 1 f64.convert_i32_s local.set $one
    local.get $n i32.const 1 i32.add f64.convert_i32_s local.set $width
    local.get $n i32.const 3 i32.div_u local.set $split
    local.get $fAt local.get $one local.get $width f64.div f64.store offset=0
    ;; forward: f(c) = (1 - 2c f(c - 1)) / (n - c + 1)
    i32.const 1 local.set $c
    block $forward
      loop $up
        local.get $c local.get $split i32.gt_u br_if $forward
        local.get $fAt local.get $c i32.const 3 i32.shl i32.add local.tee $at
        ${recurrence('local.get $at i32.const 8 i32.sub', twiceC, nLessC)}
        local.get $c i32.const 1 i32.add local.set $c
        br $up
      end
    end
    ;; f(n): 1 / (n + 1) for an even n, else 0
    local.get $fAt local.get $n i32.const 3 i32.shl i32.add
    local.get $one local.get $width f64.div
    i32.const 0 f64.convert_i32_s
    local.get $n i32.const 1 i32.and i32.eqz select
    f64.store offset=0
    ;; backward: f(c - 1) = (1 - (n - c + 1) f(c)) / (2c)
    local.get $n local.set $c
    block $backward
      loop $down
        local.get $c local.get $split i32.const 1 i32.add i32.le_u br_if $backward
        local.get $fAt local.get $c i32.const 3 i32.shl i32.add local.tee $at i32.const 8 i32.sub
        ${recurrence('local.get $at', nLessC, twiceC)}
        local.get $c i32.const 1 i32.sub local.set $c
        br $down
      end
    end
    ;; S(c) = 1 - (n + 1) f(c)
    i32.const 0 local.set $c
    block $summed
      loop $sum
        local.get $c local.get $n i32.gt_u br_if $summed
        local.get $sAt local.get $c i32.const 3 i32.shl i32.add
        local.get $one
        local.get $width local.get $fAt local.get $c i32.const 3 i32.shl i32.add f64.load offset=0 f64.mul
        f64.sub f64.store offset=0
        local.get $c i32.const 1 i32.add local.set $c
        br $sum
      end
    end`,
};

// ---------------------------------------------------------------------------------------------------------
// MAGIC's judge: a board's passages read, joined and checked for repeats in one call per stretch of input,
// when the board's rooms are their own ids (src/games/magic/judge.ts, roomsAreIds). A contest board of 10^4
// passages spans many stretches, so this loop reads passages, not whole tests; JavaScript reads N M P and
// answers from the union-find this leaves.

/**
 * $dst = the root of $src's set in the links at $linkAt, halving the path on the way (rootOf in dsu.ts), and
 * $size = the root's entry (minus the set's size).
 */
const rootOf = (src: string, dst: string, size: string, label: string): string => `
        local.get ${src} local.set ${dst}
        block $${label}
          loop $${label}Step
            local.get $linkAt local.get ${dst} i32.const 2 i32.shl i32.add i32.load offset=0 local.tee $up
            i32.const 0 i32.lt_s
            if
              local.get $up local.set ${size}
              br $${label}
            end
            local.get $linkAt local.get $up i32.const 2 i32.shl i32.add i32.load offset=0 local.tee $grand
            i32.const 0 i32.lt_s
            if
              local.get $up local.set ${dst}
              local.get $grand local.set ${size}
              br $${label}
            end
            local.get $linkAt local.get ${dst} i32.const 2 i32.shl i32.add local.get $grand i32.store offset=0
            local.get $grand local.set ${dst}
            br $${label}Step
          end
        end`;

/**
 * Skips whitespace from $p, adding the newlines passed to $newlines. No bounds test: magicJoin's bytes end
 * with a 0, which is not whitespace.
 */
const skipToToken = (label: string): string => `
        block $${label}
          loop $${label}Each
            local.get $p i32.load8_u offset=0 local.set $c
            ${notSpace} br_if $${label}
            local.get $newlines local.get $c i32.const 10 i32.eq i32.add local.set $newlines
            local.get $p i32.const 1 i32.add local.set $p
            br $${label}Each
          end
        end`;

/**
 * $v = a room: a plain decimal of 1 to 15 digits from 1 to $limit after whitespace, else the passage fails
 * ($stop); digits that reach $inEnd fail too (the room may go on in the next stretch, or the input ends).
 * No bounds test: the 0 after the bytes ends the digits. (More than 19 digits overflow $wide, but fail for
 * their count.) Reading up to 7 digits as one 8-byte word instead, with no branch per digit, was slower here.
 */
const magicRoom = (label: string): string => `
        ${skipToToken(`${label}Blanks`)}
        local.get $p local.set $start
        i64.const 0 local.set $wide
        block $${label}
          loop $${label}Digit
            local.get $p i32.load8_u offset=0 i32.const 48 i32.sub local.tee $c
            i32.const 9 i32.gt_u br_if $${label}
            local.get $wide i64.const 10 i64.mul local.get $c i64.extend_i32_u i64.add local.set $wide
            local.get $p i32.const 1 i32.add local.set $p
            br $${label}Digit
          end
        end
        local.get $p local.get $start i32.sub i32.const 1 i32.sub i32.const 15 i32.ge_u br_if $stop
        local.get $wide i64.eqz br_if $stop
        local.get $limit i64.extend_i32_u local.get $wide i64.lt_u br_if $stop
        local.get $wide i32.wrap_i64 local.set $v`;

/**
 * magicJoin(in, inEnd, eof, maxTests, out, stateAt, limit, line, first, linkAt, endsAt, linesAt, keysAt, shift)
 * -> passages. Reads up to maxTests passages `X Y` from [in, inEnd), passage `first` on, each room a plain
 * decimal of 1 to 15 digits from 1 to limit, the two different, Y followed by whitespace (or by the end when eof
 * is 1). It stops before the first passage that is anything else (a token at the end of the bytes, a loop, a
 * mistake), which the JavaScript reader then takes the careful way. The byte at inEnd must be 0 (the scans
 * test no bounds). `out` is not written.
 *
 * Passage i's ids (room - 1) go to endsAt + 8i, the line of its first room (`line` is the line at `in`) to
 * linesAt + 4i. Its two ids are joined in the links at linkAt (DisjointSets in dsu.ts: a root holds minus its
 * set's size; union by size, path halving), and its pair key, smaller id << 16 | larger id (never 0; ids below
 * 2^16), is entered in the open-addressing set at keysAt (0: an empty slot) of 2^(32 - shift) slots, which must
 * hold more slots than passages: slot (key * 0x9e3779b1) >>> shift, then the next ones, as joinPassage in
 * src/games/magic/judge.ts.
 *
 * At stateAt: the address after the last passage read, the newlines read up to it, `out`, and 1 + the first
 * passage read here whose pair was already in the set (0: none) (i32 each).
 */
const magicJoinSource: FunctionSource = {
  name: 'magicJoin',
  params: [
    ['$in', 'i32'],
    ['$inEnd', 'i32'],
    ['$eof', 'i32'],
    ['$maxTests', 'i32'],
    ['$out', 'i32'],
    ['$stateAt', 'i32'],
    ['$limit', 'i32'],
    ['$line', 'i32'],
    ['$first', 'i32'],
    ['$linkAt', 'i32'],
    ['$endsAt', 'i32'],
    ['$linesAt', 'i32'],
    ['$keysAt', 'i32'],
    ['$shift', 'i32'],
  ],
  result: 'i32',
  locals: [
    ...RUN_LOCALS,
    ['$start', 'i32'],
    ['$wide', 'i64'],
    ['$v', 'i32'],
    ['$x', 'i32'],
    ['$xLine', 'i32'],
    ['$i', 'i32'],
    ['$a', 'i32'],
    ['$b', 'i32'],
    ['$up', 'i32'],
    ['$grand', 'i32'],
    ['$key', 'i32'],
    ['$slot', 'i32'],
    ['$held', 'i32'],
    ['$sizeA', 'i32'],
    ['$sizeB', 'i32'],
    ['$larger', 'i32'],
    ['$repeat', 'i32'], // 1 + the first repeated passage, 0: none (a local starts at 0)
  ],
  body: judgeLoop(
    `
        ${magicRoom('x')}
        local.get $v local.set $x
        local.get $line local.get $lines i32.add local.get $newlines i32.add local.set $xLine
        ${magicRoom('y')}
        ${tokenEnds}
        local.get $v local.get $x i32.eq br_if $stop ;; a loop: JavaScript names it
        ${testRead}
        local.get $first local.get $tests i32.add local.set $i
        local.get $endsAt local.get $i i32.const 3 i32.shl i32.add local.tee $a
        local.get $x i32.const 1 i32.sub local.tee $x i32.store offset=0
        local.get $a local.get $v i32.const 1 i32.sub local.tee $v i32.store offset=4
        local.get $linesAt local.get $i i32.const 2 i32.shl i32.add local.get $xLine i32.store offset=0
        ;; join: the larger set's root becomes the root of both. No branch on whether the two are one set
        ;; already (a coin toss on a contest board): then $a = $b, and both stores write its entry back.
        ${rootOf('$x', '$a', '$sizeA', 'rootX')}
        ${rootOf('$v', '$b', '$sizeB', 'rootY')}
        local.get $sizeA local.get $sizeB i32.le_s local.set $larger ;; 1: $a's set is at least as large
        local.get $linkAt local.get $b local.get $a local.get $larger select i32.const 2 i32.shl i32.add
        local.get $a local.get $b local.get $larger select local.tee $up
        local.get $sizeA local.get $a local.get $b i32.ne select
        i32.store offset=0
        local.get $linkAt local.get $up i32.const 2 i32.shl i32.add
        local.get $sizeA local.get $sizeB i32.add local.get $sizeA local.get $a local.get $b i32.ne select
        i32.store offset=0
        ;; the pair's key, entered in the set unless it is there already
        local.get $x i32.const 16 i32.shl local.get $v i32.or
        local.get $v i32.const 16 i32.shl local.get $x i32.or
        local.get $x local.get $v i32.lt_u select local.tee $key
        i32.const -1640531535 i32.mul local.get $shift i32.shr_u local.set $slot
        block $entered
          loop $probe
            local.get $keysAt local.get $slot i32.const 2 i32.shl i32.add i32.load offset=0 local.tee $held
            i32.eqz
            if
              local.get $keysAt local.get $slot i32.const 2 i32.shl i32.add local.get $key i32.store offset=0
              br $entered
            end
            local.get $held local.get $key i32.eq
            if
              local.get $repeat i32.eqz
              if local.get $i i32.const 1 i32.add local.set $repeat end
              br $entered
            end
            local.get $slot i32.const 1 i32.add i32.const -1 i32.const 32 local.get $shift i32.sub i32.shl
            i32.const -1 i32.xor i32.and local.set $slot
            br $probe
          end
        end`,
    ['$repeat'],
  ),
};

/**
 * magicTally(linkAt, count, stateAt): the sets of the links at linkAt (ids 0 .. count - 1, count <= 2^16; a root
 * holds minus its set's size) counted, as tally in src/games/magic/solve.ts: at stateAt, the sets of odd size,
 * of even size, and the room pairs inside sets, C(s, 2) summed (below 2^31 for 2^16 rooms) (i32 each). No
 * branch on whether an id is a root: a non-root counts as a set of size 0, which adds nothing.
 */
const magicTallySource: FunctionSource = {
  name: 'magicTally',
  params: [
    ['$linkAt', 'i32'],
    ['$count', 'i32'],
    ['$stateAt', 'i32'],
  ],
  locals: [
    ['$at', 'i32'],
    ['$end', 'i32'],
    ['$root', 'i32'],
    ['$s', 'i32'],
    ['$odd', 'i32'],
    ['$even', 'i32'],
    ['$pairs', 'i32'],
  ],
  body: `
    local.get $linkAt local.set $at
    local.get $linkAt local.get $count i32.const 2 i32.shl i32.add local.set $end
    block $done
      loop $id
        local.get $at local.get $end i32.ge_u br_if $done
        local.get $at i32.load offset=0 local.tee $s
        i32.const 31 i32.shr_u local.set $root
        i32.const 0 local.get $s i32.sub i32.const 0 local.get $root i32.sub i32.and local.tee $s
        local.get $s i32.const 1 i32.sub i32.mul i32.const 1 i32.shr_u local.get $pairs i32.add local.set $pairs
        local.get $odd local.get $s i32.const 1 i32.and i32.add local.set $odd
        local.get $even local.get $root i32.add local.get $s i32.const 1 i32.and i32.sub local.set $even
        local.get $at i32.const 4 i32.add local.set $at
        br $id
      end
    end
    local.get $stateAt local.get $odd i32.store offset=0
    local.get $stateAt local.get $even i32.store offset=4
    local.get $stateAt local.get $pairs i32.store offset=8`,
};

// ---------------------------------------------------------------------------------------------------------
// MAGIC's judge on boards of more than PAIR_KEY_LIMIT rooms (up to 10^18): the passages read into 64-bit
// rooms (magicBigRead), then the rooms given dense ids (magicNumber). JavaScript joins the ids and answers.

/** An i64 constant for the assembler, from its 64 bits. */
const bits64 = (value: bigint): string => `${BigInt.asIntN(64, value)}`;
const HIGH_NIBBLES = bits64(0xf0f0f0f0f0f0f0f0n);
const THREES = bits64(0x3030303030303030n);
const SIXES = bits64(0x0606060606060606n);

/**
 * Pushes 0 (i64) when the eight bytes in `word` (an i64 local) are all ASCII digits: each byte's high nibble
 * is 3, and adding 6 to its low nibble does not carry into the high one (no byte then carries into the next).
 */
const nonDigits64 = (word: string): string => `
        local.get ${word} i64.const ${HIGH_NIBBLES} i64.and i64.const ${THREES} i64.xor
        local.get ${word} i64.const ${SIXES} i64.add i64.const ${HIGH_NIBBLES} i64.and i64.const ${THREES} i64.xor
        i64.or`;

/**
 * Pushes the number written by the eight digits in `word` (an i64 local, read little-endian: the first digit
 * in the low byte), leaving `word` changed: neighbouring digits paired (10 a + b), then the pairs, then the
 * fours, each step one multiplication for all lanes.
 */
const eightDigits64 = (word: string): string => `
        local.get ${word} i64.const ${bits64(0x0f0f0f0f0f0f0f0fn)} i64.and local.tee ${word}
        i64.const 10 i64.mul local.get ${word} i64.const 8 i64.shr_u i64.add
        i64.const ${bits64(0x00ff00ff00ff00ffn)} i64.and local.tee ${word}
        i64.const 100 i64.mul local.get ${word} i64.const 16 i64.shr_u i64.add
        i64.const ${bits64(0x0000ffff0000ffffn)} i64.and local.tee ${word}
        i64.const 10000 i64.mul local.get ${word} i64.const 32 i64.shr_u i64.add
        i64.const 4294967295 i64.and`;

/** Pushes 1 when the byte at $p + `offset` is whitespace (as notSpace, the other way round); $c = that byte. */
const spaceAt = (offset: number): string => `
        local.get $p i32.load8_u offset=${offset} local.set $c
        ${notSpace} i32.eqz`;

/**
 * $wide = a room after whitespace: a plain decimal of 1 to 19 digits (leading zeros count), from 1 to $nMax,
 * else the passage fails ($stop); digits that reach $inEnd fail too (the 0 there ends them, and what follows
 * must be whitespace: tokenEnds, or the next room's digits). Most rooms of a large board have 18 or 17
 * digits: those are read eight at a time when the byte after them lies in the bytes and is whitespace.
 */
const bigRoom = (label: string): string => `
        ${skipToToken(`${label}Blanks`)}
        block $${label}Read
          block $${label}Slow
            local.get $p i32.const 18 i32.add local.get $inEnd i32.lt_u
            if
              ${spaceAt(18)}
              if
                local.get $p i64.load offset=0 local.set $w
                local.get $p i64.load offset=8 local.set $w2
                ${nonDigits64('$w')} ${nonDigits64('$w2')} i64.or i64.eqz i32.eqz br_if $${label}Slow
                local.get $p i32.load8_u offset=16 i32.const 48 i32.sub local.tee $d i32.const 9 i32.gt_u
                br_if $${label}Slow
                local.get $p i32.load8_u offset=17 i32.const 48 i32.sub local.tee $c i32.const 9 i32.gt_u
                br_if $${label}Slow
                ${eightDigits64('$w')} i64.const 10000000000 i64.mul
                ${eightDigits64('$w2')} i64.const 100 i64.mul i64.add
                local.get $d i32.const 10 i32.mul local.get $c i32.add i64.extend_i32_u i64.add
                local.set $wide
                local.get $p i32.const 18 i32.add local.set $p
                br $${label}Read
              end
            end
            local.get $p i32.const 17 i32.add local.get $inEnd i32.lt_u
            if
              ${spaceAt(17)}
              if
                local.get $p i64.load offset=0 local.set $w
                local.get $p i64.load offset=8 local.set $w2
                ${nonDigits64('$w')} ${nonDigits64('$w2')} i64.or i64.eqz i32.eqz br_if $${label}Slow
                local.get $p i32.load8_u offset=16 i32.const 48 i32.sub local.tee $d i32.const 9 i32.gt_u
                br_if $${label}Slow
                ${eightDigits64('$w')} i64.const 1000000000 i64.mul
                ${eightDigits64('$w2')} i64.const 10 i64.mul i64.add
                local.get $d i64.extend_i32_u i64.add
                local.set $wide
                local.get $p i32.const 17 i32.add local.set $p
                br $${label}Read
              end
            end
          end
          ;; any other room: digit by digit (no bounds test: the 0 after the bytes ends the digits)
          local.get $p local.set $start
          i64.const 0 local.set $wide
          block $${label}Digits
            loop $${label}Digit
              local.get $p i32.load8_u offset=0 i32.const 48 i32.sub local.tee $c
              i32.const 9 i32.gt_u br_if $${label}Digits
              local.get $wide i64.const 10 i64.mul local.get $c i64.extend_i32_u i64.add local.set $wide
              local.get $p i32.const 1 i32.add local.set $p
              br $${label}Digit
            end
          end
          ;; 1 to 19 digits (19 nines are below 2^64: no wrap)
          local.get $p local.get $start i32.sub i32.const 1 i32.sub i32.const 19 i32.ge_u br_if $stop
        end
        local.get $wide i64.eqz br_if $stop
        local.get $nMax local.get $wide i64.lt_u br_if $stop`;

/**
 * magicBigRead(in, inEnd, eof, maxTests, out, stateAt, line, first, roomsAt, linesAt, nMax) -> passages.
 * Reads up to maxTests passages `X Y` from [in, inEnd), passage `first` on, each room a plain decimal of 1 to
 * 19 digits from 1 to nMax (an i64, read unsigned), the two different, Y followed by whitespace (or by the end
 * when eof is 1). It stops before the first passage that is anything else (a token at the end of the bytes, a
 * loop, a mistake), which the JavaScript reader then takes the careful way. The byte at inEnd must be 0, and
 * 18 bytes after it must lie in the memory (the scans test no bounds; the eight-digit reads may look past it).
 * `out` is not written.
 *
 * Passage i's rooms go to roomsAt + 16i and + 16i + 8 (u64 each), the line of its first room (`line` is the
 * line at `in`) to linesAt + 4i. At stateAt: the address after the last passage read, the newlines read up to
 * it, `out` (i32 each).
 */
const magicBigReadSource: FunctionSource = {
  name: 'magicBigRead',
  params: [
    ['$in', 'i32'],
    ['$inEnd', 'i32'],
    ['$eof', 'i32'],
    ['$maxTests', 'i32'],
    ['$out', 'i32'],
    ['$stateAt', 'i32'],
    ['$line', 'i32'],
    ['$first', 'i32'],
    ['$roomsAt', 'i32'],
    ['$linesAt', 'i32'],
    ['$nMax', 'i64'],
  ],
  result: 'i32',
  locals: [
    ...RUN_LOCALS,
    ['$start', 'i32'],
    ['$wide', 'i64'],
    ['$w', 'i64'],
    ['$w2', 'i64'],
    ['$d', 'i32'],
    ['$x', 'i64'],
    ['$xLine', 'i32'],
    ['$a', 'i32'],
  ],
  body: judgeLoop(`
        ${bigRoom('x')}
        local.get $wide local.set $x
        local.get $line local.get $lines i32.add local.get $newlines i32.add local.set $xLine
        ${bigRoom('y')}
        ${tokenEnds}
        local.get $wide local.get $x i64.eq br_if $stop ;; a loop: JavaScript names it
        ${testRead}
        local.get $roomsAt local.get $first local.get $tests i32.add local.tee $a i32.const 4 i32.shl i32.add
        local.get $x i64.store offset=0
        local.get $roomsAt local.get $a i32.const 4 i32.shl i32.add local.get $wide i64.store offset=8
        local.get $linesAt local.get $a i32.const 2 i32.shl i32.add local.get $xLine i32.store offset=0`),
};

/*
 * Dense ids for a board's rooms (u64 each at roomsAt, position k at roomsAt + 8k), one per position at endsAt
 * (i32 each): equal rooms get equal ids, rooms 1 and 2 get ids 0 and 1, the others 2, 3, ... in order of first
 * sight. One table of 2·10^6 rooms would miss the cache on nearly every lookup. So the rooms are first spread
 * over 2^bits buckets by the top bits of room * mix (mix odd, chosen at random by the caller, so that no input
 * can aim its rooms at one bucket or table slot): a counting sort, stable (magicCount, then the caller's sums,
 * then magicSpread), into partAt (u64 each) with their positions at atsAt (i32 each). Each bucket is then
 * numbered with its own small table (magicNumberBucket). A bucket's records come in order of position, so the
 * first record of a room is its first sight: each later one gets that position plus 1 at endsAt, rooms 1 and 2
 * get -1 and -2, first sights 0 (the caller zeroes endsAt first); then one pass in order of position turns
 * these into ids (magicRenumber). Each step is called on a range at a time: V8 compiles a WebAssembly function
 * for speed only for its calls after it has run a while, so one call over 2·10^6 rooms would run unoptimised.
 */

/** Pushes the address of the i32 at `base` for the bucket of the room that `room` pushes: its top bits of room * $mix. */
const bucketAt = (base: string, room: string): string =>
  `local.get ${base} ${room} local.get $mix i64.mul local.get $shift i64.shr_u i32.wrap_i64 i32.const 2 i32.shl i32.add`;

/** magicCount(roomsAt, from, to, shift, mix, countsAt): adds 1 at countsAt + 4b for the bucket b of each room. */
const magicCountSource: FunctionSource = {
  name: 'magicCount',
  params: [
    ['$roomsAt', 'i32'],
    ['$from', 'i32'],
    ['$to', 'i32'],
    ['$shift', 'i64'],
    ['$mix', 'i64'],
    ['$countsAt', 'i32'],
  ],
  locals: [
    ['$k', 'i32'],
    ['$a', 'i32'],
  ],
  body: `
    local.get $from local.set $k
    block $counted
      loop $count
        local.get $k local.get $to i32.ge_u br_if $counted
        ${bucketAt('$countsAt', 'local.get $roomsAt local.get $k i32.const 3 i32.shl i32.add i64.load offset=0')}
        local.tee $a
        local.get $a i32.load offset=0 i32.const 1 i32.add i32.store offset=0
        local.get $k i32.const 1 i32.add local.set $k
        br $count
      end
    end`,
};

/**
 * magicSpread(roomsAt, from, to, shift, mix, nextAt, partAt, atsAt): each room from position `from` to `to` - 1
 * to the next free record of its bucket b (nextAt + 4b, moved on), at partAt (the room) and atsAt (its position).
 */
const magicSpreadSource: FunctionSource = {
  name: 'magicSpread',
  params: [
    ['$roomsAt', 'i32'],
    ['$from', 'i32'],
    ['$to', 'i32'],
    ['$shift', 'i64'],
    ['$mix', 'i64'],
    ['$nextAt', 'i32'],
    ['$partAt', 'i32'],
    ['$atsAt', 'i32'],
  ],
  locals: [
    ['$k', 'i32'],
    ['$a', 'i32'],
    ['$r', 'i32'],
    ['$room', 'i64'],
  ],
  body: `
    local.get $from local.set $k
    block $spread
      loop $spreadEach
        local.get $k local.get $to i32.ge_u br_if $spread
        local.get $roomsAt local.get $k i32.const 3 i32.shl i32.add i64.load offset=0 local.set $room
        ${bucketAt('$nextAt', 'local.get $room')}
        local.tee $a i32.load offset=0 local.set $r
        local.get $a local.get $r i32.const 1 i32.add i32.store offset=0
        local.get $partAt local.get $r i32.const 3 i32.shl i32.add local.get $room i64.store offset=0
        local.get $atsAt local.get $r i32.const 2 i32.shl i32.add local.get $k i32.store offset=0
        local.get $k i32.const 1 i32.add local.set $k
        br $spreadEach
      end
    end`,
};

/**
 * magicNumberBucket(from, to, mix, partAt, atsAt, tableAt, mask, endsAt): the records `from` to `to` - 1 (one
 * bucket, in order of position) numbered with the table at tableAt (mask + 1 i32 slots, at least twice the
 * records, all 0: a slot holds a record plus 1): at endsAt + 4 * position, a room seen before gets its first
 * position plus 1, rooms 1 and 2 get -1 and -2, and a first sight is left alone (0). The table is left dirty.
 */
const magicNumberBucketSource: FunctionSource = {
  name: 'magicNumberBucket',
  params: [
    ['$from', 'i32'],
    ['$to', 'i32'],
    ['$mix', 'i64'],
    ['$partAt', 'i32'],
    ['$atsAt', 'i32'],
    ['$tableAt', 'i32'],
    ['$mask', 'i32'],
    ['$endsAt', 'i32'],
  ],
  locals: [
    ['$r', 'i32'],
    ['$room', 'i64'],
    ['$slot', 'i32'],
    ['$held', 'i32'],
  ],
  body: `
    local.get $from local.set $r
    block $records
      loop $record
        local.get $r local.get $to i32.ge_u br_if $records
        local.get $partAt local.get $r i32.const 3 i32.shl i32.add i64.load offset=0 local.tee $room
        i64.const 2 i64.le_u
        if
          ;; rooms 1 and 2: -1 and -2
          local.get $endsAt local.get $atsAt local.get $r i32.const 2 i32.shl i32.add i32.load offset=0
          i32.const 2 i32.shl i32.add i32.const 0 local.get $room i32.wrap_i64 i32.sub i32.store offset=0
        else
          ;; bits 32 and up of the hash, below the bucket's (at most 10 top bits; the table has at most 2^22 slots)
          local.get $room local.get $mix i64.mul i64.const 32 i64.shr_u i32.wrap_i64 local.get $mask i32.and
          local.set $slot
          block $found
            loop $probe
              local.get $tableAt local.get $slot i32.const 2 i32.shl i32.add i32.load offset=0 local.tee $held
              i32.eqz
              if
                ;; a first sight: its position keeps its 0
                local.get $tableAt local.get $slot i32.const 2 i32.shl i32.add local.get $r i32.const 1 i32.add
                i32.store offset=0
                br $found
              end
              local.get $partAt local.get $held i32.const 3 i32.shl i32.add i32.const 8 i32.sub i64.load offset=0
              local.get $room i64.eq
              if
                local.get $endsAt local.get $atsAt local.get $r i32.const 2 i32.shl i32.add i32.load offset=0
                i32.const 2 i32.shl i32.add
                local.get $atsAt local.get $held i32.const 2 i32.shl i32.add i32.const 4 i32.sub i32.load offset=0
                i32.const 1 i32.add i32.store offset=0
                br $found
              end
              local.get $slot i32.const 1 i32.add local.get $mask i32.and local.set $slot
              br $probe
            end
          end
        end
        local.get $r i32.const 1 i32.add local.set $r
        br $record
      end
    end`,
};

/**
 * magicRenumber(endsAt, from, to, next) -> next: positions `from` to `to` - 1 at endsAt (0: a first sight; -1,
 * -2: rooms 1 and 2; else the room's first position plus 1) turned into ids in order of first sight, the next
 * new one being `next`; positions before `from` are ids already. Returns the next new id.
 */
const magicRenumberSource: FunctionSource = {
  name: 'magicRenumber',
  params: [
    ['$endsAt', 'i32'],
    ['$from', 'i32'],
    ['$to', 'i32'],
    ['$next', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$k', 'i32'],
    ['$a', 'i32'],
    ['$mark', 'i32'],
  ],
  body: `
    local.get $from local.set $k
    block $renumbered
      loop $renumber
        local.get $k local.get $to i32.ge_u br_if $renumbered
        local.get $endsAt local.get $k i32.const 2 i32.shl i32.add local.tee $a i32.load offset=0 local.tee $mark
        i32.const 0 i32.gt_s
        if
          ;; a room seen before: the id at its first position
          local.get $a local.get $endsAt local.get $mark i32.const 2 i32.shl i32.add i32.const 4 i32.sub
          i32.load offset=0 i32.store offset=0
        else
          local.get $mark i32.eqz
          if
            local.get $a local.get $next i32.store offset=0
            local.get $next i32.const 1 i32.add local.set $next
          else
            local.get $a i32.const -1 local.get $mark i32.sub i32.store offset=0
          end
        end
        local.get $k i32.const 1 i32.add local.set $k
        br $renumber
      end
    end
    local.get $next`,
};

/**
 * magicJoinRange(linkAt, endsAt, from, to, closingAt, count) -> count: joins the passages whose ids lie at ends
 * `from` to `to` - 1 (i32 each at endsAt, two per passage; `from` even) in the links at linkAt (DisjointSets in
 * src/games/magic/dsu.ts: a root holds minus its set's size; union by size, path halving), listing at closingAt,
 * from `count` on, each passage that joined nothing new (its rooms were already connected); returns the new
 * count. As joinRange in dsu.ts, called on a range at a time (see magicCount).
 */
const magicJoinRangeSource: FunctionSource = {
  name: 'magicJoinRange',
  params: [
    ['$linkAt', 'i32'],
    ['$endsAt', 'i32'],
    ['$from', 'i32'],
    ['$to', 'i32'],
    ['$closingAt', 'i32'],
    ['$count', 'i32'],
  ],
  result: 'i32',
  locals: [
    ['$k', 'i32'],
    ['$x', 'i32'],
    ['$y', 'i32'],
    ['$a', 'i32'],
    ['$b', 'i32'],
    ['$up', 'i32'],
    ['$grand', 'i32'],
    ['$sizeA', 'i32'],
    ['$sizeB', 'i32'],
  ],
  body: `
    local.get $from local.set $k
    block $joined
      loop $passage
        local.get $k local.get $to i32.ge_u br_if $joined
        local.get $endsAt local.get $k i32.const 2 i32.shl i32.add local.tee $a i32.load offset=0 local.set $x
        local.get $a i32.load offset=4 local.set $y
        ${rootOf('$x', '$a', '$sizeA', 'rootX')}
        ${rootOf('$y', '$b', '$sizeB', 'rootY')}
        local.get $a local.get $b i32.eq
        if
          local.get $closingAt local.get $count i32.const 2 i32.shl i32.add local.get $k i32.const 1 i32.shr_u
          i32.store offset=0
          local.get $count i32.const 1 i32.add local.set $count
        else
          ;; the larger set's root becomes the root of both (a's, when the sizes are equal)
          local.get $linkAt local.get $b local.get $a local.get $sizeA local.get $sizeB i32.le_s local.tee $up
          select i32.const 2 i32.shl i32.add
          local.get $a local.get $b local.get $up select local.tee $up
          i32.store offset=0
          local.get $linkAt local.get $up i32.const 2 i32.shl i32.add local.get $sizeA local.get $sizeB i32.add
          i32.store offset=0
        end
        local.get $k i32.const 2 i32.add local.set $k
        br $passage
      end
    end
    local.get $count`,
};

// ---------------------------------------------------------------------------------------------------------
// Octal games: the sparse-space step of src/games/octal/engine.ts, run over many values per call.

/** $dst = the address of i32 element $index of the array at $base. */
const element = (base: string, index: string): string =>
  `local.get ${base} local.get ${index} i32.const 2 i32.shl i32.add`;

/** Pushes G(a) ^ G($r - a) for a = $a. */
const splitValue = `
        ${element('$g', '$a')} i32.load offset=0
        local.get $g local.get $r local.get $a i32.sub i32.const 2 i32.shl i32.add i32.load offset=0
        i32.xor`;

/** $cand = the first rare value from index $ri on whose stamp is not $n ($ri moves to it). */
const nextMissingRare = (label: string): string => `
        block $${label}
          loop $${label}Step
            ${element('$rv', '$ri')} i32.load offset=0 local.set $cand
            ${element('$st', '$cand')} i32.load offset=0 local.get $n i32.ne br_if $${label}
            local.get $ri i32.const 1 i32.add local.set $ri
            br $${label}Step
          end
        end`;

/**
 * Stamps $x as an option of $n; when it is the smallest missing rare value, finds the next one, and when that
 * lies above the smallest missing common value ($sc), every rare value below it has turned up: $seen becomes
 * the splits looked at ($a - $from + 1) and the walk ends ($walked).
 */
const stampWalked = (label: string): string => `
        local.set $x
        ${element('$st', '$x')} local.get $n i32.store offset=0
        local.get $x local.get $cand i32.eq
        if
          ${nextMissingRare(label)}
          local.get $cand local.get $sc i32.gt_s
          if
            local.get $a local.get $from i32.sub i32.const 1 i32.add local.set $seen
            br $walked
          end
        end`;

/** Stamps the options of $n that leave nothing or one heap. */
const leaveNoneOrOne = `
        ;; a move that leaves nothing
        local.get $n local.get $k i32.le_s
        if
          ${element('$none', '$n')} i32.load offset=0
          if local.get $st local.get $n i32.store offset=0 end
        end
        ;; moves that leave one heap
        i32.const 0 local.set $s
        block $singlesDone
          loop $single
            local.get $s local.get $nsi i32.ge_s br_if $singlesDone
            local.get $n ${element('$si', '$s')} i32.load offset=0 i32.sub local.tee $r
            i32.const 1 i32.ge_s
            if
              local.get $st ${element('$g', '$r')} i32.load offset=0 i32.const 2 i32.shl i32.add
              local.get $n i32.store offset=0
            end
            local.get $s i32.const 1 i32.add local.set $s
            br $single
          end
        end
`;

/** The splits of each rest octalPlain stamps before it has a candidate for the mex (besides a 128th of the rest). */
const PLAIN_FIRST_SPLITS = 32;

const OCTAL_LOCALS = [
  ['$n', 'i32'],
  ['$to', 'i32'],
  ['$g', 'i32'],
  ['$st', 'i32'],
  ['$rare', 'i32'],
  ['$rc', 'i32'],
  ['$rv', 'i32'],
  ['$cv', 'i32'],
  ['$sp', 'i32'],
  ['$ns', 'i32'],
  ['$si', 'i32'],
  ['$nsi', 'i32'],
  ['$none', 'i32'],
  ['$k', 'i32'],
  ['$walkFrom', 'i32'],
  ['$limit', 'i32'],
  ['$mask', 'i32'],
  ['$work', 'i64'],
  ['$s', 'i32'],
  ['$r', 'i32'],
  ['$j', 'i32'],
  ['$a', 'i32'],
  ['$sc', 'i32'],
  ['$ri', 'i32'],
  ['$cand', 'i32'],
  ['$half', 'i32'],
  ['$resume', 'i32'],
  ['$low', 'i32'],
  ['$high', 'i32'],
  ['$highTurn', 'i32'],
  ['$looked', 'i32'],
  ['$from', 'i32'],
  ['$upTo', 'i32'],
  ['$seen', 'i32'],
  ['$x', 'i32'],
  ['$mex', 'i32'],
  ['$r0', 'i32'],
  ['$r1', 'i32'],
  ['$r2', 'i32'],
  ['$ra', 'i32'],
  ['$raEnd', 'i32'],
  ['$gr', 'i32'],
  ['$stop4', 'i32'],
  ['$vx', 'v128'],
  ['$vy', 'v128'],
  ['$vz', 'v128'],
] as const;

/** The header's fields into locals. */
const readHeader = `
    local.get $h i32.load offset=${OCTAL_HEADER.from} local.set $n
    local.get $h i32.load offset=${OCTAL_HEADER.to} local.set $to
    local.get $h i32.load offset=${OCTAL_HEADER.valuesAt} local.set $g
    local.get $h i32.load offset=${OCTAL_HEADER.stampAt} local.set $st
    local.get $h i32.load offset=${OCTAL_HEADER.rareAt} local.set $rare
    local.get $h i32.load offset=${OCTAL_HEADER.rareCount} local.set $rc
    local.get $h i32.load offset=${OCTAL_HEADER.rareValuesAt} local.set $rv
    local.get $h i32.load offset=${OCTAL_HEADER.commonValuesAt} local.set $cv
    local.get $h i32.load offset=${OCTAL_HEADER.splitsAt} local.set $sp
    local.get $h i32.load offset=${OCTAL_HEADER.splitCount} local.set $ns
    local.get $h i32.load offset=${OCTAL_HEADER.singlesAt} local.set $si
    local.get $h i32.load offset=${OCTAL_HEADER.singleCount} local.set $nsi
    local.get $h i32.load offset=${OCTAL_HEADER.leaveNoneAt} local.set $none
    local.get $h i32.load offset=${OCTAL_HEADER.k} local.set $k
    local.get $h i32.load offset=${OCTAL_HEADER.walkFrom} local.set $walkFrom
    local.get $h i32.load offset=${OCTAL_HEADER.limit} local.set $limit
    local.get $h i32.load offset=${OCTAL_HEADER.mask} local.set $mask
    local.get $h i64.load offset=${OCTAL_HEADER.work} local.set $work
`;

/** Loops over the splits, $r = $n minus the tokens each takes, around `inner`. */
const eachSplit = (inner: string): string => `
        i32.const 0 local.set $s
        block $splitsDone
          loop $split
            local.get $s local.get $ns i32.ge_s br_if $splitsDone
            local.get $n ${element('$sp', '$s')} i32.load offset=0 i32.sub local.set $r
            ${inner}
            local.get $s i32.const 1 i32.add local.set $s
            br $split
          end
        end`;

/**
 * The frame of octalSparse and octalPlain: G(from), G(from + 1), ... up to G(to), each from `value`, which stamps
 * the options of $n beyond the moves that leave nothing or one heap and sets $mex (noting a rare position);
 * the run stops after a value of at least `limit`; the state goes back to the header; returns the n after the
 * last value computed.
 */
const octalValues = (value: string): string => `
    ${readHeader}
    block $done
      loop $value
        local.get $n local.get $to i32.gt_s br_if $done
        ${leaveNoneOrOne}
        ${value}
        ${element('$g', '$n')} local.get $mex i32.store offset=0
        local.get $n i32.const 1 i32.add local.set $n
        local.get $mex local.get $limit i32.ge_s br_if $done
        br $value
      end
    end
    local.get $h local.get $rc i32.store offset=${OCTAL_HEADER.rareCount}
    local.get $h local.get $walkFrom i32.store offset=${OCTAL_HEADER.walkFrom}
    local.get $h local.get $work i64.store offset=${OCTAL_HEADER.work}
    local.get $n`;

/** The v128 locals holding the option values of four splits, one per rest ($r0, $r1, $r2). */
const LANE_VECTORS = ['$vx', '$vy', '$vz'] as const;

/**
 * Pushes G(a .. a + 3) XOR G(rest - a - 3 .. rest - a) turned around (lane i: the split a + i), leaving it in
 * `vector` too.
 */
const fourSplitValues = (rest: string, vector: string): string => `
                            ${element('$g', '$a')} v128.load offset=0
                            local.get $g local.get ${rest} local.get $a i32.sub i32.const 3 i32.sub i32.const 2 i32.shl i32.add
                            v128.load offset=0 local.tee ${vector} local.get ${vector}
                            i8x16.shuffle 12 13 14 15 8 9 10 11 4 5 6 7 0 1 2 3
                            v128.xor local.tee ${vector}`;

/** Stamps lane `lane` of `vector` as an option of $n. */
const stampLane = (vector: string, lane: number): string =>
  `local.get $st local.get ${vector} i32x4.extract_lane ${lane} i32.const 2 i32.shl i32.add local.get $n i32.store offset=0`;

/**
 * The walk's splits a = $a .. $upTo when the code has exactly `count` splits (1 to 3: every code of up to three
 * digits), in the order of the general loop (for each a, each split whose rest is at least 2a), but with the rests
 * n - i worked out once per walk ($r0, $r1, $r2: the larger first), and four a at a time where it can: while
 * a + 3 <= $upTo and every split is taken for all four (2 (a + 3) <= the least rest), the option values of the
 * four a go into one vector per split (fourSplitValues). When none of them is the smallest missing rare value
 * ($cand), they are stamped and nothing else changes, as one by one; when one is, those four a go one by one as
 * before (stampWalked, which may end the walk), as do the last few. Same stamps, same end, same $seen; about a
 * third faster on codes whose walks run long (0.6). Opens an `if` on $ns = count that the caller closes, after an
 * `else` with the next case.
 */
const fixedSplits = (count: 1 | 2 | 3): string => {
  const rests = Array.from({ length: count }, (_, i) => `$r${i}`);
  const vectors = LANE_VECTORS.slice(0, count);
  const least = rests[count - 1]!;
  const take = (r: string, i: number): string => `
                              ${i === 0 ? '' : `local.get ${r} local.get $a i32.const 1 i32.shl i32.lt_s br_if $fixed${count}Split`}
                              local.get ${r} local.set $r
                              ${splitValue}
                              ${stampWalked(`fixed${count}Missing${i}`)}`;
  return `
                  local.get $ns i32.const ${count} i32.eq
                  if
                    ${rests.map((r, i) => `local.get $n local.get $sp i32.load offset=${4 * i} i32.sub local.set ${r}`).join('\n                    ')}
                    block $fixed${count}Done
                      loop $fixed${count}
                        block $quadsDone
                          loop $quad
                            local.get $a i32.const 3 i32.add local.get $upTo i32.gt_s br_if $quadsDone
                            ${count === 1 ? '' : `local.get $a i32.const 3 i32.add i32.const 1 i32.shl local.get ${least} i32.gt_s br_if $quadsDone`}
                            ${rests
                              .map(
                                (r, i) =>
                                  `${fourSplitValues(r, vectors[i]!)}
                            local.get $cand i32x4.splat i32x4.eq${i === 0 ? '' : ' v128.or'}`,
                              )
                              .join('')}
                            v128.any_true br_if $quadsDone
                            ${vectors.flatMap((v) => [0, 1, 2, 3].map((lane) => stampLane(v, lane))).join('\n                            ')}
                            local.get $a i32.const 4 i32.add local.set $a
                            br $quad
                          end
                        end
                        ;; up to four a one by one: the four with the missing value, or where the quads cannot go
                        local.get $a i32.const 4 i32.add local.set $stop4
                        block $singlesDone
                          loop $single4
                            local.get $a local.get $upTo i32.gt_s br_if $fixed${count}Done
                            local.get $a local.get $stop4 i32.ge_s br_if $singlesDone
                            block $fixed${count}Split
                              ${rests.map(take).join('')}
                            end
                            local.get $a i32.const 1 i32.add local.set $a
                            br $single4
                          end
                        end
                        br $fixed${count}
                      end
                    end`;
};

/**
 * Stamps G(a) ^ G(r - a) for a rare position a (pushed by `position`) whose G(a) is at $ra + `valueOffset`
 * ($gr: the address of G(r)).
 */
const stampRare = (position: string, valueOffset: number): string => `
              local.get $st
              local.get $ra i32.load offset=${valueOffset}
              local.get $gr ${position} i32.const 2 i32.shl i32.sub i32.load offset=0
              i32.xor i32.const 2 i32.shl i32.add local.get $n i32.store offset=0`;

/**
 * octalSparse(header) -> n: G(from), G(from + 1), ... up to G(to) (at most) by the sparse-space method, as
 * ValueTable did in JavaScript (src/games/octal/engine.ts says how): the singles and the rare positions stamp
 * every common option value, then two walks over the splits taking turns, OCTAL_WALK_BLOCK splits at a time
 * (one from a = 1, one from walkFrom), stamp options until every rare value below the smallest missing common
 * one has turned up (codes of one to three splits walk them in a loop of their own, `fixedSplits`: the same
 * splits in the same order, four at a time where it can). Each G(n) goes to the values, a rare one's
 * n to the rare positions too. Stops after a value of at least `limit` (the lists and stamps must grow first)
 * and returns the n after the last value computed. rareCount, walkFrom and work (the inner-loop steps, as engine.ts counts them) are kept in the header.
 * The lists of rare and common values run past every option value, so each scan of them stops; leaveNone has
 * k + 1 entries (i32 each), splits at least one, ascending.
 */
const octalSparseSource: FunctionSource = {
  name: 'octalSparse',
  params: [['$h', 'i32']],
  result: 'i32',
  locals: OCTAL_LOCALS,
  body: octalValues(`
        ;; common option values: a rare heap beside any other. The rare positions are pairs (a, G(a)), so the
        ;; loop reads both from one place instead of looking G(a) up.
        ${eachSplit(`
          local.get $rare local.set $ra
          local.get $rare local.get $rc i32.const 3 i32.shl i32.add local.set $raEnd
          local.get $g local.get $r i32.const 2 i32.shl i32.add local.set $gr
          ;; two at a time while the second lies below r (so does the first: the list ascends)
          local.get $raEnd i32.const 8 i32.sub local.set $x
          block $pairsDone
            loop $rarePair
              local.get $ra local.get $x i32.ge_u br_if $pairsDone
              local.get $ra i32.load offset=8 local.tee $a local.get $r i32.ge_s br_if $pairsDone
              ${stampRare('local.get $a', 12)}
              ${stampRare('local.get $ra i32.load offset=0', 4)}
              local.get $ra i32.const 16 i32.add local.set $ra
              br $rarePair
            end
          end
          block $rareDone
            loop $rarePosition
              local.get $ra local.get $raEnd i32.ge_u br_if $rareDone
              local.get $ra i32.load offset=0 local.tee $a local.get $r i32.ge_s br_if $rareDone
              ${stampRare('local.get $a', 4)}
              local.get $ra i32.const 8 i32.add local.set $ra
              br $rarePosition
            end
          end
        `)}
        local.get $work local.get $rc local.get $ns i32.mul i64.extend_i32_u i64.add local.set $work
        ;; the smallest missing common value, and the smallest missing rare value so far
        i32.const 0 local.set $j
        block $commonFound
          loop $commonStep
            ${element('$cv', '$j')} i32.load offset=0 local.set $sc
            ${element('$st', '$sc')} i32.load offset=0 local.get $n i32.ne br_if $commonFound
            local.get $j i32.const 1 i32.add local.set $j
            br $commonStep
          end
        end
        i32.const 0 local.set $ri
        ${nextMissingRare('firstRare')}
        local.get $cand local.get $sc i32.lt_s
        if
          ;; two walks over the splits taking turns: from a = 1 up to resume, and from resume up to half
          local.get $n local.get $sp i32.load offset=0 i32.sub i32.const 1 i32.shr_s local.set $half
          local.get $walkFrom local.get $half i32.const 1 i32.add
          local.get $walkFrom local.get $half i32.const 1 i32.add i32.lt_s select local.set $resume
          i32.const 1 local.set $low
          local.get $resume local.set $high
          i32.const 1 local.set $highTurn
          i32.const 0 local.set $looked
          block $walksDone
            loop $turn
              local.get $cand local.get $sc i32.ge_s br_if $walksDone
              local.get $low local.get $resume i32.lt_s local.get $high local.get $half i32.le_s i32.or
              i32.eqz br_if $walksDone
              local.get $low local.get $resume i32.ge_s
              if
                i32.const 1 local.set $highTurn
              else
                local.get $high local.get $half i32.gt_s
                if i32.const 0 local.set $highTurn end
              end
              local.get $high local.get $low local.get $highTurn select local.set $from
              local.get $half local.get $resume i32.const 1 i32.sub local.get $highTurn select local.tee $upTo
              local.get $from i32.const ${OCTAL_WALK_BLOCK - 1} i32.add local.tee $x
              local.get $upTo local.get $x i32.lt_s select local.set $upTo
              ;; the walk: splits a = from .. upTo
              block $walked
                local.get $upTo local.get $from i32.sub i32.const 1 i32.add local.set $seen
                local.get $from local.set $a
                ${fixedSplits(1)}
                  else
                  ${fixedSplits(2)}
                  else
                  ${fixedSplits(3)}
                  else
                  block $manyDone
                    loop $many
                      local.get $a local.get $upTo i32.gt_s br_if $manyDone
                      i32.const 0 local.set $s
                      block $eachDone
                        loop $each
                          local.get $s local.get $ns i32.ge_s br_if $eachDone
                          local.get $n ${element('$sp', '$s')} i32.load offset=0 i32.sub local.tee $r
                          local.get $a i32.const 1 i32.shl i32.lt_s br_if $eachDone
                          ${splitValue}
                          ${stampWalked('manyMissing')}
                          local.get $s i32.const 1 i32.add local.set $s
                          br $each
                        end
                      end
                      local.get $a i32.const 1 i32.add local.set $a
                      br $many
                    end
                  end
                  end
                  end
                  end
              end
              local.get $looked local.get $seen i32.add local.set $looked
              ${nextMissingRare('afterWalk')}
              local.get $highTurn
              if
                local.get $high local.get $seen i32.add local.set $high
                local.get $cand local.get $sc i32.gt_s
                if
                  local.get $high i32.const ${OCTAL_WALK_BACK + 1} i32.sub local.tee $x
                  i32.const 1 local.get $x i32.const 1 i32.gt_s select local.set $walkFrom
                end
              else
                local.get $low local.get $seen i32.add local.set $low
              end
              local.get $highTurn i32.eqz local.set $highTurn
              br $turn
            end
          end
          local.get $work local.get $looked local.get $ns i32.mul i64.extend_i32_u i64.add local.set $work
        end
        local.get $cand local.get $sc local.get $cand local.get $sc i32.lt_s select local.set $mex
        local.get $cand local.get $sc i32.lt_s
        if
          local.get $rare local.get $rc i32.const 3 i32.shl i32.add local.tee $ra local.get $n i32.store offset=0
          local.get $ra local.get $mex i32.store offset=4
          local.get $rc i32.const 1 i32.add local.set $rc
        end`),
};

/**
 * The splits a = $a .. $upTo of the rest $r: `quad` for four a at a time while a + 3 <= $upTo, then `one` for
 * each of the last few. Leaves $a at $upTo + 1 (or where it was).
 */
const splitsUpTo = (label: string, quad: string, one: string): string => `
          block $${label}QuadsDone
            loop $${label}Quad
              local.get $a i32.const 3 i32.add local.get $upTo i32.gt_s br_if $${label}QuadsDone
              ${quad}
              local.get $a i32.const 4 i32.add local.set $a
              br $${label}Quad
            end
          end
          block $${label}Done
            loop $${label}One
              local.get $a local.get $upTo i32.gt_s br_if $${label}Done
              ${one}
              local.get $a i32.const 1 i32.add local.set $a
              br $${label}One
            end
          end`;

/** Stamps the options of the splits a = $a .. $upTo of the rest $r (splitsUpTo). */
const stampSplits = (label: string): string =>
  splitsUpTo(
    label,
    `${fourSplitValues('$r', '$vx')} drop
              ${[0, 1, 2, 3].map((lane) => stampLane('$vx', lane)).join('\n              ')}`,
    `local.get $st ${splitValue} i32.const 2 i32.shl i32.add local.get $n i32.store offset=0`,
  );

/** $mex = the first value from $mex on whose stamp is not $n. */
const scanMex = (label: string): string => `
        block $${label}Found
          loop $${label}
            ${element('$st', '$mex')} i32.load offset=0 local.get $n i32.ne br_if $${label}Found
            local.get $mex i32.const 1 i32.add local.set $mex
            br $${label}
          end
        end`;

/**
 * octalPlain(header) -> n: G(from), G(from + 1), ... up to G(to) (at most) from every option (the plain method,
 * for codes with no sparse space: every split of every heap); stops after a value of at least `limit`. work
 * grows by the splits times n / 2 per value (as engine.ts counts it), however the value was found.
 *
 * Stamping every option costs a store each. Instead, the first splits of each rest (a up to PLAIN_FIRST_SPLITS
 * plus a 128th of the largest rest, in $half) are stamped, which gives a candidate: the smallest value none
 * of them (nor the moves that leave nothing or one heap) reached. The candidate is G(n) unless a later split
 * reaches it, which the rest of the splits are searched for with no store, four at a time. Only when one
 * does are the rest stamped as well, and the smallest missing value read from the candidate on. Where the
 * first splits already reach every value below the mex (0.106: 199 values in 201 near 65,536) this is about
 * twice as fast; where they do not (codes whose values keep growing, 0.06) the search stops at the split that
 * reaches the candidate, usually early.
 */
const octalPlainSource: FunctionSource = {
  name: 'octalPlain',
  params: [['$h', 'i32']],
  result: 'i32',
  locals: OCTAL_LOCALS,
  body: octalValues(`
        local.get $n local.get $sp i32.load offset=0 i32.sub i32.const 7 i32.shr_s
        i32.const ${PLAIN_FIRST_SPLITS} i32.add local.set $half
        ;; the first splits of every rest, stamped
        ${eachSplit(`
          i32.const 1 local.set $a
          local.get $r i32.const 1 i32.shr_s local.tee $upTo local.get $half
          local.get $upTo local.get $half i32.lt_s select local.set $upTo
          ${stampSplits('first')}
        `)}
        i32.const 0 local.set $mex
        ${scanMex('candidate')}
        ;; does any later split reach the candidate? (no store: the option values compared four at a time)
        local.get $mex local.set $cand
        local.get $mex i32x4.splat local.set $vy
        i32.const 1 local.set $seen
        block $searched
          ;; searched only while the candidates have mostly been right in this call ($low, below); below 0 the
          ;; rest are stamped at once, and the right candidates found that way earn the search back
          local.get $low i32.const 0 i32.lt_s br_if $searched
          ${eachSplit(`
            local.get $half i32.const 1 i32.add local.set $a
            local.get $r i32.const 1 i32.shr_s local.set $upTo
            ${splitsUpTo(
              'search',
              `${fourSplitValues('$r', '$vx')} local.get $vy i32x4.eq v128.any_true br_if $searched`,
              `${splitValue} local.get $mex i32.eq br_if $searched`,
            )}
          `)}
          ;; no split reaches it: it is G(n)
          i32.const 0 local.set $seen
        end
        local.get $seen
        if
          ;; it is reached: the rest of the splits stamped too, and the mex read on from the candidate
          ${eachSplit(`
            local.get $half i32.const 1 i32.add local.set $a
            local.get $r i32.const 1 i32.shr_s local.set $upTo
            ${stampSplits('rest')}
          `)}
          ${scanMex('mex')}
        end
        ;; the candidates' record: a right one earns 1 (up to 8), a wrong one costs 2 (down to -16)
        local.get $mex local.get $cand i32.eq
        if
          local.get $low i32.const 1 i32.add local.tee $low i32.const 8
          local.get $low i32.const 8 i32.lt_s select local.set $low
        else
          local.get $low i32.const 2 i32.sub local.tee $low i32.const -16
          local.get $low i32.const -16 i32.gt_s select local.set $low
        end
        local.get $work local.get $n i32.const 1 i32.shr_u local.get $ns i32.mul i64.extend_i32_u i64.add
        local.set $work`),
};

/** The kernel module: the functions above, all exported, and one exported memory. */
export function assembleKernel(): Uint8Array {
  return assemble([
    isPrimeSource,
    findDivisorSource,
    buildTableSource,
    rhoSource,
    isPrime32Source,
    rho32Source,
    trial32Source,
    sprp32Source,
    mr32BucketSource,
    isRoughPrime32Source,
    rest32Source,
    sortUnique32Source,
    factor32Source,
    factor32BatchSource,
    indexKeysSource,
    weighKeysSource,
    findDivisorsSource,
    partisanPeriodSource,
    partisanStartSource,
    partisanValuesSource,
    intRootSource(3, 1_000_001),
    intRootSource(5, 3982),
    isqrtSource,
    roughKindSource,
    twoOutcomeSource,
    multiplicationBigSource,
    multiplicationSweptSource,
    tableCountBelowSource,
    multiplicationSweepSource,
    multiplicationRunSource,
    abgameRunSource,
    abgameScanSource,
    abgameStreamScanSource,
    partisanRunSource,
    readIntsSource,
    radixPassSource,
    seagmClassesSource,
    alternatingSumsSource,
    distinctRunsSource,
    seagmHeadsSource,
    seagmByPrimeSource,
    seagmCountSource,
    seagmDrainSource,
    seagmMostNeedSource,
    seagmWeightsSource,
    magicJoinSource,
    magicTallySource,
    magicBigReadSource,
    magicCountSource,
    magicSpreadSource,
    magicNumberBucketSource,
    magicRenumberSource,
    magicJoinRangeSource,
    octalSparseSource,
    octalPlainSource,
  ]);
}

export function kernelBase64(): string {
  let text = '';
  for (const byte of assembleKernel()) text += String.fromCharCode(byte);
  return btoa(text);
}
