// Stored XSS in every label and rich-text field the screens render (issue 7, "Injection"), in a
// real browser: markup that would run (<img onerror>, <script>, <svg onload>, javascript: links)
// is planted through the API into the names and labels of departments, posts, roles, users,
// dictionaries, menus, a deployed process (its name, a task's name, a comment) and a received
// mail, then each screen that shows them is opened. The markup must show as text (the screen
// really rendered the field) or be stripped (rich text), no element of it may reach the DOM
// (no inline handler, no planted <script>, no <img src=x>, no javascript: link or frame) and
// nothing may run. The notice and message screens are covered by trust-xss.test.ts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { deployProcess, launch, newPage, signIn, startE2EServer, type E2EServer } from './browser.ts';

/** fields of 30 characters or more */
const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=2</script>';
const SVG = '<svg onload=window.__xss=3>';
/** fields of 20–30 characters (a user's real name holds 30, a name 20) */
const IMG_SHORT = '<img src=x onerror=__xss=4>';
const SVG_SHORT = '<svg onload=__xss=5>';
/** the text a screen shows when it renders the IMG payload as text */
const SHOWN = 'onerror=window.__xss=1';

const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="xss">
  <process id="xssFlow" name="${xmlAttr(IMG + SCRIPT)}" isExecutable="true">
    <startEvent id="start" flowable:initiator="applyUser"/>
    <sequenceFlow id="f0" sourceRef="start" targetRef="apply"/>
    <userTask id="apply" name="${xmlAttr(IMG)}" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f1" sourceRef="apply" targetRef="check"/>
    <userTask id="check" name="${xmlAttr(IMG + SCRIPT)}" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f2" sourceRef="check" targetRef="review"/>
    <userTask id="review" name="${xmlAttr(SVG + IMG)}" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f3" sourceRef="review" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

/** a process with a form whose field labels, option labels and a default value carry the markup */
const FORM_XML = BPMN.replaceAll('xssFlow', 'xssForm').replace(`name="${xmlAttr(IMG + SCRIPT)}"`, 'name="XSS表单"');
const FORM = {
  column: [
    { label: `${IMG}天数`, prop: 'days', type: 'input', span: 12 },
    { label: `${SCRIPT}类型`, prop: 'kind', type: 'select', span: 12, dicData: [{ label: `${SVG}事假`, value: 'a' }, { label: '病假', value: 'b' }] },
    { label: `${SVG}事由`, prop: 'reason', type: 'textarea', value: `${IMG}默认` },
  ],
};

let server: E2EServer;
let browser: Browser;
let token: string;
let instance = '';

