// Uploads, downloads and Excel imports show how far they are (issue 13): on a throttled line
// (CDP network emulation) an attachment's upload and download show an antd Progress in a corner
// card, the row's button waits meanwhile; the user import shows its upload's progress inside the
// dialog, and a refused import (past 10,000 rows) its clear message there, in zh and en.
// TRANSFER_SHOTS=<dir> saves screenshots of the progress bars in both languages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { listTable, saveShot, setLanguage, suite } from './browser.ts';

const SHOTS = process.env.TRANSFER_SHOTS;
const s = suite();
before(() => s.open());
after(() => s.close());

/** A slow line for this page: bytes per second each way (Chromium's DevTools network emulation). */
async function throttle(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  };
}

/** Percents an antd Progress inside `scope` showed while it was on screen (sampled every 50 ms until it goes). */
async function watchPercents(page: Page, selector: string, timeout = 60_000): Promise<number[]> {
  await page.locator(selector).first().waitFor({ timeout });
  return page.evaluate(async ({ sel, ms }) => {
    const doc = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null; querySelector(s: string): unknown } | null } }).document;
    const seen: number[] = [];
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const el = doc.querySelector(sel);
      if (!el) break;
      const bar = el.querySelector('[role=progressbar]') as { getAttribute(n: string): string | null } | null;
      const v = Number(bar?.getAttribute('aria-valuenow') ?? NaN);
      if (Number.isFinite(v) && seen.at(-1) !== v) seen.push(v);
      await new Promise((r) => setTimeout(r, 50));
    }
    return seen;
  }, { sel: selector, ms: timeout });
}

async function zipOf(bytes: number): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('data.bin', randomBytes(bytes));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}

async function usersBook(rows: number, prefix: string, header = ['账号', '姓名']): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('用户');
  ws.addRow(header);
  for (let i = 1; i <= rows; i++) ws.addRow([`${prefix}${i}`, `导入${i}`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('an attachment upload and download show their progress in a corner card; the download link waits meanwhile', async () => {
  const page = await s.signedIn('admin', 'admin');
  await page.goto(`${s.server.url}/#/resource/attach`);
  await listTable(page).waitFor();
  const file = await zipOf(1_200_000);
  const unthrottle = await throttle(page, 400 * 1024);
  const chooser = page.waitForEvent('filechooser');
  await page.locator('.ant-pro-table-list-toolbar button').filter({ hasText: '上传' }).click();
  await (await chooser).setFiles({ name: '课程资料.zip', mimeType: 'application/zip', buffer: file });
  const card = page.locator('.transfer-card').filter({ hasText: '课程资料.zip' });
  await card.locator('.ant-progress').waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => {
    const bar = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } }).document.querySelector('.transfer-card [role=progressbar]');
    const v = Number(bar?.getAttribute('aria-valuenow') ?? 0);
    return v >= 20 && v <= 80;
  }, undefined, { timeout: 20_000 });
  assert.match(await card.innerText(), /正在上传 \d+(\.\d)? (KB|MB) \/ 1\.1 MB/);
  await saveShot(page, SHOTS, 'upload-card-zh');
  await page.getByText('上传成功').first().waitFor({ timeout: 30_000 });
  await card.waitFor({ state: 'detached' });

  const row = listTable(page).locator('tr').filter({ hasText: '课程资料.zip' });
  const link = row.getByRole('button', { name: /下\s*载/ });
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await link.click();
  const downCard = page.locator('.transfer-card').filter({ hasText: '课程资料.zip' });
  const percents = await watchPercents(page, '.transfer-card');
  assert.ok(percents.some((p) => p > 0 && p < 100), `the download's bar moved: ${percents.join(',')}`);
  assert.ok(percents.every((p, i) => i === 0 || p >= percents[i - 1]), `never backwards: ${percents.join(',')}`);
  const got = await download;
  assert.equal(got.suggestedFilename(), '课程资料.zip');
  await downCard.waitFor({ state: 'detached' });
  assert.equal(await link.evaluate((el) => (el as unknown as { className: string }).className.includes('ant-btn-loading')), false);
  await unthrottle();
});

