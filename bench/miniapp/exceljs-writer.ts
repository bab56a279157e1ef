// The export's yardstick in bench/miniapp, run as a child process of index.ts so that its memory is
// its own: exceljs's streaming WorkbookWriter writing the rows the server exported (read from the
// database first, outside the timing) to a file: the records' sheet, then the child rows' sheet.
// argv[2]: JSON {dbUrl, tenant, main, child, key, table, minId, file}. Answers over IPC
// {ms, records, lines, bytes, beforeKb, peakKb} (peak: VmHWM after a reset, before writing).
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface Job { dbUrl: string; tenant: string; main: string; child: string; key: string; table: string; minId: string; file: string }
const job = JSON.parse(process.argv[2]) as Job;
const require = createRequire(import.meta.url);
const ExcelJS = require('exceljs') as typeof import('exceljs');
const pg = (await import('pg')).default;

const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN);

const c = new pg.Client({ connectionString: job.dbUrl });
await c.connect();
const mains = (await c.query(`select ${job.key} as id, ${job.table}_data_status as status, title, category, amount, secret from ${job.main}
  where tenant_id = $1 and is_deleted = 0 and ${job.key} > ${job.minId} order by create_time desc, ${job.key} desc`, [job.tenant])).rows;
const lines = (await c.query(`select ${job.key} as pid, line_name, qty from ${job.child} where tenant_id = $1 and is_deleted = 0 and ${job.key} > ${job.minId}
  order by ${job.key}, create_time`, [job.tenant])).rows;
await c.end();

let reset = true;
try { writeFileSync('/proc/self/clear_refs', '5'); } catch { reset = false; }
const beforeKb = kb('VmRSS');
const t = performance.now();
// the server's settings: no shared strings, no styles, zlib level 1
const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: job.file, useSharedStrings: false, useStyles: false, zip: { zlib: { level: 1 } } } as never);
const ws1 = wb.addWorksheet('主表');
ws1.columns = [{ header: '编号', key: 'id' }, { header: '名称', key: 'title' }, { header: '类别', key: 'category' }, { header: '金额', key: 'amount' }, { header: '保密备注', key: 'secret' }, { header: '状态', key: 'status' }];
for (const r of mains) ws1.addRow([String(r.id), r.title, r.category, Number(r.amount), r.secret, r.status === 1 ? '正常' : String(r.status)]).commit();
ws1.commit();
const ws2 = wb.addWorksheet('明细');
ws2.columns = [{ header: '编号', key: 'pid' }, { header: '明细', key: 'line' }, { header: '数量', key: 'qty' }];
for (const r of lines) ws2.addRow([String(r.pid), r.line_name, r.qty]).commit();
ws2.commit();
await wb.commit();
const ms = performance.now() - t;
process.send!({ ms, records: mains.length, lines: lines.length, bytes: statSync(job.file).size, beforeKb, peakKb: reset ? kb('VmHWM') : NaN });
process.disconnect();
