/**
 * Builds dist/bundle/grundy.cjs, the file bin/grundy.js runs: the CLI's light path (every verb's dispatch, the
 * judges of the built-in games, their solvers) as ONE script, so `grundy judge` reads one file instead of ~30.
 * Resolving, reading and linking those ~30 modules cost `grundy judge seagm` about 15 ms of CPU on Node 20,
 * more than solving its whole contest input (about 10 ms). Run by `npm run build` after tsc (`prepare` runs
 * it on `npm ci`).
 *
 * The bundle is a plain script, not an ES module: bin/grundy.js compiles it with node:vm and V8's code cache
 * (dist/bundle/grundy.cjs.cache, written here by a first run), which Node 20 offers for scripts only, and
 * a script skips the ES module loader's steps too. Together about 7 ms off every command. A script has no
 * `import.meta`, no top-level await and no `import()` of its own, so bin hands it what stands in for them:
 * `__bundleUrl` (the bundle's own URL, for import.meta.url) and `__import` (import() relative to the bundle);
 * `require` is Node's, made for the bundle's path. bin itself is CommonJS, so that Node's ES module loader
 * stays unloaded until a verb imports tsc's output (about 8 ms off every command on Node 20).
 *
 * What stays out of the bundle, imported at run time from tsc's output in dist/ (the bundle sits at the same
 * depth, dist/bundle/, so `import.meta.url` paths such as `../../package.json` mean the same thing there):
 * every module that reaches an npm package through static imports (zod, discord.js, bullmq...). Bundled,
 * those imports would be hoisted to the top of the one file and load with every command; kept out, they load
 * only when a verb imports them dynamically, as before. A module both in the bundle and imported from dist/
 * runs twice, as two copies; src/core/errors.ts makes its two copies share one set of classes (see there).
 * npm packages stay external too (node_modules is resolved as usual), except the few small dependency-free ones
 * in `inlined` (lru-cache, which the octal solver keeps its tables in), which the bundle holds like our code.
 */
import { builtinModules, createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = 'src/cli/main.ts';
const outfile = 'dist/bundle/grundy.cjs';
/** The names bin hands the bundle (see above). */
const IMPORT = '__import';
const BUNDLE_URL = '__bundleUrl';
/** npm packages bundled rather than loaded from node_modules: small, pure, and needed by a judge. */
const inlined = new Set(['lru-cache']);

/** Every bare import (an npm package) stays external but those in `inlined`. */
function externalPackages(): Plugin {
  return {
    name: 'external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return undefined;
        const name = args.path.startsWith('@')
          ? args.path.split('/').slice(0, 2).join('/')
          : (args.path.split('/')[0] ?? args.path);
        return inlined.has(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

const common: BuildOptions = {
  absWorkingDir: root,
  entryPoints: [entry],
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [externalPackages()],
  logLevel: 'warning',
};

const builtins = new Set(builtinModules);
const isBuiltin = (path: string): boolean => path.startsWith('node:') || builtins.has(path);

/** The source modules (paths relative to the root) that reach an npm package through static imports. */
function heavyModules(metafile: Metafile): Set<string> {
  const heavy = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [path, input] of Object.entries(metafile.inputs)) {
      if (heavy.has(path)) continue;
      const reaches = input.imports.some(
        (imp) =>
          imp.kind === 'import-statement' &&
          (imp.external === true ? !isBuiltin(imp.path) : heavy.has(imp.path)),
      );
      if (reaches) {
        heavy.add(path);
        grew = true;
      }
    }
  }
  return heavy;
}

/** Imports of heavy modules become imports of tsc's output for them (src/x/y.ts -> ../x/y.js). */
function keepOut(outside: ReadonlySet<string>): Plugin {
  const outDir = resolve(root, dirname(outfile));
  return {
    name: 'keep-out',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData === 'keep-out') return undefined;
        const found = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'keep-out',
        });
        if (found.errors.length > 0) return { errors: found.errors };
        const source = relative(root, found.path);
        if (!outside.has(source)) return { path: found.path };
        const compiled = resolve(root, 'dist', relative('src', source)).replace(/\.ts$/, '.js');
        return { path: `./${relative(outDir, compiled)}`.replace(/^\.\/\.\.\//, '../'), external: true };
      });
    },
  };
}

