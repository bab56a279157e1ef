// Option fields with a dictionary address (dicUrl, issue 15 leftovers; 001 §5): the only addresses a
// form may give are the platform's own dictionaries — a system dictionary
// /api/blade-system/dict/dictionary?code=… or the tenant's business dictionary
// /api/blade-system/dict-biz/dictionary?code=… — and the server checks every value against the
// dictionary the address names (one validator: micro-app records and any designed form alike). A form
// naming another address is refused when it is saved; a value outside the dictionary is refused when
// the record is saved; another tenant's dictionary of the same code does not count. A micro-app's form
// may also name one of its own app's option sources (/api/appDataSource/appDataSource/options?id=…: a
// dictionary, one SELECT or another app's field): a value is checked against what the source answers
// the saving person; another app's source is refused when the form is saved.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkDesign, dictOfDicUrl, type FormOption } from '@campus/schema';
import { Directory } from '../src/modules/system/directory.ts';
import { SEED } from '../src/db/seed.ts';
import { forEachDatabase, seedTokens, startServer, type TestServer } from './harness.ts';

const B = '/api/appBizData/appBizData';
const BIZ_URL = '/api/blade-system/dict-biz/dictionary?code=club_grade';

test('dictOfDicUrl names the dictionary of a platform address and nothing else; checkDesign refuses other addresses', () => {
  assert.deepEqual(dictOfDicUrl('/api/blade-system/dict/dictionary?code=sex'), { code: 'sex', biz: false });
  assert.deepEqual(dictOfDicUrl(BIZ_URL), { code: 'club_grade', biz: true });
  assert.deepEqual(dictOfDicUrl('/api/blade-system/dict/dictionary?code=%E5%B9%B4%E7%BA%A7'), { code: '年级', biz: false });
  for (const bad of ['/api/appDataSource/appDataSource/options?id=1', '/api/blade-system/dict/dictionary?code=', '/api/blade-system/dict/dictionary?code=a&x=1',
    'https://evil.example/api/blade-system/dict/dictionary?code=sex', '/api/blade-system/dict/tree?code=sex', '', 5]) assert.equal(dictOfDicUrl(bad), null, String(bad));
  const form = (dicUrl: string): FormOption => ({ column: [{ prop: 'grade', type: 'select', dicUrl }] });
  assert.deepEqual(checkDesign(form('/api/appDataSource/appDataSource/options?id=1')), [{ kind: 'dicUrlInvalid', prop: 'grade' }]);
  assert.deepEqual(checkDesign(form('')), [{ kind: 'dicUrlInvalid', prop: 'grade' }]);
  assert.deepEqual(checkDesign(form(BIZ_URL)), []);
  // a micro-app's form may also name an option source (its app's: the server checks that when it is saved)
  assert.deepEqual(checkDesign(form('/api/appDataSource/appDataSource/options?id=1'), { optionSources: true }), []);
  assert.deepEqual(checkDesign(form('/api/appDataSource/appDataSource/options?id=x'), { optionSources: true }), [{ kind: 'dicUrlInvalid', prop: 'grade' }]);
});

