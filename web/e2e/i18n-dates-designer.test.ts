// Dates and the process designer in the page's language (issue 13, "English everywhere, Chinese
// everywhere"), in a real browser against the built app: the home page's date reads
// 2026年11月25日 星期三 in Chinese and Wednesday, November 25, 2026 in English — after a reload in a
// language and after switching live from the top bar; the designer's palette, an element's context
// pad and its replace menu (更改元素 / Change element) carry only Chinese titles in Chinese and only
// English ones in English, and a live switch redraws the palette and the open context pad; the
// read-only diagram of a deployed version titles its drill-down button (打开 … / Open …) likewise.
// I18N_SHOTS=/some/dir saves the designer in zh and en and the home page in en.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launch, saveShot, setLanguage, SignedInPages, startE2EServer, type E2EServer } from './browser.ts';

const SHOTS = process.env.I18N_SHOTS;

let server: E2EServer;
let browser: Browser;
let modelId: string;
let subModelId: string;

/** start → a collapsed sub-process "Review" (start → end inside) → end: the diagram shows a drill-down button on it. */
const SUB_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Definitions_i18nSub" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn2:process id="i18nSub" name="子流程检查" isExecutable="true">
    <bpmn2:startEvent id="start" />
    <bpmn2:sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <bpmn2:subProcess id="review" name="Review">
      <bpmn2:startEvent id="inner_start" />
      <bpmn2:sequenceFlow id="f2" sourceRef="inner_start" targetRef="inner_end" />
      <bpmn2:endEvent id="inner_end" />
    </bpmn2:subProcess>
    <bpmn2:sequenceFlow id="f3" sourceRef="review" targetRef="end" />
    <bpmn2:endEvent id="end" />
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="i18nSub">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="review_di" bpmnElement="review" isExpanded="false"><dc:Bounds x="200" y="78" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="360" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="118" /><di:waypoint x="200" y="118" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="300" y="118" /><di:waypoint x="360" y="118" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
  <bpmndi:BPMNDiagram id="d2">
    <bpmndi:BPMNPlane id="p2" bpmnElement="review">
      <bpmndi:BPMNShape id="inner_start_di" bpmnElement="inner_start"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="inner_end_di" bpmnElement="inner_end"><dc:Bounds x="200" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="136" y="118" /><di:waypoint x="200" y="118" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn2:definitions>`;

before(async () => {
  server = await startE2EServer();
  browser = await launch();
  const token = (await server.login()).access_token as string;
  const r = await server.api('/api/blade-workflow/design/model/submit', { method: 'POST', token, json: { modelKey: 'i18nProbe', name: '语言检查' } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  modelId = String(r.body.data.id);
  const sub = await server.api('/api/blade-workflow/design/model/submit', { method: 'POST', token, json: { modelKey: 'i18nSub', name: '子流程检查', xml: SUB_XML } });
  assert.equal(sub.status, 200, JSON.stringify(sub.body));
  subModelId = String(sub.body.data.id);
  const dep = await server.api('/api/blade-workflow/design/model/deploy', { method: 'POST', token, json: { id: subModelId } });
  assert.equal(dep.status, 200, JSON.stringify(dep.body));
});

after(async () => {
  await pages.close();
  await browser?.close();
  await server?.close();
});

const pages = new SignedInPages(() => browser, () => server);
const signedIn = (): Promise<Page> => pages.page();

const CJK = /[\u3400-\u9fff\uff01-\uff5e\u3000-\u303f]/;
const LATIN = /[A-Za-z]/;

/** Today as the home page writes it, in each language (the browser and this process share the clock). */
function today(lang: 'zh' | 'en', d = new Date()): string {
  if (lang === 'zh') return `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日 星期${'日一二三四五六'[d.getDay()]}`;
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${days[d.getDay()]}, ${months[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

async function homeDate(page: Page, lang: 'zh' | 'en'): Promise<void> {
  const value = page.locator('.wel-date-value');
  const want = today(lang);
  await page.waitForFunction((w) => document.querySelector('.wel-date-value')?.textContent === w, want, { timeout: 10_000 }).catch(() => undefined);
  assert.equal(await value.innerText(), want, `home page date in ${lang}`);
}

/** Picks a language from the top bar's language menu (no reload). */
async function switchLive(page: Page, lang: 'zh' | 'en'): Promise<void> {
  await page.locator('.top-action:has(.top-lang)').hover();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').getByText(lang === 'en' ? 'English' : '中文', { exact: true }).click();
  await page.waitForFunction((l) => document.documentElement.lang === l, lang === 'en' ? 'en' : 'zh-CN');
}

/** The hover titles of the entries a selector finds (palette, context pad); none may lack one. */
const titles = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((e) => (e.getAttribute('title') || `(no title: ${e.getAttribute('data-action')})`).trim()));

function inLanguage(texts: string[], lang: 'zh' | 'en', where: string): void {
  assert.ok(texts.length > 0, `${where}: nothing found`);
  const wrong = lang === 'zh' ? texts.filter((t) => !CJK.test(t) || LATIN.test(t)) : texts.filter((t) => CJK.test(t));
  assert.deepEqual(wrong, [], `${where} in ${lang}: ${texts.join(' | ')}`);
}

async function openDesigner(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/workflow/design/process/${modelId}`);
  await page.locator('.wf-designer-canvas[data-state="ready"]').waitFor();
  await page.locator('.djs-palette .entry').first().waitFor();
}

