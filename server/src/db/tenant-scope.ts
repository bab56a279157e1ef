// Tenant scope in one place: a Kysely plugin that confines every statement it sees to one tenant.
//
//   scoped(db, tenantId).selectFrom('wfTask as t').innerJoin('wfInstance as i', …)   // both filtered
//
// A table is a tenant table when it has a tenant_id column (read once at boot from
// information_schema by loadTenantTables; registerTenantTable adds one made later). For each
// tenant table a statement touches, the plugin
//   - SELECT / UPDATE / DELETE: adds `<table or alias>.tenant_id = $tenant` for every FROM item,
//     UPDATE target, DELETE target and USING item (to WHERE), and for every joined table (to its
//     ON, so a LEFT JOIN keeps its meaning) — in subqueries, CTEs and set operations alike;
//   - INSERT: sets tenant_id on every row (VALUES or INSERT … SELECT) and refuses a row that names
//     another tenant; ON CONFLICT DO UPDATE only updates the tenant's own row;
//   - UPDATE … SET tenant_id: only to the tenant itself.
// It refuses (throws TenantScopeError, never silently passes) what it cannot scope:
//   - raw SQL (sql`…`, sql.raw, sql.table) that names a tenant table — after FROM/JOIN/UPDATE/INTO/
//     USING, or anywhere in a raw FROM item — without one `${TENANT}` placeholder per mention in
//     that same fragment (the plugin binds TENANT to its tenant; write the condition yourself:
//     sql`exists (select 1 from wf_task x where x.tenant_id = ${TENANT} and …)`);
//   - RIGHT / FULL joins with a tenant table (the preserved side cannot be filtered in ON);
//   - an INSERT … SELECT * into a tenant table that does not name tenant_id; MERGE into a tenant table;
//   - a tenant_id value (insert or update) that is not this tenant, or is an expression;
//   - an INSERT into a tenant table when the tenant id is '' (a read with '' simply finds nothing);
//   - any scoped statement before loadTenantTables ran.
// CamelCasePlugin runs first (it is the database's own plugin; withPlugin appends), so this
// plugin sees snake_case names. Queries that legitimately cross tenants (platform administrators,
// log purge, sign-in before a tenant is known, the seed, the workflow engine's prepared hot paths)
// stay on the unscoped db and say why where they do.
//
// Caution: a query builder carries its executor, but a builder embedded in another query is only
// a node — the OUTER statement's plugins apply. Build subqueries inside the scoped db's statement.
import {
  AliasNode, AndNode, BinaryOperationNode, ColumnNode, IdentifierNode, JoinNode, OnNode, OperationNodeTransformer,
  OperatorNode, ParensNode, PrimitiveValueListNode, ReferenceNode, SelectionNode, TableNode, ValueListNode,
  ValueNode, ValuesNode, WhereNode, sql,
  type ColumnUpdateNode, type DeleteQueryNode, type Expression, type InsertQueryNode, type KyselyPlugin, type MergeQueryNode,
  type OperationNode, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RawBuilder, type RawNode,
  type RootOperationNode, type SelectQueryNode, type UnknownRow, type UpdateQueryNode, type WithNode,
} from 'kysely';
import type { Db } from './index.ts';

export class TenantScopeError extends Error {
  override name = 'TenantScopeError';
}

const COLUMN = 'tenant_id';
const tenantTables = new Set<string>();
let loaded = false;

/** Reads the tenant tables (those with a tenant_id column) of the current schema; call after migrations. */
export async function loadTenantTables(db: Db): Promise<void> {
  const r = await sql<{ name: string }>`select distinct table_name as name from information_schema.columns
    where column_name = ${COLUMN} and table_schema = current_schema()`.execute(db);
  for (const row of r.rows) tenantTables.add(row.name);
  loaded = true;
}

/** A tenant table created after boot (e.g. by DDL at run time), in snake_case. */
export function registerTenantTable(name: string): void {
  tenantTables.add(name);
}

export const isTenantTable = (name: string): boolean => tenantTables.has(name);

/** The marker of the placeholder: a scoped statement binds it to its tenant; an unscoped one fails. */
class TenantPlaceholder {
  toPostgres(): never { throw new TenantScopeError('${TENANT} used in a statement outside scoped(db, tenantId)'); }
  toJSON(): never { return this.toPostgres(); }
  toString(): never { return this.toPostgres(); }
}
const PLACEHOLDER = new TenantPlaceholder();

