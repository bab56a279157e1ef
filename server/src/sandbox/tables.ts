// The tables of the platform database that SQL written by a tenant's user may read, and how the
// database itself confines them: the role USER_SQL_ROLE (no login, no superuser) holds SELECT on
// these tables only (on blade_user only the listed columns: never password hashes or lockout
// state), and row-level security lets it see the caller's tenant's rows only, keyed on the
// transaction-local setting TENANT_SETTING that the executor sets. Secrets, sessions, clients,
// tokens, logs, configurations with passwords (mail, storage, SMS, datasources, third-party
// credentials) are not here, so the role cannot read them whatever the query says.
// ensureUserSqlRole() brings a database in line at boot (idempotent; a later module adds its
// tables here and the next boot grants them).
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export const USER_SQL_ROLE = 'campus_user_sql';
export const TENANT_SETTING = 'campus.tenant_id';

type Scope =
  | { kind: 'tenant' } // the row's tenant_id
  | { kind: 'shared' } // reference data without tenant (regions, system dictionary)
  | { kind: 'instance' }; // a row of a process instance: the instance's tenant

export interface QueryableTable { table: string; scope: Scope; columns?: string[] }

export const QUERYABLE: QueryableTable[] = [
  { table: 'blade_user', scope: { kind: 'tenant' }, columns: ['id', 'tenant_id', 'code', 'user_type', 'account', 'name', 'real_name', 'avatar', 'email', 'phone', 'birthday', 'sex', 'role_id', 'dept_id', 'post_id', 'create_time', 'update_time', 'status', 'is_deleted'] },
  ...['blade_dept', 'blade_post', 'blade_role', 'blade_dict_biz', 'blade_notice', 'blade_attach',
    'wf_category', 'wf_form', 'wf_model', 'wf_definition', 'wf_deployment', 'wf_instance', 'wf_task', 'wf_activity', 'wf_comment',
    'wf_copy', 'wf_draft', 'wf_flow_log', 'wf_identity_link', 'wf_leave', 'wf_process_proxy']
    .map((table): QueryableTable => ({ table, scope: { kind: 'tenant' } })),
  { table: 'wf_variable', scope: { kind: 'instance' } },
  { table: 'blade_region', scope: { kind: 'shared' } },
  { table: 'blade_dict', scope: { kind: 'shared' } },
];

export const QUERYABLE_NAMES: ReadonlySet<string> = new Set(QUERYABLE.map((t) => t.table));

const POLICY = 'user_sql_tenant';

/** The statements that make the role, its grants and the row policies (each idempotent or tolerant of "already exists"). */
function statements(): string[] {
  const out = [
    `do $$ begin create role ${USER_SQL_ROLE} nologin noinherit; exception when duplicate_object or unique_violation then null; end $$`,
    // the server's own role must be able to SET ROLE to it (a superuser always can)
    `do $$ begin execute format('grant ${USER_SQL_ROLE} to %I', current_user); exception when others then null; end $$`,
    `grant usage on schema public to ${USER_SQL_ROLE}`,
  ];
  const tenant = `current_setting('${TENANT_SETTING}', true)`;
  for (const t of QUERYABLE) {
    out.push(t.columns ? `grant select (${t.columns.join(', ')}) on ${t.table} to ${USER_SQL_ROLE}` : `grant select on ${t.table} to ${USER_SQL_ROLE}`);
    if (t.scope.kind === 'shared') continue;
    const using = t.scope.kind === 'tenant'
      ? `tenant_id = ${tenant}`
      : `exists (select 1 from wf_instance i where i.id = ${t.table}.instance_id and i.tenant_id = ${tenant})`;
    out.push(
      `alter table ${t.table} enable row level security`,
      `drop policy if exists ${POLICY} on ${t.table}`,
      `create policy ${POLICY} on ${t.table} for select to ${USER_SQL_ROLE} using (${using})`,
      // the table's owner (the server) is not subject to row security; a deployment whose server
      // runs as another role keeps every row through this policy
      `drop policy if exists platform_rows on ${t.table}`,
      `create policy platform_rows on ${t.table} for all to public using (current_user <> '${USER_SQL_ROLE}') with check (current_user <> '${USER_SQL_ROLE}')`,
    );
  }
  return out;
}

/** A fingerprint of what statements() sets up, kept as the role policy comment of blade_user. */
function fingerprint(): string {
  let h = 0;
  for (const ch of JSON.stringify(QUERYABLE)) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return `user-sql v1 ${(h >>> 0).toString(16)}`;
}

/**
 * Creates or updates the role, grants and policies; answers false (and the executor refuses
 * platform SQL) when the server's database role may not create roles.
 */
export async function ensureUserSqlRole(db: Db): Promise<boolean> {
  const mark = fingerprint();
  const have = await sql<{ c: string | null; r: boolean }>`select obj_description(p.oid, 'pg_policy') as c,
      exists (select 1 from pg_roles where rolname = ${USER_SQL_ROLE}) as r
    from pg_policy p where p.polname = ${POLICY} and p.polrelid = 'blade_user'::regclass`.execute(db);
  if (have.rows[0]?.c === mark && have.rows[0]?.r) return true;
  try {
    await db.transaction().execute(async (tx) => {
      // one node at a time (several nodes may boot at once)
      await sql`select pg_advisory_xact_lock(7342001)`.execute(tx);
      for (const s of statements()) await sql.raw(s).execute(tx);
      await sql.raw(`comment on policy ${POLICY} on blade_user is '${mark}'`).execute(tx);
    });
    return true;
  } catch (e) {
    console.warn(`user SQL on the platform database is off: could not set up the role ${USER_SQL_ROLE} (${(e as Error).message}); see README "Security model"`);
    return false;
  }
}