/**
 * Node's built-in modules come in through `require`, not `import`: Node builds an ES module facade of every
 * export of a built-in it imports, and reading them all runs the lazy getters (`node:fs` then loads its
 * streams), 3-6 ms a process. Each `node:x` becomes a small module that requires it (with `require` from
 * createRequire, in the banner) and exports each name as that property, read only if the bundle uses it
 * (esbuild drops the pure reads of unused names). Not esbuild's CommonJS interop: copying every property of
 * `node:util` costs Node 22 another 3-4 ms.
 */
const nodeRequire = createRequire(import.meta.url);
/** Whether `name` can name a constant (an identifier, and no reserved word). */
function isBindingName(name: string): boolean {
  try {
    new Script(`const ${name} = 0;`);
    return /^[A-Za-z_$][\w$]*$/.test(name);
  } catch {
    return false;
  }
}
function builtinsByRequire(): Plugin {
  return {
    name: 'builtins-by-require',
    setup(b) {
      b.onResolve({ filter: /^node:/ }, (args) =>
        args.kind === 'import-statement' ? { path: args.path, namespace: 'builtin' } : undefined,
      );
      b.onLoad({ filter: /^node:/, namespace: 'builtin' }, (args) => {
        const lines = [`const builtin = require(${JSON.stringify(args.path)});`, 'export default builtin;'];
        for (const name of Object.keys(nodeRequire(args.path) as object)) {
          if (name === 'default' || !isBindingName(name)) continue;
          lines.push(`const ${name} = /* @__PURE__ */ (() => builtin.${name})();`, `export { ${name} };`);
        }
        return { contents: lines.join('\n'), loader: 'js' };
      });
    },
  };
}

const graph = await build({ ...common, write: false, metafile: true, outdir: 'dist/bundle-graph' });
if (graph.metafile === undefined) throw new Error('esbuild returned no metafile.');
const outside = heavyModules(graph.metafile);
if (outside.has(entry))
  throw new Error(`${entry} reaches an npm package statically: nothing would be bundled.`);
const result = await build({
  ...common,
  format: 'cjs',
  outfile,
  sourcemap: true,
  sourcesContent: false,
  charset: 'ascii',
  define: { 'import.meta.url': BUNDLE_URL },
  metafile: true,
  banner: { js: '// Built by scripts/bundle-cli.ts from src/ (see there); source map beside it.' },
  plugins: [externalPackages(), keepOut(outside), builtinsByRequire()],
});

// Every import() becomes bin's __import(): a script compiled by node:vm cannot import (Node 20 needs a flag).
// The bundle's import() calls are those esbuild lists (literal specifiers) plus those of computed ones (a
// plug-in module named by the environment); no string of ours holds the text "import(".
const listed = Object.values(result.metafile?.outputs ?? {}).reduce(
  (sum, output) => sum + output.imports.filter((imp) => imp.kind === 'dynamic-import').length,
  0,
);
const code = readFileSync(resolve(root, outfile), 'utf8');
// bin reads the bundle as latin1 (no UTF-8 decoding), which is exact only for ASCII.
// eslint-disable-next-line no-control-regex
if (/[^\x00-\x7f]/.test(code)) throw new Error(`${outfile} holds a byte that is not ASCII`);
const calls = code.match(/\bimport\(/g)?.length ?? 0;
if (calls < listed || /\bimport\.meta\b/.test(code))
  throw new Error(`expected at least ${listed} import() calls and no import.meta, found ${calls} calls`);
// bin's import() stand-in resolves a specifier against the bundle's URL: a path, never a package's name.
const bare = /\bimport\(\s*["'](?![./])([^"']*)["']/.exec(code);
if (bare !== null)
  throw new Error(
    `the bundle imports the package "${bare[1]}" dynamically: import it from a module kept out of it`,
  );
writeFileSync(resolve(root, outfile), code.replace(/\bimport\(/g, `${IMPORT}(`));

// The code cache: a first run of bin writes it when none is there (see bin/grundy.js), with the functions a
// judge compiles on the way. A run whose Node differs from the build's finds it rejected and writes its own.
rmSync(resolve(root, `${outfile}.cache`), { force: true });
const seed = spawnSync(process.execPath, [resolve(root, 'bin/grundy.js'), 'judge', 'seagm'], {
  input: '1\n3\n2 6 3\n',
  encoding: 'utf8',
});
if (seed.status !== 0) throw new Error(`the bundle's first run failed: ${seed.stderr}`);
