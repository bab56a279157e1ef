// 发起流程 in a real browser (issue 13 "Admin ergonomics"), in zh and en: the search box filters the
// cards, category tabs in the categories' order with 其他 / Other (processes without a category)
// last, a star marks a favourite that stays at the top after a reload (kept per user on the
// server), a process the user started once shows under 最近使用 / Recently used, and 我发起的 names
// the candidate who handles it now instead of an expression or a blank.
// START_SHOTS=/some/dir saves screenshots of the screen in zh and en.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { saveShot, setLanguage, suite } from './browser.ts';
import { visit } from './workflow-pages.ts';

const SHOTS = process.env.START_SHOTS;
const ADMIN_ID = '1123598821738675201';

/** start → 审批 (offered to the administrator as a candidate, nobody assigned) → end */
const xml = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="e2e">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="t"/>
    <userTask id="t" name="审批" flowable:candidateUsers="${ADMIN_ID}"/>
    <sequenceFlow id="b" sourceRef="t" targetRef="e"/><endEvent id="e"/>
  </process>
</definitions>`;
const FORM = { column: [{ label: '事由', prop: 'reason', type: 'textarea', required: true }] };
const PROCS = [
  { key: 'stLeave', name: '职工请假', cat: '人事类' },
  { key: 'stExpense', name: '差旅报销', cat: '财务类' },
  { key: 'stMisc', name: '杂项申请', cat: null },
] as const;

const s = suite();
before(async () => {
  await s.open();
  const token = (await s.server.login()).access_token as string;
  const post = async (path: string, json: unknown) => {
    const r = await s.server.api(path, { method: 'POST', token, json });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const cats: Record<string, string> = {};
  // 财务类 sorts before 人事类 by its configured order
  cats['人事类'] = String((await post('/api/blade-workflow/design/category/submit', { name: '人事类', sort: 2 })).id);
  cats['财务类'] = String((await post('/api/blade-workflow/design/category/submit', { name: '财务类', sort: 1 })).id);
  await post('/api/blade-workflow/design/form/submit', { formKey: 'stForm', name: '申请单', content: FORM });
  for (const p of PROCS) {
    const m = await post('/api/blade-workflow/design/model/submit', { modelKey: p.key, name: p.name, xml: xml(p.key, p.name), formKey: 'stForm', categoryId: p.cat ? cats[p.cat] : undefined });
    await post('/api/blade-workflow/design/model/deploy', { id: m.id });
  }
});
after(() => s.close());

const card = (page: Page, key: string) => page.locator(`.wf-proc-card[data-key=${key}]`);
const mine = (page: Page) => page.locator('.wf-proc-card[data-key^=st]');
const keysIn = async (page: Page, scope: string) => (await page.locator(`${scope} .wf-proc-card`).evaluateAll((els) => els.map((e) => e.getAttribute('data-key') ?? e.getAttribute('data-pin')))).filter((k) => k?.startsWith('st'));

for (const lang of ['zh', 'en'] as const) {
  const L = lang === 'zh'
    ? { all: '全部', other: '其他', fav: '我的收藏', recent: '最近使用', star: '收藏', unstar: '取消收藏', handler: '管理员' }
    : { all: 'All', other: 'Other', fav: 'Favourites', recent: 'Recently used', star: 'Add to favourites', unstar: 'Remove from favourites', handler: '管理员' };

  test(`发起流程 (${lang}): search, category tabs with ${L.other} last, a favourite on top after reload, recently used`, async () => {
    const page = await s.signedIn('user', 'user');
    if (lang === 'en') await setLanguage(page, 'en');
    await visit(page, s.server.url, '/workflow/process/list');
    for (const p of PROCS) await card(page, p.key).waitFor();
    // no favourite or recent yet for this language's run start: zh runs first and leaves its marks
    const tabs = page.locator('.wf-start-tabs .ant-tabs-tab');
    const labels = (await tabs.allInnerTexts()).map((x) => x.replace(/\s*\(\d+\)$/, ''));
    assert.equal(labels[0], L.all);
    assert.equal(labels.at(-1), L.other, labels.join(' / '));
    assert.ok(labels.indexOf('财务类') > 0 && labels.indexOf('财务类') < labels.indexOf('人事类'), labels.join(' / '));

    // 其他 holds the process without a category, and only such
    await tabs.filter({ hasText: L.other }).click();
    await card(page, 'stMisc').waitFor();
    assert.deepEqual(await keysIn(page, '[data-testid=wf-startable]'), ['stMisc']);
    await page.locator('[data-testid=wf-start-cat-other] .ant-card-head-title').getByText(L.other).waitFor();
    await tabs.filter({ hasText: '财务类' }).click();
    await card(page, 'stExpense').waitFor();
    assert.deepEqual(await keysIn(page, '[data-testid=wf-startable]'), ['stExpense']);
    await tabs.filter({ hasText: L.all }).click();
    await card(page, 'stLeave').waitFor();

    // search filters by name and by key
    const search = page.locator('.wf-start-search input');
    await search.fill('报销');
    await mine(page).first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.wf-proc-card[data-key^=st]').length === 1);
    assert.deepEqual(await mine(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-key'))), ['stExpense']);
    await search.fill('stmisc');
    await page.waitForFunction(() => [...document.querySelectorAll('.wf-proc-card[data-key^=st]')].map((e) => e.getAttribute('data-key')).join() === 'stMisc');
    await search.fill('没有这个流程');
    await page.locator('[data-testid=wf-startable] .ant-empty').waitFor();
    await search.fill('');
    await card(page, 'stLeave').waitFor();

    // a favourite: the star, then after a reload it is at the top
    const target = lang === 'zh' ? 'stLeave' : 'stExpense';
    const star = card(page, target).locator('.wf-proc-star');
    assert.equal(await star.getAttribute('aria-label'), L.star);
    await star.click();
    await page.waitForFunction((k) => document.querySelector(`.wf-proc-card[data-key=${k}] .wf-proc-star`)?.getAttribute('aria-pressed') === 'true', target);
    await page.reload();
    const favs = page.locator('[data-testid=wf-start-favourites]');
    await favs.locator(`.wf-proc-card[data-pin=${target}]`).waitFor();
    await favs.locator('.ant-card-head-title').getByText(L.fav).waitFor();
    assert.equal(await card(page, target).locator('.wf-proc-star').getAttribute('aria-label'), L.unstar);
    const top = await favs.boundingBox();
    const firstCategory = await page.locator('[data-testid^=wf-start-cat-]').first().boundingBox();
    assert.ok(top && firstCategory && top.y < firstCategory.y, 'favourites come before the categories');

    // started once → recently used (started from this screen, through the start form)
    const started = lang === 'zh' ? 'stMisc' : 'stLeave';
    await card(page, started).click();
    await page.waitForURL(/#\/workflow\/process\/start\//);
    await page.locator('.wf-field-reason textarea').fill('办公用品');
    await page.locator('.wf-submit').click();
    const dlg = page.locator('.wf-success-dialog');
    await dlg.getByText(lang === 'zh' ? '发起成功' : 'Started').waitFor();
    await dlg.locator('.ant-btn-primary').click();
    await page.waitForURL(/#\/workflow\/process\/send$/);
    // 我发起的 names the candidate who has it now, never an expression
    const row = page.locator('[data-testid=wf-list-send] .ant-table-row').first();
    await row.waitFor();
    const text = await row.innerText();
    assert.ok(!text.includes('${') && text.includes(L.handler), text);
    await visit(page, s.server.url, '/workflow/process/list');
    const recent = page.locator('[data-testid=wf-start-recent]');
    await recent.locator(`.wf-proc-card[data-pin=${started}]`).waitFor();
    await recent.locator('.ant-card-head-title').getByText(L.recent).waitFor();
    await saveShot(page, SHOTS, `start-list-${lang}`, 1100);
  });
}