before(async () => {
  server = await startE2EServer();
  browser = await launch();
  token = (await server.login()).access_token as string;
  const post = async (path: string, json: unknown) => {
    const r = await server.api(path, { method: 'POST', token, json });
    assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`);
    return r.body.data;
  };
  const dept = await post('/api/blade-system/dept/submit', { deptName: `${IMG}部门`, fullName: SCRIPT, sort: 1 });
  const postRow = await post('/api/blade-system/post/submit', { postCode: 'xss1', postName: IMG + SVG, category: 1, sort: 1 });
  const role = await post('/api/blade-system/role/submit', { roleName: IMG + SCRIPT, roleAlias: 'xssRole', sort: 1 });
  const { md5 } = (await import(new URL('../../server/src/modules/auth/password.ts', import.meta.url).href)) as { md5(s: string): string };
  await post('/api/blade-system/user/submit', {
    account: 'xssuser', password: md5('user'), password2: md5('user'), realName: IMG_SHORT, name: SVG_SHORT, code: 'X1',
    deptId: String(dept.id), roleId: String(role.id), postId: String(postRow.id), userType: 1,
  });
  const dict = await post('/api/blade-system/dict/submit', { code: 'xssDict', dictKey: '-1', dictValue: IMG + SCRIPT, sort: 1 });
  await post('/api/blade-system/dict/submit', { parentId: String(dict.id), code: 'xssDict', dictKey: '1', dictValue: IMG, sort: 1 });
  await post('/api/blade-system/menu/submit', { code: 'xssMenu', name: IMG + SCRIPT, alias: SVG, path: '/xss/menu', category: 1, sort: 99 });
  await post('/api/blade-email/inbox/submit', { subject: IMG + SCRIPT, fromAddress: 'x@example.com', fromName: SVG, content: `<p>邮件正文</p>${IMG}${SCRIPT}${SVG}<a href="javascript:window.__xss=6">链接</a>` });
  // a process whose name and task names carry the markup, started (the starter's "apply" passes with the start), its
  // check step passed with a comment that carries the markup too; review waits in the to-do list
  const fd = new FormData();
  fd.append('files', new Blob([BPMN], { type: 'text/xml' }), 'xssFlow.bpmn20.xml');
  const deployed = await server.api('/api/blade-flow/manager/deploy-upload', { method: 'POST', token, body: fd });
  assert.equal(deployed.status, 200, JSON.stringify(deployed.body));
  const started = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'xssFlow' });
  instance = started.processInstanceId as string;
  const todo = await server.api(`/api/blade-workflow/process/todoList?size=10&processInstanceId_equal=${instance}`, { token });
  const task = (todo.body.data.records as { taskId: string }[])[0];
  await post('/api/blade-workflow/process/completeTask', { taskId: task.taskId, pass: true, comment: `同意${IMG}${SCRIPT}` });
  await deployProcess(server, token, { formKey: 'xssFormForm', formName: `${IMG}表单`, form: FORM, modelKey: 'xssForm', name: 'XSS表单', xml: FORM_XML });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * What of the planted markup reached the page's DOM or ran. A label shows the markup as text, so
 * not even the bare <img src=x> may be there; rich text (a mail's body) keeps it, without its handler.
 */
async function planted(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(`(() => ({
    ran: window.__xss,
    handlers: document.querySelectorAll('[onerror], [onload]').length,
    scripts: [...document.querySelectorAll('script')].filter((s) => (s.textContent || '').includes('__xss')).length,
    images: [...document.querySelectorAll('img[src="x"]')].filter((i) => !i.closest('.email-html')).length,
    jsUrls: [...document.querySelectorAll('a[href], iframe[src], [xlink\\\\:href]')].filter((e) => /^\\s*javascript:/i.test(e.getAttribute('href') || e.getAttribute('src') || e.getAttribute('xlink:href') || '')).length,
  }))()`);
}
const CLEAN = { ran: undefined, handlers: 0, scripts: 0, images: 0, jsUrls: 0 };

/** Opens a screen, waits until it shows `shown` (so the field really was rendered), and checks nothing of the markup got in. */
async function check(page: Page, path: string, shown: string, within?: string): Promise<void> {
  await page.goto(`${server.url}/#${path}`);
  const scope = within ? page.locator(within) : page.locator('body');
  await scope.getByText(shown, { exact: false }).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(300); // an image error or an onload fires within a tick or two
  assert.deepEqual(await planted(page), CLEAN, `${path}: the planted markup reached the DOM or ran`);
}

test('names and labels carrying markup show as text on every screen that renders them, and nothing runs', async () => {
  const { context, page } = await newPage(browser);
  const dialogs: string[] = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  try {
    await signIn(page, server.url, server);
    await check(page, '/system/dept', `${SHOWN}>部门`);
    await check(page, '/system/post', SHOWN);
    await check(page, '/authority/role', SHOWN);
    // the user list: its real name, and the department tree beside it
    await check(page, '/system/user', 'onerror=__xss=4');
    await page.getByText(`${SHOWN}>部门`).first().waitFor();
    await check(page, '/system/dict', SHOWN);
    await check(page, '/system/menu', SHOWN);
    // the workflow: the process to start, the to-do (process and task names), the detail page (title, history comment, diagram labels)
    await check(page, '/workflow/process/list', SHOWN);
    await check(page, '/workflow/process/todo', 'onload=window.__xss=3');
    await check(page, `/page/workflow/process/detail/${Buffer.from(instance).toString('base64')}`, `同意${IMG}`);
    await page.locator('.djs-container').first().waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForTimeout(300);
    assert.deepEqual(await planted(page), CLEAN, 'the process diagram');
    // a received mail: subject in the list, the HTML body in the view (sanitized: the text stays, the markup goes)
    await check(page, '/email/inbox', SHOWN);
    await page.locator('.ant-table-row').filter({ hasText: SHOWN }).first().getByText(/查看|View/).first().click();
    await page.locator('.email-html').getByText('邮件正文').waitFor();
    assert.equal(await page.locator('.email-html a').first().getAttribute('href'), null, 'the javascript: link lost its address');
    await page.waitForTimeout(300);
    assert.deepEqual(await planted(page), CLEAN, 'the mail view');
    assert.deepEqual(dialogs, []);
  } finally {
    await context.close();
  }
});

test('a start form whose field and option labels carry markup shows them as text, and nothing runs', async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, server.url, server);
    await page.goto(`${server.url}/#/workflow/process/list`);
    await page.locator('.wf-proc-card[data-key=xssForm]').click();
    await page.getByText(`${SHOWN}>天数`).first().waitFor({ timeout: 30_000 });
    await page.getByText('<script>window.__xss=2</script>类型').first().waitFor();
    await page.getByText('onload=window.__xss=3>事由').first().waitFor();
    // the default value is a value, in the text box
    assert.equal(await page.locator('textarea').first().inputValue(), `${IMG}默认`);
    // the select's options (rendered when it opens)
    await page.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option').getByText('onload=window.__xss=3>事假').waitFor();
    await page.waitForTimeout(300);
    assert.deepEqual(await planted(page), CLEAN);
  } finally {
    await context.close();
  }
});

test('an embedded page does not take a javascript: address from its link, and shows its name as text', async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, server.url, server);
    // (a menu path with "html" in it opens here too, e.g. javascript:…//.html); the browser drops tabs inside a scheme
    for (const src of ['javascript:window.__xss=7', 'java\tscript:window.__xss=7//.html', ' JavaScript:window.__xss=7', 'data:text/html,<script>parent.__xss=7</script>']) {
      await page.goto(`${server.url}/#/myiframe/urlPath?name=${encodeURIComponent(IMG)}&src=${encodeURIComponent(src)}`);
      await page.locator('.ant-result-warning').waitFor();
      await page.waitForTimeout(300);
      assert.deepEqual(await planted(page), CLEAN, src);
      assert.equal(await page.locator('iframe').count(), 0, `no frame for ${src}`);
    }
    // a web address is still embedded
    await page.goto(`${server.url}/#/myiframe/urlPath?name=${encodeURIComponent(IMG)}&src=${encodeURIComponent(`${server.url}/api/blade-system/user/page`)}`);
    await page.locator('.iframe-name').getByText(SHOWN).waitFor();
    assert.equal(await page.locator('iframe').count(), 1);
    assert.deepEqual(await planted(page), CLEAN);
  } finally {
    await context.close();
  }
});
