// Excel imports cap the upload, the uncompressed size and the rows (issue 13): each refusal is a
// 400 naming the limit, in zh and en, and nothing is imported; a zip bomb is refused from its zip
// directory without being inflated, and one that lies about its sizes when it passes them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { checkXlsx, countRows, IMPORT_LIMITS, zipEntries } from '../src/http/xlsx-guard.ts';
import { ApiError } from '../src/http/errors.ts';
import { forEachDatabase, startServer, type TestServer } from './harness.ts';

interface Part {
  name: string;
  data: Buffer;
  /** what the zip says the part inflates to (a lie when set) */
  declared?: number;
  /** sizes in the zip64 extra field (the 32-bit fields all ones), as writers do past 4 GB */
  zip64?: boolean;
}

/** A zip (deflated parts) written by hand, so a test can make one that lies about its sizes. */
function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const packed = deflateRawSync(p.data, { level: 9 });
    const size = p.declared ?? p.data.length;
    const crc = crc32(p.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(Math.min(size, 0xffffffff), 22);
    local.writeUInt16LE(name.length, 26);
    const extra = Buffer.alloc(p.zip64 ? 20 : 0);
    if (p.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
      extra.writeBigUInt64LE(BigInt(packed.length), 12);
    }
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(8, 10);
    head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(p.zip64 ? 0xffffffff : packed.length, 20);
    head.writeUInt32LE(p.zip64 ? 0xffffffff : size, 24);
    head.writeUInt16LE(name.length, 28);
    head.writeUInt16LE(extra.length, 30);
    head.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(head, name, extra);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** The parts of a minimal workbook around a worksheet XML. */
const workbook = (sheetXml: Buffer, declared?: number): Part[] => [
  { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>') },
  { name: '_rels/.rels', data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="用户" sheetId="1" r:id="rId1"/></sheets></workbook>') },
  { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>') },
  { name: 'xl/worksheets/sheet1.xml', data: sheetXml, declared },
];

/** A worksheet of a header and one user, padded with whitespace (deflates to almost nothing) to `size` bytes. */
function paddedSheet(size: number): Buffer {
  const head = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
    + '<row r="1"><c r="A1" t="inlineStr"><is><t>账号</t></is></c><c r="B1" t="inlineStr"><is><t>姓名</t></is></c></row>'
    + '<row r="2"><c r="A2" t="inlineStr"><is><t>bomb01</t></is></c><c r="B2" t="inlineStr"><is><t>炸弹</t></is></c></row></sheetData>');
  const tail = Buffer.from('</worksheet>');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}

async function usersBook(rows: number, prefix: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('用户');
  ws.addRow(['账号', '姓名']);
  for (let i = 1; i <= rows; i++) ws.addRow([`${prefix}${i}`, `导入${i}`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('the zip directory is read without inflating: sizes (zip64 too), rows counted per sheet', async () => {
  const bomb = zip(workbook(paddedSheet(60 * 1024 * 1024)));
  assert.ok(bomb.length < 100 * 1024, `the bomb is ${bomb.length} bytes`);
  const sheet = zipEntries(bomb).find((e) => e.name === 'xl/worksheets/sheet1.xml')!;
  assert.equal(sheet.uncompressedSize, 60 * 1024 * 1024);
  assert.equal(countRows(Buffer.from('<sheetData><row r="1"/><x:row r="2"></x:row><rowBreaks/></sheetData>')), 2);
  const bad = new ApiError(400, 'badRequest', { detail: 'bad' });
  // honest sizes past the limit: refused from the directory
  await assert.rejects(checkXlsx(bomb, IMPORT_LIMITS, bad), (e: ApiError) => e.key === 'importUnzippedTooLarge' && e.params.max === '50 MB' && e.params.size === '60 MB');
  // a part that says 1 KB and inflates to 60 MB: refused when it passes 1 KB
  const liar = zip(workbook(paddedSheet(60 * 1024 * 1024), 1024));
  // CPU time, not the clock: on a loaded machine the clock also counts other processes' turns.
  // Inflating the whole part is the yardstick, measured here the same way.
  const cpu = async (fn: () => unknown) => { const c0 = process.cpuUsage(); await fn(); const c = process.cpuUsage(c0); return (c.user + c.system) / 1000; };
  const whole = await cpu(() => { for (let i = 0; i < 3; i++) inflateRawSync(deflateRawSync(paddedSheet(60 * 1024 * 1024))); });
  const check = await cpu(() => assert.rejects(checkXlsx(liar, IMPORT_LIMITS, bad), (e) => e === bad));
  assert.ok(check < whole / 6, `the lying part was not inflated to the end (${check.toFixed(0)} ms of CPU; inflating it whole three times with its deflate: ${whole.toFixed(0)} ms)`);
  await assert.rejects(checkXlsx(Buffer.from('not a zip at all'), IMPORT_LIMITS, bad), (e) => e === bad);
  // zip64: a part that says 5 GB in its extra field is refused from the directory as well
  const huge = zip([{ name: 'xl/worksheets/sheet1.xml', data: paddedSheet(1024), declared: 5 * 1024 ** 3, zip64: true }]);
  assert.equal(zipEntries(huge)[0].uncompressedSize, 5 * 1024 ** 3);
  await assert.rejects(checkXlsx(huge, IMPORT_LIMITS, bad), (e: ApiError) => e.key === 'importUnzippedTooLarge' && e.params.size === '5 GB');
  assert.equal(zipEntries(zip([{ name: 'a.xml', data: paddedSheet(1024), zip64: true }]))[0].uncompressedSize, 1024);
  const ok = await checkXlsx(await usersBook(3, 'u'), IMPORT_LIMITS, bad);
  assert.equal(ok.rows, 3);
});

await forEachDatabase('Excel import limits', (kind) => {
  let s: TestServer;
  let admin: string;
  before(async () => {
    s = await startServer({ kind });
    admin = (await s.login()).access_token;
  });
  after(async () => { await s?.close(); });

  const users = async () => Number((await sql<{ n: string }>`select count(*) as n from blade_user`.execute(s.server.database.db)).rows[0].n);
  const importFile = (bytes: Buffer, lang = 'zh', name = 'users.xlsx') => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    return s.api('/api/blade-system/user/import-user', { method: 'POST', token: admin, body: form, headers: { 'Accept-Language': lang } });
  };

  test('a sheet past 10,000 data rows is refused whole, naming the limit', async () => {
    const before = await users();
    const book = await usersBook(10_001, 'many');
    const zh = await importFile(book);
    assert.equal(zh.status, 400);
    assert.equal(zh.body.msg, '导入文件最多 10000 行数据（此文件有 10001 行），请拆分后分批导入');
    const en = await importFile(book, 'en');
    assert.equal(en.status, 400);
    assert.equal(en.body.msg, 'An import file may hold at most 10000 data rows (this one has 10001); split it and import it in parts');
    assert.equal(await users(), before, 'nothing imported');
  });

  test('a zip bomb is refused from its directory, and one lying about its sizes when it passes them', async () => {
    const before = await users();
    const bomb = zip(workbook(paddedSheet(60 * 1024 * 1024)));
    const zh = await importFile(bomb);
    assert.equal(zh.status, 400);
    assert.equal(zh.body.msg, '导入文件解压后不能超过 50 MB（此文件解压后为 60 MB），请拆分后分批导入');
    const en = await importFile(bomb, 'en');
    assert.equal(en.body.msg, 'An import file may hold at most 50 MB once unzipped (this one holds 60 MB); split it and import it in parts');
    const liar = await importFile(zip(workbook(paddedSheet(60 * 1024 * 1024), 2048)));
    assert.equal(liar.status, 400);
    assert.equal(liar.body.msg, '请上传 xlsx 格式的 Excel 文件');
    assert.equal(await users(), before, 'nothing imported');
  });

  test('a file past 10 MB is refused, naming the limit', async () => {
    const before = await users();
    const big = Buffer.concat([await usersBook(1, 'big'), Buffer.alloc(10 * 1024 * 1024)]);
    const zh = await importFile(big);
    assert.equal(zh.status, 400);
    assert.equal(zh.body.msg, '导入文件不能超过 10 MB，请拆分后分批导入');
    const en = await importFile(big, 'en');
    assert.equal(en.body.msg, 'An import file may be at most 10 MB; split it and import it in parts');
    assert.equal(await users(), before, 'nothing imported');
  });

  test('a normal import still works, and so does a small hand-made workbook', async () => {
    const before = await users();
    const r = await importFile(await usersBook(2, 'fine'));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual([r.body.data.created, r.body.data.errors], [2, []]);
    const handMade = await importFile(zip(workbook(paddedSheet(4096))));
    assert.equal(handMade.body.data.created, 1, JSON.stringify(handMade.body));
    assert.equal(await users(), before + 3);
  });

  test('the limits are settings: a server with IMPORT_MAX_ROWS=2 refuses three rows', async () => {
    const small = await startServer({ kind, config: { importMaxRows: 2, importMaxBytes: 64 * 1024 } });
    try {
      const token = (await small.login()).access_token;
      const form = new FormData();
      form.append('file', new Blob([await usersBook(3, 'three')]), 'users.xlsx');
      const r = await small.api('/api/blade-system/user/import-user', { method: 'POST', token, body: form });
      assert.equal(r.body.msg, '导入文件最多 2 行数据（此文件有 3 行），请拆分后分批导入');
      const big = new FormData();
      big.append('file', new Blob([Buffer.alloc(65 * 1024)]), 'users.xlsx');
      assert.equal((await small.api('/api/blade-system/user/import-user', { method: 'POST', token, body: big })).body.msg, '导入文件不能超过 64 KB，请拆分后分批导入');
    } finally {
      await small.close();
    }
  });
});
