// A burst of pushed notices collapses (issue 13, Notifications): six new tasks reach a signed-in
// user at once; at most three pop-ups show at any moment, the rest fold into one summary
// "3 条新待办" / "3 new tasks" that opens the to-do list; opening one of the tasks marks its notice
// read and the bell follows through the real-time push, without a reload. In zh and in en; a burst
// of ordinary messages folds into "3 new messages", which opens the message centre.
// Run from the repository root after `npm run build`:
//   SKIP_WEB_BUILD=1 node --import tsx --test web/e2e/message-burst.test.ts   (BURST_SHOTS=dir saves screenshots)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { deployProcess, saveShot, setLanguage, suite } from './browser.ts';

const P = '/api/blade-workflow/process';
const s = suite();
let admin = '';
let userId = '';

const xml = (assignee: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="burst">
  <process id="burstFlow" name="报修单" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="fix"/>
    <userTask id="fix" name="维修处理" flowable:assignee="${assignee}"/>
    <sequenceFlow id="f2" sourceRef="fix" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

before(async () => {
  await s.open();
  admin = (await s.server.login('admin', 'admin')).access_token as string;
  userId = String((await s.server.login('user', 'user')).user_id);
  await deployProcess(s.server, admin, {
    formKey: 'burstForm', formName: '报修表单', form: { column: [{ label: '事由', prop: 'reason' }] },
    modelKey: 'burstFlow', name: '报修单', xml: xml(userId),
  });
});
after(() => s.close());

const badge = (page: Page) => page.locator('[data-testid=message-bell] sup.ant-badge-count');
async function badgeCount(page: Page): Promise<number> {
  if (!(await badge(page).count())) return 0;
  return Number(await badge(page).getAttribute('title'));
}
const waitForBadge = (page: Page, n: number) => page.locator(`[data-testid=message-bell] sup.ant-badge-count[title="${n}"]`).waitFor();
/**
 * The unread count before a burst: the server's, once the bell shows it (the bell re-reads it just
 * after its socket connects, so reading the badge at once could still find nothing on a loaded machine).
 */
async function unreadBefore(page: Page): Promise<number> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('saber-session') ?? '{}').state.token as string);
  const n = Number((await s.server.api('/api/blade-message/message/my/topList?size=1', { token })).body.data.unReadCount) || 0;
  if (n > 0) await waitForBadge(page, n);
  assert.equal(await badgeCount(page), n, 'the bell shows the unread count the server holds');
  return n;
}

