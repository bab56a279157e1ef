// Menus are declared by the modules (their descriptors' `menus`) and inserted at start when new
// (db/menus.ts syncMenus). blade_menu_seed remembers every code ever inserted that way or by a
// migration, so a menu an administrator deleted is not put back at the next start. Every code in
// blade_menu now (deleted rows too) counts as seen.
import type { MigrationDb } from '../index.ts';
import { runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table if not exists blade_menu_seed (code varchar(255) primary key, seed_time timestamptz not null default now())`,
    `insert into blade_menu_seed (code) select distinct code from blade_menu where code is not null and code <> '' on conflict do nothing`,
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await runStatements(db, [`drop table if exists blade_menu_seed`]);
}
