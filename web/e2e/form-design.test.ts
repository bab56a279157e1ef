// Form designer (issue 6) in a real browser, plus the pure modules it stands on.
// Browser: the administrator adds a form in 表单设计, opens the designer, adds a required text
// field, a select fed by the 性别 dictionary, a sub-form with two columns and a date; the live
// preview (the real FormRenderer) refuses an empty submit with the §5 messages; saving makes a
// version, reopening shows the same fields, a second save makes another, the history lists them,
// previews one and makes an older one the main version again.
// Pure: default-value templates, upload checks, design checks and the design <-> option round trip.
// It serves web/dist (npm test builds it first; E2E_WEB_DIST points elsewhere).
// FD_SHOTS=/some/dir also saves screenshots of the list, designer, preview and history in zh and en.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launch, newPage, signIn, startE2EServer, type E2EServer, saveShot, setLanguage } from './browser.ts';
import { fillTemplate, resolveDefault, TEMPLATE_NAMES } from '../src/components/workflow/form-template.ts';
import { checkUpload } from '../src/components/workflow/form-upload.ts';
import { checkDesign, jsPatternTest, patternsOf } from '@campus/schema';
import { fromDesign, toDesign } from '../src/components/form-designer/palette.ts';

const SHOTS = process.env.FD_SHOTS;

