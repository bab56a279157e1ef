// The personal data centre (001 §7.2; issue 16 "personalData"): an administrator designs categories
// (a form each); every signed-in person keeps their own entries of the enabled ones. An entry is
// checked by its category's form with the one form validator (400 with every problem, nothing kept),
// keeps only the form's fields, and a single-entry category keeps one entry per person. Nobody else
// sees, changes or removes a person's entries; a category without fields, or with a pattern the
// server cannot run, is refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SEED } from '../src/db/seed.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from './harness.ts';

type Row = Record<string, any>;
const C = '/api/blade-data/personalCategory';
const P = '/api/blade-data/personal';

const AWARDS = {
  column: [
    { type: 'input', prop: 'title', label: '奖项名称', required: true, maxlength: 50 },
    { type: 'select', prop: 'level', label: '级别', required: true, dicData: [{ label: '国家级', value: 'national' }, { label: '省级', value: 'province' }, { label: '校级', value: 'school' }] },
    { type: 'date', prop: 'awardDate', label: '获奖日期' },
    { type: 'input', prop: 'certNo', label: '证书编号', rules: [{ pattern: '^[A-Z]{2}\\d{6}$', message: '证书编号须为两个大写字母加六位数字' }] },
  ],
};
const IDENTITY = { column: [{ type: 'input', prop: 'idCard', label: '身份证号', required: true }, { type: 'input', prop: 'address', label: '家庭住址' }] };