/** Counts, from now on, the most single-message pop-ups and summaries on screen at one moment. */
async function watchPopups(page: Page): Promise<void> {
  // a script string: the test runner's transform would name the functions with a helper the page lacks
  await page.evaluate(`(() => {
    window.__popups = { single: 0, summary: 0 };
    // each single pop-up's text as it first shows: they close after 6 s, which a loaded machine may
    // pass before the test looks
    window.__popupTexts = [];
    const recorded = new WeakSet();
    new MutationObserver(() => {
      const singles = document.querySelectorAll('.ant-notification-notice.message-notification:not(.message-summary)');
      for (const el of singles) {
        const text = el.innerText.trim();
        if (text && !recorded.has(el)) { recorded.add(el); window.__popupTexts.push(text); }
      }
      const summary = document.querySelectorAll('.ant-notification-notice.message-summary').length;
      window.__popups = { single: Math.max(window.__popups.single, singles.length), summary: Math.max(window.__popups.summary, summary) };
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
}
const seenPopups = (page: Page) => page.evaluate(() => (window as unknown as { __popups: { single: number; summary: number } }).__popups);
/** The texts of the single pop-ups shown since watchPopups, in the order they appeared. */
const poppedTexts = (page: Page) => page.evaluate(() => (window as unknown as { __popupTexts: string[] }).__popupTexts);

/** Six processes started at once, each a new task for user: answers their instance ids. */
async function burst(reason: string): Promise<string[]> {
  const started = await Promise.all(Array.from({ length: 6 }, (_, i) =>
    s.server.api(`${P}/startProcessByKey`, { method: 'POST', token: admin, json: { processDefKey: 'burstFlow', reason: `${reason} ${i + 1}` } })));
  for (const r of started) assert.equal(r.status, 200, JSON.stringify(r.body));
  return started.map((r) => String(r.body.data.processInstanceId));
}

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: six new tasks at once show at most three pop-ups and one summary that opens the to-do list; opening a task clears its notice`, async () => {
    const page = await s.signedIn('user', 'user');
    if (lang === 'en') await setLanguage(page, 'en');
    await page.locator('[data-testid=message-bell][data-connected="1"]').waitFor();
    const before = await unreadBefore(page);
    await watchPopups(page);

    await burst(lang === 'zh' ? '漏水' : 'leak');
    await waitForBadge(page, before + 6);
    const summary = page.locator('.ant-notification-notice.message-summary');
    await summary.getByText(lang === 'zh' ? '3 条新待办' : '3 new tasks', { exact: true }).waitFor();
    await summary.getByText(lang === 'zh' ? '点击打开待办事宜' : 'Click to open your to-do list').waitFor();
    const texts = await poppedTexts(page);
    assert.equal(texts.length, 3, `three single pop-ups: ${texts.join(' | ')}`);
    assert.equal(await summary.count(), 1, 'one summary');
    // every single pop-up is one of the tasks (its title names the process), in the page's language
    // (the socket asks for it: the browser's own Accept-Language does not decide)
    for (const text of texts) {
      assert.match(text, lang === 'zh' ? /待办：报修单/ : /To do: 报修单/);
      assert.match(text, lang === 'zh' ? /您有一条新的待办任务「维修处理」（报修单）/ : /You have a new task "维修处理" \(报修单\)/);
    }
    await saveShot(page, process.env.BURST_SHOTS, `burst-${lang}`);
    const seen = await seenPopups(page);
    assert.deepEqual(seen, { single: 3, summary: 1 }, 'never more than three pop-ups and one summary at once');

    // the summary opens the to-do list, which holds the six tasks
    await summary.click();
    await page.waitForURL(/#\/workflow\/process\/todo/);
    await summary.waitFor({ state: 'detached' });
    const rows = page.locator('.ant-table-row').filter({ hasText: '报修单' });
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-row').length >= 6);
    assert.ok((await rows.count()) >= 6);

    // opening one task's detail page marks its notice read: the bell drops by one through the push
    const { body } = await s.server.api(`${P}/todoList?size=50`, { token: await page.evaluate(() => JSON.parse(localStorage.getItem('saber-session') ?? '{}').state.token as string) });
    const task = body.data.records.find((r: { processDefinitionName?: string; processDefKey?: string }) => r.processDefKey === 'burstFlow');
    assert.ok(task, 'a burst task in the to-do list');
    const p = Buffer.from(JSON.stringify({ taskId: task.taskId, processInsId: task.processInstanceId })).toString('base64');
    await page.evaluate((hash) => { location.hash = hash; }, `#/workflow/process/detail/${p}`);
    await waitForBadge(page, before + 5);
  });
}

test('en: a burst of six ordinary messages folds into "3 new messages", which opens the message centre', async () => {
  const page = await s.signedIn('user', 'user');
  await setLanguage(page, 'en');
  await page.locator('[data-testid=message-bell][data-connected="1"]').waitFor();
  const before = await unreadBefore(page);
  await watchPopups(page);
  const sent = await Promise.all(Array.from({ length: 6 }, (_, i) =>
    s.server.api('/api/blade-message/message/save', { method: 'POST', token: admin, json: { title: `Notice ${i + 1}`, content: 'Library hours change', type: 1, userIds: userId } })));
  for (const r of sent) assert.equal(r.status, 200, JSON.stringify(r.body));
  await waitForBadge(page, before + 6);
  const summary = page.locator('.ant-notification-notice.message-summary');
  await summary.getByText('3 new messages', { exact: true }).waitFor();
  await summary.getByText('Click to open the message centre').waitFor();
  assert.deepEqual(await seenPopups(page), { single: 3, summary: 1 });
  await summary.click();
  await page.locator('.msg-drawer .msg-inbox-table .ant-table-row').filter({ hasText: 'Notice 6' }).waitFor();
  await summary.waitFor({ state: 'detached' });
});

/** Picks a language from the top bar's language menu (no reload). */
async function switchLive(page: Page, lang: 'zh' | 'en'): Promise<void> {
  await page.locator('.top-action:has(.top-lang)').hover();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').getByText(lang === 'en' ? 'English' : '中文', { exact: true }).click();
  await page.waitForFunction((l) => document.documentElement.lang === l, lang === 'en' ? 'en' : 'zh-CN');
}

test('a live switch to English: the next task notice pops up in English and the bell re-reads its list in English', async () => {
  const page = await s.signedIn('user', 'user');
  await page.locator('[data-testid=message-bell][data-connected="1"]').waitFor();
  const popup = (text: string) => page.locator('.ant-notification-notice.message-notification:not(.message-summary)').filter({ hasText: text });
  const start = async () => {
    const r = await s.server.api(`${P}/startProcessByKey`, { method: 'POST', token: admin, json: { processDefKey: 'burstFlow', reason: 'live' } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  };
  await start();
  await popup('待办：报修单').first().waitFor();

  await switchLive(page, 'en');
  await start();
  await popup('To do: 报修单').first().waitFor();
  await popup('You have a new task "维修处理" (报修单)').first().waitFor();

  await page.locator('[data-testid=message-bell]').click();
  const panel = page.locator('[data-testid=bell-panel]');
  await panel.getByText('To do: 报修单').first().waitFor();
  assert.doesNotMatch(await panel.innerText(), /待办：|您有一条/, 'the bell\'s list is re-read in English');
});
