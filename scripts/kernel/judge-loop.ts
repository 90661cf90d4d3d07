/**
 * What every judge loop of the kernel shares: the frame that reads tests a stretch of input at a time, whitespace
 * and token ends, plain decimals, and the answers "Alice" and "Bob". Part of the kernel's source:
 * scripts/u64-kernel-source.ts assembles the module; after editing, run `npm run kernel`.
 */

/** Pushes 1 when the byte in $c is not one of the six ASCII whitespace bytes (9 .. 13, 32), else 0. */
export const notSpace = `local.get $c i32.const 32 i32.ne local.get $c i32.const 9 i32.sub i32.const 4 i32.gt_u i32.and`;

/** Skips whitespace from $p (below $inEnd), adding the newlines passed to $newlines. */
export const skipBlanks = (label: string): string => `
    block $${label}
      loop $${label}Each
        local.get $p local.get $inEnd i32.ge_u br_if $${label}
        local.get $p i32.load8_u offset=0 local.set $c
        ${notSpace} br_if $${label}
        local.get $newlines local.get $c i32.const 10 i32.eq i32.add local.set $newlines
        local.get $p i32.const 1 i32.add local.set $p
        br $${label}Each
      end
    end`;

/** Fails the test ($stop) unless the token that ended at $p ends in whitespace, or the input ends there. */
export const tokenEnds = `
    local.get $p local.get $inEnd i32.ge_u
    if
      local.get $eof i32.eqz br_if $stop
    else
      local.get $p i32.load8_u offset=0 local.set $c
      ${notSpace} br_if $stop
    end`;

/** The locals every judge loop has: tests answered, newlines up to the last one, the scan's position and byte. */
export const RUN_LOCALS = [
  ['$tests', 'i32'],
  ['$lines', 'i32'],
  ['$newlines', 'i32'],
  ['$p', 'i32'],
  ['$c', 'i32'],
] as const;

/**
 * A judge loop's frame: up to $maxTests tests from $in on, each read by `test` from $p (after the whitespace
 * before it, its newlines counted in $newlines) and answered. `test` branches to $stop before anything it does
 * not read plainly, and marks the test read (`testRead`) once it is. `finish` runs after the last test. At
 * $stateAt: where reading stopped, the newlines up to there, where writing stopped, then the locals
 * `moreState` (i32 each).
 */
export const judgeLoop = (test: string, moreState: readonly string[] = [], finish = ''): string => `
    i32.const 0 local.set $tests
    i32.const 0 local.set $lines
    block $stop
      loop $test
        local.get $tests local.get $maxTests i32.ge_u br_if $stop
        local.get $in local.set $p
        i32.const 0 local.set $newlines
        ${skipBlanks('blanksBeforeTest')}
        ${test}
        local.get $tests i32.const 1 i32.add local.set $tests
        br $test
      end
    end
    ${finish}
    local.get $stateAt local.get $in i32.store offset=0
    local.get $stateAt local.get $lines i32.store offset=4
    local.get $stateAt local.get $out i32.store offset=8
    ${moreState.map((local, i) => `local.get $stateAt local.get ${local} i32.store offset=${12 + 4 * i}`).join('\n    ')}
    local.get $tests`;

/** Marks the test read: reading resumes after it, and its newlines count. */
export const testRead = `
        local.get $p local.set $in
        local.get $lines local.get $newlines i32.add local.set $lines`;

/**
 * `dst` (an i64) = a plain decimal of 1 to `maxDigits` digits from $p ($start: where it began), ended by
 * whitespace or by the end of the input; anything else fails the test ($stop).
 */
export const wideDecimal = (dst: string, maxDigits: number): string => `
        local.get $p local.set $start
        i64.const 0 local.set ${dst}
        block $digits
          loop $digit
            local.get $p local.get $inEnd i32.ge_u br_if $digits
            local.get $p i32.load8_u offset=0 i32.const 48 i32.sub local.tee $c
            i32.const 9 i32.gt_u br_if $digits
            local.get $p local.get $start i32.sub i32.const ${maxDigits} i32.ge_u br_if $stop
            local.get ${dst} i64.const 10 i64.mul local.get $c i64.extend_i32_u i64.add local.set ${dst}
            local.get $p i32.const 1 i32.add local.set $p
            br $digit
          end
        end
        local.get $p local.get $start i32.eq br_if $stop
        ${tokenEnds}`;

/** Writes "Alice" and a newline at $out ("Alic" as a little-endian i32, then "e\n" as an i16), moving $out on. */
export const writeAlice = `
        local.get $out i32.const 0x63696c41 i32.store offset=0
        local.get $out i32.const 0x0a65 i32.store16 offset=4
        local.get $out i32.const 6 i32.add local.set $out`;

/** Writes "Bob" and a newline at $out (a little-endian i32), moving $out on. */
export const writeBob = `
        local.get $out i32.const 0x0a626f42 i32.store offset=0
        local.get $out i32.const 4 i32.add local.set $out`;
