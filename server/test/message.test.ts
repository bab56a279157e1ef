// Personal messages (000 §2.8, §3 Message, §4 "Message read state", §7 Messages): sending to
// users and broadcasting to a department or role, each recipient's inbox and read state, and
// that nobody sees another user's messages or another tenant's.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SEED } from '../src/db/seed.ts';
import { sendMessage } from '../src/modules/message/service.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from './harness.ts';

const M = '/api/blade-message/message';

await forEachDatabase('message', (kind) => {
  let s: TestServer;
  let admin: string, user: string, other: string, infoOnly: string;
  let infoOnlyId: string;
  const get = (path: string, token: string, lang?: string) => s.api(path, { token, headers: lang ? { 'Accept-Language': lang } : {} });
  const post = (path: string, token: string, json?: unknown, lang?: string) =>
    s.api(path, { method: 'POST', token, json: json ?? {}, headers: lang ? { 'Accept-Language': lang } : {} });
  const send = (token: string, body: Record<string, unknown>) => post(`${M}/save`, token, { content: '', ...body });

  before(async () => {
    s = await startServer({ kind });
    // 信息化中心 only, role administrator only: outside the 教务处 and 普通用户 broadcasts
    infoOnlyId = await addUser(s, 'info1', { deptId: SEED.deptInfoId, roleId: SEED.adminRoleId });
    // a removed member and another tenant's user whose lists name this tenant's ids: never recipients
    await addUser(s, 'gone1', { deptId: SEED.deptTeachId, roleId: SEED.userRoleId, deleted: true });
    await addUser(s, 'stranger', { deptId: `${SEED.otherDeptId},${SEED.deptTeachId}`, roleId: SEED.userRoleId, tenantId: SEED.otherTenant });
    [admin, user, other, infoOnly] = (await Promise.all([
      s.login('admin', 'admin'), s.login('user', 'user'), s.login('admin', 'admin', SEED.otherTenant), s.login('info1', 'user'),
    ])).map((a) => a.access_token as string);
  });
  after(async () => { await s?.close(); });

  test('sending to a user puts an unread message in that user\'s inbox and in the sender\'s sent list', async () => {
    const r = await send(admin, { title: '开会通知', content: '周五下午三点开会', type: 1, pcUrl: '/workflow/todo', userIds: SEED.userId });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.receiverCount, 1);
    assert.equal(r.body.data.createUserName, '管理员');
    const id = r.body.data.id as string;

    const top = await get(`${M}/my/topList`, user);
    assert.equal(top.body.data.unReadCount, 1);
    assert.deepEqual(top.body.data.messageList.map((m: { id: string }) => m.id), [id]);
    const m = top.body.data.messageList[0];
    for (const k of ['id', 'title', 'content', 'type', 'isRead', 'createTime', 'createUserName', 'pcUrl']) assert.ok(k in m, `missing ${k}`);
    assert.equal(m.isRead, 1, 'unread is 1');
    assert.equal(m.type, 1);
    assert.match(m.createTime, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const mine = await get(`${M}/my/list?current=1&size=10`, user);
    assert.equal(mine.body.data.total, 1);
    assert.equal(mine.body.data.records[0].title, '开会通知');

    const sent = await get(`${M}/my/sendList?current=1&size=10`, admin);
    const row = sent.body.data.records.find((x: { id: string }) => x.id === id);
    assert.equal(row.receiverCount, 1);
    assert.equal(row.readCount, 0);
    assert.equal((await get(`${M}/my/topList`, admin)).body.data.unReadCount, 0, 'the sender is not a recipient');
  });

  test('detail answers title and content and marks the message read; sendDetail shows the read state', async () => {
    const id = (await send(admin, { title: '请查收', content: '附件已发', type: 1, userIds: `${SEED.userId}` })).body.data.id;
    const before = (await get(`${M}/my/topList`, user)).body.data.unReadCount;
    const d = await get(`${M}/detail?id=${id}`, user);
    assert.equal(d.body.data.title, '请查收');
    assert.equal(d.body.data.content, '附件已发');
    assert.equal(d.body.data.isRead, 0, 'read is 0');
    assert.match(d.body.data.readTime, /^\d{4}-/);
    assert.equal((await get(`${M}/my/topList`, user)).body.data.unReadCount, before - 1);
    const again = await get(`${M}/detail?id=${id}`, user);
    assert.equal(again.body.data.readTime, d.body.data.readTime, 'reading twice keeps the first read time');

    const sd = await get(`${M}/sendDetail?id=${id}`, admin);
    assert.equal(sd.body.data.title, '请查收');
    assert.equal(sd.body.data.readCount, 1);
    assert.deepEqual(sd.body.data.receivers.map((r: { userId: string; isRead: number; account: string }) => [r.userId, r.account, r.isRead]), [[SEED.userId, 'user', 0]]);
  });

  test('another user\'s message is never visible: detail and sendDetail answer data null', async () => {
    const id = (await send(admin, { title: '私人消息', type: 1, userIds: SEED.userId })).body.data.id;
    for (const token of [admin, infoOnly, other]) {
      const d = await get(`${M}/detail?id=${id}`, token);
      assert.equal(d.status, 200);
      assert.equal(d.body.data, null);
    }
    assert.equal((await get(`${M}/sendDetail?id=${id}`, user)).body.data, null, 'only the sender sees sendDetail');
    assert.equal((await get(`${M}/sendDetail?id=${id}`, other)).body.data, null);
    assert.equal((await get(`${M}/detail?id=nope`, user)).body.data, null);
    // and it stays unread for its owner
    const own = (await get(`${M}/my/list?isRead=1&title_like=私人`, user)).body.data;
    assert.equal(own.total, 1);
  });

  test('a department broadcast (type 2) reaches exactly the department\'s members of the tenant', async () => {
    const r = await send(admin, { title: '教务处通知', content: '全体教务处', type: 2, deptId: SEED.deptTeachId });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const sd = await get(`${M}/sendDetail?id=${r.body.data.id}`, admin);
    assert.deepEqual(sd.body.data.receivers.map((x: { userId: string }) => x.userId).sort(), [SEED.adminId, SEED.userId].sort());
    assert.equal(sd.body.data.receiveDeptId, SEED.deptTeachId);
    assert.equal((await get(`${M}/my/list?title=教务处通知`, infoOnly)).body.data.total, 0);
    assert.equal((await get(`${M}/my/list?title=教务处通知`, other)).body.data.total, 0);
    assert.equal((await get(`${M}/my/list?title=教务处通知&type=2`, user)).body.data.total, 1);

    const info = await send(admin, { title: '信息化中心通知', type: 2, deptId: SEED.deptInfoId });
    assert.deepEqual((await get(`${M}/sendDetail?id=${info.body.data.id}`, admin)).body.data.receivers.map((x: { userId: string }) => x.userId).sort(), [SEED.adminId, infoOnlyId].sort());
  });

  test('a role broadcast (type 4) reaches exactly the role\'s members of the tenant', async () => {
    const r = await send(user, { title: '普通用户须知', type: 4, roleId: SEED.userRoleId });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const sd = await get(`${M}/sendDetail?id=${r.body.data.id}`, user);
    assert.deepEqual(sd.body.data.receivers.map((x: { userId: string }) => x.userId).sort(), [SEED.adminId, SEED.userId].sort());
    const admins = await send(user, { title: '管理员须知', type: 4, roleId: SEED.adminRoleId });
    assert.deepEqual((await get(`${M}/sendDetail?id=${admins.body.data.id}`, user)).body.data.receivers.map((x: { userId: string }) => x.userId).sort(), [SEED.adminId, infoOnlyId].sort());
    assert.equal((await get(`${M}/my/list?type=4&title=管理员须知`, infoOnly)).body.data.total, 1);
  });

  test('my/list pages and filters by type, read state and BladeX filters', async () => {
    for (let i = 1; i <= 3; i++) await send(admin, { title: `分页消息${i}`, type: 1, userIds: SEED.userId });
    const p1 = await get(`${M}/my/list?current=1&size=2&title_like=分页消息`, user);
    assert.equal(p1.body.data.total, 3);
    assert.equal(p1.body.data.pages, 2);
    assert.deepEqual(p1.body.data.records.map((r: { title: string }) => r.title), ['分页消息3', '分页消息2'], 'newest first');
    const p2 = await get(`${M}/my/list?current=2&size=2&title_like=分页消息`, user);
    assert.deepEqual(p2.body.data.records.map((r: { title: string }) => r.title), ['分页消息1']);
    const typed = await get(`${M}/my/list?size=50&type=2`, user);
    assert.ok(typed.body.data.records.length > 0 && typed.body.data.records.every((r: { type: number }) => r.type === 2));
    const unread = await get(`${M}/my/list?size=100&isRead=1`, user);
    assert.ok(unread.body.data.records.every((r: { isRead: number }) => r.isRead === 1));
    assert.equal(unread.body.data.total, (await get(`${M}/my/topList`, user)).body.data.unReadCount);
    assert.equal((await get(`${M}/my/list?isRead=x`, user)).status, 400);
    const alias = await get(`${M}/list?current=1&size=2&title_like=分页消息`, user);
    assert.equal(alias.body.data.total, 3, 'list answers like my/list');
    const top = await get(`${M}/my/topList?size=2`, user);
    assert.equal(top.body.data.messageList.length, 2);
    assert.equal((await get(`${M}/my/topList`, user)).body.data.messageList.length, 5, 'default 5');
  });

  test('readAll marks every message of mine read and only mine', async () => {
    await send(admin, { title: '全部已读前', type: 2, deptId: SEED.deptTeachId });
    const adminUnread = (await get(`${M}/my/topList`, admin)).body.data.unReadCount;
    assert.ok((await get(`${M}/my/topList`, user)).body.data.unReadCount > 0);
    const r = await post(`${M}/readAll`, user);
    assert.equal(r.status, 200);
    assert.equal(r.body.msg, '操作成功');
    assert.equal((await get(`${M}/my/topList`, user)).body.data.unReadCount, 0);
    assert.equal((await get(`${M}/my/list?isRead=1`, user)).body.data.total, 0);
    assert.equal((await get(`${M}/my/topList`, admin)).body.data.unReadCount, adminUnread, 'the other recipient keeps its unread');
  });

  test('remove takes a message out of my inbox only', async () => {
    const id = (await send(user, { title: '将被删除', type: 2, deptId: SEED.deptTeachId })).body.data.id;
    // another user's removal of it changes nothing for me
    const foreign = await post(`${M}/remove?ids=${id}`, infoOnly);
    assert.equal(foreign.status, 200);
    assert.equal((await get(`${M}/detail?id=${id}`, admin)).body.data.title, '将被删除');
    const r = await post(`${M}/remove?ids=${id}`, user);
    assert.equal(r.status, 200);
    assert.equal((await get(`${M}/detail?id=${id}`, user)).body.data, null);
    assert.equal((await get(`${M}/my/list?title=将被删除`, user)).body.data.total, 0);
    assert.equal((await get(`${M}/my/list?title=将被删除`, admin)).body.data.total, 1, 'the other recipient keeps it');
    const sd = await get(`${M}/sendDetail?id=${id}`, user);
    assert.equal(sd.body.data.receiverCount, 2, 'the sender still sees every receiver');
    assert.equal((await post(`${M}/remove?id=${id}`, admin)).status, 200, 'id= works too');
    assert.equal((await get(`${M}/my/list?title=将被删除`, admin)).body.data.total, 0);
    assert.equal((await post(`${M}/remove`, admin)).status, 400, 'no ids');
  });

  test('tenants are isolated: no sending to another tenant\'s users, departments or roles', async () => {
    const u = await send(admin, { title: '越界', type: 1, userIds: `${SEED.userId},${SEED.otherAdminId}` });
    assert.equal(u.status, 400);
    assert.equal(u.body.msg, `接收人不存在：${SEED.otherAdminId}`);
    const d = await send(admin, { title: '越界', type: 2, deptId: SEED.otherDeptId });
    assert.equal(d.body.msg, '部门不存在');
    const r = await send(admin, { title: '越界', type: 4, roleId: SEED.otherAdminRoleId });
    assert.equal(r.body.msg, '角色不存在');
    assert.equal((await get(`${M}/my/list?title=越界`, other)).body.data.total, 0);
    // the other tenant's own broadcast reaches its own members only
    const own = await send(other, { title: '示范中学通知', type: 4, roleId: SEED.otherAdminRoleId });
    assert.equal(own.body.data.receiverCount, 1);
    assert.equal((await get(`${M}/my/list?title=示范中学通知`, other)).body.data.total, 1);
    assert.equal((await get(`${M}/my/list?title=示范中学通知`, admin)).body.data.total, 0);
    assert.equal((await get(`${M}/my/sendList?title=示范中学通知`, admin)).body.data.total, 0);
  });

  test('save is validated with messages in the caller\'s language', async () => {
    const noTitle = await send(admin, { title: '', type: 1, userIds: SEED.userId });
    assert.equal(noTitle.status, 400);
    assert.equal(noTitle.body.msg, 'title不能为空');
    const en = await post(`${M}/save`, admin, { title: 'x', type: 2 }, 'en');
    assert.equal(en.status, 400);
    assert.equal(en.body.msg, 'A department broadcast needs deptId');
    assert.equal((await send(admin, { title: 'x', type: 4 })).body.msg, '角色广播必须选择角色');
    assert.equal((await send(admin, { title: 'x', type: 1 })).body.msg, '请选择接收人');
    assert.equal((await send(admin, { title: 'x', type: 5, userIds: SEED.userId })).status, 400);
    assert.equal((await send(admin, { title: 'x', type: 1, userIds: 'abc' })).body.msg, '接收人不存在：abc');
    const js = await send(admin, { title: 'x', type: 1, userIds: SEED.userId, pcUrl: 'javascript:alert(1)' });
    assert.equal(js.status, 400);
    assert.equal(js.body.msg, 'pcUrl格式不正确');
    const arr = await send(admin, { title: '数组接收人', type: 3, userIds: [SEED.userId], pcUrl: 'https://example.edu.cn/flow' });
    assert.equal(arr.body.data.receiverCount, 1);
    const upd = await post(`${M}/submit`, admin, { id: arr.body.data.id, title: 'x', type: 1, userIds: SEED.userId });
    assert.equal(upd.body.msg, '已发送的消息不能修改');
    const sub = await post(`${M}/submit`, admin, { title: '经 submit 发送', type: 1, userIds: SEED.userId });
    assert.equal(sub.body.data.receiverCount, 1);
  });

  test('other modules send in-process: an approval message (type 3) with its business key', async () => {
    const m = await sendMessage(s.server.app, {
      tenantId: SEED.tenant, fromUserId: SEED.adminId, title: '您有一条待办', content: '请假申请待审批', type: 3,
      pcUrl: '/workflow/process/handle?taskId=1', bizType: 'process', bizKey: '42', toUserIds: [SEED.userId],
    });
    assert.equal(m.receiverCount, 1);
    const d = await get(`${M}/detail?id=${m.id}`, user);
    assert.equal(d.body.data.type, 3);
    assert.equal(d.body.data.bizKey, '42');
    assert.equal(d.body.data.pcUrl, '/workflow/process/handle?taskId=1');
    // a system message has no sender
    const sys = await s.server.app.messages.sendMessage({ tenantId: SEED.tenant, fromUserId: '', title: '系统维护', type: 1, toUserIds: [SEED.userId] });
    assert.equal(sys.createUser, null);
    assert.equal(sys.createUserName, null);
  });

  test('every call needs a signed-in user', async () => {
    for (const [method, path] of [['GET', 'my/list'], ['GET', 'my/topList'], ['GET', 'my/sendList'], ['GET', 'sendDetail?id=1'], ['GET', 'detail?id=1'], ['POST', 'remove?ids=1'], ['POST', 'save'], ['POST', 'readAll']]) {
      const r = await s.api(`${M}/${path}`, { method, ...(method === 'POST' ? { json: {} } : {}) });
      assert.equal(r.status, 401, path);
    }
  });
});
