// Developer tools: datasources tested by real connections, catalogue-read models, generated code,
// rules, form data sources with read-only SQL, and e-signature calls that need a provider.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import JSZip from 'jszip';
import { checkPostgresQuery } from '../src/sandbox/parse.ts';
import { bindParams, parseUrl } from '../src/sandbox/sql.ts';
import { forEachDatabase, postgresAvailable, startServer, type TestServer } from './harness.ts';

test('user SQL must be one read-only query', async () => {
  assert.equal(await checkPostgresQuery('select 1;'), 'select 1');
  assert.equal(await checkPostgresQuery("with t as (select 'a;b' x) select * from t"), "with t as (select 'a;b' x) select * from t");
  for (const bad of ['update x set a=1', 'select 1; drop table x', 'delete from x', '/* select */ insert into x values (1)']) {
    await assert.rejects(checkPostgresQuery(bad), /Only one query statement/, bad);
  }
  await assert.rejects(checkPostgresQuery("select pg_read_file('/etc/passwd')"), /The function pg_read_file is not allowed/);
  await assert.rejects(checkPostgresQuery('select * into outfile from x'), /SELECT INTO/);
  assert.deepEqual(bindParams('select * from t where a = #{a} and b = ${b}', { a: 1, b: 'x' }, 'postgres'), { text: 'select * from t where a = $1 and b = $2', values: ['1', 'x'] });
  assert.deepEqual(parseUrl('jdbc:mysql://db:3307/app?useSSL=false'), { kind: 'mysql', host: 'db', port: 3307, database: 'app' });
});

const mysqlUp = async () => {
  try {
    const mysql = await import('mysql2/promise');
    const c = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test', connectTimeout: 2000 });
    await c.query('create table if not exists campus_ds_probe (id int primary key, name varchar(20))');
    await c.query("insert ignore into campus_ds_probe values (1, 'alpha'), (2, 'beta')");
    await c.end();
    return true;
  } catch { return false; }
};

