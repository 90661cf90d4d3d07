/**
 * Multiplication's judge in the kernel: N below 2^31 and from 2^31 to 10^18, and the sweep of the divisor table for
 * the tests that need one. Part of the kernel's source: scripts/u64-kernel-source.ts assembles the module; after
 * editing, run `npm run kernel`.
 */
import type { FunctionSource } from './assembler.js';
import { SWEEP_LANES } from './u64.js';
import {
  judgeLoop,
  notSpace,
  RUN_LOCALS,
  skipBlanks,
  testRead,
  wideDecimal,
  writeAlice,
  writeBob,
} from './judge-loop.js';

// ---------------------------------------------------------------------------------------------------------
// Multiplication's judge: whole contest tests read, solved and answered in one call per stretch of input. In
// JavaScript the same loop runs cold for most of a 10^4-test file (V8 optimises it late in so short a run).

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
export const intRootSource = (k: number, hi: number): FunctionSource => ({
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
export const isqrtSource: FunctionSource = {
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
export const roughKindSource: FunctionSource = {
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
export const twoOutcomeSource: FunctionSource = {
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
export const multiplicationBigSource: FunctionSource = {
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
export const multiplicationSweptSource: FunctionSource = {
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
export const tableCountBelowSource: FunctionSource = {
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
export const multiplicationSweepSource: FunctionSource = (() => {
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
export const multiplicationRunSource: FunctionSource = {
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
