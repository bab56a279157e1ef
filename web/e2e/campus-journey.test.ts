// Issue 13's "done means": on a fresh install with the demo campus (seedCampus, server/src/demo/
// campus.ts) and nothing made by the test, a student signs in, sees the notices on the home page,
// opens 发起流程, starts 学生请假 for 5 days from the seeded list through the real start form; the
// counsellor approves in 我的待办; the dean approves (the gateway sent it there, as more than 3 days);
// the student finds it finished in 我发起的, with the coloured diagram and the history — once in
// Chinese (student1) and once in English (student2, every screen switched to English).
// JOURNEY_SHOTS=/some/dir saves login, home, 发起流程, the start form, the detail page and the
// designer with 学生请假, in zh and en.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { newPage, saveShot, setLanguage, suite } from './browser.ts';
import * as pages from './workflow-pages.ts';

const SHOTS = process.env.JOURNEY_SHOTS;
// on PGlite, the database a fresh install runs on
const s = suite({ config: { seedCampus: true }, kind: 'pglite' });
before(() => s.open());
after(() => s.close());

type Lang = 'zh' | 'en';
const TEXT = {
  zh: { affairs: '我的事务', start: '发起流程', todo: '我的待办', send: '我发起的', started: '发起成功', passed: '办理成功', tip: '温馨提示', notices: '通知公告', history: '流转记录', finished: '已完成', comment: ['同意，注意安全', '同意'] },
  en: { affairs: 'My affairs', start: 'Start a process', todo: 'My to-do', send: 'Started by me', started: 'Started', passed: 'Done', tip: 'Notice', notices: 'Notices', history: 'History', finished: 'Completed', comment: ['Approved, take care', 'Approved'] },
} as const;

const shot = (page: Page, name: string, height = 900) => saveShot(page, SHOTS, `campus-${name}`, height);
const visit = (page: Page, route: string) => pages.visit(page, s.server.url, route);
const openFrom = (page: Page, list: string, text: string | RegExp) => pages.openFrom(page, s.server.url, list, text);

/** Signs in (through the login form) and switches the whole app to the language. */
async function person(account: string, password: string, lang: Lang): Promise<Page> {
  const page = await s.signedIn(account, password);
  if (lang === 'en') {
    await setLanguage(page, 'en');
    await page.locator('.sider-menu').getByText('Home', { exact: true }).waitFor();
  }
  return page;
}

/** The success dialog of a start or an action: its title and text in the language, OK, the list it lands on. */
async function confirmed(page: Page, lang: Lang, text: string, landing: RegExp): Promise<void> {
  const dlg = page.locator('.wf-success-dialog');
  await dlg.locator('.ant-modal-confirm-title').getByText(TEXT[lang].tip, { exact: true }).waitFor();
  await dlg.getByText(text, { exact: true }).waitFor();
  await dlg.locator('.ant-btn-primary').click();
  if (!(await dlg.waitFor({ state: 'hidden', timeout: 5000 }).then(() => true, () => false))) await dlg.locator('.ant-btn-primary').click();
  await page.waitForURL(landing);
}

/** Text of the app's frame (menus, tabs, headers) that should be in the language: no Chinese in English. */
async function frameText(page: Page): Promise<string> {
  return page.locator('.sider-menu').innerText();
}

