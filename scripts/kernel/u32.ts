/**
 * The kernel's 32-bit arithmetic (n odd, n < 2^31): Montgomery products, Miller-Rabin and Pollard's rho. Part of
 * the kernel's source: scripts/u64-kernel-source.ts assembles the module; after editing, run `npm run kernel`.
 */
import type { FunctionSource } from './assembler.js';
import { BRENT_RHO_LOCALS, brentRho, millerRabin } from './u64.js';

// ---------------------------------------------------------------------------------------------------------
// 32-bit moduli (n odd, n < 2^31): Montgomery arithmetic with R = 2^32 needs only one native 64-bit product
// per step, several times cheaper than the 128-bit emulation of u64.ts. SEAGM's cards (up to 10^9) use these.

export const MONT32_LOCALS = [
  ['$n', 'i64'],
  ['$nneg', 'i32'], // -n^-1 mod 2^32
  ['$t', 'i64'],
  ['$u', 'i64'],
] as const;

/** $n = the i32 parameter $n32 widened, $nneg = -$n32^-1 mod 2^32 (Newton's iteration, 5 steps). */
export const mont32Setup = `
    local.get $n32 i64.extend_i32_u local.set $n
    local.get $n32 local.set $nneg
    ${Array.from({ length: 5 }, () => 'local.get $nneg i32.const 2 local.get $n32 local.get $nneg i32.mul i32.sub i32.mul local.set $nneg').join('\n    ')}
    i32.const 0 local.get $nneg i32.sub local.set $nneg`;

/** dst = a*b/2^32 mod $n for a, b < $n < 2^31: REDC, (t + m*n) < 2^63 never overflows. */
export function montMul32(dst: string, a: string, b: string): string {
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
export const isPrime32Source: FunctionSource = {
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
    ${millerRabin(pushBase32, MR32_BASES.length, montMul32)}`,
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
export const rho32Source: FunctionSource = {
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
    ...BRENT_RHO_LOCALS,
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
    ${brentRho({ step: rhoStep32, mul: montMul32, gcd: binaryGcdWithN, batch: RHO32_BATCH, giveUp: 'i32.const 0' })}
    local.get $g i32.wrap_i64`,
};

/**
 * trial32(x, tableAt, count, outAt) -> what is left of x (1 <= x < 2^31) after removing 2 and the `count`
 * odd primes of the table at `tableAt` (12 bytes each: p, p^-1 mod 2^32, floor((2^32 - 1) / p), as i32),
 * stopping early once p*p exceeds the rest (which is then 1 or prime). The distinct primes found are written
 * as i32 from outAt + 4 on, and their number at outAt.
 */
export const trial32Source: FunctionSource = {
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
