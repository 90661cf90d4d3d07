/**
 * Octal games in the kernel: the sparse-space and plain methods of src/games/octal/engine.ts, many values per call.
 * Part of the kernel's source: scripts/u64-kernel-source.ts assembles the module; after editing, run `npm run
 * kernel`.
 */
import { OCTAL_HEADER, OCTAL_WALK_BACK, OCTAL_WALK_BLOCK } from '../../src/games/octal/kernel.js';
import type { FunctionSource } from './assembler.js';

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
export const octalSparseSource: FunctionSource = {
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
export const octalPlainSource: FunctionSource = {
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
