// Label parity (issue 13, "English everywhere, Chinese everywhere"): every label file of one
// language has its twin in the other (web/src/i18n/zh.json ↔ en.json, areas/<area>.zh.json ↔
// areas/<area>.en.json), with the same nested keys, the same kind of value (text or group) and the
// same {{placeholders}} in each text; no label is empty, and no English label is left in Chinese
// characters. A label added to one language only fails here, naming the file and the key.
// Plain node: reads the JSON files, no server, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';
import { mergeLabels } from '../src/i18n/labels.ts';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const dir = join(src, 'i18n/');

type Tree = { [k: string]: string | Tree };

/** Every node of a label tree by its dotted key: a text, or a group (whose children follow it). */
export function leaves(tree: Tree, prefix = ''): Map<string, string | Tree> {
  const out = new Map<string, string | Tree>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    out.set(key, v);
    if (v !== null && typeof v === 'object') for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{\{\s*([\w.-]+)(?:\s*,[^}]*)?\s*\}\}/g)].map((m) => m[1]))].sort();

/**
 * Groups that only English has, by design: the English names of server data (menus by code,
 * menu buttons by alias, i18n/index.ts menuLabel / localizeMenuTree); in Chinese the server's own
 * names are shown, so a zh copy would only go stale.
 */
export const EN_ONLY = ['menus', 'menuButtons'];

/** What differs between the zh and en trees of one file pair, one line per problem. */
export function parityProblems(zh: Tree, en: Tree, enOnly: string[] = []): string[] {
  const a = leaves(zh);
  const b = leaves(en);
  const problems: string[] = [];
  const under = (k: string, groups: string[]) => groups.some((g) => k === g || k.startsWith(`${g}.`));
  const reported: string[] = [];
  const report = (k: string, line: string) => {
    if (under(k, reported)) return; // a missing group is one line, not one per label
    reported.push(k);
    problems.push(line);
  };
  for (const [k, v] of a) {
    if (!b.has(k)) { report(k, `${k}: in zh, missing in en`); continue; }
    const w = b.get(k)!;
    if (typeof v !== typeof w) { report(k, `${k}: a ${typeof v === 'string' ? 'text' : 'group'} in zh, a ${typeof w === 'string' ? 'text' : 'group'} in en`); continue; }
    if (typeof v === 'string' && typeof w === 'string') {
      const pa = placeholders(v);
      const pb = placeholders(w);
      if (pa.join() !== pb.join()) problems.push(`${k}: placeholders {{${pa.join('}}, {{')}}} in zh, {{${pb.join('}}, {{')}}} in en`);
      if (!v.trim()) problems.push(`${k}: empty in zh`);
      if (!w.trim()) problems.push(`${k}: empty in en`);
    }
  }
  for (const [k, w] of b) {
    if (a.has(k) || under(k, enOnly)) continue;
    if (typeof w === 'string' && !w.trim()) problems.push(`${k}: empty in en`);
    report(k, `${k}: in en, missing in zh`);
  }
  return problems;
}

/** The label file pairs: zh.json ↔ en.json and each area's <area>.zh.json ↔ <area>.en.json. */
function pairs(): { name: string; zh: string; en: string }[] {
  const out = [{ name: 'zh.json ↔ en.json', zh: join(dir, 'zh.json'), en: join(dir, 'en.json') }];
  const areas = join(dir, 'areas');
  const files = readdirSync(areas).filter((f) => f.endsWith('.json'));
  const names = new Set(files.map((f) => f.replace(/\.(zh|en)\.json$/, '')));
  for (const n of [...names].sort()) out.push({ name: `areas/${n}`, zh: join(areas, `${n}.zh.json`), en: join(areas, `${n}.en.json`) });
  return out;
}

const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Tree;

