// Tenants, tenant packages, attachments, object storage and SMS screens in a real browser, plus
// the English grant tree and the user form's profile fields (spec 002). A loopback SMS gateway
// receives what the send dialog sends.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { dialog, hoverMenuItem, launch, listTable, startE2EServer, toolbarAdd, SignedInPages, type E2EServer } from './browser.ts';

let server: E2EServer;
let browser: Browser;
let gateway: Server;
let gatewayUrl = '';
const smsSent: { phones: string; params: Record<string, string> }[] = [];

before(async () => {
  gateway = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data) as { phones: string | string[]; params: Record<string, string> };
      smsSent.push({ phones: String(body.phones), params: body.params });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as { port: number }).port}/send`;
  server = await startE2EServer({ config: { egressAllow: ['127.0.0.1/32'] } }); // the SMS gateway is a loopback peer
  browser = await launch();
});

after(async () => {
  await pages.close();
  await browser?.close();
  await server?.close();
  gateway?.close();
});

// signed-in pages on a warm context per account (admin unless told)
const pages = new SignedInPages(() => browser, () => server);

const table = listTable;
const modal = dialog;

// 1x1 transparent PNG
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082', 'hex');

test('tenant packages need a name and menus; a tenant is created with its package', async () => {
  await pages.with(async (page) => {
    await page.goto(`${server.url}/#/system/tenantpackage`);
    await table(page).waitFor();
    await toolbarAdd(table(page)).click();
    const form = modal(page, '租户产品包 · 新增');
    await form.locator('.ant-btn-primary').click();
    await form.getByText('请输入产品包名称').waitFor();
    await form.getByText('请选择菜单').waitFor();
    await form.locator('#packageName').fill('基础办公包');
    const node = form.locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-title', { hasText: /^参数管理$/ }) });
    await node.first().locator('.ant-tree-checkbox').click();
    await form.locator('.ant-btn-primary').click();
    await page.getByText('操作成功').first().waitFor();
    await table(page).locator('tr').filter({ hasText: '基础办公包' }).waitFor();

    await page.goto(`${server.url}/#/system/tenant`);
    await table(page).locator('tr').filter({ hasText: '000000' }).first().waitFor();
    await toolbarAdd(table(page)).click();
    const tenant = modal(page, '租户管理 · 新增');
    await tenant.locator('.ant-btn-primary').click();
    await tenant.getByText('请输入租户名称').waitFor();
    await tenant.locator('#tenantId').fill('12ab');
    await tenant.getByText('租户ID为6位数字').waitFor();
    await tenant.locator('#tenantId').fill('200002');
    await tenant.locator('#tenantName').fill('附属中学');
    await tenant.locator('#linkman').fill('王老师');
    await tenant.locator('.ant-form-item:has(#packageId) .ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '基础办公包' }).click();
    await tenant.locator('.ant-btn-primary').click();
    await page.getByText('操作成功').first().waitFor();
    const row = table(page).locator('tr').filter({ hasText: '200002' });
    await row.waitFor();
    assert.match(await row.innerText(), /附属中学/);
  });
  // the new tenant's package is the one chosen, stored as the menus ticked
  const admin = (await server.login()).access_token as string;
  const tenants = (await server.api('/api/blade-system/tenant/list?tenantId_like=200002', { token: admin })).body.data.records;
  assert.equal(tenants.length, 1);
  const pkg = (await server.api(`/api/blade-system/tenant-package/detail?id=${tenants[0].packageId}`, { token: admin })).body.data;
  assert.equal(pkg.packageName, '基础办公包');
  assert.ok(String(pkg.menuId).split(',').length >= 1);
});

test('attachments: upload through the toolbar, refuse a disguised program, download the file', async () => {
  await pages.with(async (page) => {
    await page.goto(`${server.url}/#/resource/attach`);
    await table(page).waitFor();
    const upload = page.locator('.ant-pro-table-list-toolbar button').filter({ hasText: '上传' });

    let chooser = page.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles({ name: '校徽.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('上传成功').first().waitFor();
    const row = table(page).locator('tr').filter({ hasText: '校徽.png' });
    await row.waitFor();

    // a Windows program renamed to .png is judged by its content
    chooser = page.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles({ name: '照片.png', mimeType: 'image/png', buffer: Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(200)]) });
    await page.getByText('请勿上传非法文件！').first().waitFor();
    assert.equal(await table(page).locator('tr').filter({ hasText: '照片.png' }).count(), 0);

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: '下载' }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), '校徽.png');
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    assert.deepEqual(Buffer.concat(chunks), PNG);
  });
});