/** `${TENANT}` in sql`…` (or as a value in a builder): the scoped statement's tenant, as a bound parameter. */
export const TENANT: Expression<string> = {
  get expressionType() { return undefined; },
  toOperationNode: () => ValueNode.create(PLACEHOLDER),
};

const isPlaceholder = (n: OperationNode | undefined): boolean => !!n && n.kind === 'ValueNode' && (n as ValueNode).value === PLACEHOLDER;

// a tenant table named after a keyword that makes it a statement's source or target
const AFTER_KEYWORD = /\b(?:from|join|update|into|using)\s+(?:only\s+)?(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_$]*)"?/gi;
const WORD = /"?([a-z_][a-z0-9_$]*)"?/gi;

function countMentions(text: string, anywhere: boolean): number {
  let n = 0;
  for (const m of text.matchAll(anywhere ? WORD : AFTER_KEYWORD)) if (tenantTables.has(m[1]!.toLowerCase())) n++;
  return n;
}

function countPlaceholders(nodes: readonly OperationNode[]): number {
  let n = 0;
  for (const p of nodes) {
    if (isPlaceholder(p)) n++;
    else if (p.kind === 'RawNode') n += countPlaceholders((p as RawNode).parameters);
  }
  return n;
}

/** Throws unless every tenant table the raw fragment names comes with its ${TENANT}. */
function checkRaw(node: RawNode, asSource: boolean): void {
  let mentions = countMentions(node.sqlFragments.join(' ? '), asSource);
  for (const p of node.parameters) if (p.kind === 'TableNode' && tenantTables.has(tableName(p as TableNode))) mentions++;
  if (mentions && countPlaceholders(node.parameters) < mentions) {
    throw new TenantScopeError(`raw SQL names a tenant table without \${TENANT}: ${node.sqlFragments.join('?').slice(0, 120)}`);
  }
}

function tableName(t: TableNode): string {
  const schema = t.table.schema?.name;
  return schema && schema !== 'public' ? '' : t.table.identifier.name;
}

/** The transformer of one statement: `ctes` are the names WITH clauses define around the current node. */
class Scoper extends OperationNodeTransformer {
  private ctes: string[] = [];
  constructor(private readonly tenantId: string) { super(); }

  private value(): ValueNode { return ValueNode.create(this.tenantId); }

  private isTenant(t: TableNode): boolean {
    const name = tableName(t);
    return !!name && tenantTables.has(name) && !(t.table.schema === undefined && this.ctes.includes(name));
  }

  /** `<qualifier>.tenant_id = $tenant` for a FROM/JOIN/target item, or undefined when it is not a tenant table. */
  private filterFor(item: OperationNode): OperationNode | undefined {
    let table: OperationNode = item, qualifier: TableNode | undefined;
    if (item.kind === 'AliasNode') {
      table = (item as AliasNode).node;
      const alias = (item as AliasNode).alias;
      if (table.kind === 'TableNode' && alias.kind === 'IdentifierNode') qualifier = TableNode.create((alias as IdentifierNode).name);
    }
    if (table.kind === 'RawNode') { checkRaw(table as RawNode, true); return undefined; }
    if (table.kind !== 'TableNode' || !this.isTenant(table as TableNode)) return undefined;
    return BinaryOperationNode.create(ReferenceNode.create(ColumnNode.create(COLUMN), qualifier ?? (table as TableNode)), OperatorNode.create('='), this.value());
  }

  private static and(existing: OperationNode | undefined, filters: OperationNode[]): OperationNode | undefined {
    let out = existing ? ParensNode.create(existing) as OperationNode : undefined;
    for (const f of filters) out = out ? AndNode.create(out, f) : f;
    return out;
  }

