// The portal's to-do centre (001 §7.2; issue 16): over the workflow engine's real tasks. A student
// starts 学生请假 from a service of the portal and once without one, and books a room with a copy to a
// classmate; the counsellor finds both leaves in getMyTodoList (the rows of the workflow's own todoList,
// the service's name on the one that came from it) and in the rally list grouped by process, handles
// one, and finds it in the done lists; the student's send lists carry the service's name and group
// by process a page at a time; the classmate's copy rally counts the copy; the 办公室 role sees the
// room booking offered to it. tcInstance records are each person's own, and name only instances the
// person started and services bound to their processes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachDatabase, startServer, type TestServer } from './harness.ts';

type Row = Record<string, any>;
const P = '/api/blade-workflow/process';
const T = '/api/todoCenter/tcTask';
const I = '/api/todoCenter/tcInstance';
const LEAVE = { leaveType: '2', days: 1, startDate: '2026-12-01', endDate: '2026-12-01', reason: '就医', phone: '13800001001' };
const ROOM = { room: '2', meetingDate: '2026-12-03', startTime: '14:00:00', endTime: '15:00:00', subject: '班会' };

await forEachDatabase('the to-do centre', (kind) => {
  let s: TestServer;
  const token: Record<string, string> = {};
  const uid: Record<string, string> = {};
  let serviceId: string, roomServiceId: string;
  let viaService: string, plain: string, room: string;
  const post = (path: string, json: unknown, who: string, lang = 'zh-CN') => s.api(path, { method: 'POST', token: token[who], json, headers: { 'accept-language': lang } });
  const get = (path: string, who: string, lang = 'zh-CN') => s.api(path, { token: token[who], headers: { 'accept-language': lang } });
  const must = async (r: Promise<{ status: number; body: any }>) => {
    const x = await r;
    assert.equal(x.status, 200, JSON.stringify(x.body));
    return x.body.data;
  };
  const refused = async (r: Promise<{ status: number; body: any }>, status: number, msg: RegExp) => {
    const x = await r;
    assert.equal(x.status, status, JSON.stringify(x.body));
    assert.match(x.body.msg, msg);
  };
  const ids = (rows: Row[], key = 'taskId') => rows.map((r) => String(r[key]));
  const group = (page: { records: Row[] }, key: string) => page.records.find((g) => g.processDefKey === key);

  before(async () => {
    s = await startServer({ kind, config: { seedCampus: true } });
    for (const a of ['student1', 'student2', 'counsellor', 'office', 'admin']) {
      const t = await s.login(a, a);
      token[a] = t.access_token;
      uid[a] = String(t.user_id);
    }
    const categoryId = (await must(post('/api/blade-portal/serviceCategory/submit', { name: '待办中心测试', sort: 99, status: 1 }, 'admin'))).id;
    const service = (fields: Row) => must(post('/api/blade-portal/serviceManage/save', { categoryId, itemWay: 1, openWay: 1, handleType: 1, validityMode: 1, status: 1, sort: 1, ...fields }, 'admin'));
    serviceId = String((await service({ name: '学生请假服务', nameEn: 'Student leave', itemHandle: 'campusStudentLeave' })).id);
    roomServiceId = String((await service({ name: '会议室预约服务', itemHandle: 'campusMeetingRoom' })).id);
    viaService = (await must(post(`${P}/startProcess`, { processDefKey: 'campusStudentLeave', serviceId, ...LEAVE }, 'student1'))).processInstanceId;
    plain = (await must(post(`${P}/startProcess`, { processDefKey: 'campusStudentLeave', ...LEAVE }, 'student1'))).processInstanceId;
    room = (await must(post(`${P}/startProcess`, { processDefKey: 'campusMeetingRoom', copyUser: uid.student2, ...ROOM }, 'student1'))).processInstanceId;
  });
  after(async () => { await s?.close(); });

  test('getMyTodoList: the workflow\'s todoList rows, the service\'s name on those started from one (in the reader\'s language)', async () => {
    const mine = await must(get(`${T}/getMyTodoList?current=1&size=50`, 'counsellor'));
    const engine = await must(get(`${P}/todoList?current=1&size=50`, 'counsellor'));
    assert.deepEqual(ids(mine.records), ids(engine.records), 'the same tasks in the same order');
    assert.equal(mine.total, engine.total);
    const a = mine.records.find((r: Row) => String(r.processInstanceId) === viaService);
    const b = mine.records.find((r: Row) => String(r.processInstanceId) === plain);
    assert.ok(a && b, 'both leaves wait for the counsellor');
    assert.equal(a.serviceName, '学生请假服务');
    assert.equal(String(a.serviceId), serviceId);
    assert.equal(b.serviceName, null);
    assert.equal(a.processDefinitionName, '学生请假');
    assert.equal(a.startUsername, '张明');
    const en = await must(get(`${T}/getMyTodoList?current=1&size=50`, 'counsellor', 'en'));
    assert.equal(en.records.find((r: Row) => String(r.processInstanceId) === viaService).serviceName, 'Student leave');
    // nothing of the student's processes waits for a classmate
    assert.equal((await must(get(`${T}/getMyTodoList`, 'student2'))).records.filter((r: Row) => [viaService, plain].includes(String(r.processInstanceId))).length, 0);
    await refused(get(`${T}/getMyTodoList?current=0`, 'counsellor'), 400, /current/);
  });

  test('getMyTodoRallyList: the same tasks grouped by process (assigned, and offered to a role)', async () => {
    const rally = await must(get(`${T}/getMyTodoRallyList?current=1&size=10`, 'counsellor'));
    const leave = group(rally, 'campusStudentLeave');
    assert.ok(leave, JSON.stringify(rally));
    const total = (await must(get(`${P}/todoList?processDefKey=campusStudentLeave&size=1`, 'counsellor'))).total;
    assert.equal(leave.count, total);
    assert.ok(leave.count >= 2);
    assert.equal(leave.processDefinitionName, '学生请假');
    assert.ok(leave.latestTime);
    assert.equal(leave.icon, 'ReadOutlined');
    // 会议室预约 is offered to the 办公室 role and nobody claimed it
    const office = await must(get(`${T}/getMyTodoRallyList`, 'office'));
    assert.equal(group(office, 'campusMeetingRoom')?.count, (await must(get(`${P}/todoList?processDefKey=campusMeetingRoom&size=1`, 'office'))).total);
    assert.equal(group(office, 'campusStudentLeave'), undefined, 'not the counsellor\'s tasks');
  });

  test('handling a task: it leaves the to-do groups and joins the done list and its groups', async () => {
    const before = group(await must(get(`${T}/getMyTodoRallyList`, 'counsellor')), 'campusStudentLeave')!.count;
    const task = (await must(get(`${T}/getMyTodoList?size=50`, 'counsellor'))).records.find((r: Row) => String(r.processInstanceId) === viaService);
    await must(post(`${P}/completeTask`, { taskId: task.taskId, processInstanceId: viaService, pass: true, comment: '同意' }, 'counsellor'));
    assert.equal(group(await must(get(`${T}/getMyTodoRallyList`, 'counsellor')), 'campusStudentLeave')!.count, before - 1);
    const done = await must(get(`${T}/getMyDoneList?size=50`, 'counsellor'));
    assert.deepEqual(ids(done.records), ids((await must(get(`${P}/doneList?size=50`, 'counsellor'))).records));
    const row = done.records.find((r: Row) => String(r.taskId) === String(task.taskId));
    assert.ok(row, 'the handled task is done');
    assert.equal(row.serviceName, '学生请假服务');
    const doneRally = await must(get(`${T}/getMyDoneRallyList`, 'counsellor'));
    assert.equal(group(doneRally, 'campusStudentLeave')!.count, (await must(get(`${P}/doneList?processDefKey=campusStudentLeave&size=1`, 'counsellor'))).total);
    assert.equal((await must(get(`${T}/getMyDoneRallyList`, 'student2'))).total, 0);
  });

  test('getMySendList and getMySendRallyList: what the student started, a page of groups at a time', async () => {
    const send = await must(get(`${I}/getMySendList?size=50`, 'student1'));
    assert.deepEqual(ids(send.records, 'processInstanceId'), ids((await must(get(`${P}/sendList?size=50`, 'student1'))).records, 'processInstanceId'));
    const byId = new Map<string, Row>(send.records.map((r: Row) => [String(r.processInstanceId), r]));
    assert.equal(byId.get(viaService)!.serviceName, '学生请假服务');
    assert.equal(byId.get(plain)!.serviceName, null);
    assert.equal(byId.get(room)!.serviceName, null);
    assert.equal((await must(get(`${I}/getMySendList?size=50`, 'student1', 'en'))).records.find((r: Row) => String(r.processInstanceId) === viaService).serviceName, 'Student leave');

    // (the demo campus's student1 has started processes of their own too: the club application)
    const all = await must(get(`${I}/getMySendRallyList?current=1&size=50`, 'student1'));
    const keys = new Set(((await must(get(`${P}/sendList?size=200`, 'student1'))).records as Row[]).map((r) => r.processDefKey));
    assert.equal(all.total, keys.size);
    assert.deepEqual(all.records.map((g: Row) => g.processDefKey).sort(), [...keys].sort());
    const mine = all.records.filter((g: Row) => ['campusMeetingRoom', 'campusStudentLeave'].includes(g.processDefKey));
    assert.deepEqual(mine.map((g: Row) => [g.processDefKey, g.count]), [['campusMeetingRoom', 1], ['campusStudentLeave', 2]], 'the newest start first');
    for (const g of all.records) assert.equal(g.count, (await must(get(`${P}/sendList?processDefKey=${g.processDefKey}&size=1`, 'student1'))).total, g.processDefKey);
    // a page of groups at a time, in the same order
    const paged: Row[] = [];
    for (let current = 1; current <= all.total; current++) {
      const page = await must(get(`${I}/getMySendRallyList?current=${current}&size=1`, 'student1'));
      assert.deepEqual([page.total, page.pages, page.records.length], [all.total, all.total, 1]);
      paged.push(page.records[0]);
    }
    assert.deepEqual(paged, all.records);
    assert.equal((await must(get(`${I}/getMySendRallyList?current=${all.total + 1}&size=1`, 'student1'))).records.length, 0);
    const leaveOnly = await must(get(`${I}/getMySendRallyList?processDefKey=campusStudentLeave`, 'student1'));
    assert.deepEqual(leaveOnly.records.map((g: Row) => g.processDefKey), ['campusStudentLeave']);
    assert.equal((await must(get(`${I}/getMySendRallyList`, 'counsellor'))).total, 0);
  });

  test('getMyCopyRallyList: the copy the classmate received, by process', async () => {
    const copies = await must(get(`${T}/getMyCopyRallyList`, 'student2'));
    assert.equal(group(copies, 'campusMeetingRoom')?.count, (await must(get(`${P}/copyList?size=1`, 'student2'))).total);
    assert.equal(group(copies, 'campusMeetingRoom')?.processDefinitionName, '会议室预约');
    assert.equal((await must(get(`${T}/getMyCopyRallyList`, 'student1'))).total, 0);
  });

  test('tcInstance: each person\'s own request records, naming only their instances and services bound to them', async () => {
    const mine = await must(get(`${I}/list?size=50`, 'student1'));
    const rec = mine.records.find((r: Row) => String(r.processInstanceId) === viaService);
    assert.ok(rec, 'the start from the service was recorded');
    assert.equal(rec.serviceName, '学生请假服务');
    assert.equal((await must(get(`${I}/list?size=50`, 'counsellor'))).total, 0, 'the approver has no records of the student\'s');
    assert.equal(await must(get(`${I}/detail?id=${rec.id}`, 'counsellor')), null);
    assert.equal((await must(get(`${I}/detail?id=${rec.id}`, 'student1'))).id, rec.id);

    await refused(post(`${I}/submit`, { serviceId, processInstanceId: plain }, 'counsellor'), 400, /不是您发起的/);
    await refused(post(`${I}/submit`, { serviceId, processInstanceId: viaService }, 'student1'), 400, /已有办件记录/);
    await refused(post(`${I}/submit`, { serviceId, processInstanceId: room }, 'student1'), 400, /该服务未绑定此流程/);
    await refused(post(`${I}/submit`, { serviceId: '99999', processInstanceId: plain }, 'student1'), 400, /服务不存在/);
    await refused(post(`${I}/submit`, { serviceId, processInstanceId: plain }, 'counsellor', 'en'), 400, /was not started by you/);
    await must(post(`${I}/submit`, { serviceId, processInstanceId: plain }, 'student1'));
    const added = (await must(get(`${I}/list?size=50`, 'student1'))).records.find((r: Row) => String(r.processInstanceId) === plain);
    assert.ok(added, 'a record the student added for their own instance');
    assert.equal(added.serviceName, '学生请假服务', 'the name comes from the service');
    await must(post(`${I}/submit`, { serviceId: roomServiceId, processInstanceId: room, serviceName: '别的名字' }, 'student1'));
    const roomRec = (await must(get(`${I}/list?size=50`, 'student1'))).records.find((r: Row) => String(r.processInstanceId) === room);
    assert.equal(roomRec.serviceName, '会议室预约服务', 'never the body\'s name');

    // the counsellor cannot remove the student's record; the student can
    await must(post(`${I}/remove?ids=${rec.id}`, {}, 'counsellor'));
    assert.ok(await must(get(`${I}/detail?id=${rec.id}`, 'student1')), 'still there');
    await must(post(`${I}/remove?ids=${rec.id}`, {}, 'student1'));
    assert.equal(await must(get(`${I}/detail?id=${rec.id}`, 'student1')), null);
    // the instance still says where it came from
    assert.equal((await must(get(`${I}/getMySendList?size=50`, 'student1'))).records.find((r: Row) => String(r.processInstanceId) === viaService).serviceName, '学生请假服务');
  });
}, { both: true });
