// Modules register themselves (issue 14 item 5): every area under server/src/modules has one
// descriptor (its module.ts) and is in the list of modules/index.ts; migration names and job kinds
// belong to one module each; the core (http/, db/) imports no module and db/ nothing of http/;
// the assembled app registers every descriptor's routes, in an order that keeps each `after`.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Migration } from 'kysely/migration';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { collectMigrations } from '../src/db/migrate.ts';
import { modules } from '../src/modules/index.ts';
import { declaredCodes, defineModule, inOrder, jobKindOwners, under, type ModuleDef, type ModuleDeps, type RouteFn } from '../src/modules/module.ts';
import { realtime } from '../src/realtime/module.ts';
import { ROLE_MENUS } from '../src/demo/campus.ts';
import { FOUNDATION_MENUS } from '../src/db/migrations/0001_foundation.ts';

/** Routes the core itself registers (sign-in plumbing, docs, health): no module owns them. */
const CORE_ROUTES = /^\/api\/docs/;
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const MODULES = join(SRC, 'modules');

const isDescriptor = (v: unknown): v is ModuleDef =>
  typeof v === 'object' && v !== null && typeof (v as ModuleDef).name === 'string' && Array.isArray((v as ModuleDef).routes);

const areas = readdirSync(MODULES).filter((f) => statSync(join(MODULES, f)).isDirectory()).sort();

test('every module folder has one descriptor, named as the folder, and the list holds it', async () => {
  assert.ok(areas.length >= 10, `module folders found: ${areas.join(', ')}`);
  const listed = new Set(modules);
  for (const area of areas) {
    let exported: Record<string, unknown>;
    try {
      exported = await import(pathToFileURL(join(MODULES, area, 'module.ts')).href);
    } catch (e) {
      assert.fail(`server/src/modules/${area} has no module.ts with its descriptor (${(e as Error).message})`);
    }
    const found = Object.values(exported).filter(isDescriptor);
    assert.equal(found.length, 1, `server/src/modules/${area}/module.ts exports one descriptor (defineModule), found ${found.length}`);
    assert.equal(found[0].name, area, `the descriptor of modules/${area} is named ${area}`);
    assert.ok(listed.has(found[0]), `modules/${area} is missing from the list in server/src/modules/index.ts`);
  }
  // and the list holds nothing else but the real-time channel (server/src/realtime/module.ts)
  assert.deepEqual(modules.map((m) => m.name).filter((n) => !areas.includes(n)), ['realtime']);
  assert.ok(modules.includes(realtime));
  for (const m of modules) assert.ok(m.routes.length > 0, `${m.name} registers routes`);
});

test('every migration file belongs to exactly one module (or the core), under its own name', async () => {
  const all = collectMigrations(modules); // throws when two modules declare one name
  const dir = join(SRC, 'db/migrations');
  const files = readdirSync(dir).filter((f) => /^\d{4}_.+\.ts$/.test(f)).sort();
  assert.deepEqual(Object.keys(all).sort(), files.map((f) => f.replace(/\.ts$/, '')), 'declared migrations = the files in db/migrations');
  for (const f of files) {
    const ns = await import(pathToFileURL(join(dir, f)).href);
    assert.equal(all[f.replace(/\.ts$/, '')], ns, `${f} is declared under its file's name`);
  }
  // applied in their global numeric order, whichever module declares them (Kysely sorts the names)
  const names = Object.keys(all).sort();
  assert.deepEqual(names.map((n) => Number(n.slice(0, 4))), [...names.map((n) => Number(n.slice(0, 4)))].sort((a, b) => a - b));

  const twice: Migration = { up: async () => undefined };
  assert.throws(() => collectMigrations([{ name: 'a', migrations: { '0100_x': twice } }, { name: 'b', migrations: { '0100_x': twice } }]),
    /migration 0100_x is declared by a and b/);
  assert.throws(() => collectMigrations([{ name: 'a', migrations: { '0001_foundation': twice } }]), /declared by core and a/);
});