test('the checker itself: a key in one language only, a group against a text and different placeholders are reported', () => {
  const zh: Tree = { a: { b: '甲 {{n}}', c: '乙' }, d: '丙', g: { h: '丁' } };
  const en: Tree = { a: { b: 'A {{m}}' }, d: { e: 'D' }, g: { h: 'H' }, x: '' };
  assert.deepEqual(parityProblems(zh, en).sort(), [
    'a.b: placeholders {{n}} in zh, {{m}} in en',
    'a.c: in zh, missing in en',
    'd: a text in zh, a group in en',
    'x: empty in en',
    'x: in en, missing in zh',
  ].sort());
  assert.deepEqual(parityProblems(zh, zh), []);
  // a whole group missing is one line; an English-only group is allowed only where declared
  assert.deepEqual(parityProblems({}, { menus: { a: 'A', b: 'B' } }), ['menus: in en, missing in zh']);
  assert.deepEqual(parityProblems({}, { menus: { a: 'A', b: 'B' } }, ['menus']), []);
  assert.deepEqual(parityProblems({ menus: { a: '甲' } }, {}, ['menus']), ['menus: in zh, missing in en']);
});

test('every label file has its twin in the other language', () => {
  const missing = pairs().flatMap((p) => [p.zh, p.en].filter((f) => !existsSync(f)).map((f) => `${p.name}: ${f.slice(dir.length)} is missing`));
  assert.deepEqual(missing, []);
});

test('zh and en label files have the same keys, value kinds and {{placeholders}}', () => {
  const problems = pairs()
    .filter((p) => existsSync(p.zh) && existsSync(p.en))
    .flatMap((p) => parityProblems(read(p.zh), read(p.en), EN_ONLY).map((line) => `${p.name} ${line}`));
  assert.deepEqual(problems, [], `label gaps:\n${problems.join('\n')}`);
});

test('no English label is written in Chinese characters', () => {
  const cjk = /[\u3400-\u9fff\uff01-\uff5e\u3000-\u303f]/;
  const found = pairs()
    .filter((p) => existsSync(p.en))
    .flatMap((p) => [...leaves(read(p.en))].filter(([, v]) => typeof v === 'string' && cjk.test(v)).map(([k, v]) => `${p.name} ${k}: ${String(v)}`));
  assert.deepEqual(found, [], `Chinese text in English labels:\n${found.join('\n')}`);
});

/** One language's labels as the app loads them (labels.zh.ts / labels.en.ts: the shared file and every area). */
function labelsOf(lang: 'zh' | 'en'): Tree {
  const areas = Object.fromEntries(readdirSync(join(dir, 'areas')).filter((f) => f.endsWith(`.${lang}.json`)).map((f) => [`./areas/${f}`, read(join(dir, 'areas', f))]));
  return mergeLabels(read(join(dir, `${lang}.json`)), areas) as Tree;
}

const resolves = (tree: Tree, key: string) => {
  const find = (k: string) => k.split('.').reduce<string | Tree | undefined>((n, part) => (n && typeof n === 'object' ? n[part] : undefined), tree);
  // i18next plurals: t('x.count', { count }) reads x.count_one / x.count_other
  return find(key) !== undefined || find(`${key}_other`) !== undefined;
};

test('every label the code asks for by a literal key exists in both languages', () => {
  const labels = { zh: labelsOf('zh'), en: labelsOf('en') };
  const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => join(src, f));
  const asked = new Map<string, string>();
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    // t('area.key') / i18n.t('area.key'), not those with a defaultValue (server data named by code)
    for (const m of text.matchAll(/(?<![\w$])(?:i18n\.)?t\(\s*'([A-Za-z][\w-]*(?:\.[\w-]+)+)'(\s*,\s*\{[^)]*defaultValue)?/g)) {
      if (!m[2]) asked.set(m[1]!, relative(src, f));
    }
  }
  assert.ok(asked.size > 500, `the scan found the labels the code uses (${asked.size})`);
  const missing = [...asked].flatMap(([key, file]) =>
    (['zh', 'en'] as const).filter((l) => !resolves(labels[l], key)).map((l) => `${key} (${file}): missing in ${l}`));
  assert.deepEqual(missing, [], `labels the code uses but a language lacks:\n${missing.join('\n')}`);
});
