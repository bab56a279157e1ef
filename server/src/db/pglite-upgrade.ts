// An embedded database made by PGlite 0.4 (PostgreSQL 17) cannot be opened by PGlite 0.5
// (PostgreSQL 18), and the reverse: a data folder holds one major version's files. At start, a
// folder of an older major version is moved over once, as pg_upgrade's dump-and-restore would:
//   1. the old folder is opened with PGlite 0.4 (kept as a dependency for this only) and brought
//      up to date with the migrations, so both sides have the same schema;
//   2. a new folder is made beside it with the current PGlite and the same migrations;
//   3. every table's rows go across as CSV (COPY, so NULLs, empty strings, bytea and times keep
//      their values), with triggers and foreign keys off while the seeded rows are replaced, and
//      every sequence is set to where it stood; row counts are compared table by table;
//   4. only then the old folder is kept aside as pgdata-pg17-<time> and the new one takes its place.
// A failure at any step leaves the old folder untouched (the new one is removed) and stops the start.
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { CamelCasePlugin, Kysely, PGliteDialect } from 'kysely';
import type { Migration } from 'kysely/migration';
import { applyMigrations } from './migrate.ts';

/** The PostgreSQL major version the bundled PGlite writes. */
export const PGLITE_MAJOR = 18;

/** The major version of the PostgreSQL files in a data folder (its PG_VERSION), or undefined for a new folder. */
export function folderMajor(dir: string): number | undefined {
  const file = `${dir}/PG_VERSION`;
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : undefined;
}

/** What the two PGlite versions have in common here: queries with CSV blobs in and out. */
interface Client {
  query<T>(text: string, params?: unknown[], opts?: { blob?: Blob }): Promise<{ rows: T[]; blob?: Blob }>;
  exec(text: string): Promise<unknown>;
  close(): Promise<void>;
}

/** The app's migrations on one of the two PGlite clients (the app's own runner, over a Kysely of that client). */
async function migrated(client: Client, migrations: Record<string, Migration>): Promise<void> {
  const db = new Kysely<Record<string, never>>({ dialect: new PGliteDialect({ pglite: client as never }), plugins: [new CamelCasePlugin()] });
  await applyMigrations(db, migrations);
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The ordinary tables of the public schema (not the migrator's own) with their stored, non-generated columns. */
async function tables(client: Client): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ t: string; c: string }>(`
    select c.relname as t, a.attname as c from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not like 'kysely_migration%'
    order by c.relname, a.attnum`);
  const out = new Map<string, string[]>();
  for (const { t, c } of rows) out.set(t, [...(out.get(t) ?? []), c]);
  return out;
}

/**
 * Moves the data folder `dir` of an older PostgreSQL major version onto the current PGlite.
 * `open(path)` makes the current PGlite on a folder (with the app's extensions); answers where the old folder was kept.
 */
export async function upgradeFolder(dir: string, migrations: Record<string, Migration>, open: (path: string) => Promise<Client>, log: (line: string) => void = console.log): Promise<string> {
  const from = folderMajor(dir);
  log(`database: ${dir} holds PostgreSQL ${from} files; moving them to PostgreSQL ${PGLITE_MAJOR} (PGlite 0.5), once`);
  const fresh = `${dir}.upgrading`;
  rmSync(fresh, { recursive: true, force: true });
  const { PGlite: OldPGlite } = await import('@electric-sql/pglite-v04');
  const { pg_trgm } = await import('@electric-sql/pglite-v04/contrib/pg_trgm');
  const old = (await OldPGlite.create(dir, { extensions: { pg_trgm } })) as unknown as Client;
  let next: Client | undefined;
  try {
    await migrated(old, migrations);
    next = await open(fresh);
    await migrated(next, migrations);
    const source = await tables(old);
    const target = await tables(next);
    const missing = [...source.keys()].filter((t) => !target.has(t));
    if (missing.length) throw new Error(`tables only in the old database: ${missing.join(', ')}`);
    await next.exec('begin');
    // as the superuser PGlite is: no triggers, no foreign-key checks, no row security while copying
    await next.exec(`set local session_replication_role = replica`);
    if (target.size) await next.exec(`truncate ${[...target.keys()].map(ident).join(', ')}`);
    for (const [table, columns] of source) {
      const cols = columns.filter((c) => target.get(table)!.includes(c)).map(ident).join(', ');
      const { blob } = await old.query(`copy public.${ident(table)} (${cols}) to '/dev/blob' with (format csv)`);
      if (blob && blob.size) await next.query(`copy public.${ident(table)} (${cols}) from '/dev/blob' with (format csv)`, [], { blob });
    }
    const { rows: seqs } = await old.query<{ name: string; value: string | null }>(
      `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`);
    for (const s of seqs) if (s.value !== null) await next.query(`select setval($1, $2::bigint, true)`, [`public.${ident(s.name)}`, s.value]);
    await next.exec('commit');
    for (const table of source.keys()) {
      const count = async (c: Client) => (await c.query<{ n: string }>(`select count(*)::text as n from public.${ident(table)}`)).rows[0].n;
      const [a, b] = [await count(old), await count(next)];
      if (a !== b) throw new Error(`${table}: ${a} rows before, ${b} after`);
    }
    await next.close();
    next = undefined;
    await old.close();
  } catch (e) {
    await next?.close().catch(() => undefined);
    await old.close().catch(() => undefined);
    rmSync(fresh, { recursive: true, force: true });
    throw new Error(`the database in ${dir} could not be moved to PostgreSQL ${PGLITE_MAJOR}; it is unchanged: ${(e as Error).message}`);
  }
  const kept = `${dir}-pg${from}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(dir, kept);
  renameSync(fresh, dir);
  log(`database: moved to PostgreSQL ${PGLITE_MAJOR}; the old files are kept in ${kept} (remove them once all is well)`);
  return kept;
}
