// Dependencies: every package the server imports is declared in server/package.json (runtime code in
// "dependencies"), every declared one is imported, and the root package declares what bench/ and
// scripts/ import. A package that is only present because another one pulls it in (ws under
// @fastify/websocket) can vanish with that package's next release; a declared one nothing imports
// (pino, pino-pretty: Fastify brings its own logger) is weight and audit noise.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';

const root = new URL('../..', import.meta.url).pathname;
const pkg = (dir: string) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

/** Bare package names a folder's .ts/.mjs files import (static, dynamic, import type, export from, require). */
function imported(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const f of readdirSync(join(root, dir), { recursive: true }).map(String)) {
    if (!/\.(ts|mts|mjs|js)$/.test(f) || f.includes('node_modules') || f.endsWith('.d.ts')) continue;
    const text = readFileSync(join(root, dir, f), 'utf8');
    for (const m of text.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]|\b(?:require|createRequire\(import\.meta\.url\))\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? m[4]!;
      if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0]!)) continue;
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      if (!found.has(name)) found.set(name, join(dir, f));
    }
  }
  return found;
}

test('the server declares what it imports (runtime code in dependencies) and imports what it declares', () => {
  const server = pkg('server');
  const deps = new Set(Object.keys(server.dependencies ?? {}));
  const dev = new Set(Object.keys(server.devDependencies ?? {}));
  const src = imported('server/src');
  const tests = imported('server/test');
  for (const [name, where] of src) if (!deps.has(name)) assert.fail(`${where} imports ${name}, which server/package.json does not list in dependencies`);
  for (const [name, where] of tests) if (!deps.has(name) && !dev.has(name)) assert.fail(`${where} imports ${name}, which server/package.json does not list`);
  const used = new Set([...src.keys(), ...tests.keys()]);
  const unused = [...deps, ...dev].filter((d) => !used.has(d) && !(d.startsWith('@types/') && used.has(d.slice(7).replace(/^(.*)__/, '@$1/'))));
  assert.deepEqual(unused, [], 'declared in server/package.json but imported nowhere');
  assert.ok(deps.has('ws') && !deps.has('pino') && !dev.has('pino-pretty'));
});

test('what bench/ and scripts/ import is declared by the root package or a workspace (bench drives the server with its packages)', () => {
  const declared = new Set(['.', 'server', 'web'].flatMap((d) => { const p = pkg(d); return [...Object.keys(p.dependencies ?? {}), ...Object.keys(p.devDependencies ?? {})]; }));
  for (const dir of ['bench', 'scripts'])
    for (const [name, where] of imported(dir))
      if (!declared.has(name) && !name.startsWith('@campus/')) assert.fail(`${where} imports ${name}, which no package.json lists`);
});