await forEachDatabase('personal data centre', (kind) => {
  let s: TestServer;
  let admin: string, user: string, other: string;
  let awards: string, identity: string, disabled: string;
  const post = (path: string, json: unknown, token: string, lang = 'zh-CN') => s.api(path, { method: 'POST', token, json, headers: { 'accept-language': lang } });
  const get = (path: string, token: string, lang = 'zh-CN') => s.api(path, { token, headers: { 'accept-language': lang } });
  const must = async (r: Promise<{ status: number; body: any }>) => {
    const x = await r;
    assert.equal(x.status, 200, JSON.stringify(x.body));
    return x.body.data;
  };
  const refused = async (r: Promise<{ status: number; body: any }>, status: number, msg: RegExp) => {
    const x = await r;
    assert.equal(x.status, status, JSON.stringify(x.body));
    assert.match(x.body.msg, msg);
    return x.body;
  };
  const categories = async (token: string) => (await must(get(`${P}/personalDataCategory`, token))) as Row[];
  const entries = async (token: string, categoryId?: string) => (await must(get(`${P}/personalData${categoryId ? `?categoryId=${categoryId}` : ''}`, token))) as Row[];

  before(async () => {
    s = await startServer({ kind });
    await addUser(s, 'classmate', { deptId: SEED.deptTeachId });
    [admin, user, other] = await Promise.all([s.login(), s.login('user', 'user'), s.login('classmate', 'user')].map((p) => p.then((r) => r.access_token as string)));
    awards = (await must(post(`${C}/submit`, { name: '获奖情况', nameEn: 'Awards', formContent: JSON.stringify(AWARDS), multiple: 1, sort: 1, status: 1 }, admin))).id;
    identity = (await must(post(`${C}/submit`, { name: '身份信息', nameEn: 'Identity', formContent: IDENTITY, multiple: 0, sort: 2, status: 1 }, admin))).id;
    disabled = (await must(post(`${C}/submit`, { name: '停用分类', formContent: JSON.stringify(IDENTITY), multiple: 1, sort: 3, status: 0 }, admin))).id;
  });
  after(async () => { await s?.close(); });

  test('categories: designed by those holding portal_personal, each with fields the server can check', async () => {
    await refused(post(`${C}/submit`, { name: '无字段', multiple: 1, sort: 4, status: 1 }, admin), 400, /请设计分类的字段/);
    await refused(post(`${C}/submit`, { name: '无字段', formContent: '{"column":[]}', multiple: 1, sort: 4, status: 1 }, admin, 'en'), 400, /Please design the fields/);
    await refused(post(`${C}/submit`, { name: '坏字段', formContent: JSON.stringify({ column: [{ type: 'input', prop: '1x', label: 'x' }] }), multiple: 1, sort: 4, status: 1 }, admin), 400, /字段设计不正确：1x/);
    await refused(post(`${C}/submit`, { name: '坏正则', formContent: JSON.stringify({ column: [{ type: 'input', prop: 'x', label: 'x', pattern: '^(a)\\1$' }] }), multiple: 1, sort: 4, status: 1 }, admin), 400, /x/);
    await refused(post(`${C}/submit`, { name: '不是JSON', formContent: '{column', multiple: 1, sort: 4, status: 1 }, admin), 400, /./);
    // an update that leaves the fields alone keeps them
    await must(post(`${C}/submit`, { id: awards, name: '获奖情况', nameEn: 'Awards', multiple: 1, sort: 1, status: 1 }, admin));
    assert.equal(JSON.parse((await must(get(`${C}/detail?id=${awards}`, admin))).formContent).column.length, 4);
    // an ordinary user neither lists nor designs them
    assert.equal((await get(`${C}/list`, user)).status, 403);
    assert.equal((await post(`${C}/submit`, { name: '我的分类', formContent: JSON.stringify(IDENTITY), multiple: 1, sort: 9, status: 1 }, user)).status, 403);
    // everyone reads the enabled ones, in their order, with their fields and the reader's count
    const list = await categories(user);
    assert.deepEqual(list.map((c) => c.name), ['获奖情况', '身份信息']);
    assert.deepEqual(list.map((c) => c.count), [0, 0]);
    assert.equal(JSON.parse(list[0]!.formContent).column[0].prop, 'title');
    assert.equal(list[1]!.multiple, 0);
  });

  test('saving: checked by the category\'s form (every problem, in the reader\'s language), only its fields kept', async () => {
    const missing = await refused(post(`${P}/savePersonalData`, { categoryId: awards, content: { certNo: 'ab1' } }, user), 400, /奖项名称/);
    assert.match(missing.msg, /级别/);
    assert.match(missing.msg, /证书编号须为两个大写字母加六位数字/);
    await refused(post(`${P}/savePersonalData`, { categoryId: awards, content: { title: '一等奖', level: 'galactic' } }, user), 400, /级别/);
    await refused(post(`${P}/savePersonalData`, { categoryId: awards, content: { level: 'school' } }, user, 'en'), 400, /奖项名称|title/i);
    await refused(post(`${P}/savePersonalData`, { categoryId: awards, content: '不是对象' }, user), 400, /内容须为对象/);
    await refused(post(`${P}/savePersonalData`, { categoryId: awards, content: [1, 2] }, user), 400, /内容须为对象/);
    await refused(post(`${P}/savePersonalData`, { categoryId: awards }, user), 400, /请填写内容/);
    await refused(post(`${P}/savePersonalData`, { content: { title: 'x' } }, user), 400, /请选择分类/);
    await refused(post(`${P}/savePersonalData`, { categoryId: disabled, content: { idCard: '1' } }, user), 400, /分类不存在或已停用/);
    await refused(post(`${P}/savePersonalData`, { categoryId: '123456', content: { idCard: '1' } }, user), 400, /分类不存在或已停用/);
    assert.equal((await entries(user)).length, 0, 'nothing kept by a refusal');

    const saved = await must(post(`${P}/savePersonalData`, { categoryId: awards, content: { title: '程序设计竞赛一等奖', level: 'province', awardDate: '2026-05-20', certNo: 'JS123456', sneaky: '<script>' } }, user));
    assert.deepEqual(saved.content, { title: '程序设计竞赛一等奖', level: 'province', awardDate: '2026-05-20', certNo: 'JS123456' });
    const second = await must(post(`${P}/savePersonalData`, { categoryId: awards, content: JSON.stringify({ title: '优秀学生', level: 'school' }) }, user));
    const list = await entries(user, awards);
    assert.deepEqual(list.map((e) => e.id), [second.id, saved.id], 'newest first');
    assert.equal(list[1]!.content.sneaky, undefined);
    assert.ok(list[0]!.createTime);
    assert.equal((await categories(user)).find((c) => c.id === awards)!.count, 2);

    // an update by id, within its category
    await must(post(`${P}/savePersonalData`, { id: saved.id, categoryId: awards, content: { title: '程序设计竞赛特等奖', level: 'national' } }, user));
    assert.equal((await entries(user, awards)).find((e) => e.id === saved.id)!.content.title, '程序设计竞赛特等奖');
    await refused(post(`${P}/savePersonalData`, { id: saved.id, categoryId: identity, content: { idCard: '1' } }, user), 400, /个人数据不存在/);
    assert.equal((await entries(user)).length, 2);
  });

  test('a single-entry category keeps one entry per person', async () => {
    const first = await must(post(`${P}/savePersonalData`, { categoryId: identity, content: { idCard: '110101200001010011', address: '北京' } }, user));
    const again = await must(post(`${P}/savePersonalData`, { categoryId: identity, content: { idCard: '110101200001010011', address: '上海' } }, user));
    assert.equal(again.id, first.id, 'the second save replaced the first');
    const list = await entries(user, identity);
    assert.equal(list.length, 1);
    assert.equal(list[0]!.content.address, '上海');
    // two saves at once still leave one
    await Promise.all([1, 2, 3].map((n) => must(post(`${P}/savePersonalData`, { categoryId: identity, content: { idCard: `${n}` } }, other))));
    assert.equal((await entries(other, identity)).length, 1);
    assert.equal((await categories(user)).find((c) => c.id === identity)!.count, 1);
  });

  test('another person never sees, changes or removes my entries', async () => {
    const mine = await entries(user);
    assert.ok(mine.length >= 3);
    const theirs = await entries(other);
    assert.ok(theirs.every((e) => !mine.some((m) => m.id === e.id)), 'the classmate sees only their own');
    assert.equal((await categories(other)).find((c) => c.id === awards)!.count, 0);
    const target = mine[0]!;
    await refused(post(`${P}/savePersonalData`, { id: target.id, categoryId: target.categoryId, content: target.content }, other), 400, /个人数据不存在/);
    await refused(post(`${P}/delPersonalData`, { id: target.id }, other), 400, /个人数据不存在/);
    await refused(post(`${P}/delPersonalData`, { ids: mine.map((m) => m.id).join(',') }, other, 'en'), 400, /The entry does not exist/);
    assert.deepEqual((await entries(user)).map((e) => e.id), mine.map((e) => e.id), 'all still there');
    // another tenant's administrator finds none of them either
    const tenant2 = (await s.login('admin', 'admin', '100001')).access_token as string;
    assert.equal((await entries(tenant2)).length, 0);
    assert.equal((await categories(tenant2)).length, 0);
  });

  test('deleting: one by id, several by ids (a list or an array); bad input is refused', async () => {
    const mine = await entries(user);
    await refused(post(`${P}/delPersonalData`, {}, user), 400, /请选择至少一条数据/);
    await refused(post(`${P}/delPersonalData`, { ids: 'x,1' }, user), 400, /个人数据不存在/);
    assert.equal(await must(post(`${P}/delPersonalData`, { id: mine[0]!.id }, user)), 1);
    assert.equal(await must(post(`${P}/delPersonalData`, { ids: mine.slice(1).map((m) => m.id) }, user)), mine.length - 1);
    assert.equal((await entries(user)).length, 0);
    assert.deepEqual((await categories(user)).map((c) => c.count), [0, 0]);
    await refused(post(`${P}/delPersonalData`, { id: mine[0]!.id }, user), 400, /个人数据不存在/);
  });
}, { both: true });
