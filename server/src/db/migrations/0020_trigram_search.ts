// Trigram indexes for the users list's "contains" searches (issue 7, bench/growth): the list
// filters `account`, `realName` and `name` as `col ilike '%…%'` (http/page.ts), which no b-tree
// serves, so at 1M users every search read the whole table. A GIN index with pg_trgm's
// gin_trgm_ops answers like/ilike with a leading wildcard (PostgreSQL splits the pattern into
// trigrams; Chinese characters make trigrams too, hashed). Partial on is_deleted = 0 like every
// list's filter.
// pg_trgm ships with PostgreSQL's contrib and is a trusted extension (any role allowed to create
// in the database may add it); PGlite loads it as a contrib extension (db/index.ts). When a server
// lacks it or refuses it, the searches keep working without the index: the attempt runs under a
// savepoint (the migrator runs every migration in one transaction), a warning is printed and the
// migration succeeds.
import { sql } from 'kysely';
import type { MigrationDb } from '../index.ts';

const INDEXES: [name: string, column: string][] = [
  ['blade_user_real_name_trgm', 'real_name'],
  ['blade_user_account_trgm', 'account'],
  ['blade_user_name_trgm', 'name'],
];

export async function up(db: MigrationDb): Promise<void> {
  await sql`savepoint trigram_search`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    // the operator class where the extension lives (a DBA may have put it in another schema)
    const opclass = await sql<{ schema: string }>`select n.nspname as schema from pg_opclass c join pg_namespace n on n.oid = c.opcnamespace where c.opcname = 'gin_trgm_ops' limit 1`.execute(db);
    const ops = opclass.rows[0] ? sql`${sql.id(opclass.rows[0].schema)}.gin_trgm_ops` : sql`gin_trgm_ops`;
    for (const [name, column] of INDEXES) {
      await sql`create index if not exists ${sql.id(name)} on blade_user using gin (${sql.id(column)} ${ops}) where is_deleted = 0`.execute(db);
    }
    await sql`release savepoint trigram_search`.execute(db);
  } catch (e) {
    await sql`rollback to savepoint trigram_search`.execute(db);
    await sql`release savepoint trigram_search`.execute(db);
    console.warn(`migration 0020_trigram_search: pg_trgm is not available (${(e as Error).message}); the users list's name searches run without a trigram index`);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
