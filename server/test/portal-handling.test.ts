// Service handling (001 §4; issue 16 "Service handling"): a matrix of services × who (user, post,
// role, department and a parent department) × time (inside and outside each validity mode) finds no
// service startable outside its rules. The time dimension is judged by serviceRefusal at fixed times
// (every mode, its edges, windows over midnight and the new year, unreadable windows); the audience
// dimension through the API: the demo campus's people start 会议室预约 with a serviceId, and every
// start the rules refuse answers the spec's message (zh and en) and starts nothing, while every start
// they allow leaves its request record (tcInstance), the day's start count and a 办理 visit. A mode-6
// service whose dates exclude today is refused to everyone, one whose dates include today is not.
// What the portal's pages show (getDetailByServiceId's canHandle / refusal, listUnion's flags) agrees
// with what the API does.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { HANDLING_MSG, mayHandle, ServiceAccess, serviceRefusal, statDate, validityRange, type Who } from '../src/modules/portal/handling.ts';
import { Directory } from '../src/modules/system/directory.ts';
import { forEachDatabase, startServer, type TestServer } from './harness.ts';

type Row = Record<string, any>;

// ---- the time dimension: serviceRefusal at fixed times ----------------------------------------------

const EVERYONE: Who = { userId: '1', roleIds: [], deptIds: [], postIds: [] };
const none = () => [];
/** 2026-03-15 (a Sunday) at hh:mm, the server's local time. */
const at = (month: number, day: number, hh = 10, mm = 0, year = 2026) => new Date(year, month - 1, day, hh, mm, 30);
const refusal = (service: Row, now: Date) => serviceRefusal(service, EVERYONE, none, now);
const outside = (range: string) => [HANDLING_MSG.notValid[0].replace('{range}', range), HANDLING_MSG.notValid[1].replace('{range}', range)];

