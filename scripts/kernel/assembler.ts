/**
 * A minimal assembler for a flat subset of the WebAssembly text format, for the kernel's functions. Part of the
 * kernel's source: scripts/u64-kernel-source.ts assembles the module; after editing, run `npm run kernel`.
 */

// ---------------------------------------------------------------------------------------------------------
// A minimal assembler for a flat subset of the WebAssembly text format: one instruction after another,
// `block`/`loop`/`if` with a `$label` that `br`/`br_if` name, locals by `$name`, `;;` comments.

type ValType = 'i32' | 'i64' | 'f64' | 'v128';
const VALTYPE: Record<ValType, number> = { i32: 0x7f, i64: 0x7e, f64: 0x7c, v128: 0x7b };

/**
 * What follows an opcode: nothing, a local, a label, a constant, a memory access of 2^k bytes, a block type, a
 * function (by name). SIMD opcodes are the 0xfd prefix and their number as a LEB128.
 */
type Immediate =
  | 'none'
  | 'local'
  | 'label'
  | 'i32'
  | 'i64'
  | 'mem0'
  | 'mem1'
  | 'mem2'
  | 'mem3'
  | 'mem4'
  | 'memory'
  | 'block'
  | 'func'
  | 'lane'
  | 'shuffle';
const INSTRUCTIONS: Record<string, readonly [readonly number[], Immediate]> = {
  block: [[0x02], 'block'],
  loop: [[0x03], 'block'],
  if: [[0x04], 'block'],
  else: [[0x05], 'none'],
  end: [[0x0b], 'none'],
  br: [[0x0c], 'label'],
  br_if: [[0x0d], 'label'],
  unreachable: [[0x00], 'none'],
  drop: [[0x1a], 'none'],
  return: [[0x0f], 'none'],
  call: [[0x10], 'func'],
  select: [[0x1b], 'none'],
  'local.get': [[0x20], 'local'],
  'local.set': [[0x21], 'local'],
  'local.tee': [[0x22], 'local'],
  'i32.load': [[0x28], 'mem2'],
  'i64.load': [[0x29], 'mem3'],
  'i32.load8_u': [[0x2d], 'mem0'],
  'i32.load16_u': [[0x2f], 'mem1'],
  'i64.load32_u': [[0x35], 'mem2'],
  'i32.store': [[0x36], 'mem2'],
  'i64.store': [[0x37], 'mem3'],
  'i32.store8': [[0x3a], 'mem0'],
  'i32.store16': [[0x3b], 'mem1'],
  'i32.const': [[0x41], 'i32'],
  'i64.const': [[0x42], 'i64'],
  'i32.eqz': [[0x45], 'none'],
  'i32.eq': [[0x46], 'none'],
  'i32.ne': [[0x47], 'none'],
  'i32.le_s': [[0x4c], 'none'],
  'i32.lt_s': [[0x48], 'none'],
  'i32.gt_s': [[0x4a], 'none'],
  'i32.ge_s': [[0x4e], 'none'],
  'i32.lt_u': [[0x49], 'none'],
  'i32.gt_u': [[0x4b], 'none'],
  'i32.le_u': [[0x4d], 'none'],
  'i32.ge_u': [[0x4f], 'none'],
  'i32.clz': [[0x67], 'none'],
  'i32.ctz': [[0x68], 'none'],
  'i32.popcnt': [[0x69], 'none'],
  'i32.div_u': [[0x6e], 'none'],
  'i32.rem_u': [[0x70], 'none'],
  'i32.or': [[0x72], 'none'],
  'i32.xor': [[0x73], 'none'],
  'i64.eqz': [[0x50], 'none'],
  'i64.eq': [[0x51], 'none'],
  'i64.lt_u': [[0x54], 'none'],
  'i64.le_u': [[0x58], 'none'],
  'i64.ge_u': [[0x5a], 'none'],
  'i32.add': [[0x6a], 'none'],
  'i32.sub': [[0x6b], 'none'],
  'i32.mul': [[0x6c], 'none'],
  'i32.and': [[0x71], 'none'],
  'i32.shl': [[0x74], 'none'],
  'i32.shr_s': [[0x75], 'none'],
  'i32.shr_u': [[0x76], 'none'],
  'i64.ctz': [[0x7a], 'none'],
  'i64.add': [[0x7c], 'none'],
  'i64.sub': [[0x7d], 'none'],
  'i64.mul': [[0x7e], 'none'],
  'i64.div_u': [[0x80], 'none'],
  'i64.rem_u': [[0x82], 'none'],
  'i64.and': [[0x83], 'none'],
  'i64.or': [[0x84], 'none'],
  'i64.xor': [[0x85], 'none'],
  'i64.shl': [[0x86], 'none'],
  'i64.shr_u': [[0x88], 'none'],
  'i32.wrap_i64': [[0xa7], 'none'],
  'i64.extend_i32_u': [[0xad], 'none'],
  'f64.sqrt': [[0x9f], 'none'],
  'f64.load': [[0x2b], 'mem3'],
  'f64.store': [[0x39], 'mem3'],
  'f64.add': [[0xa0], 'none'],
  'f64.sub': [[0xa1], 'none'],
  'f64.mul': [[0xa2], 'none'],
  'f64.div': [[0xa3], 'none'],
  'f64.convert_i32_s': [[0xb7], 'none'],
  'i32.trunc_f64_u': [[0xab], 'none'],
  'f64.convert_i32_u': [[0xb8], 'none'],
  'v128.load': [[0xfd, 0x00], 'mem4'],
  'i32x4.splat': [[0xfd, 0x11], 'none'],
  'i32x4.le_u': [[0xfd, 0x3e], 'none'],
  'v128.any_true': [[0xfd, 0x53], 'none'],
  'v128.or': [[0xfd, 0x50], 'none'],
  'i32x4.mul': [[0xfd, 0xb5, 0x01], 'none'],
  'i32x4.eq': [[0xfd, 0x37], 'none'],
  'v128.xor': [[0xfd, 0x51], 'none'],
  'i32x4.extract_lane': [[0xfd, 0x1b], 'lane'],
  'i8x16.shuffle': [[0xfd, 0x0d], 'shuffle'],
  'i8x16.splat': [[0xfd, 0x0f], 'none'],
  'i8x16.eq': [[0xfd, 0x23], 'none'],
  'i8x16.bitmask': [[0xfd, 0x64], 'none'],
  'i64.clz': [[0x79], 'none'],
  'i64.popcnt': [[0x7b], 'none'],
  'i64.ne': [[0x52], 'none'],
  'i64.gt_u': [[0x56], 'none'],
  'i64.trunc_f64_u': [[0xb1], 'none'],
  'f64.convert_i64_u': [[0xba], 'none'],
  'memory.fill': [[0xfc, 0x0b], 'memory'],
};