test('SMS: add a gateway, enable it, send a test message that the gateway receives', async () => {
  await pages.with(async (page) => {
    await page.goto(`${server.url}/#/resource/sms`);
    await table(page).waitFor();
    await toolbarAdd(table(page)).click();
    const form = modal(page, '短信配置 · 新增');
    await form.locator('#smsCode').fill('campus-gw');
    await form.locator('#endpoint').fill('ftp://wrong');
    await form.getByText('请输入以 http(s):// 开头的地址').waitFor();
    await form.locator('#endpoint').fill(gatewayUrl);
    await form.locator('#templateId').fill('T100');
    await form.locator('#signName').fill('示范大学');
    await form.locator('#accessKey').fill('ak');
    await form.locator('#secretKey').fill('sk');
    await form.locator('.ant-btn-primary').click();
    await page.getByText('操作成功').first().waitFor();
    const row = table(page).locator('tr').filter({ hasText: 'campus-gw' });
    await row.waitFor();

    await row.getByRole('button', { name: '启用' }).click();
    await page.locator('.ant-modal-confirm').getByText('启用后其他配置将停用，是否继续?').waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await row.getByText('已启用').waitFor();

    await row.getByRole('button', { name: '发送测试' }).click();
    const send = modal(page, '发送测试');
    await send.locator('#phones').fill('1380000');
    await send.locator('.ant-btn-primary').click();
    await send.getByText('手机号码格式不正确').waitFor();
    await send.locator('#phones').fill('13800000001');
    await send.locator('.ant-btn-primary').click();
    await page.getByText('发送成功').first().waitFor();
  });
  assert.equal(smsSent.length, 1);
  assert.match(smsSent[0].phones, /13800000001/);
  assert.equal(smsSent[0].params.code, '123456');
});

test('object storage: add a provider with validation and enable it', async () => {
  await pages.with(async (page) => {
    await page.goto(`${server.url}/#/resource/oss`);
    await table(page).waitFor();
    await toolbarAdd(table(page)).click();
    const form = modal(page, '对象存储 · 新增');
    await form.locator('.ant-btn-primary').click();
    await form.locator('.ant-form-item-explain-error').first().waitFor();
    await form.locator('#ossCode').fill('campus-minio');
    await form.locator('#endpoint').fill('not a url');
    await form.getByText('请输入以 http(s):// 开头的地址').waitFor();
    await form.locator('#endpoint').fill('http://127.0.0.1:9');
    await form.locator('#bucketName').fill('campus');
    await form.locator('#accessKey').fill('minio');
    await form.locator('#secretKey').fill('minio-secret');
    await form.locator('.ant-btn-primary').click();
    await page.getByText('操作成功').first().waitFor();
    const row = table(page).locator('tr').filter({ hasText: 'campus-minio' });
    await row.waitFor();
    await row.getByText('未启用').waitFor();
    await row.getByRole('button', { name: '启用' }).click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await row.getByText('已启用').waitFor();
  });
  const admin = (await server.login()).access_token as string;
  const list = (await server.api('/api/blade-resource/oss/list?ossCode_like=campus-minio', { token: admin })).body.data.records;
  assert.equal(list[0].isEnabled, 1);
  assert.equal(list[0].secretKey, undefined, 'the secret is write-only');
  // back to local disk so nothing else in this server points at the dead endpoint
  await server.api(`/api/blade-resource/oss/remove?ids=${list[0].id}`, { method: 'POST', token: admin });
});

