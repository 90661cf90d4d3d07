/**
 * ABGAME in the kernel: the judge's loop over whole boards, and long boards read 64 cells at a time. Part of the
 * kernel's source: scripts/u64-kernel-source.ts assembles the module; after editing, run `npm run kernel`.
 */
import type { FunctionSource } from './assembler.js';
import { judgeLoop, notSpace, RUN_LOCALS, testRead } from './judge-loop.js';

// ---------------------------------------------------------------------------------------------------------
// ABGAME's judge: whole boards read and answered in one call per stretch of input, as Multiplication's tests
// are (multiplication.ts).

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
export const abgameRunSource: FunctionSource = {
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

export const abgameScanSource = abgameScanOf(false);
export const abgameStreamScanSource = abgameScanOf(true);
