// The workflow design sets in a real browser (issue 6): the administrator reaches 表单主题, 表单变量,
// 表单默认值 and 流程按钮 from the 流程管理 menu and adds one of each through the screens (the forms
// refuse bad input with their messages first); the form designer then chooses the theme, applies the
// default-value set and inserts the variable into a default, and the live preview draws the form with
// them, as the saved form carries them. In the process designer the task's button choices follow
// the button set, a script task listener is written in the properties panel, the exported XML holds
// it, it survives a reload, and the deployed process runs it (the listener picks the assignee).
// Pure: the set contents (theme checks, layout precedence, variables in templates, default sets).
// WFS_SHOTS=/some/dir saves each set screen with its dialog, the designer and the panel in zh and en.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { dialog, launch, listTable, saveShot, setLanguage, startE2EServer, SignedInPages, toolbarAdd, type E2EServer } from './browser.ts';
import { applyDefaultValues, layoutOf, parseTheme, themeProblems, usedVariables } from '../src/components/workflow/form-sets.ts';
import { fillTemplate } from '../src/components/workflow/form-template.ts';
import type { FormColumn } from '../src/components/workflow/form-schema.ts';
import { buttonChoices } from '../src/components/workflow/designer/buttons.ts';

const SHOTS = process.env.WFS_SHOTS;

describe('design set contents', () => {
  test('a theme is checked, read defensively, and the form\'s own layout wins over it', () => {
    assert.deepEqual(themeProblems('{"labelPosition":"left","labelWidth":160,"columns":1,"primaryColor":"#13c2c2"}'), []);
    assert.deepEqual(themeProblems('{"labelWidth":20,"primaryColor":"teal","columns":5}'), ['labelWidth', 'columns', 'primaryColor']);
    assert.deepEqual(themeProblems('[1]'), ['notObject']);
    assert.deepEqual(parseTheme('{"labelWidth":20,"size":"large","x":1}'), { size: 'large' });
    const theme = { labelPosition: 'left' as const, labelWidth: 160, columns: 3 as const, primaryColor: '#13c2c2' };
    assert.deepEqual(layoutOf({ theme }), { labelPosition: 'left', labelWidth: 160, size: undefined, span: 8, gutter: 16, primaryColor: '#13c2c2' });
    assert.equal(layoutOf({ theme, labelPosition: 'top', span: 24 }).labelPosition, 'top');
    assert.equal(layoutOf({ theme, span: 24 }).span, 24);
    assert.equal(layoutOf({}).labelPosition, 'top');
  });

  test('variables fill ${name} with their value, which may use the built-in names but not other variables', () => {
    const ctx = { now: new Date(2026, 2, 2), user: { realName: '管理员', account: 'admin' }, variables: { who: '${user.realName}-${user.account}', loop: '${who}', school: '示范大学' } };
    assert.equal(fillTemplate('${who}', ctx), '管理员-admin');
    assert.equal(fillTemplate('${school}：${date}', ctx), '示范大学：2026-03-02');
    assert.equal(fillTemplate('${loop}', ctx), '${loop}', 'a variable naming a variable stays raw');
    assert.equal(fillTemplate('${nobody}', ctx), '${nobody}');
    assert.deepEqual(usedVariables({ who: 'x', school: 'y' }, [{ prop: 'a', value: '${who}' }, { prop: 's', children: { column: [{ prop: 'c', value: '${school}' }] } }]), { who: 'x', school: 'y' });
    assert.equal(usedVariables({ who: 'x' }, [{ prop: 'a', value: 'plain' }]), undefined);
  });

  test('a default-value set fills the fields it names, sub-table columns as sub.column', () => {
    const columns: FormColumn[] = [{ prop: 'days', type: 'number' }, { prop: 'items', type: 'dynamic', children: { column: [{ prop: 'qty' }] } }];
    const r = applyDefaultValues(columns, { days: 2, 'items.qty': 1, nope: 'x' });
    assert.equal(r.columns[0]!.value, 2);
    assert.equal(r.columns[1]!.children!.column![0]!.value, 1);
    assert.deepEqual(r.applied, ['days', 'items.qty']);
    assert.deepEqual(r.unknown, ['nope']);
  });

  test('the button set names, orders and hides the engine\'s buttons; unknown keys are left out', () => {
    const choices = buttonChoices([{ key: 'wf_reject', name: '退回修改', display: 0, sort: 2 }, { key: 'wf_pass', name: '批准', sort: 1 }, { key: 'made_up', name: 'x' }], (k) => k);
    assert.deepEqual(choices.slice(0, 3).map((c) => [c.key, c.name, c.hidden]), [['wf_pass', '批准', false], ['wf_reject', '退回修改', true], ['wf_rollback', 'wf_rollback', false]]);
    assert.equal(choices.length, 12);
    assert.ok(!choices.some((c) => c.key === 'made_up'));
  });
});