  /** Filters FROM-like items into WHERE and joined tables into their ON. */
  private scope<T extends { where?: WhereNode; joins?: readonly JoinNode[] }>(node: T, items: readonly OperationNode[]): T {
    const filters = items.map((i) => this.filterFor(i)).filter((f): f is OperationNode => !!f);
    let joins = node.joins;
    let joined = false;
    if (joins?.length) {
      joins = joins.map((j) => {
        const f = this.filterFor(j.table);
        if (!f) return j;
        joined = true;
        if (!j.on) { filters.push(f); return j; }
        return { ...j, on: OnNode.create(Scoper.and(j.on.on, [f])!) };
      });
      // the preserved side of a RIGHT or FULL join cannot be filtered in ON, nor the other in WHERE
      if ((joined || filters.length) && node.joins!.some((j) => j.joinType === 'RightJoin' || j.joinType === 'FullJoin')) {
        throw new TenantScopeError('a RIGHT or FULL join in a statement with a tenant table cannot be scoped');
      }
    }
    if (!filters.length) return joins === node.joins ? node : { ...node, joins };
    return { ...node, joins, where: WhereNode.create(Scoper.and(node.where?.where, filters)!) };
  }

  private withCtes<R>(withNode: WithNode | undefined, fn: () => R): R {
    const names = withNode?.expressions.map((e) => e.name.table.table.identifier.name) ?? [];
    this.ctes.push(...names);
    try { return fn(); } finally { this.ctes.length -= names.length; }
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: { queryId: string }): SelectQueryNode {
    return this.withCtes(node.with, () => {
      const out = super.transformSelectQuery(node, queryId as never);
      return this.scope(out, out.from?.froms ?? []);
    });
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: { queryId: string }): UpdateQueryNode {
    return this.withCtes(node.with, () => {
      const out = super.transformUpdateQuery(node, queryId as never);
      const targets = out.table ? (out.table.kind === 'ListNode' ? (out.table as unknown as { items: OperationNode[] }).items : [out.table]) : [];
      if (targets.some((t) => this.filterFor(t))) this.checkTenantUpdates(out.updates);
      return this.scope(out, [...targets, ...(out.from?.froms ?? [])]);
    });
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: { queryId: string }): DeleteQueryNode {
    return this.withCtes(node.with, () => {
      const out = super.transformDeleteQuery(node, queryId as never);
      return this.scope(out, [...out.from.froms, ...(out.using?.tables ?? [])]);
    });
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: { queryId: string }): InsertQueryNode {
    return this.withCtes(node.with, () => {
      const out = super.transformInsertQuery(node, queryId as never);
      if (!out.into || !this.isTenant(out.into)) return out;
      if (!this.tenantId) throw new TenantScopeError(`a row for no tenant refused (${out.into.table.identifier.name})`);
      const columns = out.columns ?? [];
      const at = columns.findIndex((c) => c.column.name === COLUMN);
      let values = out.values;
      if (!values) {
        if (!out.defaultValues) return out;
        return { ...out, defaultValues: false, columns: [ColumnNode.create(COLUMN)], values: ValuesNode.create([PrimitiveValueListNode.create([this.tenantId])]) };
      }
      if (values.kind === 'ValuesNode') {
        const rows = (values as ValuesNode).values.map((row) => {
          if (row.kind === 'PrimitiveValueListNode') {
            const v = (row as PrimitiveValueListNode).values;
            if (at < 0) return PrimitiveValueListNode.create([...v, this.tenantId]);
            this.checkValue(v[at]);
            return v[at] === this.tenantId ? row : PrimitiveValueListNode.create(v.map((x, i) => (i === at ? this.tenantId : x)));
          }
          const v = (row as ValueListNode).values;
          if (at < 0) return ValueListNode.create([...v, this.value()]);
          this.checkNode(v[at]);
          return ValueListNode.create(v.map((x, i) => (i === at ? this.value() : x)));
        });
        values = ValuesNode.create(rows);
      } else if (values.kind === 'SelectQueryNode') {
        const select = values as SelectQueryNode;
        const selections = select.selections ?? [];
        if (at < 0) {
          if (selections.some((s) => s.selection.kind === 'SelectAllNode' || (s.selection.kind === 'ReferenceNode' && (s.selection as ReferenceNode).column.kind === 'SelectAllNode'))) {
            throw new TenantScopeError(`INSERT INTO ${out.into.table.identifier.name} … SELECT * cannot be scoped: name the columns`);
          }
          values = { ...select, selections: [...selections, SelectionNode.create(AliasNode.create(this.value(), IdentifierNode.create(COLUMN)))] } as SelectQueryNode;
        } else {
          const s = selections[at]?.selection;
          // the source's own tenant_id is this tenant's: every tenant table in the SELECT is filtered
          const own = s && ((s.kind === 'ReferenceNode' && (s as ReferenceNode).column.kind === 'ColumnNode' && ((s as ReferenceNode).column as ColumnNode).column.name === COLUMN)
            || (s.kind === 'ColumnNode' && (s as ColumnNode).column.name === COLUMN));
          if (!own) this.checkNode(s);
        }
      } else {
        throw new TenantScopeError(`INSERT INTO ${out.into.table.identifier.name} with ${values.kind} cannot be scoped`);
      }
      let onConflict = out.onConflict;
      if (onConflict?.updates?.length) {
        this.checkTenantUpdates(onConflict.updates);
        // the conflicting row may be another tenant's (a key without tenant_id): update only our own
        const f = BinaryOperationNode.create(ReferenceNode.create(ColumnNode.create(COLUMN), out.into), OperatorNode.create('='), this.value());
        onConflict = { ...onConflict, updateWhere: WhereNode.create(Scoper.and(onConflict.updateWhere?.where, [f])!) };
      }
      return { ...out, columns: at < 0 ? [...columns, ColumnNode.create(COLUMN)] : columns, values, onConflict };
    });
  }