test('the download link of an attachment spins and takes no second click while it runs', async () => {
  const page = await s.signedIn('admin', 'admin');
  await page.goto(`${s.server.url}/#/resource/attach`);
  const row = listTable(page).locator('tr').filter({ hasText: '课程资料.zip' });
  await row.waitFor();
  const unthrottle = await throttle(page, 200 * 1024);
  const link = row.getByRole('button', { name: /下\s*载/ });
  let downloads = 0;
  page.on('download', () => { downloads++; });
  await link.click();
  await page.locator('.transfer-card .ant-progress').waitFor();
  assert.match(await link.getAttribute('class') ?? '', /ant-btn-loading/);
  await link.click({ force: true });
  await page.locator('.transfer-card').waitFor({ state: 'detached', timeout: 30_000 });
  await page.waitForTimeout(500);
  assert.equal(downloads, 1, 'one download for two clicks');
  await unthrottle();
});

for (const lang of ['zh', 'en'] as const) {
  test(`user import (${lang}): the upload's progress shows in the dialog, a refused import its message there, and a good one imports`, async () => {
    const page = await s.signedIn('admin', 'admin');
    if (lang === 'en') await setLanguage(page, 'en');
    await page.goto(`${s.server.url}/#/system/user`);
    await listTable(page).waitFor();
    await page.locator('.fold-toolbar button[data-fold-key=import]').click();
    const modal = page.locator('.ant-modal').filter({ hasText: lang === 'en' ? 'Import users' : '导入用户' });
    await modal.waitFor();
    const many = await usersBook(10_001, `many${lang}`);
    await modal.locator('input[type=file]').setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: many });
    const unthrottle = await throttle(page, Math.ceil(many.length / 4));
    // by its place, not its name: a loading button's name gains the spinner's label
    const importButton = modal.locator('.ant-modal-footer .ant-btn-primary');
    assert.match(await importButton.innerText(), lang === 'en' ? /^Import$/ : /^导\s*入$/);
    await importButton.click();
    await modal.locator('.transfer-progress .ant-progress').waitFor({ timeout: 10_000 });
    await page.waitForFunction(() => {
      const bar = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } }).document.querySelector('.ant-modal .transfer-progress [role=progressbar]');
      const v = Number(bar?.getAttribute('aria-valuenow') ?? 0);
      return v >= 15 && v <= 85;
    }, undefined, { timeout: 20_000 });
    assert.match(await modal.locator('.transfer-progress').innerText(), lang === 'en' ? /Uploading [\d.]+ (KB|MB) of [\d.]+ KB/ : /正在上传 [\d.]+ (KB|MB) \/ [\d.]+ KB/);
    assert.match(await importButton.getAttribute('class') ?? '', /ant-btn-loading/, 'the import button waits');
    await saveShot(page, SHOTS, `import-progress-${lang}`);
    const refusal = modal.locator('.import-refusal');
    await refusal.waitFor({ timeout: 30_000 });
    assert.equal((await refusal.innerText()).trim(), lang === 'en'
      ? 'An import file may hold at most 10000 data rows (this one has 10001); split it and import it in parts'
      : '导入文件最多 10000 行数据（此文件有 10001 行），请拆分后分批导入');
    assert.equal(await modal.locator('.transfer-progress').count(), 0, 'the bar is gone once the answer came');
    await saveShot(page, SHOTS, `import-refused-${lang}`);
    await unthrottle();
    const total = (await s.server.api('/api/blade-system/user/page?current=1&size=1&account=many', { token: (await s.server.login()).access_token })).body.data.total;
    assert.equal(total, 0, 'nothing imported');

    await modal.locator('input[type=file]').setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await usersBook(2, `fine${lang}`) });
    assert.equal(await refusal.count(), 0, 'choosing another file clears the refusal');
    await importButton.click();
    await modal.getByText(lang === 'en' ? '2 created, 0 updated, 0 skipped' : '新增 2 个，更新 0 个，跳过 0 个').waitFor();
  });
}

test('the user export shows its download in a corner card and its button waits meanwhile', async () => {
  const page = await s.signedIn('admin', 'admin');
  await page.goto(`${s.server.url}/#/system/user`);
  await listTable(page).waitFor();
  const unthrottle = await throttle(page, 3 * 1024);
  const exportButton = page.locator('.fold-toolbar button[data-fold-key=export]');
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await exportButton.click();
  const card = page.locator('.transfer-card').filter({ hasText: '用户数据.xlsx' });
  await card.locator('.ant-progress, .ant-spin').first().waitFor();
  assert.match(await exportButton.getAttribute('class') ?? '', /ant-btn-loading/);
  await saveShot(page, SHOTS, 'export-card-zh');
  assert.equal((await download).suggestedFilename(), '用户数据.xlsx');
  await card.waitFor({ state: 'detached' });
  await unthrottle();
});
