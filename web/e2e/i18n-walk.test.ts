// The language walk (issue 13, "English everywhere, Chinese everywhere"): the administrator walks
// every menu screen they have (from the server's menu, GET menu/routes), the main 新增 dialogs
// (users, roles, menus, dictionaries), the process designer with a model, 发起流程's start form,
// a task from 我的待办 and its detail page, the top bar's user menu and bell, and the API docs
// page (its frame's heading and title in the language), in English and in Chinese, and collects the
// text a reader sees: text nodes of visible elements (the menu, tabs, table headers, buttons…),
// the placeholder / title / aria-label / alt of visible elements, and the window title.
// In English a text fails when it holds Chinese; in Chinese when it holds an English word that is
// not a proper noun (BPMN, API, URL, Excel, OAuth…). Data is allowed in either language: every
// text the server has answered with during the walk (JSON bodies of /api/ calls, messages
// aside) is taken out of what is checked, so a user named 管理员 or a dictionary value passes,
// while a label the code writes does not. The menu the shell loads is not data: the shell shows
// each entry by its code in the reader's language, so a menu left in Chinese fails in English.
// Icons' names (their aria-label) and rc-input-number's fixed step-button labels are left out.
// The walk checks itself: a planted text in the wrong language is reported, and the user list's
// toolbar and the administrator's name are seen. Failures name the route and the text.
// Both languages walk at once (two browser contexts), to keep the run short.
// I18N_WALK_SHOTS=/some/dir saves a screenshot of each screen (en-… and zh-…).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Response } from 'playwright-core';
import { deployProcess, listTable, saveShot, setLanguage, suite, toolbarAdd } from './browser.ts';

const SHOTS = process.env.I18N_WALK_SHOTS;
type Lang = 'zh' | 'en';

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;
/**
 * Words written the same in Chinese text: names of products, protocols and formats, units. No UI
 * word ("OK", "Delete", "Key") belongs here: a Chinese screen translates those.
 */
const PROPER = new Set([
  'api', 'apis', 'bpmn', 'url', 'uri', 'id', 'ids', 'ip', 'excel', 'word', 'oauth', 'cas', 'sms', 'oss', 'json', 'xml', 'http', 'https',
  'sql', 'jdbc', 'cron', 'ms', 'kb', 'mb', 'gb', 'px', 'pdf', 'png', 'jpg', 'jpeg', 'gif', 'csv', 'xlsx', 'xls', 'docx', 'svg', 'html',
  'smtp', 'imap', 'pop', 'ssl', 'tls', 'minio', 'qiniu', 'aliyun', 'tencent', 'huawei', 'redis', 'mysql', 'postgresql',
  'oracle', 'sqlserver', 'saber', 'bladex', 'blade', 'flowable', 'swagger', 'openapi', 'uuid', 'utc', 'gmt', 'pc', 'ios',
  'android', 'wechat', 'dingtalk', 'feishu', 'github', 'gitee', 'ldap', 'sso', 'jwt', 'aes', 'md5', 'rsa', 'base64', 'utf',
  'ant', 'design', 'groovy', 'javascript', 'java', 'juel', 'el', 'spel', 'yaml', 'ai', 'cc', 'bcc',
]);

/** start → 审批 (admin) → end, with a one-field form: 发起流程 lists it, the designer opens it. */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="e2e">
  <process id="walkLeave" name="请假申请" isExecutable="true">
    <startEvent id="s" name="开始"/><sequenceFlow id="a" sourceRef="s" targetRef="t"/>
    <userTask id="t" name="主管审批" flowable:assignee="1123598821738675201"/>
    <sequenceFlow id="b" sourceRef="t" targetRef="e"/><endEvent id="e" name="结束"/>
  </process>
  <bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="p" bpmnElement="walkLeave">
    <bpmndi:BPMNShape id="s_di" bpmnElement="s"><dc:Bounds x="100" y="100" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="t_di" bpmnElement="t"><dc:Bounds x="200" y="78" width="100" height="80"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="e_di" bpmnElement="e"><dc:Bounds x="360" y="100" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="a_di" bpmnElement="a"><di:waypoint x="136" y="118"/><di:waypoint x="200" y="118"/></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="b_di" bpmnElement="b"><di:waypoint x="300" y="118"/><di:waypoint x="360" y="118"/></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;
