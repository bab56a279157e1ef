// Export templates of micro-apps (001 §7.1 /api/blade-appTemplateFiles/appTemplateFiles; @campus/schema
// appTemplateFilesModel): an uploaded .xlsx with ${field} placeholders, per app.
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_app_template_files (id bigint primary key, tenant_id varchar(12) not null, app_id bigint not null,
      template_name varchar(64) not null, template_type varchar(8) not null, file_name varchar(255) not null, file_link varchar(1000) not null,
      remark varchar(500), ${AUDIT})`,
    `create index blade_app_template_files_app on blade_app_template_files (tenant_id, app_id)`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
