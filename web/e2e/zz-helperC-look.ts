import { createHash } from 'node:crypto';
import { launch, newPage } from './browser.ts';
const base = 'http://127.0.0.1:4400';
const [, , path = '', out = '/tmp/shots-C/look.png', account = 'admin', pw = 'admin', lang = 'zh'] = process.argv;
const q = new URLSearchParams({ tenantId: '000000', username: account, password: createHash('md5').update(pw).digest('hex'), grant_type: 'password', scope: 'all', type: 'account' });
const tok = await (await fetch(`${base}/api/blade-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: 'Basic ' + Buffer.from('saber:saber_secret').toString('base64'), 'Tenant-Id': '000000' } })).json() as Record<string, any>;
const browser = await launch();
const { page } = await newPage(browser);
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.addInitScript(([t, l]) => {
  if (sessionStorage.getItem('x')) return; sessionStorage.setItem('x', '1');
  localStorage.setItem('saber-session', JSON.stringify({ state: { token: t.access_token, refreshToken: t.refresh_token, tenantId: '000000', loginTime: Date.now(), expiresIn: t.expires_in, userInfo: t, language: l, tags: [], menu: [], permission: {}, roles: [] }, version: 0 }));
}, [tok, lang] as const);
await page.goto(`${base}/#${path}`);
await page.waitForTimeout(4000);
await page.screenshot({ path: out });
for (const [i, act] of (process.env.CLICK ?? '').split('|').filter(Boolean).entries()) {
  await page.getByText(act, { exact: true }).first().click();
  await page.waitForTimeout(2000);
  await page.screenshot({ path: out.replace('.png', `-${i + 1}.png`) });
}
await browser.close();
