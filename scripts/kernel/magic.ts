/**
 * MAGIC's judge in the kernel: passages read, joined and checked for repeats; boards of large rooms given dense
 * ids. Part of the kernel's source: scripts/u64-kernel-source.ts assembles the module; after editing, run `npm run
 * kernel`.
 */
import type { FunctionSource } from './assembler.js';
import { judgeLoop, notSpace, RUN_LOCALS, testRead, tokenEnds } from './judge-loop.js';

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
export const magicJoinSource: FunctionSource = {
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
export const magicTallySource: FunctionSource = {
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
export const magicBigReadSource: FunctionSource = {
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
export const magicCountSource: FunctionSource = {
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
export const magicSpreadSource: FunctionSource = {
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
export const magicNumberBucketSource: FunctionSource = {
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
export const magicRenumberSource: FunctionSource = {
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
export const magicJoinRangeSource: FunctionSource = {
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
