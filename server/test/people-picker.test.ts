// 人员选择 (000 §2.7) searches per column; this covers the 职位 column: /api/blade-system/search/user
// narrowed by a post id or part of a post name, a user holding several posts, other tenants'
// posts never matching, and the filter combined with the others.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { SEED } from '../src/db/seed.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from './harness.ts';

const ADMIN_POST = '1123598817738675201';
const TEACHER_POST = '1123598817738675202';
const OTHER_TENANT_POST = '1123598817738675301';

await forEachDatabase('people picker post search', (kind) => {
  let s: TestServer;
  let admin: string;
  before(async () => {
    s = await startServer({ kind });
    admin = (await s.login()).access_token;
    // one user with both posts, one with none
    const both = await addUser(s, 'pp_both', { roleId: SEED.userRoleId, deptId: SEED.deptTeachId });
    await sql`update blade_user set post_id = ${`${ADMIN_POST},${TEACHER_POST}`} where id = ${both}`.execute(s.server.database.db);
    await addUser(s, 'pp_none', { roleId: SEED.userRoleId, deptId: SEED.deptTeachId });
  });
  after(async () => { await s?.close(); });
  const accounts = async (query: string) => {
    const r = await s.api(`/api/blade-system/search/user?size=50&${query}`, { token: admin });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return (r.body.data.records as { account: string }[]).map((u) => u.account).sort();
  };

  test('postId narrows to the users holding that post (one of several counts)', async () => {
    assert.deepEqual(await accounts(`postId=${TEACHER_POST}`), ['pp_both', 'user']);
    assert.deepEqual(await accounts(`postId=${ADMIN_POST}`), ['admin', 'pp_both']);
    assert.deepEqual(await accounts(`postId=${TEACHER_POST}&account=pp`), ['pp_both'], 'combined with another column');
    assert.deepEqual(await accounts(`postId=${OTHER_TENANT_POST}`), [], 'a post of another tenant holds nobody here');
  });

  test('postName_like matches part of the post name; no post of that name finds nobody', async () => {
    assert.deepEqual(await accounts(`postName_like=${encodeURIComponent('教')}`), ['pp_both', 'user']);
    assert.deepEqual(await accounts(`postName=${encodeURIComponent('管理员')}`), ['admin', 'pp_both']);
    assert.deepEqual(await accounts(`postName_like=${encodeURIComponent('校长')}`), []);
    assert.deepEqual(await accounts(`postName_like=${encodeURIComponent('%')}`), [], 'wildcards are literal');
    const all = await accounts('');
    assert.ok(all.includes('pp_none') && all.includes('admin'), 'without the filter everyone is listed');
  });
});
