#!/usr/bin/env node
// `npm run build` (after the web app): the server as plain JavaScript for `npm run serve`, so a node
// runs without tsx (its loader thread, esbuild service and source maps cost ~60 MB of RSS).
// server/src/**/*.ts → server/dist/**/*.js, file by file at the same depth (paths the code reads
// relative to import.meta.url — ../../web/dist, ../regions.tsv, demo forms and processes — stay
// right; the other files of server/src are copied beside), and the workspace packages
// (@campus/schema, @campus/contracts: TypeScript sources) → server/dist/_packages/<name>/**/*.js.
// Nothing is bundled: each file keeps its imports, `./x.ts` rewritten to `./x.js` and `@campus/<name>`
// to its compiled folder; npm packages stay imports from node_modules. Tests (*.test.ts) are left out.
// `npm run dev`, `npm test` and the benchmarks' tools keep running the TypeScript with tsx.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'server/dist');
const started = Date.now();

/** Every file under dir (relative paths). */
function walk(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name), base) : [relative(base, join(dir, d.name))]));
}

// the workspace packages the server imports: @campus/<name> → packages/<name>/src (its "exports")
const packages = new Map();
for (const name of readdirSync(join(root, 'packages'))) {
  const file = join(root, 'packages', name, 'package.json');
  if (!existsSync(file)) continue;
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  const entry = typeof pkg.exports === 'string' ? pkg.exports : pkg.exports?.['.'];
  if (!pkg.name || !entry) continue;
  packages.set(pkg.name, { src: join(root, 'packages', name, dirname(entry)), out: join(out, '_packages', name), entry: join(out, '_packages', name, entry.replace(/^\.\/src\//, '').replace(/\.ts$/, '.js')) });
}

const sources = [{ src: join(root, 'server/src'), out }, ...packages.values()];
const entryPoints = [];
for (const s of sources) for (const f of walk(s.src)) if (f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts')) entryPoints.push({ in: join(s.src, f), out: join(s.out, f.replace(/\.ts$/, '')) });

rmSync(out, { recursive: true, force: true });
// every import stays an import: relative ones to the compiled file, the workspace packages to their folder
const rewrite = {
  name: 'keep-imports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const pkg = packages.get(args.path);
      if (pkg) {
        const from = entryPoints.find((e) => e.in === args.importer);
        let rel = relative(dirname(from.out), pkg.entry).split(sep).join('/');
        if (!rel.startsWith('.')) rel = `./${rel}`;
        return { path: rel, external: true };
      }
      if (args.path.startsWith('.')) return { path: args.path.replace(/\.ts$/, '.js'), external: true };
      return { path: args.path, external: true };
    });
  },
};
await build({
  entryPoints, outdir: out, bundle: true, platform: 'node', format: 'esm', target: 'node20', plugins: [rewrite],
  tsconfig: join(root, 'server/tsconfig.json'), logLevel: 'warning', legalComments: 'none', charset: 'utf8',
});
// the other files the code reads beside itself (regions.tsv, demo forms and processes)
let copied = 0;
for (const s of sources) {
  for (const f of walk(s.src)) {
    if (f.endsWith('.ts')) continue;
    mkdirSync(dirname(join(s.out, f)), { recursive: true });
    cpSync(join(s.src, f), join(s.out, f));
    copied++;
  }
}
console.log(`server built into ${relative(root, out)}: ${entryPoints.length} files compiled, ${copied} copied, ${Date.now() - started} ms`);
