// Headless Chromium for the browser tests: Debian's chromium driven by playwright-core.
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export async function launch(): Promise<Browser> {
  const executablePath = CANDIDATES.find((p): p is string => !!p && existsSync(p));
  if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)');
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * The reader's system asks for reduced motion: the app then opens dialogs and menus without
 * animation (App.tsx), which spares Chromium most of its drawing on two shared cores.
 */
export const REDUCED_MOTION = { reducedMotion: 'reduce' } as const;

/** The app's persisted session store in localStorage (token, language, menu): web/src/shell/store.ts. */
const SESSION_STORE = 'saber-session';

/** A fresh context per test (no shared storage), Chinese locale like the default users. */
export async function newPage(browser: Browser, opts: { locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...REDUCED_MOTION, locale: opts.locale ?? 'zh-CN', viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  return { context, page };
}

/** Runs fn on a page of a fresh context, closed afterwards whatever happens. */
export async function withPage(browser: Browser, fn: (page: Page) => Promise<void>, opts: { locale?: string } = {}): Promise<void> {
  const { context, page } = await newPage(browser, opts);
  try {
    await fn(page);
  } finally {
    await context.close();
  }
}

// The shared list pattern (ResourceList): its table, the toolbar's add button, a dialog by title.
export const listTable = (page: Page): Locator => page.locator('.ant-pro-table').first();
export const toolbarAdd = (scope: Locator): Locator => scope.locator('.ant-pro-table-list-toolbar button:has(.anticon-plus)');
export const dialog = (page: Page, title: string): Locator => page.locator('.ant-modal').filter({ hasText: title });

/** Switches the language a signed-in page keeps (the persisted session store) and reloads it. */
/**
 * Picks an item of a dropdown that opens on hover. A hover that lands while the header is still
 * re-rendering opens nothing, so it hovers again (moving away first) until the item shows.
 */
export async function hoverMenuItem(page: Page, trigger: string, item: string): Promise<void> {
  const entry = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: item });
  for (let attempt = 0; ; attempt++) {
    await page.mouse.move(0, 0);
    await page.locator(trigger).hover();
    try {
      await entry.waitFor({ timeout: 5000 });
      break;
    } catch (e) {
      if (attempt >= 5) throw e;
    }
  }
  await entry.click();
}

export async function setLanguage(page: Page, lang: 'zh' | 'en'): Promise<void> {
  const want = lang === 'en' ? 'en' : 'zh-CN';
  // The running app persists its store on every change: a write of its own between ours and the
  // reload (a token refresh, a message) puts the old language back. So: write, reload, and check
  // the page came up in the language; write again if it did not.
  for (let attempt = 0; ; attempt++) {
    await page.evaluate(([key, l]) => {
      // runs in the page (this file is also type-checked without the DOM library)
      const store = (globalThis as unknown as { localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void } }).localStorage;
      const raw = JSON.parse(store.getItem(key) ?? '{}');
      raw.state = { ...(raw.state ?? {}), language: l };
      store.setItem(key, JSON.stringify(raw));
    }, [SESSION_STORE, lang] as const);
    await page.reload();
    const took = await page.waitForFunction((w) => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang === w, want, { timeout: 10_000 })
      .then(() => true, () => false);
    if (took) return;
    if (attempt === 2) throw new Error(`the page did not switch to ${lang}`);
  }
}

/**
 * Saves a screenshot to dir (a test's *_SHOTS variable) in a window `height` tall — the layout
 * scrolls inside its content area, so a tall window shows a whole page; without dir it does nothing.
 */