  protected override transformMergeQuery(node: MergeQueryNode, queryId?: { queryId: string }): MergeQueryNode {
    const out = super.transformMergeQuery(node, queryId as never);
    if (this.filterFor(out.into) || (out.using && this.filterFor(out.using.table))) throw new TenantScopeError('MERGE with a tenant table cannot be scoped');
    return out;
  }

  protected override transformRaw(node: RawNode, queryId?: { queryId: string }): RawNode {
    checkRaw(node, false);
    return super.transformRaw(node, queryId as never);
  }

  protected override transformValue(node: ValueNode, queryId?: { queryId: string }): ValueNode {
    return node.value === PLACEHOLDER ? this.value() : super.transformValue(node, queryId as never);
  }

  private checkValue(v: unknown): void {
    if (v !== this.tenantId && v !== PLACEHOLDER) throw new TenantScopeError(`a row of another tenant (${String(v)}) refused`);
  }

  private checkNode(n: OperationNode | undefined): void {
    // transformValue already replaced the placeholder by our value
    if (n?.kind === 'ValueNode') return this.checkValue((n as ValueNode).value);
    throw new TenantScopeError(`tenant_id from ${n?.kind ?? 'nothing'} cannot be checked: give the value`);
  }

  private checkTenantUpdates(updates: readonly ColumnUpdateNode[] | undefined): void {
    for (const u of updates ?? []) {
      if (u.column.kind === 'ColumnNode' && (u.column as ColumnNode).column.name === COLUMN) this.checkNode(u.value);
    }
  }
}

/** The plugin: every statement of a db made with it touches one tenant's rows only. */
export class TenantScope implements KyselyPlugin {
  constructor(readonly tenantId: string) {
    // '' is allowed: it reads nothing (as `where tenant_id = ''` did), and writes nothing (below)
    if (typeof tenantId !== 'string') throw new TenantScopeError('a tenant scope needs a tenant id');
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (!loaded) throw new TenantScopeError('tenant tables not loaded (loadTenantTables after migrations)');
    return new Scoper(this.tenantId).transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const cache = new WeakMap<object, Map<string, object>>();

/** `db` (or a transaction) confined to one tenant; cached per db and tenant. */
export function scoped<D extends { withPlugin(plugin: KyselyPlugin): D }>(db: D, tenantId: string): D {
  let byTenant = cache.get(db);
  if (!byTenant) cache.set(db, (byTenant = new Map()));
  let s = byTenant.get(tenantId) as D | undefined; // stored by this function for this very db
  if (!s) {
    if (byTenant.size > 1000) byTenant.clear();
    byTenant.set(tenantId, (s = db.withPlugin(new TenantScope(tenantId))));
  }
  return s;
}

/**
 * Raw SQL for a scoped db: sql`…` that refuses, as it is written, a tenant table named without its
 * `${TENANT}` (the plugin checks again when it runs, and binds TENANT to its tenant).
 *   await tenantSql`select count(*) from wf_task where tenant_id = ${TENANT} and …`.execute(scoped(db, t))
 */
export function tenantSql<T = unknown>(strings: TemplateStringsArray, ...values: unknown[]): RawBuilder<T> {
  const raw = sql<T>(strings, ...values);
  checkRaw(raw.toOperationNode() as RawNode, false);
  return raw;
}