function uleb(value: number): number[] {
  const out: number[] = [];
  let v = value >>> 0;
  do {
    const byte = v & 0x7f;
    v >>>= 7;
    out.push(v === 0 ? byte : byte | 0x80);
  } while (v !== 0);
  return out;
}

function sleb(value: bigint): number[] {
  const out: number[] = [];
  let v = value;
  for (;;) {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    const done = (v === 0n && (byte & 0x40) === 0) || (v === -1n && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

export interface FunctionSource {
  readonly name: string;
  readonly params: readonly (readonly [string, ValType])[];
  readonly result?: ValType;
  readonly locals: readonly (readonly [string, ValType])[];
  readonly body: string;
}

/** Encodes one function body; throws on anything it does not know, so a typo fails loudly at load. */
function encodeBody(fn: FunctionSource, functions: ReadonlyMap<string, number>): number[] {
  const slots = new Map<string, number>();
  for (const [local] of [...fn.params, ...fn.locals]) slots.set(local, slots.size);
  const tokens = fn.body
    .replace(/;;[^\n]*/g, ' ')
    .split(/\s+/)
    .filter((t) => t !== '');
  const labels: (string | undefined)[] = [];
  const out: number[] = [];
  let k = 0;
  const next = (): string => {
    const token = tokens[k++];
    if (token === undefined) throw new Error(`${fn.name}: instruction ends early`);
    return token;
  };
  while (k < tokens.length) {
    const mnemonic = next();
    const spec = INSTRUCTIONS[mnemonic];
    if (spec === undefined) throw new Error(`${fn.name}: unknown instruction ${mnemonic}`);
    const [opcode, immediate] = spec;
    out.push(...opcode);
    switch (immediate) {
      case 'none':
        if (mnemonic === 'end') labels.pop();
        break;
      case 'block': {
        const label = tokens[k]?.startsWith('$') === true ? next() : undefined;
        labels.push(label);
        out.push(0x40);
        break;
      }
      case 'label': {
        const label = next();
        const depth = labels.length - 1 - labels.lastIndexOf(label);
        if (depth >= labels.length) throw new Error(`${fn.name}: unknown label ${label}`);
        out.push(...uleb(depth));
        break;
      }
      case 'local': {
        const slot = slots.get(next());
        if (slot === undefined) throw new Error(`${fn.name}: unknown local in ${mnemonic}`);
        out.push(...uleb(slot));
        break;
      }
      case 'i32':
      case 'i64':
        out.push(...sleb(BigInt(next())));
        break;
      case 'func': {
        const index = functions.get(next().replace(/^\$/, ''));
        if (index === undefined) throw new Error(`${fn.name}: unknown function in call`);
        out.push(...uleb(index));
        break;
      }
      case 'mem0':
      case 'mem1':
      case 'mem2':
      case 'mem3':
      case 'mem4':
        out.push(Number(immediate.slice(3)), ...uleb(Number(next().replace('offset=', ''))));
        break;
      case 'memory':
        out.push(0);
        break;
      case 'lane':
        out.push(Number(next()));
        break;
      case 'shuffle':
        for (let lane = 0; lane < 16; lane++) out.push(Number(next()));
        break;
    }
  }
  const groups = fn.locals.map(([, type]) => [1, VALTYPE[type]]);
  return [...uleb(groups.length), ...groups.flat(), ...out, 0x0b];
}

function vector(items: readonly (readonly number[])[]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function section(id: number, content: readonly number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}

function encodeName(text: string): number[] {
  const bytes = [...new TextEncoder().encode(text)];
  return [...uleb(bytes.length), ...bytes];
}

/** A module of the given functions, all exported by name, with one exported, growable memory. */
export function assemble(functions: readonly FunctionSource[]): Uint8Array {
  const types = functions.map((fn) => [
    0x60,
    ...vector(fn.params.map(([, type]) => [VALTYPE[type]])),
    ...vector(fn.result === undefined ? [] : [[VALTYPE[fn.result]]]),
  ]);
  const indices = new Map(functions.map((fn, index) => [fn.name, index]));
  const bodies = functions.map((fn) => {
    const body = encodeBody(fn, indices);
    return [...uleb(body.length), ...body];
  });
  const exports = [
    ...functions.map((fn, index) => [...encodeName(fn.name), 0x00, ...uleb(index)]),
    [...encodeName('memory'), 0x02, 0],
  ];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector(types)),
    ...section(3, vector(functions.map((_, index) => uleb(index)))),
    ...section(5, vector([[0x00, 1]])),
    ...section(7, vector(exports)),
    ...section(10, vector(bodies)),
  ]);
}