async function approve(account: string, lang: Lang, comment: string): Promise<Page> {
  const page = await person(account, account, lang);
  await page.locator('.sider-menu').getByText(TEXT[lang].affairs, { exact: true }).click();
  await page.locator('.sider-menu').getByText(TEXT[lang].todo, { exact: true }).click();
  await page.waitForURL(/#\/workflow\/process\/todo$/);
  const detail = await openFrom(page, 'todo', '学生请假');
  // the form is the student's, read-only for the approver
  assert.equal(await detail.locator('.wf-field-days input').inputValue(), '5');
  assert.equal(await detail.locator('.wf-field-days input').isDisabled(), true);
  await page.locator('#wf-comment').fill(comment);
  await detail.locator('.wf-btn-wf_pass').click();
  await confirmed(page, lang, TEXT[lang].passed, /#\/workflow\/process\/todo$/);
  return page;
}

async function journey(lang: Lang, student: string, name: string): Promise<void> {
  const L = TEXT[lang];

  if (SHOTS) {
    const { context, page } = await newPage(s.browser);
    try {
      await page.goto(`${s.server.url}/#/login`);
      if (lang === 'en') await setLanguage(page, 'en');
      await page.locator('#username').waitFor();
      await shot(page, `login-${lang}`, 800);
    } finally {
      await context.close();
    }
  }

  // ---- the student: home page with the notices, 发起流程, the start form ------------------------
  const a = await person(student, student, lang);
  const notices = a.locator('[data-testid=wel-notices]');
  await notices.locator('.ant-card-head-title').getByText(L.notices).waitFor();
  await notices.locator('.wel-notice-title').filter({ hasText: '网上办事大厅上线' }).waitFor();
  assert.equal(await notices.locator('.wel-notice').count(), 3);
  if (lang === 'en') assert.doesNotMatch(await frameText(a), /[\u4e00-\u9fa5]/, 'the menus are English');
  await shot(a, `home-${lang}`);
  await notices.locator('.wel-notice-title').filter({ hasText: '网上办事大厅上线' }).click();
  await a.locator('.wel-notice-dialog').getByText('学生请假').first().waitFor();
  await a.locator('.wel-notice-dialog .ant-modal-footer .ant-btn').click();
  await a.locator('.wel-notice-dialog').waitFor({ state: 'hidden' });

  await a.locator('.sider-menu').getByText(L.affairs, { exact: true }).click();
  await a.locator('.sider-menu').getByText(L.start, { exact: true }).click();
  await a.waitForURL(/#\/workflow\/process\/list$/);
  // a student may start 学生请假 and 会议室预约, under their categories
  await a.locator('.wf-proc-card[data-key=campusStudentLeave]').waitFor();
  assert.deepEqual((await a.locator('.wf-proc-card[data-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')))).sort(), ['campusMeetingRoom', 'campusStudentLeave']);
  await a.locator('[data-testid^=wf-start-cat-]').filter({ hasText: '学生事务' }).locator('.wf-proc-card[data-key=campusStudentLeave]').waitFor();
  await shot(a, `start-list-${lang}`);
  await a.locator('.wf-proc-card[data-key=campusStudentLeave]').click();
  await a.waitForURL(/#\/workflow\/process\/start\//);

  // the designed form: the applicant and class filled in from the signed-in student
  await a.locator('.wf-field-applicant input').waitFor();
  await a.waitForFunction((v) => (document.querySelector('.wf-field-applicant input') as HTMLInputElement | null)?.value === v, name);
  assert.equal(await a.locator('.wf-field-applicant input').isDisabled(), true);
  await a.locator('.wf-field-leaveType .ant-select-selector').click();
  await a.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '病假' }).click();
  await a.locator('.wf-field-days input').fill('5');
  for (const [prop, day] of [['startDate', '2026-12-07'], ['endDate', '2026-12-11']]) {
    await a.locator(`.wf-field-${prop} input`).click();
    await a.locator(`.wf-field-${prop} input`).fill(day);
    await a.locator(`.wf-field-${prop} input`).press('Enter');
  }
  await a.locator('.wf-field-reason textarea').fill(lang === 'zh' ? '发烧，需住院观察' : '发烧 (fever), in hospital');
  await a.locator('.wf-field-phone input').fill('13800001001');
  await shot(a, `start-form-${lang}`, 1000);
  await a.locator('.wf-submit').click();
  await confirmed(a, lang, L.started, /#\/workflow\/process\/send$/);
  const row = a.locator('[data-testid=wf-list-send] .ant-table-row').filter({ hasText: '学生请假' }).first();
  await row.getByText('辅导员审批').waitFor();
  await row.getByText('王芳').first().waitFor();

  // ---- the counsellor, then the dean (more than 3 days: the gateway sent it on) -------------------
  await approve('counsellor', lang, L.comment[0]);
  const dean = await approve('dean', lang, L.comment[1]);
  await dean.locator('[data-testid=wf-list-todo] .ant-table-row').filter({ hasText: '学生请假' }).waitFor({ state: 'detached' });

  // ---- the student: finished in 我发起的, with the diagram and the history -----------------------
  await a.locator('.sider-menu').getByText(L.send, { exact: true }).click();
  await pages.visit(a, s.server.url, '/workflow/process/send');
  const done = a.locator('[data-testid=wf-list-send] .ant-table-row').filter({ hasText: '学生请假' }).first();
  await done.getByText(L.finished).waitFor();
  const detail = await openFrom(a, 'send', '学生请假');
  await detail.locator('.wf-diagram[data-state=ready]').waitFor();
  for (const id of ['StartEvent_1', 'counsellorApprove', 'daysGateway', 'deanApprove', 'EndEvent_1']) {
    await detail.locator(`.djs-element.wf-node-success[data-element-id="${id}"]`).waitFor({ state: 'attached' });
  }
  assert.equal(await detail.locator('.djs-element.wf-node-primary').count(), 0, 'nothing is open any more');
  const comments = detail.locator('.wf-history-comment[data-type=comment] .wf-history-text');
  assert.deepEqual(await comments.allInnerTexts(), [...L.comment]);
  await detail.locator('.wf-history-card .ant-card-head-title').getByText(L.history, { exact: true }).waitFor();
  assert.equal(await detail.locator('.wf-approval').count(), 0, 'nothing to handle any more');
  await shot(a, `detail-${lang}`, 1400);

  // ---- the designer with the seeded process ------------------------------------------------------
  if (SHOTS) {
    const token = (await s.server.login()).access_token as string;
    const model = (await s.server.api('/api/blade-workflow/design/model/detail?modelKey=campusStudentLeave', { token })).body.data;
    const admin = await person('admin', 'admin', lang);
    await visit(admin, `/workflow/design/process/${model.id}`);
    await admin.locator('.wf-designer-canvas[data-state="ready"]').waitFor();
    // a sequence flow is a thin line: selected through the modeler, as a click on it would
    await admin.evaluate(() => {
      const m = window.__wfModeler!;
      m.get<{ select(e: unknown): void }>('selection').select(m.get<{ get(id: string): unknown }>('elementRegistry').get('Flow_over3'));
    });
    await admin.locator('#wf-prop-condition').waitFor();
    assert.equal(await admin.locator('#wf-prop-condition').inputValue(), '${days > 3}');
    await shot(admin, `designer-${lang}`, 800);
    await pages.diagramElement(admin, 'counsellorApprove').click();
    await admin.locator('.wf-assignee .ant-tag').getByText('王芳').waitFor();
    await shot(admin, `designer-task-${lang}`, 900);
  }
}

test('学生请假 on the seeded campus in Chinese: student1 starts 5 days, the counsellor and the dean approve, finished with diagram and history', () => journey('zh', 'student1', '张明'));
test('the same journey in English: student2, every screen in English', () => journey('en', 'student2', '李娜'));