describe('design sets in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  const pages = new SignedInPages(() => browser, () => server);
  let admin: string;
  let formId: string;
  let modelId: string;

  const api = async (path: string, init: { json?: unknown; method?: string; token?: string } = {}) => {
    const r = await server.api(path, { token: admin, ...init });
    assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last().waitFor();
  const shot = (page: Page, name: string, height = 800) => saveShot(page, SHOTS, name, height);
  const save = (page: Page, title: string) => dialog(page, title).getByRole('button', { name: /保\s*存/ }).click();
  /** Nothing went wrong in the page on the way: the shell counts client errors in its (persisted) log badge. */
  const noClientErrors = async (page: Page) => assert.equal(await page.locator('.ant-badge:has(.anticon-bug) sup').count(), 0, 'no client errors logged');
  const explain = (page: Page, title: string, text: string) => dialog(page, title).locator('.ant-form-item-explain-error').getByText(text, { exact: false }).first().waitFor();

  before(async () => {
    server = await startE2EServer();
    browser = await launch();
    admin = (await server.login()).access_token as string;
    formId = (await api('/api/blade-workflow/design/form/submit', {
      method: 'POST',
      json: {
        formKey: 'wfsLeave', name: '请假单（主题）',
        content: { column: [{ label: '申请人', prop: 'applicant', span: 12 }, { label: '请假天数', prop: 'days', type: 'number', span: 12 }, { label: '事由', prop: 'reason', type: 'textarea' }] },
      },
    })).id;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://flowable.org/bpmn">
  <bpmn2:process id="wfsScript" name="脚本选人" isExecutable="true">
    <bpmn2:startEvent id="start" name="开始"><bpmn2:outgoing>f1</bpmn2:outgoing></bpmn2:startEvent>
    <bpmn2:userTask id="approve" name="审批"><bpmn2:incoming>f1</bpmn2:incoming><bpmn2:outgoing>f2</bpmn2:outgoing></bpmn2:userTask>
    <bpmn2:endEvent id="end" name="结束"><bpmn2:incoming>f2</bpmn2:incoming></bpmn2:endEvent>
    <bpmn2:sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
    <bpmn2:sequenceFlow id="f2" sourceRef="approve" targetRef="end"/>
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="p" bpmnElement="wfsScript">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="160" y="180" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="approve_di" bpmnElement="approve"><dc:Bounds x="260" y="158" width="100" height="80"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="440" y="180" width="36" height="36"/></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="196" y="198"/><di:waypoint x="260" y="198"/></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="360" y="198"/><di:waypoint x="440" y="198"/></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn2:definitions>`;
    modelId = (await api('/api/blade-workflow/design/model/submit', { method: 'POST', json: { modelKey: 'wfsScript', name: '脚本选人', xml } })).id;
  });

  after(async () => {
    await pages.close();
    await browser?.close();
    await server?.close();
  });

  test('the four set screens, from the menu, refuse bad input and add one of each', async () => {
    await pages.with(async (page) => {
      const sider = page.locator('.sider-menu');
      await sider.getByText('流程管理', { exact: true }).click();
      for (const name of ['表单主题', '表单变量', '表单默认值', '流程按钮']) await sider.getByText(name, { exact: true }).waitFor();

      // 表单主题
      await sider.getByText('表单主题', { exact: true }).click();
      await page.waitForURL(/#\/workflow\/design\/sets\/theme$/);
      const table = listTable(page);
      await table.locator('.ant-table-placeholder').waitFor();
      await toolbarAdd(table).click();
      const themeDlg = '表单主题 · 新增';
      await save(page, themeDlg);
      await explain(page, themeDlg, '请输入名称');
      await dialog(page, themeDlg).locator('#name').fill('宽标签青色');
      await dialog(page, themeDlg).locator('.wfs-theme-position').getByText('左对齐').click();
      await dialog(page, themeDlg).locator('#wfs-theme-label-width').fill('160');
      await dialog(page, themeDlg).locator('.wfs-theme-columns').getByText('每行 1 个').click();
      await dialog(page, themeDlg).locator('#wfs-theme-color').fill('teal');
      await save(page, themeDlg);
      await explain(page, themeDlg, '主色须是 #RRGGBB 形式的颜色');
      await dialog(page, themeDlg).locator('#wfs-theme-color').fill('#13c2c2');
      await shot(page, 'theme-dialog-zh');
      await save(page, themeDlg);
      await toast(page, '操作成功');
      const themeRow = table.locator('.ant-table-row').filter({ hasText: '宽标签青色' });
      await themeRow.getByText('#13c2c2').waitFor();
      await themeRow.getByText('每行 1 个').waitFor();
      await shot(page, 'theme-list-zh');
      const themes = (await api('/api/blade-workflow/design/form/theme/list')).records;
      assert.deepEqual(JSON.parse(themes[0].content), { labelPosition: 'left', size: 'middle', columns: 1, labelWidth: 160, primaryColor: '#13c2c2' });

      // 表单变量
      await sider.getByText('表单变量', { exact: true }).click();
      await page.waitForURL(/#\/workflow\/design\/sets\/variable$/);
      await toolbarAdd(table).click();
      const varDlg = '表单变量 · 新增';
      await dialog(page, varDlg).locator('#name').fill('申请人署名');
      await dialog(page, varDlg).locator('#prop').fill('1x');
      await explain(page, varDlg, '变量名以字母或下划线开头');
      await dialog(page, varDlg).locator('#prop').fill('date');
      await explain(page, varDlg, '变量名不能是内置名称');
      await dialog(page, varDlg).locator('#prop').fill('signer');
      await save(page, varDlg);
      await explain(page, varDlg, '请输入变量值');
      await dialog(page, varDlg).locator('#content').fill('${user.realName}-${user.account}');
      await shot(page, 'variable-dialog-zh');
      await save(page, varDlg);
      await toast(page, '操作成功');
      await table.locator('.ant-table-row').filter({ hasText: '申请人署名' }).getByText('${signer}').waitFor();
      // the same name again is refused
      await toolbarAdd(table).click();
      await dialog(page, varDlg).locator('#name').fill('重复');
      await dialog(page, varDlg).locator('#prop').fill('signer');
      await explain(page, varDlg, '变量名已被其他变量使用');
      await dialog(page, varDlg).getByRole('button', { name: /取\s*消/ }).click();
      await shot(page, 'variable-list-zh');

      // 表单默认值
      await sider.getByText('表单默认值', { exact: true }).click();
      await page.waitForURL(/#\/workflow\/design\/sets\/default-values$/);
      await toolbarAdd(table).click();
      const defDlg = '表单默认值 · 新增';
      await dialog(page, defDlg).locator('#name').fill('请假常用');
      await dialog(page, defDlg).locator('#content').fill('days: 2');
      await explain(page, defDlg, '不是合法的 JSON');
      await dialog(page, defDlg).locator('#content').fill('[2]');
      await explain(page, defDlg, '默认值须是 JSON 对象');
      await dialog(page, defDlg).locator('#content').fill('{"9x": 1}');
      await explain(page, defDlg, '字段名以字母或下划线开头');
      await dialog(page, defDlg).locator('#content').fill('{"days": 2, "reason": "家中有事", "nope": 1}');
      await shot(page, 'defaults-dialog-zh');
      await save(page, defDlg);
      await toast(page, '操作成功');
      const defRow = table.locator('.ant-table-row').filter({ hasText: '请假常用' });
      await defRow.getByText('reason').waitFor();
      await shot(page, 'defaults-list-zh');

      // 流程按钮
      await sider.getByText('流程按钮', { exact: true }).click();
      await page.waitForURL(/#\/workflow\/design\/sets\/button$/);
      const btnDlg = '流程按钮 · 新增';
      const addButton = async (key: string, name: string, hide = false) => {
        await toolbarAdd(table).click();
        await dialog(page, btnDlg).locator('#buttonKey').click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: key }).click();
        await dialog(page, btnDlg).locator('#name').fill(name);
        if (hide) await dialog(page, btnDlg).getByText('隐藏', { exact: true }).click();
      };
      await toolbarAdd(table).click();
      await dialog(page, btnDlg).locator('#buttonKey').waitFor();
      await page.waitForTimeout(300); // the dialog's opening animation
      await save(page, btnDlg);
      await explain(page, btnDlg, '请选择按钮标识');
      await explain(page, btnDlg, '请输入按钮名称');
      await dialog(page, btnDlg).getByRole('button', { name: /取\s*消/ }).click();
      await addButton('驳回', '退回修改', true);
      await dialog(page, btnDlg).locator('#sort').fill('2');
      await save(page, btnDlg);
      await toast(page, '操作成功');
      await addButton('同意', '批准');
      await dialog(page, btnDlg).locator('#sort').fill('1');
      await shot(page, 'button-dialog-zh');
      await save(page, btnDlg);
      await toast(page, '操作成功');
      await addButton('同意', '又一个');
      await explain(page, btnDlg, '该按钮已配置');
      await dialog(page, btnDlg).getByRole('button', { name: /取\s*消/ }).click();
      // ordered by sort; the hidden one says so
      await table.locator('.ant-table-row').nth(1).getByText('退回修改').waitFor();
      assert.match(await table.locator('.ant-table-row').first().innerText(), /批准/);
      await table.locator('.ant-table-row').filter({ hasText: '退回修改' }).getByText('隐藏').waitFor();
      await shot(page, 'button-list-zh');
      // search narrows the list
      await page.locator('.ant-pro-query-filter input#name').fill('批准');
      await page.locator('.ant-pro-query-filter .ant-btn-primary').click();
      await table.locator('.ant-table-row').filter({ hasText: '退回修改' }).waitFor({ state: 'detached' });
      assert.equal(await table.locator('.ant-table-row').count(), 1);

      await noClientErrors(page);
      if (SHOTS) {
        await setLanguage(page, 'en');
        for (const [path, name, title] of [['theme', 'theme', 'Form themes'], ['variable', 'variable', 'Form variables'], ['default-values', 'defaults', 'Form default values'], ['button', 'button', 'Process buttons']]) {
          await page.goto(`${server.url}/#/workflow/design/sets/${path}`);
          await listTable(page).locator('.ant-table-row').first().waitFor();
          await shot(page, `${name}-list-en`);
          await listTable(page).getByRole('button', { name: 'Edit' }).first().click();
          await dialog(page, `${title} · Edit`).waitFor();
          await shot(page, `${name}-dialog-en`);
          await dialog(page, `${title} · Edit`).getByRole('button', { name: 'Cancel' }).click();
        }
        await setLanguage(page, 'zh');
      }
    });
  });

  test('the form designer applies the theme, the default-value set and a variable; the preview shows them', async () => {
    await pages.with(async (page) => {
      await page.goto(`${server.url}/#/workflow/design/form/design/${formId}`);
      await page.locator('.fd-form-name').getByText('请假单（主题）').waitFor();
      const side = page.locator('.fd-side');
      await side.getByRole('tab', { name: '表单属性' }).click();
      await side.locator('#fd-theme').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '宽标签青色' }).click();
      await side.locator('.fd-theme-color').getByText('#13c2c2').waitFor();
      // the form's layout settings now show the theme's
      await side.locator('.fd-label-position .ant-segmented-item-selected').getByText('左对齐').waitFor();
      await side.locator('#fd-defaults').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '请假常用' }).click();
      await side.locator('.fd-defaults-apply').click();
      await toast(page, '已为 2 个字段填入默认值：days, reason');
      await toast(page, '表单中没有这些字段：nope');

      // the variable into the applicant's default
      await page.locator('.fd-canvas-field[data-prop="applicant"]').click();
      await side.locator('.fd-insert-variable').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '${signer}' }).click();
      assert.equal(await side.locator('#fd-default-value').inputValue(), '${signer}');
      assert.equal(await page.locator('.fd-canvas-field[data-prop="applicant"] input').inputValue(), '管理员-admin', 'the canvas fills the variable');
      await shot(page, 'designer-zh');

      // the preview draws the themed form with the defaults
      await page.locator('.fd-mode').getByText('预览').click();
      const preview = page.getByTestId('fd-preview');
      const form = preview.locator('.fr-form');
      await form.waitFor();
      assert.equal(await form.getAttribute('data-theme'), '宽标签青色');
      assert.ok(await form.evaluate((e) => e.classList.contains('ant-form-horizontal')), 'labels beside the fields');
      assert.equal(await form.evaluate((e) => getComputedStyle(e).getPropertyValue('--fr-primary').trim()), '#13c2c2');
      assert.equal(await preview.locator('.wf-field-applicant .ant-form-item-label').evaluate((e) => getComputedStyle(e).flexBasis), '160px');
      // one field per row: the days field is as wide as the form
      const w = async (sel: string) => (await preview.locator(sel).boundingBox())!.width;
      assert.ok(Math.abs((await w('.wf-field-days')) - (await w('.wf-field-reason'))) < 2, 'one field per row');
      assert.equal(await preview.locator('.wf-field-applicant input').inputValue(), '管理员-admin');
      assert.equal(await preview.locator('.wf-field-days input').inputValue(), '2');
      assert.equal(await preview.locator('.wf-field-reason textarea').inputValue(), '家中有事');
      await shot(page, 'preview-zh');

      await page.locator('.fd-save').click();
      await toast(page, /保存成功，当前版本/);
      const saved = JSON.parse((await api(`/api/blade-workflow/design/form/detail?id=${formId}`)).content);
      assert.equal(saved.theme.name, '宽标签青色');
      assert.equal(saved.theme.primaryColor, '#13c2c2');
      assert.deepEqual(saved.variables, { signer: '${user.realName}-${user.account}' });
      assert.equal(saved.column.find((c: { prop: string }) => c.prop === 'days').value, 2);
      assert.equal(saved.column.find((c: { prop: string }) => c.prop === 'applicant').span, undefined, 'the width that followed the default follows the theme');

      // the stored form renders the same way where processes show it (the version preview uses the renderer)
      await page.goto(`${server.url}/#/workflow/design/form/history/${formId}`);
      await page.locator('.ant-table-row').first().getByRole('button', { name: /预\s*览/ }).click();
      const version = page.locator('.fd-history-preview .fr-form');
      await version.waitFor();
      assert.equal(await version.getAttribute('data-theme'), '宽标签青色');
      await noClientErrors(page);

      if (SHOTS) {
        await setLanguage(page, 'en');
        await page.goto(`${server.url}/#/workflow/design/form/design/${formId}`);
        await page.locator('.fd-side').getByRole('tab', { name: 'Form' }).click();
        await shot(page, 'designer-form-tab-en');
        await page.locator('.fd-mode').getByText('Preview').click();
        await page.getByTestId('fd-preview').locator('.fr-form').waitFor();
        await shot(page, 'preview-en');
        await setLanguage(page, 'zh');
      }
    });
  });

  test('the process designer offers the button set and writes a script listener the engine runs', async () => {
    await pages.with(async (page) => {
      await page.goto(`${server.url}/#/workflow/design/process/${modelId}`);
      await page.locator('.wf-designer-canvas[data-state="ready"]').waitFor();
      await page.locator('.djs-element[data-element-id="approve"]').click();
      await page.locator('#wf-prop-name').waitFor();

      // buttons: the set's names first, in its order; the hidden one cannot be chosen
      await page.locator('.wf-custom-buttons').click();
      const checks = page.locator('.wf-button-checks .ant-checkbox-wrapper');
      assert.match(await checks.nth(0).innerText(), /批准/);
      assert.match(await checks.nth(1).innerText(), /退回修改\s*隐藏/);
      assert.equal(await page.locator('.wf-button-checks input[value="wf_reject"]').isDisabled(), false, 'chosen already (the switch starts with pass and reject), so it can be taken off');
      await page.locator('.wf-button-checks input[value="wf_reject"]').uncheck();
      assert.equal(await page.locator('.wf-button-checks input[value="wf_reject"]').isDisabled(), true);
      await page.locator('.wf-button-checks').getByText('转办').click();

      // a script task listener
      await page.locator('.wf-listeners').getByRole('button', { name: /添加监听器/ }).click();
      await page.locator('.wf-listener-impl').last().click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '脚本' }).click();
      const script = page.locator('.wf-script-dialog');
      await script.waitFor();
      await script.locator('.ant-btn-primary').click();
      await script.getByText('请输入脚本内容').waitFor();
      await script.locator('#wf-script-body').fill("task.setAssignee(execution.getVariable('leader'));\nexecution.setVariable('picked', true);");
      await shot(page, 'script-dialog-zh');
      await script.locator('.ant-btn-primary').click();
      await script.waitFor({ state: 'hidden' });
      await page.locator('.wf-listener-script').getByText('2 行', { exact: true }).waitFor();
      await page.locator('.wf-designer-panel').evaluate((e) => e.scrollTo(0, e.scrollHeight));
      await shot(page, 'panel-zh');

      // export: the XML holds Flowable's script listener with its language and body
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.wf-export-xml').click()]);
      const xml = await readFile((await download.path())!, 'utf8');
      assert.match(xml, /<flowable:taskListener event="create" class="org\.flowable\.engine\.impl\.bpmn\.listener\.ScriptTaskListener">/);
      assert.match(xml, /<flowable:field name="language" stringValue="javascript"\s*\/>/);
      assert.match(xml, /<flowable:field name="script">\s*<flowable:string>task\.setAssignee\(execution\.getVariable\('leader'\)\);\nexecution\.setVariable\('picked', true\);<\/flowable:string>/);
      assert.match(xml, /flowable:buttons="wf_pass,wf_transfer"/);

      // saved and reopened: the script is still there and opens with its text
      await page.locator('.wf-save').click();
      await toast(page, '保存成功');
      await page.reload();
      await page.locator('.wf-designer-canvas[data-state="ready"]').waitFor();
      await page.locator('.djs-element[data-element-id="approve"]').click();
      await page.locator('.wf-listener-script').getByText('2 行', { exact: true }).click();
      await page.locator('.wf-script-dialog .ant-select-selection-item').getByText('javascript').waitFor();
      assert.equal(await page.locator('.wf-script-dialog #wf-script-body').inputValue(), "task.setAssignee(execution.getVariable('leader'));\nexecution.setVariable('picked', true);");
      await page.locator('.wf-script-dialog').getByRole('button', { name: /取\s*消/ }).click();
      await noClientErrors(page);

      if (SHOTS) {
        await setLanguage(page, 'en');
        await page.locator('.wf-designer-canvas[data-state="ready"]').waitFor();
        await page.locator('.djs-element[data-element-id="approve"]').click();
        await page.locator('.wf-designer-panel').evaluate((e) => e.scrollTo(0, e.scrollHeight));
        await shot(page, 'panel-en');
        await page.locator('.wf-listener-script').click();
        await shot(page, 'script-dialog-en');
        await setLanguage(page, 'zh');
      }
    });

    // deployed, the engine runs the listener: the task goes to the user the script picked
    await api('/api/blade-workflow/design/model/deploy', { method: 'POST', json: { id: modelId } });
    const users = (await api('/api/blade-system/search/user?account=user')).records as { id: string; account: string }[];
    const userId = users.find((u) => u.account === 'user')!.id;
    await api('/api/blade-workflow/process/startProcessByKey', { method: 'POST', json: { processDefKey: 'wfsScript', leader: userId } });
    const userToken = (await server.login('user', 'user')).access_token as string;
    const todo = (await api('/api/blade-workflow/process/todoList?size=50', { token: userToken })).records as { processDefinitionKey: string; taskName: string }[];
    assert.ok(todo.some((r) => r.processDefinitionKey === 'wfsScript' && r.taskName === '审批'), JSON.stringify(todo));
  });
});
