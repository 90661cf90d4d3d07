/**
 * Whole factorisations of 32-bit numbers in the kernel, a batch of numbers per call (SEAGM's cards). Part of the
 * kernel's source: scripts/u64-kernel-source.ts assembles the module; after editing, run `npm run kernel`.
 */
import type { FunctionSource } from './assembler.js';
import { MONT32_LOCALS, mont32Setup, montMul32 } from './u32.js';

// ---------------------------------------------------------------------------------------------------------
// Whole factorisations of 32-bit numbers (n < 2^31) in one call per batch of numbers: SEAGM's 10^5 cards
// otherwise cost several calls each across the JavaScript boundary, and the kernel's functions stay small so
// that V8 moves each to its optimising compiler on its own (a function running when that happens keeps its
// baseline code until it returns, and the batch loop returns only at the end).

/**
 * sprp32(n, a) -> 1 when the odd n (3 <= n < 2^31) is a strong probable prime to base a (0 < a < 2^31), also
 * when n divides a; else 0. Montgomery form with R = 2^32: a enters it with one remainder, a * 2^32 mod n.
 */
export const sprp32Source: FunctionSource = {
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
export const mr32BucketSource: FunctionSource = {
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
export const isRoughPrime32Source: FunctionSource = {
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
export const rest32Source: FunctionSource = {
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
export const sortUnique32Source: FunctionSource = {
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
export const factor32Source: FunctionSource = {
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
export const factor32BatchSource: FunctionSource = {
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
export const indexKeysSource: FunctionSource = {
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
export const weighKeysSource: FunctionSource = {
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
