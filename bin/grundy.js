#!/usr/bin/env node
// The CLI. `npm run build` (run by `npm ci` through `prepare`) compiles src/ into dist/ and bundles the CLI's
// light path into one script, dist/bundle/grundy.cjs (scripts/bundle-cli.ts), so a command reads one file
// instead of dozens. It is compiled here with V8's code cache beside it (grundy.cjs.cache), which spares each
// command the parsing and compiling of the functions it runs. The cache is checked by V8 against this very
// source and Node; when it is missing or rejected (another Node), this run writes a fresh one as it exits, if
// it can. Node 22+ also keeps the compiled code of the modules loaded later in its on-disk cache
// (NODE_DISABLE_COMPILE_CACHE=1 turns it off); Node 20 has no such cache.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import module, { createRequire } from 'node:module';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import * as errors from '../dist/core/errors.js';

module.enableCompileCache?.();

const bundle = new URL('../dist/bundle/grundy.cjs', import.meta.url);
const file = fileURLToPath(bundle);
const cacheFile = `${file}.cache`;
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // No cache yet: this run writes one.
}
// The names the bundle expects (scripts/bundle-cli.ts): Node's require for its path, its URL, import() relative
// to it, and the errors module shared with the modules it imports.
const script = new Script(
  `(function (require, __bundleUrl, __import, __errors) {${readFileSync(file, 'utf8')}\n})`,
  { filename: file, cachedData },
);
if (cachedData === undefined || script.cachedDataRejected === true) {
  process.once('exit', () => {
    // Written whole under another name, then renamed: a process starting meanwhile reads the old file or none.
    const fresh = `${cacheFile}.${process.pid}`;
    try {
      writeFileSync(fresh, script.createCachedData());
      renameSync(fresh, cacheFile);
    } catch {
      // A read-only install runs without the cache, as fast as before it existed.
    }
  });
}
script.runInThisContext()(
  createRequire(bundle),
  bundle.href,
  (specifier) => import(new URL(specifier, bundle).href),
  errors,
);
