#!/usr/bin/env node
// The CLI. `npm run build` (run by `npm ci` through `prepare`) compiles src/ into dist/ and bundles the CLI's
// light path into one script, dist/bundle/grundy.cjs (scripts/bundle-cli.ts), so a command reads one file
// instead of dozens. It is compiled here with V8's code cache beside it (grundy.cjs.cache), which spares each
// command the parsing and compiling of the functions it runs. The cache is checked by V8 against this very
// source and Node; when it is missing or rejected (another Node), this run writes a fresh one as it exits, if
// it can. Node 22+ also keeps the compiled code of the modules loaded later in its on-disk cache
// (NODE_DISABLE_COMPILE_CACHE=1 turns it off); Node 20 has no such cache.
//
// This file is CommonJS (bin/package.json says so): an ES module entry would load Node's ES module loader on
// every command, about 8 ms on Node 20 before anything of ours runs. The loader comes only when a verb
// imports tsc's output (the service stack, a plugin game).
'use strict';
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const module_ = require('node:module');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

module_.enableCompileCache?.();

const file = join(__dirname, '../dist/bundle/grundy.cjs');
const bundle = pathToFileURL(file);
const cacheFile = `${file}.cache`;
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // No cache yet: this run writes one.
}
// The names the bundle expects (scripts/bundle-cli.ts): Node's require for its path, its URL, and import()
// relative to it. The bundle is ASCII (esbuild escapes the rest), so latin1 reads it exactly, without UTF-8
// decoding: about 60 fewer fresh memory pages than 'utf8' (each one a page fault on a cold machine).
const script = new Script(`(function (require, __bundleUrl, __import) {${readFileSync(file, 'latin1')}\n})`, {
  filename: file,
  cachedData,
});
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
  module_.createRequire(file),
  bundle.href,
  (specifier) => import(new URL(specifier, bundle).href),
);
