/**
 * `npm run kernel`: assembles scripts/u64-kernel-source.ts and writes the bytes into KERNEL_WASM in
 * src/math/kernel-wasm.ts (a test keeps the two equal).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { kernelBase64 } from './u64-kernel-source.js';

const target = fileURLToPath(new URL('../src/math/kernel-wasm.ts', import.meta.url));
const text = readFileSync(target, 'utf8');
const pattern = /(export const KERNEL_WASM =\s*')[A-Za-z0-9+/=]*(';)/;
if (!pattern.test(text)) throw new Error(`KERNEL_WASM not found in ${target}`);
const next = text.replace(pattern, `$1${kernelBase64()}$2`);
if (next === text) console.log('KERNEL_WASM is up to date.');
else {
  writeFileSync(target, next);
  console.log(`KERNEL_WASM regenerated in ${target}.`);
}