describe('pure form modules', () => {
  const ctx = {
    now: new Date(2026, 2, 2, 8, 5, 9),
    user: { id: '1123598821738675201', account: 'admin', realName: '管理员', deptId: '1123598813738675201', deptName: '示范大学', tenantId: '000000' },
  };

  test('default-value templates fill user and time names and keep the text around them', () => {
    assert.equal(fillTemplate('${user.realName}', ctx), '管理员');
    assert.equal(fillTemplate('申请人：${user.realName}（${user.account}）', ctx), '申请人：管理员（admin）');
    assert.equal(fillTemplate('${user.userId}', ctx), '1123598821738675201');
    assert.equal(fillTemplate('${ user.deptName }', ctx), '示范大学');
    assert.equal(fillTemplate('${date}', ctx), '2026-03-02');
    assert.equal(fillTemplate('${datetime}', ctx), '2026-03-02 08:05:09');
    assert.equal(fillTemplate('${time}', ctx), '08:05:09');
    assert.equal(fillTemplate('${year}-${month}', ctx), '2026-2026-03');
    assert.equal(fillTemplate('${timestamp}', ctx), String(ctx.now.getTime()));
    for (const name of TEMPLATE_NAMES.filter((n) => !/phone|email|postId|roleId|roleName|nickName/.test(n))) {
      assert.notEqual(fillTemplate(name, ctx), name, `${name} is filled`);
    }
  });

  test('an unknown name or an unknown user value falls back to the raw text', () => {
    assert.equal(fillTemplate('${user.salary}', ctx), '${user.salary}');
    assert.equal(fillTemplate('${tomorrow}', ctx), '${tomorrow}');
    assert.equal(fillTemplate('电话 ${user.phone}', ctx), '电话 ${user.phone}', 'a value the user does not have');
    assert.equal(fillTemplate('${date} ${nope}', ctx), '${date} ${nope}', 'one failure keeps the whole raw text');
    assert.equal(resolveDefault('plain', ctx), 'plain');
    assert.equal(resolveDefault(3, ctx), 3);
    assert.deepEqual(resolveDefault(['1'], ctx), ['1']);
  });

  test('upload checks: count, kinds allowed anywhere, the control\'s types, the size', () => {
    const pdf = { name: 'a.pdf', type: 'application/pdf', size: 1000 };
    assert.equal(checkUpload(pdf, 0, {}), null);
    assert.deepEqual(checkUpload(pdf, 2, { limit: 2 }), { key: 'limit', values: { n: 2 } });
    assert.deepEqual(checkUpload({ name: 'run.exe', size: 10 }, 0, {}), { key: 'illegal' });
    assert.deepEqual(checkUpload(pdf, 0, { accept: '.docx,.xlsx' }), { key: 'only', values: { kinds: '.docx, .xlsx' } });
    assert.equal(checkUpload(pdf, 0, { accept: '.docx,.PDF' }), null);
    assert.equal(checkUpload({ name: 'p.PNG', type: 'image/png', size: 10 }, 0, { imageOnly: true }), null);
    assert.equal(checkUpload(pdf, 0, { imageOnly: true })?.key, 'only');
    assert.deepEqual(checkUpload({ ...pdf, size: 3 * 1024 * 1024 }, 0, { fileSize: 2 }), { key: 'tooLarge', values: { size: 2 } });
  });

  test('design checks: props required, well formed and unique per level; patterns valid; sub-forms with columns; dictionaries named', () => {
    assert.deepEqual(checkDesign({ column: [{ prop: 'a', label: 'A' }, { prop: 'b', children: { column: [{ prop: 'a' }] }, type: 'dynamic' }] }), []);
    const kinds = checkDesign({
      column: [
        { prop: '', label: '无名' },
        { prop: '1x' },
        { prop: 'dup' },
        { prop: 'dup' },
        { prop: 'p', pattern: '([' },
        { prop: 'sub', type: 'dynamic', children: { column: [] } },
        { prop: 'd', type: 'select', dicCode: ' ' },
      ],
    }).map((p) => p.kind);
    assert.deepEqual(kinds, ['propMissing', 'propInvalid', 'propDuplicate', 'patternInvalid', 'subEmpty', 'dictMissing']);
    // the main pattern repeated by a rule counts once (with the rule's message); a broken one checks nothing
    assert.deepEqual(patternsOf({ prop: 'x', pattern: '^\\d+$', rules: [{ pattern: '^\\d+$', message: 'digits' }, { pattern: '(' }] }), [{ pattern: '^\\d+$', message: 'digits' }, { pattern: '(', message: undefined }]);
    assert.equal(jsPatternTest('(', 'x'), null);
  });

  test('a design round-trips: internal keys dropped, the first rule becomes the checked pattern, groups become dividers', () => {
    const design = toDesign({
      labelPosition: 'left',
      column: [{ prop: 'phone', label: '电话', rules: [{ pattern: '^1\\d{10}$', message: '手机号' }], placeholder: '' }],
      group: [{ label: '明细', column: [{ prop: 'items', type: 'dynamic', children: { column: [{ prop: 'name', required: true }] } }] }],
    });
    assert.ok(design.column.every((c) => c.$key));
    const option = fromDesign(design);
    assert.equal(JSON.stringify(option).includes('$key'), false);
    assert.equal(option.labelPosition, 'left');
    assert.equal(option.column?.[0].pattern, '^1\\d{10}$');
    assert.equal('placeholder' in option.column![0], false, 'empty settings are not saved');
    assert.deepEqual(option.column?.map((c) => c.type ?? 'input'), ['input', 'divider', 'dynamic']);
    assert.deepEqual(option.column?.[2].children?.column, [{ prop: 'name', required: true }]);
  });
});

