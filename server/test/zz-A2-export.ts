// scratch (helper A2): times and profiles exportBizData of N records × 2 child rows on PostgreSQL, in process
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'kysely';
import { seededPostgresDatabase, seedTokens, startServer } from './harness.ts';
import { SEED } from '../src/db/seed.ts';

const N = Number(process.env.N ?? 100_000);
const PROF = process.env.PROF ?? '';
const T = SEED.tenant;
const db = await seededPostgresDatabase('bench_miniapp_a2_');
const s = await startServer({ databaseUrl: db.url });
const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN);
try {
  const { admin } = await seedTokens(s);
  const post = async (path: string, json: unknown) => { const r = await s.api(path, { method: 'POST', token: admin, json }); if (r.status !== 200) throw new Error(JSON.stringify(r.body)); return r.body.data; };
  const table = 'bm_exp';
  const mainId = (await post('/api/blade-model/model/submit', { modelName: '压测导出', modelTable: table })).id;
  await post('/api/blade-model/model/submit-list', { modelId: mainId, items: [
    { fieldName: 'title', fieldLabel: '名称', fieldType: 'string', length: 100, required: 1, sort: 1 },
    { fieldName: 'category', fieldLabel: '类别', fieldType: 'string', length: 20, searchable: 1, sort: 2 },
    { fieldName: 'amount', fieldLabel: '金额', fieldType: 'decimal', scale: 2, sort: 3 },
    { fieldName: 'secret', fieldLabel: '保密备注', fieldType: 'string', length: 50, sort: 4 },
  ] });
  const childId = (await post('/api/blade-model/model/submit', { modelName: '压测导出明细', modelTable: `${table}_line`, parentId: mainId, relation: 'more' })).id;
  await post('/api/blade-model/model/submit-list', { modelId: childId, items: [
    { fieldName: 'lineName', fieldLabel: '明细', fieldType: 'string', length: 50, required: 1, sort: 1 },
    { fieldName: 'qty', fieldLabel: '数量', fieldType: 'int', sort: 2 },
  ] });
  const r = await s.api(`/api/blade-model/model/createTable?modelIds=${mainId},${childId}`, { token: admin });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  const appId = (await post('/api/appInfo/appInfo/submit', { appName: '压测导出', modelId: mainId, appStatus: 1 })).id;
  const main = `ma_${T}_${table}`, child = `ma_${T}_${table}_line_dynamic`;
  const g = `generate_series(1, ${N}) g`;
  const stamp = `'${T}', ${SEED.adminId}, ${SEED.deptInfoId}, now() - g * interval '1 second', ${SEED.adminId}, now() - g * interval '1 second'`;
  const d = s.server.database.db;
  await sql.raw(`insert into ${main} (${table}_id, ${table}_data_status, ${table}_data_from, title, category, amount, secret, tenant_id, create_user, create_dept, create_time, update_user, update_time)
    select 3000000000000000000::bigint + g, 1, 'app', '记录 ' || g, 'C' || (g % 97), (g % 100000) / 100.0, '保密 ' || g, ${stamp} from ${g}`).execute(d);
  await sql.raw(`insert into ${child} (${table}_line_id, ${table}_id, ${table}_line_data_status, ${table}_line_data_from, line_name, qty, tenant_id, create_user, create_dept, create_time, update_user, update_time)
    select 3100000000000000000::bigint + g * 2 + k, 3000000000000000000::bigint + g, 1, 'app', '明细 ' || g || '-' || k, k + 1, ${stamp} from ${g}, generate_series(0, 1) k`).execute(d);
  await sql.raw(`vacuum analyze ${main}`).execute(d);
  await sql.raw(`vacuum analyze ${child}`).execute(d);
  for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
    const session = new Session();
    if (PROF && round === 1) { session.connect(); await session.post('Profiler.enable'); await session.post('Profiler.start'); }
    global.gc?.();
    try { writeFileSync('/proc/self/clear_refs', '5'); } catch { /* */ }
    const before = kb('VmRSS');
    const t = performance.now();
    const res = await fetch(`${s.url}/api/appBizData/appBizData/exportBizData`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ appId }) });
    const out = createWriteStream(`/tmp/helperA2-bench/export-${round}.xlsx`);
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) { bytes += chunk.length; if (!out.write(chunk)) await new Promise<void>((r2) => out.once('drain', () => r2())); }
    await new Promise<void>((r2) => out.end(() => r2()));
    const ms = performance.now() - t;
    console.log(`round ${round}: ${res.status} ${(ms / 1000).toFixed(2)} s, ${(N / ms * 1000).toFixed(0)} records/s, ${(bytes / 1e6).toFixed(1)} MB; RSS before ${(before / 1024).toFixed(0)} MB, peak ${(kb('VmHWM') / 1024).toFixed(0)} MB (+${((kb('VmHWM') - before) / 1024).toFixed(0)})`);
    if (PROF && round === 1) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(PROF, JSON.stringify(profile));
      session.disconnect();
    }
  }
} finally {
  await s.close();
  if (process.env.KEEP) console.log('kept', db.url); else await db.drop();
}
