/**
 * The source of the 64-bit kernel (see src/math/u64-kernel.ts): a minimal assembler and the
 * kernel written in a flat subset of the WebAssembly text format. Not part of the runtime: u64-kernel.ts embeds
 * the bytes this assembles, so a process does not spend milliseconds assembling at start; a test checks that
 * the embedded bytes equal `assembleKernel()`. After editing this file, run `npm run kernel`.
 */

// ---------------------------------------------------------------------------------------------------------
// A minimal assembler for a flat subset of the WebAssembly text format: one instruction after another,
// `block`/`loop`/`if` with a `$label` that `br`/`br_if` name, locals by `$name`, `;;` comments.

type ValType = 'i32' | 'i64';
const VALTYPE: Record<ValType, number> = { i32: 0x7f, i64: 0x7e };

/** What follows an opcode: nothing, a local, a label, a constant, a memory access of 2^k bytes, a block type. */
type Immediate = 'none' | 'local' | 'label' | 'i32' | 'i64' | 'mem0' | 'mem2' | 'mem3' | 'memory' | 'block';
const INSTRUCTIONS: Record<string, readonly [readonly number[], Immediate]> = {
  block: [[0x02], 'block'],
  loop: [[0x03], 'block'],
  if: [[0x04], 'block'],
  else: [[0x05], 'none'],
  end: [[0x0b], 'none'],
  br: [[0x0c], 'label'],
  br_if: [[0x0d], 'label'],
  return: [[0x0f], 'none'],
  select: [[0x1b], 'none'],
  'local.get': [[0x20], 'local'],
  'local.set': [[0x21], 'local'],
  'local.tee': [[0x22], 'local'],
  'i32.load': [[0x28], 'mem2'],
  'i64.load': [[0x29], 'mem3'],
  'i32.load8_u': [[0x2d], 'mem0'],
  'i64.load32_u': [[0x35], 'mem2'],
  'i32.store': [[0x36], 'mem2'],
  'i64.store': [[0x37], 'mem3'],
  'i32.store8': [[0x3a], 'mem0'],
  'i32.const': [[0x41], 'i32'],
  'i64.const': [[0x42], 'i64'],
  'i32.eqz': [[0x45], 'none'],
  'i32.eq': [[0x46], 'none'],
  'i32.ne': [[0x47], 'none'],
  'i32.lt_u': [[0x49], 'none'],
  'i32.gt_u': [[0x4b], 'none'],
  'i32.le_u': [[0x4d], 'none'],
  'i32.ge_u': [[0x4f], 'none'],
  'i32.ctz': [[0x68], 'none'],
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
  'i32.shr_u': [[0x76], 'none'],
  'i64.ctz': [[0x7a], 'none'],
  'i64.add': [[0x7c], 'none'],
  'i64.sub': [[0x7d], 'none'],
  'i64.mul': [[0x7e], 'none'],
  'i64.div_u': [[0x80], 'none'],
  'i64.rem_u': [[0x82], 'none'],
  'i64.and': [[0x83], 'none'],
  'i64.shl': [[0x86], 'none'],
  'i64.shr_u': [[0x88], 'none'],
  'i32.wrap_i64': [[0xa7], 'none'],
  'i64.extend_i32_u': [[0xad], 'none'],
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
function encodeBody(fn: FunctionSource): number[] {
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
      case 'mem0':
      case 'mem2':
      case 'mem3':
        out.push(Number(immediate.slice(3)), ...uleb(Number(next().replace('offset=', ''))));
        break;
      case 'memory':
        out.push(0);
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
  const bodies = functions.map((fn) => {
    const body = encodeBody(fn);
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
 * rho32(n, c) -> a divisor of the odd composite n < 2^31 (Brent's rho from y = 2, one gcd per 32 steps).
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
  ],
  body: `
    ${mont32Setup}
    local.get $c32 i64.extend_i32_u local.get $n i64.rem_u local.set $c
    i64.const 2 local.set $y
    i64.const 1 local.set $r
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
            local.get $r local.get $k i64.sub i64.const 32
            local.get $r local.get $k i64.sub i64.const 32 i64.lt_u select local.set $i
            loop $step
              ${rhoStep32('$y')}
              ${absDiff('$x', '$y')} local.set $b
              ${montMul32('$prod', '$prod', '$b')}
              local.get $i i64.const 1 i64.sub local.tee $i
              i64.eqz i32.eqz br_if $step
            end
            local.get $prod ${gcdWithN}
            local.get $g i64.const 1 i64.eq i32.eqz br_if $found
            local.get $k i64.const 32 i64.add local.set $k
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
        ${absDiff('$x', '$ys')} ${gcdWithN}
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

/** The kernel module: isPrime, findDivisor, buildTable, rho, isPrime32, rho32 and trial32, and one exported memory. */
export function assembleKernel(): Uint8Array {
  return assemble([
    isPrimeSource,
    findDivisorSource,
    buildTableSource,
    rhoSource,
    isPrime32Source,
    rho32Source,
    trial32Source,
  ]);
}

export function kernelBase64(): string {
  let text = '';
  for (const byte of assembleKernel()) text += String.fromCharCode(byte);
  return btoa(text);
}