describe('validity windows (serviceRefusal at fixed times)', () => {
  test('mode 1 and an empty mode: always', () => {
    for (const mode of [1, '1', null, undefined, '']) {
      for (const now of [at(1, 1, 0, 0), at(12, 31, 23, 59), at(2, 29, 12, 0, 2028)]) assert.equal(refusal({ validityMode: mode }, now), null, `mode ${mode}`);
    }
  });

  test('mode 2: daily hours, both ends inclusive; a window over midnight wraps', () => {
    const s = { validityMode: 2, validityStart: '08:00', validityEnd: '17:30' };
    for (const [hh, mm] of [[8, 0], [12, 0], [17, 30]]) assert.equal(refusal(s, at(3, 15, hh, mm)), null, `${hh}:${mm} is inside`);
    for (const [hh, mm] of [[7, 59], [17, 31], [0, 0], [23, 59]]) assert.deepEqual(refusal(s, at(3, 15, hh, mm)), outside('08:00-17:30'), `${hh}:${mm} is outside`);
    const night = { validityMode: 2, validityStart: '22:00', validityEnd: '06:00' };
    for (const [hh, mm] of [[22, 0], [23, 59], [0, 0], [6, 0]]) assert.equal(refusal(night, at(3, 15, hh, mm)), null);
    for (const [hh, mm] of [[6, 1], [12, 0], [21, 59]]) assert.deepEqual(refusal(night, at(3, 15, hh, mm)), outside('22:00-06:00'));
  });

  test('mode 4: days of the month, inclusive; a range past the month end wraps', () => {
    const s = { validityMode: 4, validityStart: '1', validityEnd: '10' };
    for (const d of [1, 5, 10]) assert.equal(refusal(s, at(3, d)), null);
    for (const d of [11, 20, 31]) assert.deepEqual(refusal(s, at(3, d)), outside('1-10'));
    const turn = { validityMode: 4, validityStart: '25', validityEnd: '5' };
    for (const d of [25, 31, 1, 5]) assert.equal(refusal(turn, at(1, d)), null);
    for (const d of [6, 24]) assert.deepEqual(refusal(turn, at(1, d)), outside('25-5'));
  });

  test('mode 5: dates of the year, inclusive; a range over the new year wraps', () => {
    const s = { validityMode: 5, validityStart: '09-01', validityEnd: '09-30' };
    for (const [m, d] of [[9, 1], [9, 15], [9, 30]]) assert.equal(refusal(s, at(m, d)), null);
    for (const [m, d] of [[8, 31], [10, 1], [1, 1]]) assert.deepEqual(refusal(s, at(m, d)), outside('09-01-09-30'));
    const winter = { validityMode: 5, validityStart: '12-15', validityEnd: '01-15' };
    for (const [m, d] of [[12, 15], [12, 31], [1, 1], [1, 15]]) assert.equal(refusal(winter, at(m, d)), null);
    for (const [m, d] of [[1, 16], [6, 1], [12, 14]]) assert.deepEqual(refusal(winter, at(m, d)), outside('12-15-01-15'));
  });

  test('mode 6: given dates; the message lists them', () => {
    const s = { validityMode: 6, validityDates: '2026-12-01,2026-12-02' };
    assert.equal(refusal(s, at(12, 1, 0, 0)), null);
    assert.equal(refusal(s, at(12, 2, 23, 59)), null);
    for (const now of [at(12, 3), at(11, 30), at(12, 1, 10, 0, 2027)]) assert.deepEqual(refusal(s, now), outside('2026-12-01,2026-12-02'));
    // a JSON list reads the same
    assert.equal(refusal({ validityMode: 6, validityDates: '["2026-12-01","2026-12-02"]' }, at(12, 2)), null);
    assert.deepEqual(refusal({ validityMode: 6, validityDates: '' }, at(12, 2)), outside(''));
  });

  test('a window that cannot be read, or a mode that does not exist, opens nothing', () => {
    assert.deepEqual(refusal({ validityMode: 2, validityStart: '8点', validityEnd: '17:30' }, at(3, 15, 12)), outside('8点-17:30'));
    assert.deepEqual(refusal({ validityMode: 4, validityStart: '0', validityEnd: '10' }, at(3, 5)), outside('0-10'));
    assert.deepEqual(refusal({ validityMode: 5, validityStart: '13-01', validityEnd: '09-30' }, at(9, 5)), outside('13-01-09-30'));
    assert.deepEqual(refusal({ validityMode: 3, validityStart: '1', validityEnd: '31' }, at(3, 5)), outside('1-31'));
    assert.equal(validityRange({ validityMode: 2, validityStart: '00:00', validityEnd: '23:59' }, at(3, 15, 23, 59)), null);
  });

  test('the audience is judged before the window: someone left out hears "no permission" at any time', () => {
    const s = { validityMode: 6, validityDates: '2026-12-01', userIds: '2' };
    assert.equal(serviceRefusal(s, EVERYONE, none, at(12, 1)), HANDLING_MSG.noPermission);
    assert.equal(serviceRefusal(s, EVERYONE, none, at(12, 2)), HANDLING_MSG.noPermission);
    assert.deepEqual(serviceRefusal(s, { ...EVERYONE, userId: '2' }, none, at(12, 2)), outside('2026-12-01'));
  });
});

describe('audiences (mayHandle)', () => {
  // departments: 10 (college) > 11 (class), 20 elsewhere
  const ancestors = (d: string) => ({ '11': ['1', '10'], '10': ['1'], '20': ['1'] })[d] ?? [];
  const student: Who = { userId: '100', roleIds: ['5'], deptIds: ['11'], postIds: ['7'] };
  const teacher: Who = { userId: '200', roleIds: ['6'], deptIds: ['10'], postIds: ['8'] };
  const clerk: Who = { userId: '300', roleIds: ['9'], deptIds: ['20'], postIds: [] };
  const cases: [string, Row, [Who, boolean][]][] = [
    ['no lists: everyone', {}, [[student, true], [teacher, true], [clerk, true]]],
    ['users', { userIds: '100,300' }, [[student, true], [teacher, false], [clerk, true]]],
    ['posts', { postIds: '8' }, [[student, false], [teacher, true], [clerk, false]]],
    ['roles only', { roleIds: '5' }, [[student, true], [teacher, false], [clerk, false]]],
    ['a department only: its members and those of departments below it', { deptIds: '10' }, [[student, true], [teacher, true], [clerk, false]]],
    ['a child department: not its parent\'s members', { deptIds: '11' }, [[student, true], [teacher, false], [clerk, false]]],
    ['the root: everyone below it', { deptIds: '1' }, [[student, true], [teacher, true], [clerk, true]]],
    ['role and department: both must match', { roleIds: '5,6', deptIds: '11' }, [[student, true], [teacher, false], [clerk, false]]],
    ['role and department, or a named user', { roleIds: '5', deptIds: '11', userIds: '300' }, [[student, true], [teacher, false], [clerk, true]]],
    ['role and department, or a post', { roleIds: '9', deptIds: '10', postIds: '8' }, [[student, false], [teacher, true], [clerk, false]]],
    ['lists naming nobody here', { userIds: '999', roleIds: '999' }, [[student, false], [teacher, false], [clerk, false]]],
  ];
  for (const [name, service, expect] of cases) {
    test(name, () => {
      for (const [who, allowed] of expect) {
        assert.equal(mayHandle(service, who, ancestors), allowed, `user ${who.userId}`);
        assert.equal(serviceRefusal(service, who, ancestors, at(3, 15)), allowed ? null : HANDLING_MSG.noPermission, `user ${who.userId}`);
      }
    });
  }
});

