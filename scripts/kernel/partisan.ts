/**
 * PartisanGame in the kernel: the outcome window's walk, and the judge's loop over whole tests. Part of the
 * kernel's source: scripts/u64-kernel-source.ts assembles the module; after editing, run `npm run kernel`.
 */
import type { FunctionSource } from './assembler.js';
import {
  judgeLoop,
  RUN_LOCALS,
  skipBlanks,
  testRead,
  tokenEnds,
  wideDecimal,
  writeAlice,
  writeBob,
} from './judge-loop.js';

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
export const partisanPeriodSource: FunctionSource = {
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
export const partisanStartSource: FunctionSource = {
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
export const partisanValuesSource: FunctionSource = {
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
// PartisanGame's judge: whole tests read and answered in one call per stretch of input, as Multiplication's
// (multiplication.ts), when both move sets lie within 1..PARTISAN_KERNEL_MOVES (every test of the contest's
// limits).

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
export const partisanRunSource: FunctionSource = {
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
