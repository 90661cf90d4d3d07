/**
 * SEAGM in the kernel: the judge's list of cards, the classes of values, and the subset counting per largest prime.
 * Part of the kernel's source: scripts/u64-kernel-source.ts assembles the module; after editing, run `npm run
 * kernel`.
 */
import type { FunctionSource } from './assembler.js';
import { judgeLoop, RUN_LOCALS, testRead, wideDecimal } from './judge-loop.js';

// ---------------------------------------------------------------------------------------------------------
// A judge's list of numbers (SEAGM's cards): read in the kernel, a stretch of input at a time.

/**
 * readInts(in, inEnd, eof, maxTests, out, stateAt, lo, hi) -> numbers: up to maxTests plain decimals of 1 to 10
 * digits from lo to hi (unsigned), each after whitespace and ended by whitespace (or by the end when eof is 1),
 * read from [in, inEnd) and written from `out` on (i32 each). It stops before the first token that is anything
 * else (a token at the end of the bytes, a sign, a number out of range, more digits), which the JavaScript
 * reader then takes the careful way. At stateAt: where reading stopped, the newlines up to there, `out` there.
 */
export const readIntsSource: FunctionSource = {
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
export const radixPassSource: FunctionSource = {
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
export const distinctRunsSource: FunctionSource = {
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
export const seagmHeadsSource: FunctionSource = {
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
export const seagmByPrimeSource: FunctionSource = {
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
export const seagmCountSource: FunctionSource = {
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
export const seagmDrainSource: FunctionSource = {
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
export const seagmClassesSource: FunctionSource = {
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
export const seagmMostNeedSource: FunctionSource = {
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
export const seagmWeightsSource: FunctionSource = {
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

export const alternatingSumsSource: FunctionSource = {
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
