// Every model definition (@campus/schema) matches the table the migrations made: each field is a
// column of that type, length and nullability, and the tenant / soft-delete / audit columns it
// declares exist, and no others (audit: 'createTime' is a create_time alone, filled by the database).
// A field added to a definition without its migration (or the reverse) fails here.
// db/tables.ts, the Kysely schema the compiler checks queries against, must be what the migrations
// make now. The models are the ones the modules serve (their descriptors' `models`), and every model the
// schema package exports is served by exactly one module.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import * as schema from '@campus/schema';
import { AUDIT_COLUMNS, auditColumnsOf, columnOf, snake, type ModelDef } from '@campus/schema';
import { renderTables } from '../src/db/tables-gen.ts';
import { modules } from '../src/modules/index.ts';
import { forEachDatabase, startServer, type TestServer } from './harness.ts';

const served = modules.flatMap((m) => (m.models ?? []).map((model) => ({ module: m.name, model })));

test('every model the schema package exports is served by exactly one module', () => {
  const exported = (Object.values(schema) as unknown[]).filter((v): v is ModelDef => !!v && typeof v === 'object' && 'table' in v && 'fields' in v);
  assert.ok(exported.length >= served.length && served.length > 0);
  for (const model of exported) {
    const by = served.filter((s) => s.model === model).map((s) => s.module);
    assert.equal(by.length, 1, `${model.name} (${model.table}) is served by ${by.length ? by.join(', ') : 'no module'}`);
  }
});

test('a model without a permission code of its own says who may call it instead (access)', () => {
  const codeless = served.filter((s) => s.model.permission === null);
  for (const { model } of codeless) assert.ok(model.access?.trim(), `${model.name}: permission null without access`);
  assert.throws(() => schema.defineModel({ name: 'x', table: 'x', api: '/x', title: ['x', 'x'], tenant: true, permission: null, fields: {} }), /access/);
  for (const { model } of served) if (model.permission !== null) assert.ok(model.permission.trim(), `${model.name}: an empty permission code`);
});

await forEachDatabase('model definitions match the tables', (kind) => {
  let s: TestServer;
  before(async () => { s = await startServer({ kind }); });
  after(async () => { await s?.close(); });

  test('each field is its column; tenant, is_deleted and audit columns as declared', async () => {
    for (const { model } of served) {
      const rows = (await sql<{ columnName: string; dataType: string; characterMaximumLength: number | null; isNullable: string; columnDefault: string | null }>`
        select column_name, data_type, character_maximum_length, is_nullable, column_default from information_schema.columns
        where table_schema = current_schema() and table_name = ${model.table}`.execute(s.server.database.db)).rows;
      const cols = new Map(rows.map((r) => [r.columnName, r])) // the database's CamelCasePlugin names the answer's keys;
      assert.ok(cols.size, `${model.table} exists`);
      for (const [name, f] of Object.entries(model.fields)) {
        const c = cols.get(snake(name));
        assert.ok(c, `${model.table}.${snake(name)} exists among ${[...cols.keys()]}`);
        const want = columnOf(f);
        assert.deepEqual({ type: c.dataType, length: c.characterMaximumLength, nullable: c.isNullable === 'YES' }, want, `${model.table}.${snake(name)}`);
      }
      // (a table of tenants has tenant_id as one of its fields, not as its rows' owner)
      if (!('tenantId' in model.fields)) assert.equal(cols.has('tenant_id'), model.tenant, `${model.table} tenant_id`);
      assert.equal(cols.has('is_deleted'), model.softDelete !== false, `${model.table} is_deleted`);
      // exactly the audit columns it declares (audit: true all, 'createTime' create_time only, false
      // none); a column that is one of its fields (a status it edits) is checked as that field
      const audit = auditColumnsOf(model);
      const fieldColumns = new Set(Object.keys(model.fields).map(snake));
      for (const a of AUDIT_COLUMNS) if (!fieldColumns.has(a)) assert.equal(cols.has(a), audit.includes(a), `${model.table}.${a} ${audit.includes(a) ? 'exists' : 'does not exist'} (audit: ${model.audit ?? true})`);
      // a create_time is the database's to fill: the data layer never stamps it
      const created = cols.get('create_time');
      if (created) assert.ok(created.isNullable === 'NO' && created.columnDefault, `${model.table}.create_time is not null with a default`);
    }
  });

  test('the typed schema every query is checked against (db/tables.ts) is what the migrations make', async () => {
    const file = readFileSync(new URL('../src/db/tables.ts', import.meta.url), 'utf8');
    assert.ok(file === await renderTables(s.server.database.db), 'db/tables.ts is stale: run `npm run db:tables` and commit it');
  });

  test('a model that does not mention soft delete and audit gets both: the saver is stamped, a removed row stays, marked deleted', async () => {
    const token = (await s.login()).access_token;
    const saved = await s.api(schema.paramModel.api + '/submit', { method: 'POST', token, json: { paramName: 'audit check', paramKey: 'model.audit.check', paramValue: '1' } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.data.createUser, (await s.login()).user_id, 'the saver is stamped');
    assert.equal((await s.api(`${schema.paramModel.api}/remove?ids=${saved.body.data.id}`, { method: 'POST', token })).status, 200);
    const kept = await sql<{ isDeleted: number }>`select is_deleted from blade_param where id = ${saved.body.data.id}`.execute(s.server.database.db);
    assert.deepEqual(kept.rows.map((r) => Number(r.isDeleted)), [1], 'the row stays, marked deleted');
    assert.equal((await s.api(`${schema.paramModel.api}/detail?id=${saved.body.data.id}`, { token })).body.data, null, 'and is gone from the API');
  });
}, { both: true });