test('in English the grant tree names menus and buttons in English; the user form keeps birthday, platform and avatar', async () => {
  await pages.with(async (page) => {
    await hoverMenuItem(page, '.top-action:has(.anticon-global)', 'English');
    await page.goto(`${server.url}/#/authority/role`);
    const roleRow = table(page).locator('tr').filter({ hasText: 'administrator' });
    await roleRow.waitFor();
    await roleRow.getByRole('button', { name: 'Permissions' }).click();
    const grant = modal(page, 'Permissions');
    const titles = grant.locator('.ant-tree-title');
    await titles.first().waitFor();
    await grant.locator('.ant-tabs-tabpane-active .check-tree-expand').click(); // buttons are folded under their menus at first
    const texts = await titles.allInnerTexts();
    for (const label of ['System', 'Users', 'Add', 'Delete']) assert.ok(texts.includes(label), `${label} in ${texts.slice(0, 20).join(', ')}`);
    assert.ok(!texts.some((t) => /[\u4e00-\u9fff]/.test(t)), `no Chinese titles: ${texts.filter((t) => /[\u4e00-\u9fff]/.test(t)).join(', ')}`);
    await grant.locator('.ant-modal-close').click();

    await page.goto(`${server.url}/#/system/user`);
    await table(page).locator('tr').filter({ hasText: 'admin' }).first().waitFor();
    await toolbarAdd(table(page)).click();
    const form = page.locator('.ant-modal').filter({ has: page.locator('#account') });
    await form.locator('#account').fill('birthday.user');
    await form.locator('#realName').fill('Li Lei');
    await form.locator('#password').fill('Passw0rd!');
    await form.locator('#password2').fill('Passw0rd!');
    await form.locator('#birthday').click();
    await form.locator('#birthday').fill('2001-05-04');
    await form.locator('#birthday').press('Enter');
    await form.locator('.ant-form-item:has(#userType) .ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'App' }).click();
    for (const [field, title] of [['deptId', '信息化中心'], ['roleId', '普通用户']] as const) {
      await form.locator(`.ant-form-item:has(#${field}) .ant-select-selector`).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: new RegExp(`^${title}$`) }).first().click();
      await form.locator('.ant-modal-title').click();
    }
    const uploaded = page.waitForResponse((r) => r.url().includes('/oss/endpoint/put-file'));
    await form.locator('.ant-upload input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    assert.equal((await uploaded).status(), 200);
    const saved = page.waitForResponse((r) => r.url().includes('/blade-system/user/submit'));
    await form.locator('.ant-btn-primary').click();
    const answer = await saved;
    assert.equal(answer.status(), 200, await answer.text());
    await page.getByText('Operation succeeded').first().waitFor();
  }, { locale: 'en-US' });
  const admin = (await server.login()).access_token as string;
  const rows = (await server.api('/api/blade-system/user/page?account_like=birthday.user', { token: admin })).body.data.records;
  assert.equal(rows.length, 1);
  const u = (await server.api(`/api/blade-system/user/detail?id=${rows[0].id}`, { token: admin })).body.data;
  assert.match(String(u.birthday), /^2001-05-0[34]/);
  assert.equal(Number(u.userType), 2);
  assert.match(String(u.avatar), /\S/);
});

test('notices are written in the rich-text editor and kept as sanitised HTML', async () => {
  await pages.with(async (page) => {
    await page.goto(`${server.url}/#/desk/notice`);
    await table(page).waitFor();
    await toolbarAdd(table(page)).click();
    const form = modal(page, '通知公告 · 新增');
    await form.locator('#title').fill('期末考试安排');
    const editor = form.locator('.ql-editor');
    await editor.click();
    await page.keyboard.type('请按时参加考试');
    await page.keyboard.press('Control+A');
    await form.locator('.ql-toolbar .ql-bold').click();
    await form.locator('.ant-btn-primary').click();
    await page.getByText('操作成功').first().waitFor();
    const row = table(page).locator('tr').filter({ hasText: '期末考试安排' });
    await row.waitFor();
    await row.getByRole('button', { name: '查看' }).click();
    await page.locator('.notice-content strong').filter({ hasText: '请按时参加考试' }).waitFor();
  });
  const admin = (await server.login()).access_token as string;
  const n = (await server.api('/api/blade-desk/notice/list?title_like=期末考试安排', { token: admin })).body.data.records[0];
  assert.match(String(n.content), /<strong>请按时参加考试<\/strong>/);
});
