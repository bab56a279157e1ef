// The English name of a micro-app data model (issue 15): a child model's sub-table is labelled with it
// for English readers (@campus/schema miniModelModel.modelNameEn).
import type { MigrationDb } from '../index.ts';
import { runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, ['alter table blade_mini_model add column model_name_en varchar(64)']);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
