// The demo campus (issue 13, "A fresh install is a working campus"; server/src/demo/campus.ts): after
// boot the college's departments, roles, people, dictionaries, categories, notices and six deployed
// processes are there, made once (a second boot, or a second node, makes nothing again); each
// process starts for the people meant to start it and is refused to others; 学生请假 ends after the
// counsellor for 2 days and goes on to the dean for 5; 费用报销 routes by the total its script
// listener adds up; 公文会签 gives each leader a task at once, then the office files it; a copy of
// 用印申请 reaches the person chosen; the current handler is a name, never an expression. With
// SEED_DEMO=false there is no campus.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { SEED } from '../src/db/seed.ts';
import { CAMPUS_ACCOUNTS, CAMPUS_MARKER, CAMPUS_PROCESSES, CAMPUS_ROLES, STAFF_ACCOUNT } from '../src/demo/campus.ts';
import { forEachDatabase, freshPostgresDatabase, postgresAvailable, startServer, type TestServer } from './harness.ts';

const P = '/api/blade-workflow/process';
type Row = Record<string, any>;

/** What the campus is made of, counted: a second boot must leave every number as it was. */
async function census(s: TestServer): Promise<Record<string, number>> {
  const db = s.server.database.db;
  const n = async (q: ReturnType<typeof sql<{ n: string }>>) => Number((await q.execute(db)).rows[0]!.n);
  return {
    users: await n(sql`select count(*) as n from blade_user where tenant_id = '000000' and is_deleted = 0`),
    depts: await n(sql`select count(*) as n from blade_dept where tenant_id = '000000' and is_deleted = 0`),
    posts: await n(sql`select count(*) as n from blade_post where tenant_id = '000000' and is_deleted = 0`),
    roles: await n(sql`select count(*) as n from blade_role where tenant_id = '000000' and is_deleted = 0`),
    grants: await n(sql`select count(*) as n from blade_role_menu`),
    dicts: await n(sql`select count(*) as n from blade_dict where is_deleted = 0`),
    categories: await n(sql`select count(*) as n from wf_category where is_deleted = 0`),
    notices: await n(sql`select count(*) as n from blade_notice where is_deleted = 0`),
    forms: await n(sql`select count(*) as n from wf_form where is_deleted = 0`),
    models: await n(sql`select count(*) as n from wf_model where is_deleted = 0`),
    scopes: await n(sql`select count(*) as n from wf_model_scope where is_deleted = 0`),
    definitions: await n(sql`select count(*) as n from wf_definition`),
  };
}