describe('form designer in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  before(async () => {
    server = await startE2EServer();
    browser = await launch();
  });

  after(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  const shot = (page: Page, name: string, height = 800) => saveShot(page, SHOTS, name, height);

  const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: false }).first().waitFor();
  const field = (page: Page, prop: string) => page.locator(`.fd-canvas-field[data-prop="${prop}"]`);
  const props = (page: Page) => page.locator('.fd-side');

  /** Sets label and prop of the chosen field. */
  async function name(page: Page, label: string, prop: string): Promise<void> {
    await props(page).locator('#fd-prop-label').fill(label);
    await props(page).locator('#fd-prop-prop').fill(prop);
  }

  /** A pointer drag in small steps (dnd-kit starts a drag after a few pixels of movement). */
  async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 4 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
    await page.waitForTimeout(150);
    await page.mouse.up();
  }

  async function api(path: string): Promise<any> {
    const token = (await server.login()).access_token as string;
    const r = await server.api(path, { token });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.data;
  }

  test('an administrator designs a form, previews its messages, saves versions and restores one', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signIn(page, server.url, server);

    // the list: add a form
    await page.goto(`${server.url}/#/workflow/design/form`);
    const table = page.locator('.ant-pro-table').first();
    await page.locator('.fd-categories').getByText('全部表单').waitFor();
    await table.locator('.ant-pro-table-list-toolbar button:has(.anticon-plus)').click();
    const add = page.locator('.ant-modal').filter({ hasText: '新增' });
    await add.locator('#formKey').fill('9bad');
    await add.locator('#name').fill('物品申领单');
    await add.locator('.ant-btn-primary').click();
    await add.getByText('表单标识以字母或下划线开头').waitFor();
    await add.locator('#formKey').fill('fdE2eGoods');
    await add.locator('.ant-btn-primary').click();
    await toast(page, '操作成功');
    const row = table.locator('tr').filter({ hasText: 'fdE2eGoods' });
    await row.waitFor();
    await shot(page, 'list-zh');

    // search narrows the list
    await page.locator('.ant-pro-query-filter input#formKey').fill('nothing-like-this');
    await page.locator('.ant-pro-query-filter .ant-btn-primary').click();
    await table.locator('.ant-empty').waitFor();
    await page.locator('.ant-pro-query-filter input#formKey').fill('fdE2e');
    await page.locator('.ant-pro-query-filter .ant-btn-primary').click();
    await row.waitFor();

    // the designer
    await row.getByRole('button', { name: '设计' }).click();
    await page.waitForURL(/#\/workflow\/design\/form\/design\/\d+$/);
    const formId = /design\/(\d+)$/.exec(page.url())![1];
    await page.locator('.fd-form-name').getByText('物品申领单').waitFor();
    await page.getByText('从左侧点击或拖入字段开始设计').waitFor();

    // a required text field, dragged from the palette onto the canvas
    const canvas = page.getByTestId('fd-canvas');
    await drag(page, page.locator('.fd-palette-item[data-type=input]'), canvas);
    await field(page, 'input1').waitFor();
    await name(page, '申请人', 'applicant');
    await props(page).locator('#fd-prop-required').click();
    await field(page, 'applicant').locator('.fd-required').waitFor();

    // a prop is checked while typing: unique and well formed
    await page.locator('.fd-palette-item[data-type=input]').click();
    await props(page).locator('#fd-prop-prop').fill('applicant');
    await props(page).getByText('字段名 applicant 已被其他字段使用').waitFor();
    await props(page).locator('#fd-prop-prop').fill('2x');
    await props(page).getByText('字段名以字母或下划线开头').waitFor();
    await page.locator('.fd-save').click();
    await toast(page, '字段名 2x 不合法');
    await field(page, '2x').click();
    await field(page, '2x').locator('.fd-delete').click();
    await field(page, '2x').waitFor({ state: 'detached' });

    // a select whose options come from the 性别 dictionary
    await page.locator('.fd-palette-item[data-type=select]').click();
    await name(page, '性别', 'sex');
    await props(page).locator('.fd-option-source').getByText('系统字典').click();
    await props(page).locator('#fd-dict-code').fill('sex');
    await props(page).locator('.fd-dict-items').getByText('男').waitFor();

    // a sub-form with two columns
    await page.locator('.fd-palette-item[data-type=dynamic]').click();
    await name(page, '申领明细', 'items');
    const sub = field(page, 'items');
    await sub.locator('.fd-sub-add').click();
    await page.locator('.ant-dropdown:visible').getByText('单行文本').click();
    await name(page, '物品名称', 'goods');
    await props(page).locator('#fd-prop-required').click();
    await sub.locator('.fd-sub-add').click();
    await page.locator('.ant-dropdown:visible').getByText('数字').click();
    await name(page, '数量', 'qty');
    await sub.locator('.fd-sub-col[data-prop=goods]').waitFor();
    await sub.locator('.fd-sub-col[data-prop=qty]').waitFor();

    // a date with a template default
    await page.locator('.fd-palette-item[data-type=date]').click();
    await name(page, '申领日期', 'day');
    await props(page).locator('#fd-default-value').fill('${date}');
    const today = new Date();
    const ymd = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    // the canvas redraws the default after the typed template; wait for it (a loaded machine is slow)
    const dayInput = field(page, 'day').locator('input');
    for (const end = Date.now() + 10_000; Date.now() < end && (await dayInput.inputValue()) !== ymd;) await page.waitForTimeout(100);
    assert.equal(await dayInput.inputValue(), ymd, 'the canvas shows the filled template');

    // order on the canvas: applicant, sex, items, day
    const order = async () => page.locator('.fd-canvas-field').evaluateAll((els) => els.map((e) => e.getAttribute('data-prop')));
    assert.deepEqual(await order(), ['applicant', 'sex', 'items', 'day']);
    // drag the date before the select
    await drag(page, field(page, 'day'), field(page, 'sex'));
    await page.waitForTimeout(300);
    assert.deepEqual(await order(), ['applicant', 'day', 'sex', 'items']);
    await field(page, 'sex').click();
    await shot(page, 'designer-zh');

    // live preview: the real renderer refuses an empty submit with the §5 messages
    await page.locator('.fd-mode').getByText('预览').click();
    const preview = page.getByTestId('fd-preview');
    await preview.locator('.wf-field-applicant input').waitFor();
    assert.equal(await preview.locator('.wf-field-day input').inputValue(), ymd);
    await preview.locator('.fd-preview-submit').click();
    await preview.locator('.wf-field-applicant .ant-form-item-explain').getByText('申请人不能为空').waitFor();
    await toast(page, '申请人不能为空 | 子表单控件[申领明细]中含有必填项但无数据，请填写');
    // the dictionary's items in the select
    await preview.locator('.wf-field-sex .ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '女' }).click();
    // a row without its required cell, then filled
    await preview.locator('.wf-subtable-add').click();
    await preview.locator('.fd-preview-submit').click();
    await toast(page, '子表单控件[申领明细]中 第 1 行[物品名称]是必填项，请填写');
    await shot(page, 'preview-zh');
    await preview.locator('.fr-cell-goods input').fill('笔记本');
    await preview.locator('.fr-cell-qty input').fill('2');
    await preview.locator('.wf-field-applicant input').fill('张三');
    await preview.locator('.fd-preview-submit').click();
    await toast(page, '校验通过');
    const submitted = JSON.parse(await preview.locator('.fd-preview-values pre').innerText());
    assert.deepEqual(submitted, { applicant: '张三', day: ymd, sex: '2', items: [{ goods: '笔记本', qty: 2 }] });
    // removing the row
    await preview.locator('.fr-row-delete').click();
    await toast(page, '删除成功!');

    // save: a new version
    await page.locator('.fd-mode').getByText('设计').click();
    await page.locator('.fd-save').click();
    await toast(page, '保存成功，当前版本 v2');
    await page.locator('.fd-version').getByText('v2').waitFor();
    const stored = await api(`/api/blade-workflow/design/form/detail?id=${formId}`);
    const option = JSON.parse(stored.content);
    assert.deepEqual(option.column.map((c: { prop: string }) => c.prop), ['applicant', 'day', 'sex', 'items']);
    assert.equal(option.column[0].required, true);
    assert.equal(option.column[2].dicCode, 'sex');
    assert.deepEqual(option.column[3].children.column.map((c: { prop: string; type: string }) => `${c.prop}:${c.type}`), ['goods:input', 'qty:number']);
    assert.equal(option.column[1].value, '${date}');

    // reopened, the same fields
    await page.reload();
    await field(page, 'applicant').waitFor();
    assert.deepEqual(await order(), ['applicant', 'day', 'sex', 'items']);
    await field(page, 'items').locator('.fd-sub-col[data-prop=goods] .fd-required').waitFor();
    await field(page, 'sex').click();
    assert.equal(await props(page).locator('#fd-dict-code').inputValue(), 'sex');

    // unchanged: no new version; changed: v3
    await page.locator('.fd-save').click();
    await toast(page, '内容没有变化，版本仍为 v2');
    await field(page, 'day').click();
    await props(page).locator('#fd-prop-required').click();
    await page.locator('.fd-dirty').waitFor();
    await page.keyboard.press('Control+s');
    await toast(page, '保存成功，当前版本 v3');

    // history: the empty first version of the add, then the two designs
    await page.locator('.fd-open-history').click();
    await page.waitForURL(/#\/workflow\/design\/form\/history\/\d+$/);
    const versions = page.locator('.fd-history-table tbody tr.ant-table-row');
    await versions.first().waitFor();
    assert.deepEqual(await versions.locator('td:first-child .ant-tag').allInnerTexts(), ['v3', 'v2', 'v1']);
    await page.getByTestId('fd-history').getByText('主版本 v3').waitFor();
    // preview v2: its date is not required
    const v2 = versions.filter({ hasText: 'v2' });
    await v2.getByRole('button', { name: '预览' }).click();
    const pv = page.locator('.fd-history-preview');
    await pv.getByText('版本 v2 预览').waitFor();
    await pv.locator('.wf-field-applicant').waitFor();
    assert.equal(await pv.locator('.wf-field-day .ant-form-item-required').count(), 0);
    await shot(page, 'history-zh');
    // make v2 the main version again
    await v2.locator('.fd-set-main').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ }).click();
    await toast(page, '已将 v2 设为主版本');
    await page.getByTestId('fd-history').getByText('主版本 v2').waitFor();
    const restored = JSON.parse((await api(`/api/blade-workflow/design/form/detail?id=${formId}`)).content);
    assert.equal(restored.column[1].required, undefined, 'the date is optional again');

    // the list shows the main version
    await page.goto(`${server.url}/#/workflow/design/form`);
    await row.waitFor();
    await row.getByText('v2').waitFor();

    if (SHOTS) {
      await page.goto(`${server.url}/#/workflow/design/form/design/${formId}`);
      await setLanguage(page, 'en');
      await page.locator('.fd-save').getByText('Save').waitFor();
      await field(page, 'sex').click();
      await shot(page, 'designer-en');
      await page.locator('.fd-mode').getByText('Preview').click();
      await page.getByTestId('fd-preview').locator('.fd-preview-submit').click();
      await page.getByTestId('fd-preview').locator('.wf-field-applicant .ant-form-item-explain').getByText('申请人 is required').waitFor();
      await shot(page, 'preview-en');
      await page.goto(`${server.url}/#/workflow/design/form/history/${formId}`);
      await page.locator('.fd-history-table tbody tr.ant-table-row').first().waitFor();
      await shot(page, 'history-en');
      await page.goto(`${server.url}/#/workflow/design/form`);
      await row.waitFor();
      await shot(page, 'list-en');
      await setLanguage(page, 'zh');
    }

    // multi-delete asks first, then the form and its category count are gone
    await row.locator('.ant-checkbox-input').check();
    await table.locator('.ant-pro-table-list-toolbar button:has(.anticon-delete)').click();
    await page.locator('.ant-modal-confirm').getByText('确定将选择数据删除?').waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await toast(page, '操作成功');
    await row.waitFor({ state: 'detached' });
    assert.equal(await api(`/api/blade-workflow/design/form/detail?id=${formId}`), null);
  });

  test('every field type renders and validates in the preview; JSON import; rich text is sanitised', async () => {
    const token = (await server.login()).access_token as string;
    const made = await server.api('/api/blade-workflow/design/form/submit', { method: 'POST', token, json: { formKey: 'fdE2eAll', name: '全部字段' } });
    assert.equal(made.status, 200);
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signIn(page, server.url, server);
    await page.goto(`${server.url}/#/workflow/design/form/design/${made.body.data.id}`);
    await page.getByText('从左侧点击或拖入字段开始设计').waitFor();

    // JSON: a broken text is refused, a design is applied
    await page.locator('.fd-open-json').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '表单 JSON' });
    await dialog.locator('textarea').fill('{"column": [');
    await dialog.locator('.fd-json-apply').click();
    await dialog.locator('.fd-json-error').getByText('JSON 格式错误').waitFor();
    await dialog.locator('textarea').fill('[1,2]');
    await dialog.locator('.fd-json-apply').click();
    await dialog.locator('.fd-json-error').getByText('不是表单设计 JSON').waitFor();
    const design = {
      column: [
        { type: 'upload', prop: 'files', label: '附件', required: true, limit: 2, accept: '.txt,.pdf', span: 12 },
        { type: 'upload', prop: 'photos', label: '照片', uploadType: 'image', limit: 1, span: 12 },
        { type: 'user', prop: 'owner', label: '负责人', required: true, value: '${user.id}', span: 12 },
        { type: 'dept', prop: 'dept', label: '部门', value: '${user.deptId}', span: 12 },
        { type: 'region', prop: 'area', label: '地区', levels: 2, required: true, span: 12 },
        { type: 'daterange', prop: 'period', label: '起止日期', span: 12 },
        { type: 'radio', prop: 'level', label: '级别', dicData: [{ label: '一般', value: '1' }, { label: '重要', value: '2' }], value: '1', span: 12 },
        { type: 'checkbox', prop: 'flags', label: '是否', dicCode: 'yes_no', span: 12 },
        { type: 'switch', prop: 'urgent', label: '加急', span: 6 },
        { type: 'number', prop: 'amount', label: '金额', min: 0, precision: 2, span: 6 },
        { type: 'time', prop: 'at', label: '时间', span: 12 },
        { type: 'textarea', prop: 'reason', label: '事由', rules: [{ pattern: '^[\\s\\S]{5,}$', message: '事由至少 5 个字' }] },
        { type: 'divider', prop: 'sep', label: '正文与签字' },
        { type: 'richtext', prop: 'body', label: '正文' },
        { type: 'richtext', prop: 'notice', label: '须知', disabled: true, value: '<p>请<b>仔细</b>阅读</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>' },
        { type: 'signature', prop: 'sign', label: '签名', required: true },
        // task rights as the detail page passes them: hidden, and read-only without its rules
        { prop: 'secret', label: '不可见', readable: false, required: true },
        { prop: 'fixed', label: '只读', writable: false, required: true, value: '固定值' },
      ],
    };
    await dialog.locator('textarea').fill(JSON.stringify(design));
    await dialog.locator('.fd-json-apply').click();
    await toast(page, '已应用 JSON');
    for (const c of design.column) if (c.prop !== 'secret') await field(page, c.prop).waitFor();

    await page.locator('.fd-mode').getByText('预览').click();
    const preview = page.getByTestId('fd-preview');
    // templates: the signed-in user and his department
    await preview.locator('.wf-field-owner .wf-person-tag').getByText('管理员').waitFor();
    assert.notEqual((await preview.locator('.wf-field-dept .ant-select-selection-item').innerText()).trim(), '');
    // the dictionary's checkboxes, the static radio with its default
    await preview.locator('.wf-field-flags').getByText('是', { exact: true }).waitFor();
    assert.equal(await preview.locator('.wf-field-level .ant-radio-wrapper-checked').innerText(), '一般');
    // stored rich text is shown sanitised
    const notice = preview.locator('.wf-field-notice .fr-richtext-view');
    await notice.getByText('仔细').waitFor();
    assert.equal(await notice.locator('img[onerror], script').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);

    // unreadable: hidden; unwritable: read-only and never refused
    assert.equal(await preview.locator('.wf-field-secret').count(), 0);
    assert.equal(await preview.locator('.wf-field-fixed input').isDisabled(), true);
    assert.equal(await preview.locator('.wf-field-fixed input').inputValue(), '固定值');

    // empty: every §5 message
    await preview.locator('.fd-preview-submit').click();
    await toast(page, '附件必须上传');
    await preview.locator('.wf-field-files .ant-form-item-explain').getByText('附件必须上传').waitFor();
    await preview.locator('.wf-field-area .ant-form-item-explain').getByText('地区不能为空').waitFor();
    await preview.locator('.wf-field-sign .ant-form-item-explain').getByText('签名不能为空').waitFor();

    // upload: kinds allowed anywhere, the control's types, then a real upload
    const upload = preview.locator('.wf-field-files input[type=file]');
    await upload.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await toast(page, '请勿上传非法文件！');
    await upload.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('x') });
    await toast(page, '仅允许上传.txt, .pdf');
    await upload.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('申领说明\n') });
    await preview.locator('.wf-field-files').getByText('note.txt').waitFor();

    // region: a province and a city
    await preview.locator('.wf-field-area .ant-select-selector').click();
    await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').first().locator('.ant-cascader-menu-item').first().click();
    await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(1).locator('.ant-cascader-menu-item').first().click();
    await page.keyboard.press('Escape');

    // rich text editor
    await preview.locator('.wf-field-body .ql-editor').click();
    await page.keyboard.type('申领理由如下');

    // the reason's own pattern message
    await preview.locator('.wf-field-reason textarea').fill('太短');
    await preview.locator('.fd-preview-submit').click();
    await toast(page, '事由至少 5 个字');
    await preview.locator('.wf-field-reason textarea').fill('用于新学期教学');

    // signature: an empty pad is refused, a drawn one is kept
    await preview.locator('.wf-field-sign .fr-sign-open').click();
    const sign = page.locator('.ant-modal').filter({ hasText: '电子签名' });
    await sign.locator('canvas').waitFor();
    await page.waitForTimeout(200);
    await sign.locator('.fr-sign-confirm').click();
    await toast(page, '请先签名再确认');
    const box = (await sign.locator('canvas').boundingBox())!;
    for (let i = 0; i < 4; i++) {
      await page.mouse.move(box.x + 40 + i * 30, box.y + 60);
      await page.mouse.down();
      for (let k = 1; k <= 20; k++) await page.mouse.move(box.x + 40 + i * 30 + k * 12, box.y + 60 + Math.sin(k / 2) * 60 + i * 30);
      await page.mouse.up();
    }
    await sign.locator('.fr-sign-confirm').click();
    await preview.locator('.wf-field-sign img.fr-sign-image').waitFor();
    await shot(page, 'all-types-zh', 2000);

    await preview.locator('.fd-preview-submit').click();
    await toast(page, '校验通过');
    const values = JSON.parse(await preview.locator('.fd-preview-values pre').innerText());
    assert.equal(values.files[0].name, 'note.txt');
    assert.match(values.files[0].url, /^\S+$/);
    assert.equal(values.area.length, 2);
    assert.match(values.sign, /^data:image\/png;base64,/);
    assert.match(values.body, /申领理由如下/);
    assert.equal(values.level, '1');
    assert.equal(values.reason, '用于新学期教学');
    assert.match(values.owner, /^\d+$/);
    assert.equal(JSON.stringify(values).includes('不可见不能为空'), false);

    await page.locator('.fd-save').click();
    await toast(page, '保存成功，当前版本 v2');

    if (SHOTS) {
      await setLanguage(page, 'en');
      await page.locator('.fd-mode').getByText('Preview').click();
      await page.getByTestId('fd-preview').locator('.fd-preview-submit').click();
      await page.getByTestId('fd-preview').locator('.wf-field-files .ant-form-item-explain').getByText('附件 must have a file').waitFor();
      await shot(page, 'all-types-en', 2000);
    }
  });
});