const FORM = { column: [{ label: '请假事由', prop: 'reason', type: 'textarea', required: true }, { label: '天数', prop: 'days', type: 'number' }] };

const s = suite();
let routes: string[] = [];
let modelId = '';

before(async () => {
  await s.open();
  const token = (await s.server.login()).access_token as string;
  modelId = await deployProcess(s.server, token, { formKey: 'walkForm', formName: '请假单', form: FORM, modelKey: 'walkLeave', name: '请假申请', xml: XML });
  // one started, so 我的待办 has a task of the administrator's to open
  const started = await s.server.api('/api/blade-workflow/process/startProcessByKey', { method: 'POST', token, json: { processDefKey: 'walkLeave', reason: '外出开会', days: 2 } });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const menu = await s.server.api('/api/blade-system/menu/routes', { token });
  type M = { path: string; children?: M[] };
  const leaves = (l: M[]): string[] => l.flatMap((m) => (m.children?.length ? leaves(m.children) : [m.path]));
  routes = leaves(menu.body.data as M[]);
});
after(() => s.close());

interface Seen { text: string; where: string }

/**
 * What a reader sees of the page (or of the elements a selector finds): text nodes and labelling
 * attributes of visible elements. Plain JavaScript in a string: the page runs it as written (the
 * test's TypeScript loader would add helpers the page does not have).
 */
const COLLECT = `(sel) => {
  const out = [];
  const visible = (el) => !!el && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && el.getClientRects().length > 0;
  const describe = (el) => {
    const parts = [];
    for (let e = el; e && parts.length < 3 && e !== document.body; e = e.parentElement) {
      const cls = typeof e.className === 'string' ? e.className.split(/\\s+/).filter((c) => c && !/^(ant-(col|row|space|flex)|css-)/.test(c)).slice(0, 2).join('.') : '';
      parts.unshift(e.tagName.toLowerCase() + (cls ? '.' + cls : ''));
    }
    return parts.join(' > ');
  };
  for (const root of document.querySelectorAll(sel)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = String(n.nodeValue || '').replace(/\\s+/g, ' ').trim();
      const el = n.parentElement;
      if (!text || !el || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA'].includes(el.tagName) || !visible(el)) continue;
      out.push({ text, where: describe(el) });
    }
    for (const el of [root, ...root.querySelectorAll('[placeholder],[title],[aria-label],[alt]')]) {
      if (!visible(el)) continue;
      for (const a of ['placeholder', 'title', 'aria-label', 'alt']) {
        // an icon's aria-label is its name (antd's icons: "search", "plus"); the number input's step
        // buttons carry rc-input-number's fixed "Increase Value" / "Decrease Value", which no prop reaches
        if (a === 'aria-label' && el.matches('.anticon, .ant-input-number-handler')) continue;
        const v = (el.getAttribute(a) || '').replace(/\\s+/g, ' ').trim();
        if (v) out.push({ text: v, where: describe(el) + ' [' + a + ']' });
      }
    }
  }
  if (sel === 'body') out.push({ text: document.title, where: 'document.title' });
  return out;
}`;
const collect = (page: Page, scope = 'body'): Promise<Seen[]> => page.evaluate(`(${COLLECT})(${JSON.stringify(scope)})`);

/**
 * Answers whose texts are not data to the screens: the shell shows the menu by each entry's code in
 * the reader's language (i18n menuLabel), so a menu name left in Chinese in English must fail.
 */
const NOT_DATA = /\/api\/docs|\/menu\/(routes|buttons|top-menu)/;

/** Keeps [url, text] of every JSON answer to an /api/ XMLHttpRequest in globalThis.__apiAnswers (plain JavaScript: runs in the page). */
const CAPTURE = `(() => {
  if (globalThis.__apiAnswers) return;
  const kept = (globalThis.__apiAnswers = []);
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (...args) {
    this.addEventListener('load', () => {
      if (!/\\/api\\//.test(this.responseURL) || !/json/.test(this.getResponseHeader('content-type') || '')) return;
      const body = this.responseType === 'json' ? JSON.stringify(this.response) : this.responseType === '' || this.responseType === 'text' ? this.responseText : '';
      if (body) kept.push([this.responseURL, body]);
    });
    return open.apply(this, args);
  };
})()`;