export async function saveShot(page: Page, dir: string | undefined, name: string, height = 800): Promise<void> {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  if (height !== 800) await page.setViewportSize({ width: 1366, height });
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${dir}/${name}.png` });
  if (height !== 800) await page.setViewportSize({ width: 1366, height: 800 });
}

export interface CaptchaSource {
  /** The answer for a captcha key, as a person reading the image would give it. */
  captchaCode(key: string): Promise<string>;
}

/**
 * Signs in through the real login form: waits for the captcha the page loaded, asks the server
 * for its answer, types account, password and code, and submits.
 */
export async function signIn(page: Page, base: string, server: CaptchaSource, account = 'admin', password = 'admin'): Promise<void> {
  // already on the login page (after signing out): going to the same hash loads nothing, so leave first
  if (page.url().includes('#/login')) await page.goto('about:blank');
  const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/captcha'));
  await page.goto(`${base}/#/login`);
  const key = ((await (await captcha).json()) as { key: string }).key;
  await fillLogin(page, account, password, await server.captchaCode(key));
  await page.waitForURL(/#\/wel\/index/);
  await page.locator('.sider-menu .ant-menu-item').first().waitFor();
}

export async function fillLogin(page: Page, account: string, password: string, code: string): Promise<void> {
  await page.locator('#username').fill(account);
  await page.locator('#password').fill(password);
  await page.locator('#code').fill(code);
  await page.locator('button[type=submit]').click();
}

/** What the browser tests use of the server harness (server/test/harness.ts). */
export interface E2EServer {
  url: string;
  server: { database: { db: unknown } };
  captchaCode(key: string): Promise<string>;
  login(account?: string, password?: string): Promise<Record<string, any>>;
  api(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** The built web app the server serves (npm test builds web/dist first; E2E_WEB_DIST points elsewhere). */
export const webDist = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
// Loaded by path at run time so the web type-check does not compile the server.
const harnessPath = new URL('../../server/test/harness.ts', import.meta.url).href;

/**
 * The real server serving the built web app, on a fresh copy of the seeded database: on the
 * PostgreSQL test server when it answers (the same SQL at a third of PGlite's CPU, and CPU is what
 * two cores run out of), else on PGlite; `kind: 'pglite'` keeps a suite on the product's default
 * database (the journeys do). config: settings of that server (e.g. egressAllow for a suite whose
 * tenant services call a loopback peer).
 */
export async function startE2EServer(opts: { config?: Record<string, unknown>; kind?: 'pglite' | 'postgres' } = {}): Promise<E2EServer> {
  const harness = (await import(harnessPath)) as {
    startServer(opts: { webDist: string; kind: string; config?: Record<string, unknown> }): Promise<E2EServer>;
    databasesFor(): Promise<('pglite' | 'postgres')[]>;
  };
  const kind = opts.kind ?? (await harness.databasesFor()).at(-1)!;
  return harness.startServer({ webDist, ...opts, kind });
}

const seedPath = new URL('../../server/src/db/seed.ts', import.meta.url).href;

/**
 * Ordinary users of 教务处 (role user, password 'user') with these real names; a postId gives them
 * that post. Answers account → user id.
 */
export async function addPeople(server: E2EServer, people: [account: string, realName: string][], opts: { postId?: string } = {}): Promise<Record<string, string>> {
  const { addUser } = (await import(harnessPath)) as { addUser(s: unknown, account: string, opts: { roleId?: string; deptId?: string }): Promise<string> };
  const { SEED } = (await import(seedPath)) as { SEED: Record<string, string> };
  const { sql } = await import('kysely');
  const db = server.server.database.db as never;
  const ids: Record<string, string> = {};
  for (const [account, name] of people) {
    ids[account] = await addUser(server, account, { roleId: SEED.userRoleId, deptId: SEED.deptTeachId });
    await sql`update blade_user set real_name = ${name}, name = ${name}, post_id = coalesce(${opts.postId ?? null}, post_id) where id = ${ids[account]}`.execute(db);
  }
  return ids;
}

/**
 * Signed-in pages of one browser and server, one context per account and locale, kept with the
 * account's session as the login form left it (its persisted store). The next page of the same
 * account opens in that context, so Chromium finds the app's scripts compiled in its cache: a new
 * context and the home page cost ~4.3 s of CPU, a page of a warm context ~2.4 s, the login form and
 * the shell ~4.8 s. Each new page starts from the saved store (restored once per tab, so a test's
 * own reload keeps its changes, e.g. a language), not from what an earlier page left. A session the
 * server no longer knows (signed out meanwhile) lands on the login page: the form then, on that page.
 * One page per account at a time: asking for the next closes the account's earlier one.
 */
export class SignedInPages {
  private readonly accounts = new Map<string, { context: BrowserContext; saved: { name: string; value: string }[]; pages: Page[] }>();
  constructor(private readonly browser: () => Browser, private readonly server: () => E2EServer) {}

  async page(account = 'admin', password = 'admin', opts: { locale?: string } = {}): Promise<Page> {
    const key = `${account}\u0000${password}\u0000${opts.locale ?? ''}`;
    const server = this.server();
    const known = this.accounts.get(key);
    if (!known) {
      const { context, page } = await newPage(this.browser(), opts);
      await signIn(page, server.url, server, account, password);
      this.accounts.set(key, { context, saved: await this.stored(context), pages: [page] });
      return page;
    }
    // the account's earlier pages (an earlier test's) close: like a fresh context, nothing else then
    // writes the store this page reads (a test asks for one page per account)
    for (const p of known.pages.splice(0)) await p.close().catch(() => undefined);
    // a session signed out since (a test's 退出登录 revokes it) starts from an empty store: the form
    const alive = await this.alive(known.saved);
    const page = await known.context.newPage();
    known.pages.push(page);
    await page.addInitScript((items) => {
      // runs in the page (this file is also type-checked without the DOM library)
      type Store = { getItem(k: string): string | null; setItem(k: string, v: string): void; clear(): void };
      const w = globalThis as unknown as { sessionStorage: Store; localStorage: Store };
      try {
        if (w.sessionStorage.getItem('e2e-restored')) return;
        w.sessionStorage.setItem('e2e-restored', '1');
        w.localStorage.clear();
        for (const { name, value } of items) w.localStorage.setItem(name, value);
      } catch { /* about:blank has no storage */ }
    }, alive ? known.saved : []);
    if (alive) {
      await page.goto(`${server.url}/#/wel/index`);
      const shell = page.locator('.sider-menu .ant-menu-item').first();
      const landed = await Promise.race([
        shell.waitFor().then(() => 'shell' as const, () => 'none' as const),
        page.waitForURL(/#\/login/).then(() => 'login' as const, () => 'none' as const),
      ]);
      if (landed === 'shell' && !page.url().includes('#/login')) return page;
    }
    await signIn(page, server.url, server, account, password);
    known.saved = await this.stored(known.context);
    return page;
  }

  /** Whether the server still takes the session a saved store holds. */
  private async alive(saved: { name: string; value: string }[]): Promise<boolean> {
    const session = saved.find((i) => i.name === SESSION_STORE);
    const token = session ? (JSON.parse(session.value) as { state?: { token?: string } }).state?.token : undefined;
    if (!token) return false;
    return (await this.server().api('/api/blade-auth/oauth/user-info', { token })).status === 200;
  }

  /** Runs fn on a signed-in page (admin unless told), closed afterwards whatever happens (its context stays warm). */
  async with(fn: (page: Page) => Promise<void>, opts: { account?: string; password?: string; locale?: string } = {}): Promise<void> {
    const page = await this.page(opts.account, opts.password, { locale: opts.locale });
    try {
      await fn(page);
    } finally {
      await page.close();
    }
  }

  async close(): Promise<void> {
    for (const { context } of this.accounts.values()) await context.close().catch(() => undefined);
    this.accounts.clear();
  }

  private async stored(context: BrowserContext) {
    const origin = new URL(this.server().url).origin;
    return (await context.storageState()).origins.find((o) => o.origin === origin)?.localStorage ?? [];
  }
}

/**
 * A suite's server, browser and pages: open() in before(), close() in after(); signedIn() gives a
 * new page signed in (SignedInPages), closed with the suite. config: settings of the server (e.g.
 * seedCampus: true for the demo campus).
 */
export interface Suite {
  readonly server: E2EServer;
  readonly browser: Browser;
  signedIn(account: string, password: string, opts?: { locale?: string }): Promise<Page>;
  close(): Promise<void>;
}
export function suite(opts: { config?: Record<string, unknown>; kind?: 'pglite' | 'postgres' } = {}): Suite & { open(): Promise<void> } {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  const s = {
    get server() { if (!server) throw new Error('suite not open'); return server; },
    get browser() { if (!browser) throw new Error('suite not open'); return browser; },
    async open() {
      server = await startE2EServer(opts);
      browser = await launch();
    },
    signedIn: (account: string, password: string, o: { locale?: string } = {}) => pages.page(account, password, o),
    async close() {
      await pages.close();
      await browser?.close();
      await server?.close();
    },
  };
  const pages = new SignedInPages(() => s.browser, () => s.server);
  return s;
}

/**
 * Saves a form and a process model through the design API and deploys the model (the designer
 * suites draw theirs on screen instead). Answers the model's id.
 */
export async function deployProcess(server: E2EServer, token: string, p: {
  formKey: string; formName: string; form: unknown; modelKey: string; name: string; xml: string; settings?: unknown;
}): Promise<string> {
  const post = async (path: string, json: unknown) => {
    const r = await server.api(path, { method: 'POST', token, json });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  await post('/api/blade-workflow/design/form/submit', { formKey: p.formKey, name: p.formName, content: p.form });
  const model = await post('/api/blade-workflow/design/model/submit', { modelKey: p.modelKey, name: p.name, xml: p.xml, formKey: p.formKey, settings: p.settings });
  await post('/api/blade-workflow/design/model/deploy', { id: model.id });
  return String(model.id);
}