await forEachDatabase('developer tools', (kind) => {
  let s: TestServer;
  let admin: string;
  let pgDs = '';
  before(async () => {
    s = await startServer({ kind, config: { egressAllow: ['127.0.0.1/32'] } }); // datasources on loopback PostgreSQL/MariaDB
    admin = (await s.login()).access_token;
    if (await postgresAvailable()) {
      const pg = (await import('pg')).default;
      const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
      await c.connect();
      await c.query('create table if not exists campus_ds_probe (id int primary key, name varchar(20) not null, score numeric)');
      await c.query("insert into campus_ds_probe values (1, 'alpha', 90), (2, 'beta', 80) on conflict do nothing");
      await c.end();
      pgDs = (await post('/api/blade-develop/datasource/submit', { name: '测试库', url: 'jdbc:postgresql://127.0.0.1:5432/test', username: 'postgres', password: 'x' })).body.data.id;
    }
  });
  after(async () => { await s?.close(); });
  const post = (p: string, json?: unknown) => s.api(p, { method: 'POST', token: admin, ...(json === undefined ? {} : { json }) });
  const get = (p: string) => s.api(p, { token: admin });

  test('datasources: saved without echoing the password, tested by a real connection', async (t) => {
    if (!pgDs) return t.skip('no PostgreSQL at 127.0.0.1:5432');
    const row = (await get(`/api/blade-develop/datasource/detail?id=${pgDs}`)).body.data;
    assert.equal(row.password, undefined);
    assert.equal(row.driverClass, 'org.postgresql.Driver');
    assert.equal((await post('/api/blade-develop/datasource/dataSourceTest', { id: pgDs })).status, 200);
    const bad = await post('/api/blade-develop/datasource/dataSourceTest', { url: 'jdbc:postgresql://127.0.0.1:5432/no_such_db_here', username: 'postgres' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /^数据源连接失败/);
    assert.equal((await post('/api/blade-develop/datasource/submit', { name: 'x', url: 'oracle:thin@x' })).body.msg, '不支持的数据源地址：oracle:thin@x');
    assert.ok((await get('/api/blade-develop/datasource/select')).body.data.some((d: { id: string }) => d.id === pgDs));
    const other = (await s.login('admin', 'admin', '100001')).access_token;
    assert.equal((await s.api(`/api/blade-develop/datasource/detail?id=${pgDs}`, { token: other })).body.data, null);
    assert.equal((await s.api('/api/blade-formSource/formSource/executeDataSource', { method: 'POST', token: other, json: { dataSourceId: pgDs, sqlContent: 'select 1' } })).status, 400, "another tenant's datasource");
  });

  test('MySQL/MariaDB datasources connect and answer queries too', async (t) => {
    if (!(await mysqlUp())) return t.skip('no MariaDB at 127.0.0.1:3306');
    const ds = (await post('/api/blade-develop/datasource/submit', { name: 'maria', url: 'jdbc:mysql://127.0.0.1:3306/test', username: 'root' })).body.data.id;
    assert.equal((await post('/api/blade-develop/datasource/dataSourceTest', { id: ds })).status, 200);
    const rows = (await post('/api/blade-formSource/formSource/executeDataSource', { dataSourceId: ds, sqlContent: 'select name from campus_ds_probe where id = #{id}', requestParams: '{"id":2}' })).body.data;
    assert.deepEqual(rows, [{ name: 'beta' }]);
    assert.ok((await get(`/api/blade-develop/model/table-list?datasourceId=${ds}`)).body.data.some((r: { tableName: string }) => r.tableName === 'campus_ds_probe'));
  });

  test('form sources run one read-only query with parameters and a time-out', async (t) => {
    if (!pgDs) return t.skip('no PostgreSQL at 127.0.0.1:5432');
    const rows = (await post('/api/blade-formSource/formSource/executeDataSource', { sourceType: 'sql', dataSourceId: pgDs, sqlContent: 'select name from campus_ds_probe where score >= #{min} order by id', requestParams: { min: 85 } })).body.data;
    assert.deepEqual(rows, [{ name: 'alpha' }]);
    assert.equal((await post('/api/blade-formSource/formSource/executeDataSource', { dataSourceId: pgDs, sqlContent: "update campus_ds_probe set name = 'x'" })).body.msg, '只允许执行一条查询语句（SELECT/WITH）');
    // a write hidden in a CTE is stopped by the read-only transaction
    const cte = await post('/api/blade-formSource/formSource/executeDataSource', { dataSourceId: pgDs, sqlContent: "with x as (select 1) select nextval('no_seq')" });
    assert.equal(cte.status, 400);
    const slow = await post('/api/blade-formSource/formSource/executeDataSource', { dataSourceId: pgDs, sqlContent: 'select count(*) from information_schema.columns a, information_schema.columns b, information_schema.columns c' });
    assert.equal(slow.body.msg, 'SQL执行超时（5000 毫秒）');
    const src = (await post('/api/blade-formSource/formSource/submit', { name: '学生名单', datasourceId: pgDs, sqlContent: 'select * from campus_ds_probe' })).body.data;
    assert.ok((await get('/api/blade-formSource/formSource/getSourceList')).body.data.some((x: { id: string }) => x.id === src.id));
    assert.equal((await post('/api/blade-formSource/formSource/submit', { name: 'bad', datasourceId: pgDs, sqlContent: 'drop table campus_ds_probe' })).status, 400);
    assert.equal((await s.api(`/api/blade-formSource/formSource/remove?ids=${src.id}`, { token: admin })).status, 200);
  });

  test('models read tables and columns from the catalogue; prototypes are saved; code is generated as a zip', async (t) => {
    if (!pgDs) return t.skip('no PostgreSQL at 127.0.0.1:5432');
    const tables = (await get(`/api/blade-develop/model/table-list?datasourceId=${pgDs}`)).body.data;
    assert.ok(tables.some((r: { tableName: string }) => r.tableName === 'campus_ds_probe'));
    const cols = (await get(`/api/blade-develop/model/table-info?datasourceId=${pgDs}&tableName=campus_ds_probe`)).body.data;
    assert.deepEqual(cols.map((c: { name: string }) => c.name), ['id', 'name', 'score']);
    const model = (await post('/api/blade-develop/model/submit', { datasourceId: pgDs, modelName: '探针', modelCode: 'probe', modelTable: 'campus_ds_probe' })).body.data;
    const protos = (await get(`/api/blade-develop/model/model-prototype?modelId=${model.id}`)).body.data;
    assert.equal(protos.length, 3);
    assert.equal((await post('/api/blade-develop/model/model-prototype/submit-list', protos.map((p: Record<string, unknown>) => ({ ...p, isQuery: p.jdbcName === 'name' ? 1 : 0 })))).status, 200);
    assert.equal((await get(`/api/blade-develop/model/model-prototype?modelId=${model.id}`)).body.data.find((p: { jdbcName: string }) => p.jdbcName === 'name').isQuery, 1);
    const code = (await post('/api/blade-develop/code/submit', { datasourceId: pgDs, codeName: '成绩', tableName: 'campus_ds_probe', tablePrefix: 'campus_', serviceName: 'blade-demo' })).body.data;
    assert.equal((await post(`/api/blade-develop/code/copy?id=${code.id}`)).body.data.codeName, '成绩_copy');
    const res = await fetch(`${s.url}/api/blade-develop/code/gen-code?ids=${code.id}&system=saber`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${admin}` } });
    assert.equal(res.headers.get('content-type'), 'application/zip');
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    // the entity declared once: a model definition with the table's columns as fields
    const definition = await zip.file('generated/dsProbe/packages/schema/src/models/dsProbe.ts')!.async('string');
    assert.match(definition, /api: '\/api\/blade-demo\/dsProbe'/);
    assert.match(definition, /name: \{ type: 'string', label: \['name', 'Name'\], length: 255, required: true, filter: 'like' \}/);
    assert.match(definition, /score: \{ type: '(int|decimal)'/);
    // served and shown from it, the migration's columns written from it
    const routes = await zip.file('generated/dsProbe/server/src/modules/dsProbe/routes.ts')!.async('string');
    assert.match(routes, /modelResource\(app, db, dsProbeModel, \{ tag: 'dsProbe' \}\)/);
    const migration = await zip.file('generated/dsProbe/server/src/db/migrations/NNNN_dsProbe.ts')!.async('string');
    assert.match(migration, /create table if not exists campus_ds_probe \(id bigint primary key, tenant_id varchar\(12\) not null, name varchar\(255\) not null, score /);
    // and the module's descriptor, naming its routes, its migration and its model (server/src/modules/module.ts)
    const descriptor = await zip.file('generated/dsProbe/server/src/modules/dsProbe/module.ts')!.async('string');
    assert.match(descriptor, /name: 'dsProbe',\n  routes: \[dsProbeRoutes\],\n  migrations: \{\n    'NNNN_dsProbe': mNNNN,\n  \},\n  models: \[dsProbeModel\],/);
    assert.match(await zip.file('generated/dsProbe/web/src/pages/dsProbe/index.tsx')!.async('string'), /modelResource\(dsProbeModel, /);
  });

  test('rules are regular expressions, fetched by ids', async () => {
    assert.equal((await post('/api/blade-ruleManager/rule/submit', { name: '坏规则', ruleContent: '([a-z' })).body.msg, '规则内容不是合法的正则表达式');
    const r = (await post('/api/blade-ruleManager/rule/submit', { name: '学号', ruleContent: '^\\d{10}$', message: '学号为10位数字' })).body.data;
    assert.equal((await get(`/api/blade-ruleManager/rule/getRulesByIds?ids=${r.id}`)).body.data[0].name, '学号');
  });

  test('e-signature calls answer "not configured" until a provider is set', async () => {
    const r = await get('/api/signatures/qys/getSealList');
    assert.equal(r.status, 400);
    assert.match(r.body.msg, /电子签章服务未配置/);
    assert.equal((await get('/api/signatures/qys/viewElectronicContract/12')).status, 400);
  });
});