/**
 * The texts the server answered with (data): every string of the JSON bodies of /api/ calls, but
 * not the envelope's message; long strings (a model's XML) by their runs of text.
 */
class DataTexts {
  readonly texts = new Set<string>();
  private pending: Promise<void>[] = [];
  private page?: Page;
  async watch(page: Page): Promise<void> {
    this.page = page;
    page.on('response', (r) => { if (/\/api\//.test(r.url()) && !NOT_DATA.test(r.url())) this.pending.push(this.read(r)); });
    // Chromium drops the bodies of earlier responses once its buffer fills (a walk of sixty screens
    // fills it), so the page itself also keeps each answer's text for settled() to read
    await page.addInitScript(CAPTURE);
    await page.evaluate(CAPTURE);
  }
  private async read(r: Response): Promise<void> {
    if (!(r.headers()['content-type'] ?? '').includes('json')) return;
    this.walk(await r.json().catch(() => undefined));
  }
  private walk(body: unknown): void {
    const walk = (v: unknown, key = ''): void => {
      if (typeof v === 'string') {
        if (key === 'msg') return;
        const t = v.replace(/\s+/g, ' ').trim();
        if (!t) return;
        if (t.length > 120) for (const m of t.matchAll(/[^<>"'=\n]{2,120}/g)) this.add(m[0]);
        else this.add(t);
      } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    };
    walk(body);
  }
  private add(t: string): void {
    const x = t.trim();
    if (!x) return;
    this.texts.add(x);
    // a list kept in one text (grant types, ids, tags) is shown item by item
    if (/[,;|、，；]/.test(x)) for (const part of x.split(/\s*[,;|、，；]\s*/)) if (part) this.texts.add(part);
  }
  async settled(): Promise<void> {
    while (this.pending.length) await Promise.all(this.pending.splice(0));
    const kept = (await this.page?.evaluate('(globalThis.__apiAnswers ?? []).splice(0)').catch(() => [])) as [string, string][] | undefined;
    for (const [url, text] of kept ?? []) {
      if (NOT_DATA.test(url)) continue;
      try { this.walk(JSON.parse(text)); } catch { /* not JSON after all */ }
    }
  }
  /** The text with every data text in it taken out. */
  strip(text: string): string {
    if (this.texts.has(text)) return '';
    let rest = text;
    for (const d of [...this.texts].filter((d) => d.length >= 2 && rest.includes(d)).sort((a, b) => b.length - a.length)) rest = rest.split(d).join(' ');
    return rest;
  }
}

/** What is wrong with a text in a language, after its data is taken out: '' when nothing. */
function wrongIn(lang: Lang, rest: string): string {
  if (lang === 'en') return CJK.test(rest) ? rest.trim() : '';
  const prose = rest
    .replace(/\$\{[^}]*\}/g, ' ') // a placeholder the reader types: ${user.realName}
    // names from code: camelCase, snake_case, dotted.names, words with digits
    .replace(/[A-Za-z0-9]*(?:[a-z][A-Z]|[_.][A-Za-z]|[A-Za-z][0-9]|[0-9][A-Za-z])[A-Za-z0-9_.]*/g, ' ');
  const words = (prose.match(/[A-Za-z][A-Za-z']*/g) ?? []).filter((w) => w.length > 1 && !PROPER.has(w.toLowerCase()));
  return words.length ? words.join(' ') : '';
}

/** Whether a spinner, a skeleton or a designer still drawing shows (plain JavaScript, see COLLECT). */
const BUSY = `[...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active, .wf-designer-canvas:not([data-state=ready])')]
  .some((e) => e.checkVisibility() && e.getClientRects().length > 0)`;

/** Waits until no request is open and nothing spins for a moment (at most `max` ms). */
async function settle(page: Page, open: { n: number }, max = 8000): Promise<void> {
  const end = Date.now() + max;
  let quiet = 0;
  while (Date.now() < end) {
    const busy = open.n > 0 || (await page.evaluate(BUSY));
    quiet = busy ? 0 : quiet + 1;
    if (quiet >= 3) return;
    await new Promise((r) => setTimeout(r, 60));
  }
}

interface Walker {
  page: Page;
  lang: Lang;
  data: DataTexts;
  open: { n: number };
  problems: string[];
}

async function walker(lang: Lang): Promise<Walker> {
  const page = await s.signedIn('admin', 'admin');
  const data = new DataTexts();
  await data.watch(page);
  const open = { n: 0 };
  page.on('request', () => { open.n++; });
  const done = () => { open.n = Math.max(0, open.n - 1); };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await setLanguage(page, lang);
  await page.locator('.sider-menu .ant-menu-item').first().waitFor();
  return { page, lang, data, open, problems: [] };
}

/** Checks what the reader sees now (on `where`, within `scope`), adding a line per wrong text; answers the texts seen. */
async function check(w: Walker, where: string, scope = 'body'): Promise<string[]> {
  await settle(w.page, w.open, 15_000);
  const seen = await collect(w.page, scope);
  // read the answers after collecting: under load the page may still be loading when settle gives
  // up, and an answer that arrived meanwhile is on the screen (rendered after its load event) and
  // must count as data
  await w.data.settled();
  const reported = new Set<string>();
  for (const { text, where: at } of seen) {
    const bad = wrongIn(w.lang, w.data.strip(text));
    if (!bad || reported.has(text)) continue;
    reported.add(text);
    w.problems.push(`${where}: "${text}" (${at})`);
  }
  return seen.map((x) => x.text);
}

/**
 * The walk's own check, on the home page: a text the app did not translate, put on the page, is
 * reported; the list of users shows its toolbar in the language and the administrator's name
 * (data: seen, and allowed).
 */
async function selfCheck(w: Walker, at: 'home' | 'users', seen: string[]): Promise<void> {
  const squeeze = (t: string) => t.replace(/(?<=[\u4e00-\u9fff]) (?=[\u4e00-\u9fff])/g, ''); // antd spaces two-character buttons: 查 询
  if (at === 'users') {
    const want = w.lang === 'en' ? ['Query', 'Reset', 'Add', '管理员'] : ['查询', '重置', '新增', '管理员'];
    const texts = new Set(seen.map(squeeze));
    assert.deepEqual(want.filter((x) => !texts.has(x)), [], `the walk sees the user list in ${w.lang}: ${[...texts].join(' | ')}`);
    return;
  }
  const probe = w.lang === 'en' ? '未翻译的标签' : 'Untranslated label';
  await w.page.evaluate(`document.querySelector('.layout-content').insertAdjacentHTML('beforeend', '<div id="walk-probe">${probe}</div>')`);
  const before = w.problems.length;
  await check(w, 'probe');
  const caught = w.problems.splice(before);
  await w.page.evaluate(`document.getElementById('walk-probe').remove()`);
  assert.ok(caught.some((l) => l.includes(probe)), `the walk reports a text left in the other language (${w.lang}): ${caught.join(' | ')}`);
}

async function go(w: Walker, route: string): Promise<void> {
  await w.page.goto(`${s.server.url}/#${route}`);
  await w.page.locator('.layout-content').first().waitFor();
}

const shot = (w: Walker, name: string) => saveShot(w.page, SHOTS, `${w.lang}-${name.replace(/^\//, '').replace(/[/?=&]/g, '_')}`);

async function walk(lang: Lang): Promise<string[]> {
  const w = await walker(lang);
  const { page } = w;
  const times = process.env.I18N_WALK_TIMES ? (what: string, t0: number) => console.log(`${lang} ${what} ${Date.now() - t0} ms`) : () => undefined;
  for (const route of routes) {
    if (route.startsWith('/api/docs')) continue; // below, with its frame
    const t0 = Date.now();
    await go(w, route);
    const seen = await check(w, route);
    if (route === '/wel/index') await selfCheck(w, 'home', seen);
    if (route === '/system/user') await selfCheck(w, 'users', seen);
    times(route, t0);
    await shot(w, route);
  }

  // the 新增 dialogs of the main lists
  for (const route of ['/system/user', '/authority/role', '/system/menu', '/system/dict']) {
    const t0 = Date.now();
    await go(w, route);
    await settle(page, w.open);
    await toolbarAdd(listTable(page)).first().click();
    const modal = page.locator('.ant-modal-wrap:visible .ant-modal').last();
    await modal.waitFor();
    await check(w, `${route} 新增`, '.ant-modal-wrap');
    await shot(w, `${route}-add`);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' }).catch(() => undefined);
    times(`${route} add`, t0);
  }

  // the designer with a model; 发起流程's start form; 我的待办's task and its detail page
  let t0 = Date.now();
  await go(w, `/workflow/design/process/${modelId}`);
  await page.locator('.wf-designer-canvas[data-state="ready"]').waitFor();
  await check(w, 'designer');
  await shot(w, 'designer');
  await go(w, '/workflow/process/list');
  await page.locator('.wf-proc-card[data-key=walkLeave]').first().click();
  await page.waitForURL(/#\/workflow\/process\/start\//);
  await page.locator('.wf-field-reason').waitFor();
  await check(w, 'start form');
  await shot(w, 'start-form');
  await go(w, '/workflow/process/todo');
  const row = page.locator('[data-testid=wf-list-todo] .ant-table-row').filter({ hasText: '请假申请' }).first();
  await row.getByRole('button', { name: /详情|Details/ }).click();
  await page.waitForURL(/#\/workflow\/process\/detail\//);
  await page.locator('[data-testid=wf-detail] .wf-detail-title').waitFor();
  await check(w, 'task detail');
  await shot(w, 'task-detail');
  times('workflow pages', t0);

  // the top bar: the user menu and the bell's list
  t0 = Date.now();
  await go(w, '/wel/index');
  await page.locator('.layout-header .top-user').hover();
  await page.locator('.ant-dropdown:visible').first().waitFor();
  await check(w, 'user menu', '.ant-dropdown');
  await page.mouse.move(0, 400);
  await page.locator('[data-testid=message-bell]').click();
  await page.locator('[data-testid=bell-panel]').waitFor();
  await check(w, 'bell', '.ant-popover');
  await page.locator('[data-testid=message-bell]').click();
  await page.locator('[data-testid=bell-panel]').waitFor({ state: 'hidden' });
  times('top bar', t0);

  // the API docs, opened as the menu opens them (in the frame, with the stored name): the bar and the frame's heading
  t0 = Date.now();
  const docs = routes.find((r) => r.startsWith('/api/docs'));
  assert.ok(docs, 'the admin has the API docs menu');
  await go(w, `/myiframe/urlPath?name=${encodeURIComponent('接口文档')}&src=${encodeURIComponent(docs)}`);
  const heading = page.frameLocator('.iframe-page iframe').locator('.information-container .info .title');
  await heading.waitFor({ timeout: 60_000 }); // Swagger UI draws 230 kB of document: slow on a busy machine
  await check(w, 'API docs');
  const title = (await heading.innerText()).trim();
  if (lang === 'en' ? !/^Campus platform API\b/.test(title) : !/^智慧校园服务平台接口文档/.test(title)) w.problems.push(`API docs: the frame's heading reads "${title}"`);
  const frameTitle = await page.frameLocator('.iframe-page iframe').locator('html').evaluate(() => (globalThis as unknown as { document: { title: string } }).document.title);
  if (lang === 'en' ? frameTitle !== 'Campus platform API' : frameTitle !== '智慧校园服务平台接口文档') w.problems.push(`API docs: the frame's title reads "${frameTitle}"`);
  await shot(w, 'api-docs');
  times('API docs', t0);
  return w.problems;
}

// both languages at once, each in a browser context of its own (the walk runs in CI: kept short)
describe('the language walk', { concurrency: 2 }, () => {
for (const lang of ['en', 'zh'] as const) {
  test(`every admin screen in ${lang} shows ${lang === 'en' ? 'no Chinese' : 'no English'} outside data`, async () => {
    assert.ok(routes.length > 40, `the admin's menu (${routes.length} screens)`);
    const t0 = Date.now();
    const problems = await walk(lang);
    console.log(`${lang}: ${routes.length} screens in ${Date.now() - t0} ms`);
    assert.deepEqual(problems, [], `untranslated text in ${lang}:\n${problems.join('\n')}`);
  });
}
});
