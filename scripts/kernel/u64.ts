/**
 * The kernel's 64-bit arithmetic: Montgomery products, Miller-Rabin, trial division by the divisor table, Pollard's
 * rho. Part of the kernel's source: scripts/u64-kernel-source.ts assembles the module; after editing, run `npm run
 * kernel`.
 */
import type { FunctionSource } from './assembler.js';

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

/**
 * Miller-Rabin over `bases` bases pushed by `pushBase` (round $round picks one), with the Montgomery product
 * `mul`, in the locals isPrime and isPrime32 share: $n odd, $one and $minusOne (1 and n - 1 in Montgomery
 * form), $r2 (R^2 mod n), n - 1 = $d * 2^$s. Returns 0 from the function at the first base that shows $n
 * composite, else pushes 1.
 */
export const millerRabin = (
  pushBase: string,
  bases: number,
  mul: (dst: string, a: string, b: string) => string,
): string => `
    i32.const 0 local.set $round
    loop $nextBase
      block $passed ;; leaving this block means: this base says "probably prime"
        ${pushBase} local.get $n i64.rem_u local.set $a
        local.get $a i64.eqz br_if $passed
        ${mul('$a', '$a', '$r2')}
        local.get $one local.set $x
        local.get $d local.set $e
        block $powered ;; $x = $a^$d, right to left
          loop $square
            local.get $e i64.eqz br_if $powered
            local.get $e i64.const 1 i64.and i64.eqz i32.eqz
            if ${mul('$x', '$x', '$a')} end
            ${mul('$a', '$a', '$a')}
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
            ${mul('$x', '$x', '$x')}
            local.get $x local.get $minusOne i64.eq br_if $passed
            local.get $left i32.const 1 i32.sub local.set $left
            br $again
          end
        end
        i32.const 0 return ;; $a witnesses that n is composite
      end
      local.get $round i32.const 1 i32.add local.tee $round
      i32.const ${bases} i32.ne br_if $nextBase
    end
    i32.const 1`;

/** Pushes MR_BASES[$round] (a chain of selects: the kernel has no data segment to index). */
const pushBase = MR_BASES.reduceRight(
  (rest, base, index) => `i64.const ${base} ${rest} local.get $round i32.const ${index} i32.eq select`,
  'i64.const 0',
);

export const isPrimeSource: FunctionSource = {
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
    ${millerRabin(pushBase, MR_BASES.length, montMul)}`,
};

/**
 * The divisor table: entry i (16 bytes at 16*i) holds p^-1 mod 2^64 and floor((2^64 - 1) / p) for the i-th
 * odd prime p. Then p divides m exactly when m * p^-1 mod 2^64 <= that bound (Granlund and Montgomery),
 * one multiplication and one comparison per prime.
 */
export const findDivisorSource: FunctionSource = {
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
export const findDivisorsSource: FunctionSource = (() => {
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
export const buildTableSource: FunctionSource = {
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
export function absDiff(a: string, b: string): string {
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
export const RHO_STEP_LIMIT = 1 << 24;

/**
 * The rounds of Brent's rho over $y (with $r the first round's length): walks `step`, multiplies the
 * differences |x - y| together with `mul`, and takes one `gcd` (of the stack top with n, into $g) per `batch`
 * steps, until $g is not 1; when the batch jumped past every factor ($g = n), replays its steps from $ys one gcd
 * at a time. Returns `giveUp` after RHO_STEP_LIMIT steps. Shared by rho (64-bit) and rho32.
 */
/** The locals brentRho uses besides $n, $y and the Montgomery product's. */
export const BRENT_RHO_LOCALS = [
  ['$x', 'i64'],
  ['$ys', 'i64'],
  ['$g', 'i64'],
  ['$b', 'i64'],
  ['$prod', 'i64'],
  ['$r', 'i64'],
  ['$k', 'i64'],
  ['$i', 'i64'],
] as const;

export const brentRho = (parts: {
  step: (v: string) => string;
  mul: (dst: string, a: string, b: string) => string;
  gcd: string;
  batch: number;
  giveUp: string;
}): string => `
    i64.const 1 local.set $prod
    i64.const 1 local.set $g
    block $found
      loop $round
        local.get $r i64.const ${RHO_STEP_LIMIT} i64.ge_u if ${parts.giveUp} return end
        local.get $y local.set $x
        local.get $r local.set $i
        loop $advance
          ${parts.step('$y')}
          local.get $i i64.const 1 i64.sub local.tee $i
          i64.eqz i32.eqz br_if $advance
        end
        i64.const 0 local.set $k
        block $batched
          loop $batch
            local.get $k local.get $r i64.ge_u br_if $batched
            local.get $y local.set $ys
            local.get $r local.get $k i64.sub i64.const ${parts.batch}
            local.get $r local.get $k i64.sub i64.const ${parts.batch} i64.lt_u select local.set $i
            loop $step
              ${parts.step('$y')}
              ${absDiff('$x', '$y')} local.set $b
              ${parts.mul('$prod', '$prod', '$b')}
              local.get $i i64.const 1 i64.sub local.tee $i
              i64.eqz i32.eqz br_if $step
            end
            local.get $prod ${parts.gcd}
            local.get $g i64.const 1 i64.eq i32.eqz br_if $found
            local.get $k i64.const ${parts.batch} i64.add local.set $k
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
        ${parts.step('$ys')}
        ${absDiff('$x', '$ys')} ${parts.gcd}
        local.get $g i64.const 1 i64.eq br_if $replay
      end
    end
`;

/**
 * rho(n, c, y0) -> a divisor of the odd composite n: Brent's variant of Pollard's rho, with the differences
 * multiplied together and one gcd per 128 steps. Returns n when the batch overshot past every factor
 * and even the step-by-step replay found none, and 0 after RHO_STEP_LIMIT steps; the caller retries.
 */
export const rhoSource: FunctionSource = {
  name: 'rho',
  params: [
    ['$n', 'i64'],
    ['$c', 'i64'],
    ['$y', 'i64'],
  ],
  result: 'i64',
  locals: [...MONT_LOCALS, ...BRENT_RHO_LOCALS],
  body: `
    ${inverse('$ninv', '$n')}
    i64.const 1 local.set $r
    ${brentRho({ step: rhoStep, mul: montMul, gcd: gcdWithN, batch: 128, giveUp: 'i64.const 0' })}
    local.get $g`,
};
