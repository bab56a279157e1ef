// Driver choice: PGlite in a data folder by default, a PostgreSQL server when DATABASE_URL is set.
// Both speak the same SQL, so one set of migrations and queries serves both.
import { mkdirSync } from 'node:fs';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, type Dialect, type Insertable, type Selectable } from 'kysely';
import type { Config } from '../config.ts';
import type { Migration } from 'kysely/migration';
import { folderMajor, PGLITE_MAJOR, upgradeFolder } from './pglite-upgrade.ts';
import { markPreparesOnDemand, prepareOnDemand } from './prepared.ts';
import type { Tables } from './tables.ts';
import { formatDateTime } from './time.ts';

// Rows are plain records keyed by camelCase names (the CamelCasePlugin maps to snake_case);
// every table and column a query names is checked against the migrated schema (tables.ts).
export type { Tables } from './tables.ts';
export type Db = Kysely<Tables>;
/** A row of a table as a query reads it. */
export type RowOf<T extends keyof Tables> = Selectable<Tables[T]>;
/** A row of a table as an insert writes it (columns with defaults optional). */
export type NewRowOf<T extends keyof Tables> = Insertable<Tables[T]>;

/** A row of a table whose name is data: columns by camelCase name. */
export type AnyRow = Record<string, unknown>;
/**
 * The same database for code whose table is data — the Repo of a resource, a model defined at run
 * time, a tree helper shared by several tables. Those callers check their names themselves (a
 * model's table, a validated identifier); the compiler checks every other query.
 */
export type DynamicDb = Kysely<Record<string, AnyRow>>;
/**
 * What a migration works on: the schema as that migration finds it, which the compiler cannot know
 * (tables.ts is the schema after the last one), so its queries name tables as data.
 */
export type MigrationDb = DynamicDb;
// the same instance (its plugins, a transaction, a tenant scope stay): only the compiler's view differs
export const dynamic = (db: Db): DynamicDb => db as unknown as DynamicDb;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the embedded PGlite instance (absent on a PostgreSQL server): the user-SQL executor cuts runaway queries through it */
  pglite?: import('@electric-sql/pglite').PGlite;
  /** the PostgreSQL pool's counts (for /metrics); absent on PGlite */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  close(): Promise<void>;
}

// a date (micro-app date fields) stays its YYYY-MM-DD text: as a JS Date it would shift with the server's time zone
const INT8 = 20, DATE = 1082, TIMESTAMP = 1114, TIMESTAMPTZ = 1184, NUMERIC = 1700;
// 64-bit ids leave as strings (JSON numbers lose precision past 2^53); times as yyyy-MM-dd HH:mm:ss.
function parseTime(v: string): string {
  let iso = v.replace(' ', 'T');
  if (/[+-]\d\d$/.test(iso)) iso += ':00'; // PostgreSQL writes +00, JavaScript wants +00:00
  else if (!/[+-]\d\d:\d\d$|Z$/.test(iso)) iso += 'Z'; // timestamp without zone: stored as UTC
  return formatDateTime(new Date(iso));
}

/** The embedded PostgreSQL on a data folder, with the extensions and type parsers the app needs. */
async function openPglite(folder: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm: the trigram indexes of the users list's name searches (migration 0020)
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // auto_explain: its timing instrumentation is how a tenant's runaway query is cut on PGlite
  // (sandbox/platform.ts), which does not honour statement_timeout
  const { auto_explain } = await import('@electric-sql/pglite/contrib/auto_explain');
  return PGlite.create(folder, {
    extensions: { pg_trgm, auto_explain },
    parsers: {
      [INT8]: (v: string) => v,
      [NUMERIC]: (v: string) => Number(v),
      [DATE]: (v: string) => v,
      [TIMESTAMP]: parseTime,
      [TIMESTAMPTZ]: parseTime,
    },
  });
}

/**
 * opts.migrations: every migration of the app (db/migrate.ts collectMigrations), needed only when an
 * embedded data folder of an older PostgreSQL major version must be moved over first (pglite-upgrade.ts).
 */
export async function openDatabase(config: Config, opts: { migrations?: Record<string, Migration> } = {}): Promise<Database> {
  let dialect: Dialect;
  let close: () => Promise<void>;
  let kind: Database['kind'];
  let pool: Database['pool'];
  let pglite: Database['pglite'];
  if (config.databaseUrl) {
    const pg = (await import('pg')).default;
    pg.types.setTypeParser(INT8, (v: string) => v);
    pg.types.setTypeParser(NUMERIC, (v: string) => Number(v));
    pg.types.setTypeParser(DATE, (v: string) => v);
    pg.types.setTypeParser(TIMESTAMP, parseTime);
    pg.types.setTypeParser(TIMESTAMPTZ, parseTime);
    const pgPool = new pg.Pool({ connectionString: config.databaseUrl, max: Number(process.env.PG_POOL_MAX ?? 10) });
    pgPool.on('error', () => undefined); // an idle client dropped by the server must not crash the process
    // behind a transaction-pooling proxy (PgBouncer pool_mode=transaction) a session's prepared
    // statements may sit on another server connection: then each action checks for itself
    const pooled = process.env.DB_POOLER === 'transaction';
    if (!pooled) pgPool.on('connect', (client) => prepareOnDemand(client as never));
    dialect = new PostgresDialect({ pool: pgPool });
    close = () => pgPool.end();
    pool = pgPool;
    kind = 'postgres';
  } else {
    mkdirSync(config.dataDir, { recursive: true });
    const folder = `${config.dataDir}/pgdata`;
    const major = folderMajor(folder);
    if (major !== undefined && major !== PGLITE_MAJOR) {
      if (major > PGLITE_MAJOR || !opts.migrations) throw new Error(`${folder} holds PostgreSQL ${major} files; this PGlite opens PostgreSQL ${PGLITE_MAJOR}${major > PGLITE_MAJOR ? ' (the folder is newer than this program)' : ''}`);
      await upgradeFolder(folder, opts.migrations, openPglite);
    }
    const client = await openPglite(folder);
    await client.exec(`load 'auto_explain'`);
    // one connection: Kysely lends it to one caller at a time (a whole transaction, or one query)
    dialect = new PGliteDialect({ pglite: client });
    pglite = client;
    close = () => client.close();
    kind = 'pglite';
  }
  const db = new Kysely<Tables>({ dialect, plugins: [new CamelCasePlugin()] });
  if (kind === 'postgres' && process.env.DB_POOLER !== 'transaction') markPreparesOnDemand(db);
  return { db, kind, pool, pglite, close: async () => { await db.destroy().catch(() => undefined); await close().catch(() => undefined); } };
}