await forEachDatabase('demo campus', (kind) => {
  let s: TestServer;
  const token: Record<string, string> = {};
  const id: Record<string, string> = {};
  before(async () => {
    s = await startServer({ kind, config: { seedCampus: true } });
    for (const a of [...CAMPUS_ACCOUNTS, { account: STAFF_ACCOUNT, password: 'user' }, { account: 'admin', password: 'admin' }]) {
      const t = await s.login(a.account, a.password);
      token[a.account] = t.access_token;
      id[a.account] = String(t.user_id);
    }
  });
  after(async () => { await s?.close(); });
  const get = (path: string, who: string) => s.api(path, { token: token[who], headers: { 'accept-language': 'zh-CN' } });
  const post = (path: string, json: unknown, who: string) => s.api(path, { method: 'POST', token: token[who], json });
  const start = async (key: string, who: string, values: Row = {}) => post(`${P}/startProcess`, { processDefKey: key, ...values }, who);
  const started = async (key: string, who: string, values: Row = {}) => {
    const r = await start(key, who, values);
    assert.equal(r.status, 200, `${who} starts ${key}: ${JSON.stringify(r.body)}`);
    return r.body.data as { processInstanceId: string; status: string; tasks: Row[] };
  };
  /** The open tasks of an instance in someone's 我的待办. */
  const todo = async (who: string, instanceId: string): Promise<Row[]> => {
    const r = await get(`${P}/todoList?size=200`, who);
    assert.equal(r.status, 200);
    return (r.body.data.records as Row[]).filter((t) => String(t.processInstanceId) === instanceId);
  };
  const pass = async (who: string, instanceId: string) => {
    const [t] = await todo(who, instanceId);
    assert.ok(t, `${who} has a task of ${instanceId}`);
    const r = await post(`${P}/completeTask`, { taskId: t.taskId, processInstanceId: instanceId, pass: true, comment: '同意' }, who);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.data as { status: string; tasks: Row[] };
  };
  const variables = async (instanceId: string, who: string) => {
    const r = await get(`${P}/detail?processInsId=${instanceId}`, who);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.data as { process: Row; form: { variables: Row }; flow: Row[] };
  };
  const leave = (days: number) => ({ leaveType: '2', days, startDate: '2026-12-01', endDate: '2026-12-05', reason: '发烧就医', phone: '13800001001' });

  test('after boot: the college, its people and their menus, dictionaries, categories, notices and six deployed processes', async () => {
    const db = s.server.database.db;
    assert.ok((await sql`select 1 from blade_secret where name = ${CAMPUS_MARKER}`.execute(db)).rows.length, 'the campus is marked made');
    const roles = (await sql<{ roleAlias: string; roleName: string }>`select role_alias, role_name from blade_role where tenant_id = '000000' and is_deleted = 0`.execute(db)).rows;
    for (const [alias, name] of Object.entries(CAMPUS_ROLES)) assert.ok(roles.some((r) => r.roleAlias === alias && r.roleName === name), alias);
    // the seed's ordinary account is staff now, keeping its own role and department
    const u = (await sql<{ roleId: string; deptId: string }>`select role_id, dept_id from blade_user where account = 'user' and tenant_id = '000000'`.execute(db)).rows[0]!;
    assert.equal(u.roleId.split(',').length, 2);
    assert.equal(u.deptId, SEED.deptTeachId);

    // a student's menus: the home page and 我的事务, no admin screen
    const routes = await get('/api/blade-system/menu/routes', 'student1');
    assert.equal(routes.status, 200);
    const codes = JSON.stringify(routes.body.data);
    for (const name of ['首页', '我的事务', '发起流程', '我的待办', '我发起的', '我的已办', '抄送我的']) assert.ok(codes.includes(name), name);
    for (const name of ['系统管理', '用户管理', '模型设计', '流程监控', '日志管理']) assert.ok(!codes.includes(name), name);
    // the notices the home page lists, newest first
    const notices = await get('/api/blade-desk/notice/latest', 'student1');
    assert.equal(notices.status, 200, JSON.stringify(notices.body));
    assert.equal(notices.body.data.length, 3);
    assert.match(notices.body.data[0].title, /网上办事大厅上线/);
    assert.equal((await get('/api/blade-desk/notice/list', 'student1')).status, 403, 'managing notices is not theirs');

    // the dictionaries the forms name
    for (const code of ['leave_type', 'seal_type', 'meeting_room', 'expense_type', 'doc_type']) {
      const d = await get(`/api/blade-system/dict/dictionary?code=${code}`, 'student1');
      assert.ok(d.body.data.length >= 4, code);
    }
    // each process: deployed, with its form, category and icon
    const models = (await get('/api/blade-workflow/design/model/list?size=50', 'admin')).body.data.records as Row[];
    const cats = new Map(((await get('/api/blade-workflow/design/category/list?size=50', 'admin')).body.data.records as Row[]).map((c) => [String(c.id), c.name]));
    for (const p of CAMPUS_PROCESSES) {
      const m = models.find((x) => x.modelKey === p.key);
      assert.ok(m, p.key);
      const detail = (await get(`/api/blade-workflow/design/model/detail?modelKey=${p.key}`, 'admin')).body.data;
      assert.equal(detail.version, 1, p.key);
      assert.equal(detail.icon, p.icon);
      assert.equal(cats.get(String(detail.categoryId)), p.category);
      assert.match(detail.xml, /bpmndi:BPMNDiagram/, 'the diagram has its layout');
      assert.ok(!/\{\{/.test(detail.xml), 'every placeholder is filled');
      const form = (await get(`${P}/getFormByProcessDefKey?processDefKey=${p.key}`, 'admin')).body.data;
      assert.equal(form.form.formKey, `${p.key}Form`);
      assert.ok(form.form.option.column.length >= 5, p.key);
    }
    // 发起流程: a student sees 学生请假 and 会议室预约; the staff account five of the six
    const keys = async (who: string) => ((await get(`${P}/processList?size=50`, who)).body.data.records as Row[]).map((r) => r.processDefKey).sort();
    assert.deepEqual(await keys('student1'), ['campusMeetingRoom', 'campusStudentLeave']);
    assert.deepEqual(await keys('user'), ['campusCountersign', 'campusExpense', 'campusMeetingRoom', 'campusSeal', 'campusStaffLeave']);
    const list = (await get(`${P}/processList?size=50`, 'student1')).body.data.records as Row[];
    assert.equal(list.find((r) => r.processDefKey === 'campusStudentLeave')!.categoryName, '学生事务');
  });

  test('each process starts for its starters and is refused to others', async () => {
    assert.equal((await start('campusExpense', 'student1', { items: [{ category: '1', summary: '车票', amount: 10 }], reason: 'x' })).status, 403);
    assert.equal((await start('campusStudentLeave', 'user', leave(1))).status, 403);
    assert.equal((await start('campusCountersign', 'student2', {})).status, 403);
    await started('campusStudentLeave', 'student2', leave(1));
    await started('campusMeetingRoom', 'student1', { room: '3', meetingDate: '2026-12-03', startTime: '14:00:00', endTime: '16:00:00', subject: '学生会例会', attendees: 30 });
    await started('campusStaffLeave', 'user', { leaveType: '1', days: 1, startDate: '2026-12-02', endDate: '2026-12-02', reason: '家中有事' });
    await started('campusExpense', 'user', { items: [{ category: '2', summary: '打印纸', amount: 120 }], reason: '办公用品' });
    await started('campusSeal', 'user', { sealType: '2', copies: 2, useDate: '2026-12-01', fileName: '实习协议', purpose: '签订实习协议' });
    await started('campusMeetingRoom', 'user', { room: '1', meetingDate: '2026-12-04', startTime: '09:00:00', endTime: '10:00:00', subject: '教研室会议' });
    await started('campusCountersign', 'user', { title: '关于实验室安全检查的通知', docType: '1', content: '定于下周开展实验室安全检查。', signers: `${id.dean},${id.finance}` });
    // a required field is still required
    const missing = await start('campusStudentLeave', 'student1', { ...leave(1), reason: '' });
    assert.equal(missing.status, 400, JSON.stringify(missing.body));
  });

  test('学生请假: 2 days end after the counsellor; 5 days go on to the dean (the gateway reads the form)', async () => {
    const short = await started('campusStudentLeave', 'student1', leave(2));
    assert.equal(short.tasks[0]!.assigneeName, '王芳');
    assert.equal((await pass('counsellor', short.processInstanceId)).status, 'finished');
    assert.equal((await todo('dean', short.processInstanceId)).length, 0);

    const long = await started('campusStudentLeave', 'student1', leave(5));
    const afterCounsellor = await pass('counsellor', long.processInstanceId);
    assert.equal(afterCounsellor.status, 'running');
    assert.equal(afterCounsellor.tasks[0]!.taskName, '院长审批');
    // 我发起的 names the dean, never an expression
    const sent = ((await get(`${P}/sendList?size=50`, 'student1')).body.data.records as Row[]).find((r) => String(r.processInstanceId) === long.processInstanceId)!;
    assert.equal(sent.assigneeName, '陈建国');
    assert.equal((await pass('dean', long.processInstanceId)).status, 'finished');
    const d = await variables(long.processInstanceId, 'student1');
    assert.equal(d.process.status, 'finished');
    assert.deepEqual(d.flow.filter((f) => f.historyActivityType === 'userTask').map((f) => f.assigneeName), ['王芳', '陈建国']);
  });

  test('费用报销: the total of the items decides the route (finance only below 5000, the dean first from 5000)', async () => {
    const small = await started('campusExpense', 'user', {
      items: [{ category: '1', summary: '高铁票', amount: 553.5 }, { category: '6', summary: '出租车', amount: 46.5 }], reason: '赴京参加教学研讨会',
    });
    assert.equal(small.tasks.length, 1);
    assert.equal(small.tasks[0]!.taskName, '财务审核');
    assert.equal(small.tasks[0]!.assigneeName, '财务', 'offered to the 财务 role, shown by its name');
    assert.equal((await variables(small.processInstanceId, 'user')).form.variables.total, 600);
    assert.equal((await pass('finance', small.processInstanceId)).status, 'finished');

    const large = await started('campusExpense', 'user', {
      items: [{ category: '4', summary: '培训费', amount: 4800 }, { category: '1', summary: '差旅', amount: 1200 }], reason: '骨干教师培训', total: 1,
    });
    assert.equal(large.tasks[0]!.taskName, '院长审批');
    assert.equal((await variables(large.processInstanceId, 'user')).form.variables.total, 6000, 'the listener adds the items up, whatever the form sent');
    const afterDean = await pass('dean', large.processInstanceId);
    assert.equal(afterDean.tasks[0]!.taskName, '财务审核');
    assert.equal((await pass('finance', large.processInstanceId)).status, 'finished');
  });

  test('公文会签: every leader signs in parallel, then the office files it', async () => {
    const r = await started('campusCountersign', 'user', { title: '关于调整作息时间的通知', docType: '1', docNo: '计院办〔2026〕12号', content: '自下周一起调整作息时间。', signers: `${id.dean},${id.finance}` });
    assert.deepEqual(r.tasks.map((t) => t.assigneeName).sort(), ['孙丽', '陈建国'].sort());
    assert.ok(r.tasks.every((t) => t.taskName === '领导会签'));
    assert.equal((await todo('dean', r.processInstanceId)).length, 1);
    assert.equal((await todo('finance', r.processInstanceId)).length, 1);
    const one = await pass('finance', r.processInstanceId);
    assert.equal(one.status, 'running');
    assert.equal((await todo('office', r.processInstanceId)).length, 0, 'the office waits for every leader');
    const both = await pass('dean', r.processInstanceId);
    assert.equal(both.tasks[0]!.taskName, '办公室归档');
    assert.equal(both.tasks[0]!.assigneeName, '办公室');
    assert.equal((await pass('office', r.processInstanceId)).status, 'finished');
  });

  test('用印申请 and 会议室预约: the office approves; a copy reaches the person chosen', async () => {
    const seal = await started('campusSeal', 'user', { sealType: '1', copies: 1, useDate: '2026-12-01', fileName: '合作协议', purpose: '校企合作', copyUser: id.dean });
    const copies = (await get(`${P}/copyList?size=50`, 'dean')).body.data.records as Row[];
    assert.ok(copies.some((c) => String(c.processInstanceId) === seal.processInstanceId), 'the dean has the copy');
    assert.equal((await pass('office', seal.processInstanceId)).status, 'finished');
    const room = await started('campusMeetingRoom', 'student2', { room: '4', meetingDate: '2026-12-08', startTime: '10:00:00', endTime: '11:30:00', subject: '课程设计讨论' });
    assert.equal((await pass('office', room.processInstanceId)).status, 'finished');
    const staffLeave = await started('campusStaffLeave', 'counsellor', { leaveType: '3', days: 3, startDate: '2026-12-10', endDate: '2026-12-12', reason: '年假' });
    assert.equal(staffLeave.tasks[0]!.assigneeName, '陈建国');
    assert.equal((await pass('dean', staffLeave.processInstanceId)).status, 'finished');
  });

  test('the current handler in 我发起的 is always a name', async () => {
    const rows = (await get(`${P}/sendList?size=200`, 'user')).body.data.records as Row[];
    assert.ok(rows.length >= 5);
    const names = JSON.stringify(rows.map((r) => [r.assigneeName, ...(r.currentNodes ?? []).map((n: Row) => n.assigneeName)]));
    assert.ok(!names.includes('${') && !names.includes('{{'), names);
  });

  test('a second node (or boot) on the same data makes nothing again', async () => {
    const before = await census(s);
    if (kind === 'postgres') {
      const second = await startServer({ databaseUrl: s.databaseUrl, config: { seedCampus: true } });
      try {
        assert.deepEqual(await census(second), before);
      } finally {
        await second.close();
      }
    } else {
      // PGlite has one node: boot twice on one data folder
      const dir = mkdtempSync(join(tmpdir(), 'campus-reboot-'));
      const template = process.env.TEST_PGLITE_TEMPLATE ?? '';
      if (template && existsSync(join(template, 'pgdata'))) cpSync(join(template, 'pgdata'), join(dir, 'pgdata'), { recursive: true });
      try {
        const first = await startServer({ config: { seedCampus: true, dataDir: dir } });
        const made = await census(first);
        await first.close();
        const again = await startServer({ config: { seedCampus: true, dataDir: dir } });
        try {
          assert.deepEqual(await census(again), made);
          assert.equal((await again.login('student1', 'student1')).account, 'student1');
        } finally {
          await again.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
}, { both: true });

describe('demo campus: two nodes booting at once on one PostgreSQL database', { skip: !(await postgresAvailable()) }, () => {
  test('one campus, made once', async () => {
    const db = await freshPostgresDatabase('t_', process.env.TEST_PG_TEMPLATE ?? '');
    const first = await startServer({ databaseUrl: db.url, config: { seedCampus: false } });
    try {
      const nodes = await Promise.all([0, 1].map(() => startServer({ databaseUrl: db.url, config: { seedCampus: true } })));
      try {
        const c = await census(nodes[0]!);
        // the six of the campus and 社团成立申请 of the demo micro-apps (demo/miniapps.ts), each once
        assert.equal(c.models, CAMPUS_PROCESSES.length + 1);
        assert.equal(c.definitions, CAMPUS_PROCESSES.length + 1);
        const apps = await sql<{ n: string }>`select count(*) as n from blade_app_info where is_deleted = 0`.execute(first.server.database.db);
        assert.equal(Number(apps.rows[0]!.n), 3);
        const r = await sql<{ n: string }>`select count(*) as n from blade_user where account = 'student1'`.execute(first.server.database.db);
        assert.equal(Number(r.rows[0]!.n), 1);
      } finally {
        for (const n of nodes) await n.close();
      }
    } finally {
      await first.close();
      await db.drop();
    }
  });
});

describe('demo campus: SEED_DEMO=false is a bare platform', () => {
  test('the setting follows SEED_DEMO; a bare platform gets no campus even when asked', async () => {
    assert.equal(loadConfig({}, {}).seedCampus, true);
    assert.equal(loadConfig({}, { SEED_DEMO: 'false' }).seedCampus, false);
    assert.equal(loadConfig({ seedDemo: false }, {}).seedCampus, false);
    assert.equal(loadConfig({ seedCampus: false }, {}).seedCampus, false);
    const bare = await startServer({ config: { seedDemo: false, seedCampus: true } });
    try {
      const db = bare.server.database.db;
      assert.equal((await sql`select 1 from blade_secret where name = ${CAMPUS_MARKER}`.execute(db)).rows.length, 0);
      assert.equal((await sql`select 1 from blade_user`.execute(db)).rows.length, 0);
      assert.equal((await sql`select 1 from wf_model`.execute(db)).rows.length, 0);
    } finally {
      await bare.close();
    }
  });
});