test('every job kind belongs to one module', () => {
  const owners = jobKindOwners(modules); // throws when two modules declare one kind
  assert.deepEqual(Object.fromEntries(owners), { heartbeat: 'job', sessionSweep: 'job', logCleanup: 'job', emailStrategy: 'email' });
  const job = () => ({ description: '', run: async () => undefined });
  const routes: RouteFn[] = [async () => undefined];
  assert.throws(() => jobKindOwners([defineModule({ name: 'a', routes, jobs: { x: job } }), defineModule({ name: 'b', routes, jobs: { x: job } })]),
    /job kind x is declared by a and b/);
});

test('the registration order keeps every `after`, and the list order elsewhere', () => {
  const routes: RouteFn[] = [async () => undefined];
  const a = defineModule({ name: 'a', routes });
  const b = defineModule({ name: 'b', after: ['a'], routes });
  const c = defineModule({ name: 'c', routes });
  assert.deepEqual(inOrder([b, c, a]).map((m) => m.name), ['c', 'a', 'b']);
  assert.throws(() => inOrder([b]), /comes after a, which is no module/);
  assert.throws(() => inOrder([defineModule({ name: 'x', after: ['y'], routes }), defineModule({ name: 'y', after: ['x'], routes })]), /wait on each other: x, y/);
  assert.throws(() => inOrder([a, a]), /two modules are named a/);
  // the real list already respects its `after`s, so it is registered as written
  assert.deepEqual(inOrder(modules).map((m) => m.name), modules.map((m) => m.name));
  const at = (n: string) => modules.findIndex((m) => m.name === n);
  assert.ok(at('realtime') < at('message') && at('message') < at('workflow'));
});