// ---- the audience dimension: starts through the API --------------------------------------------------

const P = '/api/blade-workflow/process';
const S = '/api/blade-portal/serviceManage';
const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const dayOff = (n: number) => { const d = new Date(); d.setDate(d.getDate() + n); return ymd(d); };
const ROOM = { room: '1', meetingDate: '2026-12-03', startTime: '14:00:00', endTime: '15:00:00', subject: '例会' };

await forEachDatabase('service handling through the API', (kind) => {
  let s: TestServer;
  const token: Record<string, string> = {};
  const uid: Record<string, string> = {};
  const services: Record<string, string> = {};
  const q = <T = Row>(text: ReturnType<typeof sql>) => text.execute(s.server.database.db).then((r) => r.rows as T[]);
  const post = (path: string, json: unknown, who: string, lang = 'zh-CN') => s.api(path, { method: 'POST', token: token[who], json, headers: { 'accept-language': lang } });
  const get = (path: string, who: string, lang = 'zh-CN') => s.api(path, { token: token[who], headers: { 'accept-language': lang } });
  const must = async (r: Promise<{ status: number; body: any }>) => {
    const x = await r;
    assert.equal(x.status, 200, JSON.stringify(x.body));
    return x.body.data;
  };
  const instances = async (who: string) => Number((await q<{ n: string }>(sql`select count(*) as n from wf_instance where initiator = ${uid[who]}`))[0]!.n);
  const records = async (who: string) => Number((await q<{ n: string }>(sql`select count(*) as n from blade_portal_tc_instance where create_user = ${uid[who]}`))[0]!.n);

  const PEOPLE = ['student1', 'student2', 'counsellor', 'user'] as const;
  type Person = (typeof PEOPLE)[number];
  /** Who may start each service (the audience rules of §4 over the campus's people). */
  const MATRIX: Record<string, Person[]> = {};

  before(async () => {
    s = await startServer({ kind, config: { seedCampus: true } });
    for (const a of [...PEOPLE, 'admin']) {
      const t = await s.login(a, a === 'user' ? 'user' : a);
      token[a] = t.access_token;
      uid[a] = String(t.user_id);
    }
    const dept = async (name: string) => (await q<{ id: string }>(sql`select id from blade_dept where dept_name = ${name} and tenant_id = '000000' and is_deleted = 0`))[0]!.id;
    const role = async (alias: string) => (await q<{ id: string }>(sql`select id from blade_role where role_alias = ${alias} and tenant_id = '000000' and is_deleted = 0`))[0]!.id;
    const postId = async (code: string) => (await q<{ id: string }>(sql`select id from blade_post where post_code = ${code} and tenant_id = '000000' and is_deleted = 0`))[0]!.id;
    const [cs, csClass, student, counsellorPost] = [await dept('计算机学院'), await dept('计算机科学与技术2301班'), await role('student'), await postId('counsellor')];
    const categoryId = (await must(post('/api/blade-portal/serviceCategory/submit', { name: '矩阵测试', sort: 99, status: 1 }, 'admin'))).id;
    const make = async (name: string, fields: Row, may: Person[]) => {
      const body = { name, categoryId, itemWay: 1, openWay: 1, itemHandle: 'campusMeetingRoom', handleType: 1, validityMode: 1, status: 1, sort: 1, ...fields };
      services[name] = String((await must(post(`${S}/save`, body, 'admin'))).id);
      MATRIX[name] = may;
    };
    await make('all', {}, ['student1', 'student2', 'counsellor', 'user']);
    await make('user', { userIds: uid.student1 }, ['student1']);
    await make('post', { postIds: counsellorPost }, ['counsellor']);
    await make('role', { roleIds: student }, ['student1', 'student2']);
    await make('parentDept', { deptIds: cs }, ['student1', 'student2', 'counsellor']);
    await make('childDept', { deptIds: csClass }, ['student1']);
    await make('roleAndDept', { roleIds: student, deptIds: csClass }, ['student1']);
    await make('roleAndDeptOrUser', { roleIds: student, deptIds: csClass, userIds: uid.user }, ['student1', 'user']);
    await make('datesToday', { validityMode: 6, validityDates: `${dayOff(-1)},${dayOff(0)}` }, ['student1', 'student2', 'counsellor', 'user']);
    await make('datesNotToday', { validityMode: 6, validityDates: `${dayOff(-1)},${dayOff(1)}` }, []);
  });
  after(async () => { await s?.close(); });

  test('the matrix: each person starts exactly the services their audience and today allow', async () => {
    for (const [name, may] of Object.entries(MATRIX)) {
      for (const who of PEOPLE) {
        const before = { instances: await instances(who), records: await records(who) };
        const r = await post(`${P}/startProcess`, { processDefKey: 'campusMeetingRoom', serviceId: services[name], ...ROOM }, who);
        const after = { instances: await instances(who), records: await records(who) };
        if (may.includes(who)) {
          assert.equal(r.status, 200, `${who} starts ${name}: ${JSON.stringify(r.body)}`);
          assert.deepEqual(after, { instances: before.instances + 1, records: before.records + 1 }, `${who} ${name}`);
        } else {
          const dates = name === 'datesNotToday';
          assert.equal(r.status, dates ? 400 : 403, `${who} may not start ${name}: ${JSON.stringify(r.body)}`);
          assert.equal(r.body.msg, dates ? `当前时间不在有效期内[${dayOff(-1)},${dayOff(1)}]` : '您没有权限办理该服务', `${who} ${name}`);
          assert.deepEqual(after, before, `nothing started for ${who} on ${name}`);
        }
      }
    }
  });

  test('the refusals in English (Accept-Language), by startProcessByKey too', async () => {
    const r = await post(`${P}/startProcessByKey`, { processDefKey: 'campusMeetingRoom', serviceId: services.user, ...ROOM }, 'student2', 'en');
    assert.equal(r.status, 403);
    assert.equal(r.body.msg, 'You have no permission to handle this service');
    const d = await post(`${P}/startProcessByKey`, { processDefKey: 'campusMeetingRoom', serviceId: services.datesNotToday, ...ROOM }, 'student1', 'en');
    assert.equal(d.status, 400);
    assert.equal(d.body.msg, `The current time is not within the validity period [${dayOff(-1)},${dayOff(1)}]`);
  });

  test('a start from a service leaves its request record, the day\'s start count and a 办理 visit', async () => {
    const id = services.childDept!;
    const count = async () => Number((await q<{ n: string | null }>(sql`select sum(start_count) as n from blade_portal_service_statistics where service_id = ${id} and stat_date = ${statDate(new Date())}`))[0]!.n ?? 0);
    const before = await count();
    const started = await must(post(`${P}/startProcess`, { processDefKey: 'campusMeetingRoom', serviceId: id, ...ROOM }, 'student1'));
    assert.equal(await count(), before + 1);
    const [rec] = await q(sql`select * from blade_portal_tc_instance where process_instance_id = ${started.processInstanceId}`);
    assert.ok(rec, 'a request record');
    assert.equal(String(rec.serviceId), id);
    assert.equal(String(rec.createUser), uid.student1);
    assert.equal(rec.serviceName, 'childDept');
    assert.equal(rec.processDefKey, 'campusMeetingRoom');
    assert.equal(rec.tenantId, '000000');
    const visits = await q(sql`select visit_type from blade_portal_service_visit where service_id = ${id} and create_user = ${uid.student1} and visit_type = 2`);
    assert.ok(visits.length >= 1, 'a visit of kind 办理');
    // the serviceId is no form value of the instance
    const detail = await must(get(`${P}/detail?processInsId=${started.processInstanceId}`, 'student1'));
    assert.equal(detail.form.variables.serviceId, undefined);
    // a start without a serviceId records nothing of the portal
    const plain = await must(post(`${P}/startProcess`, { processDefKey: 'campusMeetingRoom', ...ROOM }, 'student1'));
    assert.equal((await q(sql`select 1 from blade_portal_tc_instance where process_instance_id = ${plain.processInstanceId}`)).length, 0);
  });

  test('a service that is disabled, deleted, of another tenant, an external link or bound to another process starts nothing', async () => {
    const make = async (fields: Row) => String((await must(post(`${S}/save`, {
      name: 'x', categoryId: (await must(get(`${S}/detail?id=${services.all}`, 'admin'))).categoryId, itemWay: 1, openWay: 1, itemHandle: 'campusMeetingRoom', handleType: 1, validityMode: 1, status: 1, ...fields,
    }, 'admin'))).id);
    const disabled = await make({ status: 0 });
    const link = await make({ itemWay: 2, itemHandle: null, itemUrl: 'https://example.edu/apply' });
    const leave = await make({ itemHandle: 'campusStudentLeave' });
    const removed = await make({});
    await must(post(`${S}/remove?ids=${removed}`, {}, 'admin'));
    const cases: [string, string, number, RegExp][] = [
      [disabled, 'disabled', 400, /服务不存在或已停用/], [removed, 'removed', 400, /服务不存在或已停用/], ['123456789', 'unknown', 400, /服务不存在或已停用/],
      [link, 'an external link', 400, /该服务不通过流程办理/], [leave, 'another process', 400, /该服务未绑定此流程/], ['abc', 'not an id', 400, /serviceId/],
    ];
    for (const [id, what, status, msg] of cases) {
      const n = await instances('student1');
      const r = await post(`${P}/startProcess`, { processDefKey: 'campusMeetingRoom', serviceId: id, ...ROOM }, 'student1');
      assert.equal(r.status, status, `${what}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.msg, msg, what);
      assert.equal(await instances('student1'), n, `nothing started (${what})`);
    }
    // a service is found in its own tenant only
    const access = new ServiceAccess(s.server.database.db, new Directory(s.server.database.db));
    assert.ok(await access.enabledService('000000', services.all));
    assert.equal(await access.enabledService('100001', services.all), null);
  });

  test('what the portal shows agrees with the API: canHandle and refusal for every service and person', async () => {
    for (const [name, may] of Object.entries(MATRIX)) {
      for (const who of PEOPLE) {
        const d = await must(get(`/api/blade-portal/serviceManage/getDetailByServiceId?serviceId=${services[name]}`, who));
        assert.equal(d.canHandle, may.includes(who), `${who} ${name}`);
        if (may.includes(who)) assert.equal(d.refusal, null);
        else assert.equal(d.refusal, name === 'datesNotToday' ? `当前时间不在有效期内[${dayOff(-1)},${dayOff(1)}]` : '您没有权限办理该服务');
        for (const k of ['userIds', 'roleIds', 'deptIds', 'postIds']) assert.equal(d[k], undefined, `no audience list (${k})`);
      }
    }
    for (const who of PEOPLE) {
      const list = (await must(get(`/api/blade-portal/serviceManage/noLogin/listUnion?current=1&size=100&categoryId=${(await must(get(`${S}/detail?id=${services.all}`, 'admin'))).categoryId}`, who))).records as Row[];
      for (const [name, may] of Object.entries(MATRIX)) {
        const card = list.find((c) => String(c.id) === services[name]);
        assert.ok(card, `${name} listed`);
        assert.equal(card.canHandle, may.includes(who), `${who} ${name} in listUnion`);
      }
      // 在线办理 lists exactly the services the person may handle now
      const matrixIds = new Set(Object.keys(MATRIX).map((name) => services[name]!));
      const online = ((await must(get(`/api/blade-portal/serviceOnlineHandle/listNoPage?categoryId=${list[0]!.categoryId}`, who))) as Row[]).map((c) => String(c.id)).filter((id) => matrixIds.has(id));
      assert.deepEqual(online.sort(), Object.entries(MATRIX).filter(([, may]) => may.includes(who)).map(([name]) => services[name]!).sort(), `${who} online list`);
      const en = await must(get(`/api/blade-portal/serviceManage/getDetailByServiceId?serviceId=${services.datesNotToday}`, who, 'en'));
      assert.equal(en.refusal, `The current time is not within the validity period [${dayOff(-1)},${dayOff(1)}]`);
    }
  });
}, { both: true });
