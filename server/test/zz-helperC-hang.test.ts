import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startServer } from './harness.ts';

test('app submit without model', async () => {
  const s = await startServer({ kind: 'pglite' });
  try {
    const admin = (await s.login()).access_token;
    const t0 = Date.now();
    const r = await s.api('/api/appInfo/appInfo/submit', { method: 'POST', token: admin, json: { appName: '甲', appStatus: 1 } });
    console.log('first', r.status, Date.now() - t0, JSON.stringify(r.body).slice(0, 200));
    const r2 = await s.api('/api/appInfo/appInfo/submit', { method: 'POST', token: admin, json: { appName: '乙', appStatus: 1 } });
    console.log('second', r2.status, Date.now() - t0, JSON.stringify(r2.body).slice(0, 200));
    assert.equal(r2.status, 200);
  } finally { await s.close(); }
});