/** The module specifiers a source file imports (static, dynamic and type imports, re-exports). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)) out.push(m[1]);
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => join(dir, f));
}

test('the core imports no module, and the data layer nothing of http/', () => {
  const bad: string[] = [];
  const check = (dir: string, forbidden: string[]) => {
    for (const file of sources(join(SRC, dir))) {
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('.')) continue;
        const target = relative(SRC, resolve(dirname(file), spec));
        if (forbidden.some((f) => target === f || target.startsWith(f + '/'))) bad.push(`${relative(SRC, file)} imports ${spec}`);
      }
    }
  };
  check('http', ['modules']);
  check('db', ['modules', 'http']);
  check('core', ['modules', 'http', 'db']);
  assert.deepEqual(bad, []);
  // the scheduler runs what the registry gives it: it imports no module (the module system's types only)
  const scheduler = importsOf(join(MODULES, 'job/scheduler.ts')).filter((s) => s.startsWith('../') && !s.startsWith('../../') && s !== '../module.ts');
  assert.deepEqual(scheduler, []);
  // the scan does see imports: app.ts, the composition root, imports modules
  assert.ok(importsOf(join(SRC, 'app.ts')).some((s) => s.startsWith('./modules/')));
});

test('the assembled app registers every descriptor\'s routes, once, after the modules each names', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-modules-'));
  // in a whole run, a copy of the migrated template (scripts/test.mjs); alone, migrated here through the descriptors
  const template = process.env.TEST_PGLITE_TEMPLATE ?? '';
  if (template && existsSync(join(template, 'pgdata'))) cpSync(join(template, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  const calls: string[] = [];
  const routesOf = new Map<string, number>();
  let counting = '';
  let deps: ModuleDeps | undefined;
  const spied = modules.map((m) => ({
    ...m,
    routes: m.routes.map((register, i): RouteFn => async (app, d) => {
      if (!calls.length) app.addHook('onRoute', () => { if (counting) routesOf.set(counting, (routesOf.get(counting) ?? 0) + 1); });
      deps = d;
      calls.push(`${m.name}#${i}`);
      counting = m.name;
      try { await register(app, d); } finally { counting = ''; }
    }),
  }));
  const server = await buildApp(loadConfig({
    dataDir, databaseUrl: '', port: 0, host: '127.0.0.1', logLevel: 'silent', jwtSecret: '', seedCampus: false,
    webDist: join(dataDir, 'no-web'), uploadDir: join(dataDir, 'upload'),
  }), { logger: false, modules: spied });
  try {
    await server.app.ready();
    assert.deepEqual(calls, modules.flatMap((m) => m.routes.map((_, i) => `${m.name}#${i}`)), 'every route function, once, in registration order');
    for (const m of modules) assert.ok((routesOf.get(m.name) ?? 0) > 0, `${m.name} registered routes`);
    for (const m of modules) for (const a of m.after ?? []) assert.ok(calls.indexOf(`${a}#0`) < calls.indexOf(`${m.name}#0`), `${m.name} after ${a}`);
    // the modules got the job kinds every descriptor declares, and the services
    assert.deepEqual([...deps!.jobs.keys()], [...jobKindOwners(modules).keys()]);
    assert.equal(deps!.scopes, server.services.scopes);
    assert.equal(deps!.metrics, server.app.metrics);
    // a route that needs a permission accepts a code its own module declares (its menus, buttons or
    // `permissions`), so granting the module's menus is what opens it. The portal's search-history
    // management (issue 16) has no screen or buttons yet: nobody can be granted it (trust/access.test.ts).
    const byName = new Map(modules.map((m) => [m.name, declaredCodes(m)]));
    const UNGRANTABLE_FOR_NOW = new Set(['/api/blade-portal/searchLog/submit', '/api/blade-portal/searchLog/remove']);
    const undeclared = server.app.routeTable.filter((r) => r.permission.length && r.module && !UNGRANTABLE_FOR_NOW.has(r.url))
      .filter((r) => !r.permission.some((c) => byName.get(r.module)?.has(c))).map((r) => `${r.module}: ${r.method} ${r.url} names ${r.permission.join(' | ')}`);
    assert.deepEqual(undeclared, []);
    assert.ok(server.app.routeTable.every((r) => !r.url.startsWith('/api/') || r.module || CORE_ROUTES.test(r.url)), 'every API route but the core\'s has its module');
    // a module's route is there: signed out it answers 401 (an unknown route answers 404)
    assert.equal((await server.app.inject({ method: 'GET', url: '/api/quartzJob/quartzJob/handlers' })).statusCode, 401);
    assert.equal((await server.app.inject({ method: 'GET', url: '/api/quartzJob/quartzJob/no-such-route' })).statusCode, 404);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a module declares its menus once: inserted at start under their parent, granted to administrators; a deleted one stays deleted', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-menus-'));
  const template = process.env.TEST_PGLITE_TEMPLATE ?? '';
  if (template && existsSync(join(template, 'pgdata'))) cpSync(join(template, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  // a newcomer's module: one screen under 系统管理 with its buttons, one route that needs a button's code
  const library = defineModule({
    name: 'library',
    routes: [async (app) => { app.get('/api/library/book/list', { config: { permission: 'library_view' } }, async () => ({ code: 200, success: true, data: [] })); }],
    menus: under('1100', [{ id: '1109001', code: 'library', name: '图书管理', path: '/system/library', source: 'BookOutlined', sort: 50, buttons: [['library_add', '新增', 'add'], ['library_view', '查看', 'view']] }]),
  });
  const start = () => buildApp(loadConfig({
    dataDir, databaseUrl: '', port: 0, host: '127.0.0.1', logLevel: 'silent', jwtSecret: '', seedCampus: false,
    webDist: join(dataDir, 'no-web'), uploadDir: join(dataDir, 'upload'),
  }), { logger: false, modules: [...modules, library] });
  type MenuRow = { id: string; parentId: string; code: string; category: number; isDeleted: number };
  const menus = async (db: Awaited<ReturnType<typeof start>>['database']['db'], codes: string[]) =>
    (await db.selectFrom('bladeMenu').select(['id', 'parentId', 'code', 'category', 'isDeleted']).where('code', 'in', codes).orderBy('code').execute()) as MenuRow[];
  try {
    let server = await start();
    try {
      const db = server.database.db;
      const rows = await menus(db, ['library', 'library_add', 'library_view']);
      assert.deepEqual(rows.map((r) => [r.code, r.category, r.isDeleted]), [['library', 1, 0], ['library_add', 2, 0], ['library_view', 2, 0]]);
      assert.equal(rows[0].parentId, '1100', 'under 系统管理');
      assert.ok(rows.slice(1).every((r) => r.parentId === '1109001'), 'the buttons under their menu');
      // granted to the administrator roles (the seeded platform administrator signs in with it)
      const granted = await db.selectFrom('bladeRoleMenu').innerJoin('bladeRole', 'bladeRole.id', 'bladeRoleMenu.roleId')
        .select('bladeRole.roleAlias').where('bladeRoleMenu.menuId', '=', '1109001').execute();
      assert.ok(granted.length > 0 && granted.every((g) => g.roleAlias === 'administrator'), JSON.stringify(granted));
      // the route table knows the module that registered each route
      assert.equal(server.app.routeTable.find((r) => r.url === '/api/library/book/list')?.module, 'library');
      assert.equal(server.app.routeTable.find((r) => r.url === '/api/blade-system/user/list')?.module, 'system');
      // every module's declared menus and buttons are rows (older ones made by its migrations)
      const declared = modules.flatMap((m) => [...declaredCodes(m)].filter((c) => !(m.permissions ?? []).includes(c)));
      const have = new Set((await db.selectFrom('bladeMenu').select('code').where('code', 'in', declared).execute()).map((r) => r.code));
      assert.deepEqual(declared.filter((c) => !have.has(c)), [], 'declared menu codes without a row');
      // an administrator deletes the screen's menu
      await db.updateTable('bladeMenu').set({ isDeleted: 1 }).where('code', '=', 'library').execute();
    } finally {
      await server.close();
    }
    server = await start();
    try {
      const rows = await menus(server.database.db, ['library', 'library_add', 'library_view']);
      assert.deepEqual(rows.map((r) => [r.code, r.isDeleted]), [['library', 1], ['library_add', 0], ['library_view', 0]], 'inserted once, the deleted menu not put back');
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('no two modules declare one menu or button code', () => {
  const owner = new Map<string, string>();
  const twice: string[] = [];
  for (const m of modules) for (const c of declaredCodes(m)) { if (owner.has(c)) twice.push(`${c}: ${owner.get(c)} and ${m.name}`); owner.set(c, m.name); }
  assert.deepEqual(twice, []);
  assert.ok(owner.size > 100, `${owner.size} codes declared`);
});

test('the demo campus grants its roles only menus some module (or the core) declares', () => {
  const core = defineModule({ name: 'core', routes: [], menus: FOUNDATION_MENUS });
  const declared = new Set([core, ...modules].flatMap((m) => [...declaredCodes(m)]));
  assert.deepEqual(ROLE_MENUS.filter((c) => !declared.has(c)), []);
});

test('every module\'s texts are in both languages: Chinese in zh, none in en, the same {placeholders}', () => {
  const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/;
  const holes = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
  const wrong: string[] = [];
  let pairs = 0;
  const walk = (module: string, key: string, v: unknown) => {
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string')) {
      const [zh, en] = v as [string, string];
      pairs++;
      if (!zh.trim() || !en.trim()) wrong.push(`${module} ${key}: an empty text`);
      // a text that is only its placeholders ("{text}": the sender's words) has nothing to translate
      if (!CJK.test(zh) && zh.replace(/\{\w+\}/g, '').trim()) wrong.push(`${module} ${key}: zh "${zh}" holds no Chinese`);
      if (CJK.test(en)) wrong.push(`${module} ${key}: en "${en}" holds Chinese`);
      if (holes(zh) !== holes(en)) wrong.push(`${module} ${key}: placeholders ${holes(zh)} / ${holes(en)}`);
    } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(module, key ? `${key}.${k}` : k, x);
  };
  for (const m of modules) for (const c of m.i18n ?? []) walk(m.name, '', c);
  assert.deepEqual(wrong, []);
  assert.ok(pairs > 200, `${pairs} texts checked`);
  // the modules with texts of their own declare them
  const without = modules.filter((m) => !(m.i18n ?? []).length).map((m) => m.name);
  assert.deepEqual(without, ['auth'], 'auth answers with the core\'s texts only');
});
