#!/usr/bin/env node
// The CLI. `npm run build` (run by `npm ci` through `prepare`) compiles src/ into dist/ and bundles the CLI's
// light path into one file, dist/bundle/grundy.js (scripts/bundle-cli.ts), so a command loads one module
// instead of dozens. Node 22+ also keeps the compiled code in its on-disk cache (NODE_DISABLE_COMPILE_CACHE=1
// turns it off); Node 20 has no such cache.
import module from 'node:module';

module.enableCompileCache?.();
await import('../dist/bundle/grundy.js');