/** Checks palette, context pad (start event selected) and replace menu; leaves the replace menu open. */
async function checkDesigner(page: Page, lang: 'zh' | 'en'): Promise<void> {
  const palette = await titles(page, '.djs-palette .entry');
  inLanguage(palette, lang, 'palette');
  // the hover title is the text read out (aria-label)
  assert.deepEqual(await page.locator('.djs-palette .entry').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))), palette);
  assert.ok(palette.includes(lang === 'zh' ? '创建任务' : 'Create task'), palette.join(' | '));

  await page.locator('.djs-element[data-element-id="StartEvent_1"]').click();
  await page.locator('.djs-context-pad .entry').first().waitFor();
  const pad = await titles(page, '.djs-context-pad .entry');
  inLanguage(pad, lang, 'context pad');
  assert.ok(pad.includes(lang === 'zh' ? '追加任务' : 'Append task'), pad.join(' | '));
  assert.ok(pad.includes(lang === 'zh' ? '删除' : 'Delete'), pad.join(' | '));

  await page.locator('.djs-context-pad .entry[data-action="replace"]').click();
  await page.locator('.djs-popup .entry').first().waitFor();
  // the menu's title, each entry's label, and the header entries' hover titles (loop, multi-instance)
  const menu = [
    ...(await page.locator('.djs-popup .djs-popup-title').allInnerTexts()),
    ...(await page.locator('.djs-popup .entry').evaluateAll((els) => els.map((e) => (e.textContent || '').trim() || e.getAttribute('title') || '(no text)'))),
    ...(await page.locator('.djs-popup .entry[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''))),
  ].map((t) => t.trim());
  inLanguage(menu, lang, 'replace menu');
  assert.ok(menu.includes(lang === 'zh' ? '更改元素' : 'Change element'), menu.join(' | '));
  assert.ok(menu.includes(lang === 'zh' ? '定时器开始事件' : 'Timer start event'), menu.join(' | '));

  // searching the menu: the entries found and the count line are in the same language
  // the menu searches on keyup (Chinese text is inserted without one: End releases a key)
  const search = page.locator('.djs-popup-search input');
  await search.fill(lang === 'zh' ? '定时器' : 'timer');
  await search.press('End');
  const count = page.locator('.djs-popup-search-count');
  await count.waitFor();
  const shown = await count.evaluate((e) => {
    const label = e.getAttribute('data-label');
    return label ?? (e.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
  assert.match(shown, lang === 'zh' ? /^找到 [1-9]\d* 项$/ : /^[1-9]\d* results? found$/);
  const found = await page.locator('.djs-popup .entry').allInnerTexts();
  inLanguage(found.map((t) => t.trim()), lang, 'replace menu search results');
}

test('the home page date is written in the page language, after a reload and after a live switch', async () => {
  const page = await signedIn();
  await homeDate(page, 'zh');
  await setLanguage(page, 'en');
  await page.locator('.wel-date-value').waitFor();
  await homeDate(page, 'en');
  await saveShot(page, SHOTS, 'home-en');
  await switchLive(page, 'zh');
  await homeDate(page, 'zh');
  await switchLive(page, 'en');
  await homeDate(page, 'en');
  // the greeting's page keeps the date in English while other screens come and go
  await page.goto(`${server.url}/#/workflow/design/model`);
  await page.locator('.ant-pro-table').first().waitFor();
  await page.goto(`${server.url}/#/wel/index`);
  await homeDate(page, 'en');
});

test('the designer is Chinese in Chinese and English in English: palette, context pad, replace menu', async () => {
  const page = await signedIn();
  await openDesigner(page);
  await checkDesigner(page, 'zh');
  await saveShot(page, SHOTS, 'designer-zh');

  await setLanguage(page, 'en');
  await openDesigner(page);
  await checkDesigner(page, 'en');
  await saveShot(page, SHOTS, 'designer-en');
});

test('a live language switch redraws the designer palette and the open context pad', async () => {
  const page = await signedIn();
  await openDesigner(page);
  await page.locator('.djs-element[data-element-id="StartEvent_1"]').click();
  await page.locator('.djs-context-pad .entry').first().waitFor();
  inLanguage(await titles(page, '.djs-context-pad .entry'), 'zh', 'context pad');

  await switchLive(page, 'en');
  await page.waitForFunction(() => document.querySelector('.djs-palette .entry[data-action="create.task"]')?.getAttribute('title') === 'Create task');
  inLanguage(await titles(page, '.djs-palette .entry'), 'en', 'palette after the switch');
  inLanguage(await titles(page, '.djs-context-pad .entry'), 'en', 'context pad after the switch');

  await switchLive(page, 'zh');
  await page.waitForFunction(() => document.querySelector('.djs-palette .entry[data-action="create.task"]')?.getAttribute('title') === '创建任务');
  inLanguage(await titles(page, '.djs-palette .entry'), 'zh', 'palette after switching back');
  inLanguage(await titles(page, '.djs-context-pad .entry'), 'zh', 'context pad after switching back');
});

test('the read-only diagram (a deployed version) titles its drill-down button in the page language', async () => {
  const page = await signedIn();
  const check = async (want: string) => {
    await page.goto(`${server.url}/#/workflow/design/model/history/${subModelId}`);
    await page.locator('.wf-model-history .ant-table-row').first().getByRole('button').first().click();
    const diagram = page.locator('.ant-modal .wf-diagram[data-state=ready]');
    await diagram.waitFor();
    assert.equal(await diagram.locator('.bjs-drilldown').getAttribute('title'), want);
  };
  await check('打开 Review');
  await setLanguage(page, 'en');
  await check('Open Review');
});