await forEachDatabase('micro-app dictionary addresses', (kind) => {
  let s: TestServer;
  let admin: string, other: string;
  let appId: string;
  let modelId: string;
  const post = (path: string, json: unknown, token = admin, lang = 'zh-CN') => s.api(path, { method: 'POST', token, json, headers: { 'accept-language': lang } });
  const must = async (r: Promise<{ status: number; body: any }>) => {
    const x = await r;
    assert.equal(x.status, 200, JSON.stringify(x.body));
    return x.body.data;
  };
  /** A business dictionary of the token's tenant with these items. */
  const bizDict = async (token: string, code: string, items: [string, string][]) => {
    const parent = await must(post('/api/blade-system/dict-biz/submit', { code, dictValue: '社团级别', dictKey: '-1', parentId: '0', sort: 1 }, token));
    for (const [i, [key, value]] of items.entries()) await must(post('/api/blade-system/dict-biz/submit', { parentId: parent.id, dictKey: key, dictValue: value, sort: i + 1 }, token));
  };
  const formWith = (dicUrl: string) => JSON.stringify({ column: [
    { prop: 'clubName', label: '社团名称', type: 'input', required: true },
    { prop: 'grade', label: '社团级别', type: 'select', dicUrl },
  ] });

  before(async () => {
    s = await startServer({ kind });
    ({ admin, other } = await seedTokens(s));
    modelId = (await must(post('/api/blade-model/model/submit', { modelName: '社团', modelTable: 'club_dic' }))).id;
    await must(post('/api/blade-model/model/submit-list', { modelId, items: [
      { fieldName: 'clubName', fieldLabel: '社团名称', fieldType: 'string', required: 1, sort: 1 },
      // an option field the model leaves without a dictionary: the designed form names it
      { fieldName: 'grade', fieldLabel: '社团级别', fieldLabelEn: 'Level', fieldType: 'select', sort: 2 },
    ] }));
    await must(s.api(`/api/blade-model/model/createTable?modelIds=${modelId}`, { token: admin }));
    appId = (await must(post('/api/appInfo/appInfo/submit', { appName: '社团', modelId, appStatus: 1 }))).id;
    await bizDict(admin, 'club_grade', [['school', '校级'], ['college', '院级']]);
    // another tenant's dictionary of the same code, with a key of its own
    await bizDict(other, 'club_grade', [['city', '市级']]);
  });
  after(async () => { await s?.close(); });

  test('a form whose field names an address other than a platform dictionary is refused when it is saved, in zh and en', async () => {
    for (const url of ['/api/blade-system/user/list', '/api/appDataSource/appDataSource/options?id=x', '/api/blade-system/dict/dictionary?code=']) {
      const r = await post('/api/appInfo/appInfo/update', { id: appId, appName: '社团', modelId, formOption: formWith(url) });
      assert.equal(r.status, 400, url);
      assert.match(r.body.msg, /字段“grade”的字典地址须为平台字典地址/);
    }
    const en = await post('/api/appInfo/appInfo/update', { id: appId, appName: '社团', modelId, formOption: formWith('/api/x') }, admin, 'en');
    assert.match(en.body.msg, /The option address of the field "grade" must be a dictionary address of the platform/);
  });

  test('a value is checked against the business dictionary the address names (the tenant\'s own), not accepted whatever it is', async () => {
    await must(post('/api/appInfo/appInfo/update', { id: appId, appName: '社团', modelId, formOption: formWith(BIZ_URL) }));
    const save = (grade: string, lang = 'zh-CN') => post(`${B}/saveBizData`, { appId, data: { clubName: '书法社', grade } }, admin, lang);
    for (const bad of ['province', 'city']) {
      const r = await save(bad);
      assert.equal(r.status, 400, `${bad}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.msg, /社团级别/);
    }
    assert.equal((await save('nope', 'en')).status, 400);
    const ok = await save('college');
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal((await must(post(`${B}/detail`, { appId, id: ok.body.data.CLUB_DIC_ID }))).grade, 'college');
    // a system dictionary address likewise
    await must(post('/api/appInfo/appInfo/update', { id: appId, appName: '社团', modelId, formOption: formWith('/api/blade-system/dict/dictionary?code=sex') }));
    assert.equal((await save('college')).status, 400);
    assert.equal((await save('2')).status, 200);
  });

  test('any designed form (a process form too): an address naming no dictionary accepts no value on the server', async () => {
    const directory = new Directory(s.server.database.db);
    const option: FormOption = { column: [{ prop: 'grade', label: '级别', type: 'select', dicUrl: '/api/appDataSource/appDataSource/options?id=1' }] };
    assert.equal((await directory.formErrors(SEED.tenant, option, { grade: '1' }, 'zh')).length, 1);
    assert.deepEqual(await directory.formErrors(SEED.tenant, option, {}, 'zh'), []);
    const biz: FormOption = { column: [{ prop: 'grade', label: '级别', type: 'checkbox', dicUrl: BIZ_URL }] };
    assert.deepEqual(await directory.formErrors(SEED.tenant, biz, { grade: ['school', 'college'] }, 'zh'), []);
    assert.equal((await directory.formErrors(SEED.tenant, biz, { grade: ['school', 'city'] }, 'zh')).length, 1);
    assert.deepEqual(await directory.formErrors(SEED.otherTenant, biz, { grade: ['city'] }, 'zh'), []);
  });
  test('an option source of the app (SQL, another app\'s field) feeds a field: its options accepted, others refused; another app\'s source refused at form save', async () => {
    const D = '/api/appDataSource/appDataSource';
    // another app whose field's values are the options
    const levelModel = (await must(post('/api/blade-model/model/submit', { modelName: '级别', modelTable: 'level_dic' }))).id;
    await must(post('/api/blade-model/model/submit-list', { modelId: levelModel, items: [{ fieldName: 'levelName', fieldLabel: '级别名称', fieldType: 'string', sort: 1 }] }));
    await must(s.api(`/api/blade-model/model/createTable?modelIds=${levelModel}`, { token: admin }));
    const levelApp = (await must(post('/api/appInfo/appInfo/submit', { appName: '级别', modelId: levelModel, appStatus: 1 }))).id;
    for (const levelName of ['gold', 'silver']) await must(post(`${B}/saveBizData`, { appId: levelApp, data: { levelName } }));
    const sqlSource = (await must(post(`${D}/submit`, { appId, sourceName: '级别SQL', sourceType: 'sql', sqlContent: "select '校级' as label, 'school' as value union all select '院级', 'college'" }))).id;
    const appSource = (await must(post(`${D}/submit`, { appId, sourceName: '级别应用', sourceType: 'app', refAppId: levelApp, refField: 'levelName' }))).id;
    const foreign = (await must(post(`${D}/submit`, { appId: levelApp, sourceName: '别的应用的', sourceType: 'sql', sqlContent: "select 'A' as label, 'a' as value" }))).id;
    const save = (grade: string) => post(`${B}/saveBizData`, { appId, data: { clubName: '棋社', grade } });

    await must(post('/api/appInfo/appInfo/update', { id: appId, appName: '社团', modelId, formOption: formWith(`${D}/options?id=${sqlSource}`) }));
    assert.equal((await save('college')).status, 200);
    const badSql = await save('city');
    assert.equal(badSql.status, 400, JSON.stringify(badSql.body));
    assert.match(badSql.body.msg, /社团级别/);

    await must(post('/api/appInfo/appInfo/update', { id: appId, appName: '社团', modelId, formOption: formWith(`${D}/options?id=${appSource}`) }));
    assert.equal((await save('silver')).status, 200);
    assert.equal((await save('college')).status, 400);
    // the form as the page reads it keeps the address
    const form = await must(s.api(`${B}/queryAppForm?appId=${appId}`, { token: admin }));
    assert.equal(form.formOption.column.find((c: any) => c.prop === 'grade').dicUrl, `${D}/options?id=${appSource}`);

    for (const url of [`${D}/options?id=${foreign}`, `${D}/options?id=1`]) {
      const r = await post('/api/appInfo/appInfo/update', { id: appId, appName: '社团', modelId, formOption: formWith(url) });
      assert.equal(r.status, 400, url);
      assert.match(r.body.msg, /字段“grade”的数据源须为本应用的数据源/);
    }
    const en = await post('/api/appInfo/appInfo/update', { id: appId, appName: '社团', modelId, formOption: formWith(`${D}/options?id=${foreign}`) }, admin, 'en');
    assert.match(en.body.msg, /The option source of the field "grade" must be one of this app's option sources/);
  });
}, { both: true });
