// 接口日志 in a real browser: only calls that changed something are listed, each with its short
// title in the reader's language, in readable columns (操作名称, 请求方法, 请求地址, 状态码, 耗时, 操作人,
// 客户端 IP, 时间) with search, paging and the detail — in Chinese, then in English.
// API_LOG_SHOTS=<dir> saves screenshots of the screen in both languages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { listTable, saveShot, setLanguage, suite } from './browser.ts';

const s = suite();
before(() => s.open());
after(() => s.close());

const SHOTS = process.env.API_LOG_SHOTS;
const headers = async (page: Page) => (await listTable(page).locator('thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);

/**
 * Every header cell lies inside the window and left of the fixed actions column: the columns are
 * readable without scrolling sideways, none hidden under the actions.
 */
async function allInView(page: Page, names: string[], actions: string) {
  const th = (name: string) => listTable(page).locator('thead th').filter({ hasText: new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`) });
  const limit = (await th(actions).last().boundingBox())!.x;
  for (const name of names) {
    const box = await th(name).first().boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= limit + 1, `${name} is in view, left of ${actions} at ${limit} (${JSON.stringify(box)})`);
  }
}

test('接口日志 lists the writes with their zh and en titles in readable columns, never plain reads', async () => {
  const token = (await s.server.login()).access_token as string;
  const key = `e2e.apiLog.${Date.now()}`;
  assert.equal((await s.server.api('/api/blade-system/param/submit', { method: 'POST', token, json: { paramName: '接口日志测试', paramKey: key, paramValue: '1' } })).status, 200);
  await s.server.api('/api/blade-system/param/list', { token });

  const page = await s.signedIn('admin', 'admin');
  await (s.server as unknown as { server: { services: { logs: { flush(): Promise<void> } } } }).server.services.logs.flush();
  await page.goto(`${s.server.url}/#/log/api`);
  const table = listTable(page);
  const saved = table.locator('tbody tr').filter({ hasText: '保存参数' });
  await saved.first().waitFor();
  const zh = ['操作名称', '请求方法', '请求地址', '状态码', '耗时(毫秒)', '操作人', '客户端 IP', '时间'];
  for (const h of zh) assert.ok((await headers(page)).includes(h), `column ${h}: ${await headers(page)}`);
  await allInView(page, zh, '操作');
  const row = await saved.first().innerText();
  assert.match(row, /POST/);
  assert.match(row, /\/api\/blade-system\/param\/submit/);
  assert.match(row, /200/);
  assert.match(row, /admin/);
  // the sign-in of this page is there (登录); the reads the page made are not
  await table.locator('tbody tr').filter({ hasText: '登录' }).first().waitFor();
  const body = await table.locator('tbody').innerText();
  assert.ok(!/\/api\/blade-system\/param\/list|\/api\/blade-log\/api\/list|\/api\/blade-system\/menu/.test(body), `no plain reads listed: ${body}`);
  assert.ok(!/\bGET\b/.test(body), 'no GET rows');
  await page.locator('.ant-pagination').first().waitFor();

  // search by the title in the reader's language
  await page.locator('.ant-pro-query-filter input#title').fill('保存参数');
  await page.locator('.ant-pro-query-filter .ant-btn-primary').click();
  await table.locator('tbody tr').filter({ hasText: '登录' }).first().waitFor({ state: 'detached' });
  const found = await table.locator('tbody tr.ant-table-row').allInnerTexts();
  assert.ok(found.length >= 1 && found.every((r) => r.includes('保存参数')), found.join(' | '));

  await saved.first().getByRole('button', { name: '查看' }).click();
  const detail = page.locator('.ant-modal').filter({ hasText: '英文名称' });
  await detail.waitFor();
  assert.match(await detail.innerText(), /Save parameter/);
  assert.match(await detail.innerText(), /\/api\/blade-system\/param\/submit/);
  await saveShot(page, SHOTS, 'api-log-detail-zh');
  // closed by its own button and gone before the filter is used (Escape needs the focus inside the dialog)
  await detail.locator('.ant-modal-close').click();
  await detail.waitFor({ state: 'hidden' });
  await page.locator('.ant-pro-query-filter button').filter({ hasText: /重\s*置/ }).click();
  await table.locator('tbody tr').filter({ hasText: '登录' }).first().waitFor();
  await saveShot(page, SHOTS, 'api-log-zh');

  await setLanguage(page, 'en');
  const savedEn = table.locator('tbody tr').filter({ hasText: 'Save parameter' });
  await savedEn.first().waitFor();
  const en = ['Operation', 'Method', 'Request URI', 'Status', 'Duration (ms)', 'User', 'Client IP', 'Time'];
  for (const h of en) assert.ok((await headers(page)).includes(h), `column ${h}: ${await headers(page)}`);
  await allInView(page, en, 'Actions');
  await table.locator('tbody tr').filter({ hasText: 'Sign in' }).first().waitFor();
  assert.ok(!/[\u4e00-\u9fff]/.test(await table.innerText()), `no Chinese in the English table: ${await table.innerText()}`);
  await page.locator('.ant-pro-query-filter input#titleEn').fill('Save param');
  await page.locator('.ant-pro-query-filter .ant-btn-primary').click();
  await table.locator('tbody tr').filter({ hasText: 'Sign in' }).first().waitFor({ state: 'detached' });
  assert.ok((await table.locator('tbody tr.ant-table-row').allInnerTexts()).every((r) => r.includes('Save parameter')));
  await savedEn.first().getByRole('button', { name: 'View' }).click();
  const detailEn = page.locator('.ant-modal').filter({ hasText: 'Chinese title' });
  await detailEn.waitFor();
  assert.match(await detailEn.innerText(), /保存参数/);
  await saveShot(page, SHOTS, 'api-log-detail-en');
  await detailEn.locator('.ant-modal-close').click();
  await detailEn.waitFor({ state: 'hidden' });
  await page.locator('.ant-pro-query-filter button').filter({ hasText: /Reset/ }).click();
  await table.locator('tbody tr').filter({ hasText: 'Sign in' }).first().waitFor();
  await saveShot(page, SHOTS, 'api-log-en');
});
