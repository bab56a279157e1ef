// The demo campus (issue 13, "A fresh install is a working campus"): a small college on top of the
// seed — departments, posts, roles with the menus people need, students and staff with passwords,
// the dictionaries its forms use, process categories, notices, and six designed, deployed processes
// (学生请假, 教职工请假, 费用报销, 用印申请, 会议室预约, 公文会签), each with a form, a category, an icon
// and the people who may start it.
//
// Everything is made through the same HTTP API the screens use (app.inject, as tenant 000000's
// administrator with a short-lived token), so it goes through the same validation and is exactly
// what an administrator could have made by hand. The diagrams (processes/*.bpmn20.xml) are in the
// process designer's own format and the forms (forms/*.json) in the form designer's; their
// {{user:account}} and {{role:alias}} placeholders become the ids made here.
//
// Once: a row of blade_secret (CAMPUS_MARKER) records a finished campus; nodes of one PostgreSQL
// database take a session advisory lock first, so the second waits and then finds the marker. Every
// step looks before it makes (by department name, post code, role alias, account, dictionary code,
// category name, notice title, form key, model key), so a start that died half way is completed by
// the next one without duplicates.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../app.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { SEED } from '../db/seed.ts';
import { md5 } from '../modules/auth/password.ts';

/** blade_secret.name of the row that says the campus is complete. */
export const CAMPUS_MARKER = 'demo-campus';
/** The advisory lock the nodes of one PostgreSQL database take while one of them makes the campus. */
const LOCK_KEY = 727_013;

type RoleKey = 'student' | 'staff' | 'counsellor' | 'dean' | 'finance' | 'office';
type DeptKey = 'office' | 'finance' | 'cs' | 'csClass' | 'seClass' | 'academic';

/** The campus roles: alias → name (aliases are what the processes' candidate groups and start scopes name). */
export const CAMPUS_ROLES: Record<RoleKey, string> = {
  student: '学生', staff: '教职工', counsellor: '辅导员', dean: '院长', finance: '财务', office: '办公室',
};

const DEPTS: { key: DeptKey; name: string; parent: DeptKey | 'root'; sort: number }[] = [
  { key: 'academic', name: '教务处', parent: 'root', sort: 2 },
  { key: 'office', name: '学院办公室', parent: 'root', sort: 3 },
  { key: 'finance', name: '财务处', parent: 'root', sort: 4 },
  { key: 'cs', name: '计算机学院', parent: 'root', sort: 5 },
  { key: 'csClass', name: '计算机科学与技术2301班', parent: 'cs', sort: 1 },
  { key: 'seClass', name: '软件工程2301班', parent: 'cs', sort: 2 },
];

const POSTS: { code: string; name: string; category: number; sort: number }[] = [
  { code: 'dean', name: '院长', category: 1, sort: 3 },
  { code: 'counsellor', name: '辅导员', category: 3, sort: 4 },
  { code: 'finance', name: '财务', category: 3, sort: 5 },
  { code: 'clerk', name: '办公室文员', category: 3, sort: 6 },
  { code: 'teacher', name: '教师', category: 2, sort: 2 },
  { code: 'student', name: '学生', category: 3, sort: 7 },
];

export interface CampusAccount {
  account: string;
  password: string;
  realName: string;
  roles: RoleKey[];
  dept: DeptKey;
  post: string;
  sex: 1 | 2;
  code: string;
  phone: string;
}

/** The people of the campus (tenant 000000); README.md lists them. The seed's `user` joins as staff. */
export const CAMPUS_ACCOUNTS: CampusAccount[] = [
  { account: 'student1', password: 'student1', realName: '张明', roles: ['student'], dept: 'csClass', post: 'student', sex: 1, code: 'S2023001', phone: '13800001001' },
  { account: 'student2', password: 'student2', realName: '李娜', roles: ['student'], dept: 'seClass', post: 'student', sex: 2, code: 'S2023002', phone: '13800001002' },
  { account: 'counsellor', password: 'counsellor', realName: '王芳', roles: ['counsellor', 'staff'], dept: 'cs', post: 'counsellor', sex: 2, code: 'T1001', phone: '13800001003' },
  { account: 'dean', password: 'dean', realName: '陈建国', roles: ['dean', 'staff'], dept: 'cs', post: 'dean', sex: 1, code: 'T1002', phone: '13800001004' },
  { account: 'finance', password: 'finance', realName: '孙丽', roles: ['finance', 'staff'], dept: 'finance', post: 'finance', sex: 2, code: 'T1003', phone: '13800001005' },
  { account: 'office', password: 'office', realName: '赵敏', roles: ['office', 'staff'], dept: 'office', post: 'clerk', sex: 2, code: 'T1004', phone: '13800001006' },
];
/** The seed's ordinary account keeps its role and department and becomes a member of the staff. */
export const STAFF_ACCOUNT = 'user';

/**
 * Menus every campus role holds (with their buttons): the home page, 我的事务 and 个人中心; no admin
 * screen. Each is a code the core or some module declares (modules.test.ts).
 */
export const ROLE_MENUS = ['home', 'wf_process', 'wf_process_list', 'wf_process_todo', 'wf_process_claim', 'wf_process_send', 'wf_process_done', 'wf_process_copy', 'wf_process_draft', 'personal', 'personalGroup', 'miniApp', 'miniAppCenter'];

const DICTS: { code: string; name: string; items: string[] }[] = [
  { code: 'leave_type', name: '请假类型', items: ['事假', '病假', '年假', '婚假', '产假', '丧假', '公假'] },
  { code: 'seal_type', name: '用印类型', items: ['学校公章', '学院公章', '党委公章', '财务专用章', '合同专用章'] },
  { code: 'meeting_room', name: '会议室', items: ['行政楼 301 会议室（20 人）', '行政楼 502 会议室（50 人）', '计算机学院报告厅（120 人）', '图书馆研讨室 A（8 人）'] },
  { code: 'expense_type', name: '报销类别', items: ['差旅费', '办公用品', '会议费', '培训费', '印刷费', '交通费', '其他'] },
  { code: 'doc_type', name: '公文类型', items: ['通知', '请示', '报告', '函', '会议纪要'] },
];

const CATEGORIES = ['学生事务', '人事', '财务', '行政办公'] as const;
type Category = (typeof CATEGORIES)[number];

export interface CampusProcess {
  key: string;
  name: string;
  category: Category;
  /** an icon name of the model designer (web/src/pages/workflow/design/icons.tsx) */
  icon: string;
  description: string;
  /** the roles whose members may start it (the model's start scope) */
  starters: RoleKey[];
  settings?: Record<string, unknown>;
}

export const CAMPUS_PROCESSES: CampusProcess[] = [
  {
    key: 'campusStudentLeave', name: '学生请假', category: '学生事务', icon: 'ReadOutlined', starters: ['student'],
    description: '学生请假：辅导员审批；超过 3 天的再由院长审批（排他网关按表单的请假天数分支）。',
    settings: {
      printTemplate: {
        templateName: '学生请假审批单', status: 1,
        content: '<h2>${processDefinitionName}</h2><p>申请人：${applicant}　班级：${className}</p><p>请假类型：${leaveType}　天数：${days}　日期：${startDate} 至 ${endDate}</p><p>请假事由：${reason}</p>${approvals}',
      },
    },
  },
  {
    key: 'campusStaffLeave', name: '教职工请假', category: '人事', icon: 'CalendarOutlined', starters: ['staff'],
    description: '教职工请假：请假类型取自字典“请假类型”，院长审批。',
  },
  {
    key: 'campusExpense', name: '费用报销', category: '财务', icon: 'MoneyCollectOutlined', starters: ['staff'],
    description: '费用报销：明细子表逐项填写金额，提交时由脚本监听器合计；5000 元以下财务审核，5000 元及以上先经院长审批再由财务审核。',
    settings: {
      printTemplate: {
        templateName: '费用报销单', status: 1,
        content: '<h2>${processDefinitionName}</h2><p>报销人：${applicant}　部门：${deptName}　报销总额：${total} 元</p>${items}<p>报销说明：${reason}</p>${approvals}',
      },
    },
  },
  {
    key: 'campusSeal', name: '用印申请', category: '行政办公', icon: 'AuditOutlined', starters: ['staff'],
    description: '用印申请：用印类型取自字典“用印类型”，办公室审批；可抄送部门负责人知悉。',
  },
  {
    key: 'campusMeetingRoom', name: '会议室预约', category: '行政办公', icon: 'TeamOutlined', starters: ['staff', 'student'],
    description: '会议室预约：会议室取自字典“会议室”，填写日期与起止时间，办公室审批。',
  },
  {
    key: 'campusCountersign', name: '公文会签', category: '行政办公', icon: 'FileDoneOutlined', starters: ['staff'],
    description: '公文会签：表单所选的每位会签领导各办一条待办（并行多实例），全部同意后由办公室归档。',
  },
];

const NOTICES: { title: string; category: number; daysAgo: number; content: string }[] = [
  {
    title: '网上办事大厅上线：请假、报销、用印等六项业务可在线办理', category: 2, daysAgo: 0,
    content: '<p>各位师生：</p><p>网上办事大厅已上线，在“我的事务 → 发起流程”中即可在线办理以下业务：</p>'
      + '<ul><li><b>学生请假</b>（学生）：辅导员审批，超过 3 天的再报院长审批；</li><li><b>会议室预约</b>（师生）：办公室审批；</li>'
      + '<li><b>教职工请假</b>、<b>费用报销</b>、<b>用印申请</b>、<b>公文会签</b>（教职工）。</li></ul>'
      + '<p>办理进度可在“我发起的”中查看，待办事项会在右上角的消息中提醒。</p>',
  },
  {
    title: '关于规范费用报销流程的通知', category: 1, daysAgo: 2,
    content: '<p>自即日起，费用报销一律通过网上办事大厅提交：</p><ol><li>按票据逐项填写报销明细，系统自动合计报销总额；</li>'
      + '<li>报销总额 5000 元以下由财务处审核，5000 元及以上须先经院长审批；</li><li>纸质票据请于审批通过后三个工作日内交财务处。</li></ol>',
  },
  {
    title: '计算机学院报告厅设备升级完成，欢迎预约使用', category: 3, daysAgo: 5,
    content: '<p>计算机学院报告厅（120 人）投影、音响及视频会议设备已完成升级。</p><p>使用前请在“发起流程 → 会议室预约”中提交预约，由学院办公室审批。</p>',
  },
];

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** One answer of the API: its data, or an error naming the call. */
export type Call = <T = any>(method: 'GET' | 'POST', url: string, body?: unknown) => Promise<T>;

export function caller(app: FastifyInstance, token: string): Call {
  return async (method, url, body) => {
    const r = await app.inject({
      method, url, payload: body === undefined ? undefined : (body as object),
      headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'zh-CN' },
    });
    let parsed: { success?: boolean; data?: unknown; msg?: string } | undefined;
    try { parsed = r.json(); } catch { /* not JSON */ }
    if (r.statusCode !== 200 || !parsed || parsed.success === false) throw new Error(`demo campus: ${method} ${url} answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
    return parsed.data as never;
  };
}

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
type Node = { id: string; children?: Node[]; [k: string]: unknown };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** Makes what is missing of the campus. */
async function build(call: Call): Promise<void> {
  // ---- departments ----
  const depts = flatten(await call<Node[]>('GET', '/api/blade-system/dept/list'));
  const root = depts.find((d) => String(d.id) === SEED.deptRootId) ?? depts.find((d) => String(d.parentId) === '0');
  if (!root) throw new Error('demo campus: the tenant has no top department');
  const deptId = new Map<DeptKey | 'root', string>([['root', String(root.id)]]);
  for (const d of DEPTS) {
    const parentId = deptId.get(d.parent)!;
    const have = depts.find((x) => x.deptName === d.name && String(x.parentId) === parentId);
    const row = have ?? await call<Node>('POST', '/api/blade-system/dept/submit', { parentId, deptName: d.name, fullName: `${root.deptName}${d.name}`, sort: d.sort });
    deptId.set(d.key, String(row.id));
  }

  // ---- posts ----
  const posts = await call<Node[]>('GET', '/api/blade-system/post/select');
  const postId = new Map<string, string>();
  for (const p of POSTS) {
    const row = posts.find((x) => x.postCode === p.code) ?? await call<Node>('POST', '/api/blade-system/post/submit', { postCode: p.code, postName: p.name, category: p.category, sort: p.sort });
    postId.set(p.code, String(row.id));
  }

  // ---- roles and their menus ----
  const roles = flatten(await call<Node[]>('GET', '/api/blade-system/role/list'));
  const roleId = new Map<RoleKey, string>();
  let sort = 10;
  for (const [alias, name] of Object.entries(CAMPUS_ROLES) as [RoleKey, string][]) {
    const row = roles.find((x) => x.roleAlias === alias) ?? await call<Node>('POST', '/api/blade-system/role/submit', { parentId: '0', roleName: name, roleAlias: alias, sort: sort++ });
    roleId.set(alias, String(row.id));
  }
  const menus = flatten(await call<Node[]>('GET', '/api/blade-system/menu/list'));
  const screens = menus.filter((m) => ROLE_MENUS.includes(String(m.code)));
  const granted = [
    ...screens, ...menus.filter((m) => Number(m.category) === 2 && screens.some((s) => String(s.id) === String(m.parentId))),
  ];
  await call('POST', '/api/blade-system/role/grant', { roleIds: [...roleId.values()], menuIds: [...new Set(granted.map((m) => String(m.id)))] });

  // ---- people (created side by side: each password hash takes a while) ----
  const userId = new Map<string, string>();
  const accounts = [...CAMPUS_ACCOUNTS.map((a) => a.account), STAFF_ACCOUNT];
  const found = new Map((await Promise.all(accounts.map((account) => call<{ records: Node[] }>('GET', `/api/blade-system/user/page?${q({ account_equal: account, size: 10 })}`))))
    .flatMap((p) => p.records).map((u) => [String(u.account), u]));
  await Promise.all(CAMPUS_ACCOUNTS.map(async (a) => {
    const row = found.get(a.account) ?? await call<Node>('POST', '/api/blade-system/user/submit', {
      account: a.account, password: md5(a.password), realName: a.realName, name: a.realName, code: a.code, sex: a.sex, phone: a.phone,
      email: `${a.account}@example.edu.cn`, userType: 1,
      roleId: a.roles.map((r) => roleId.get(r)!).join(','), deptId: deptId.get(a.dept)!, postId: postId.get(a.post)!,
    });
    userId.set(a.account, String(row.id));
  }));
  const staff = found.get(STAFF_ACCOUNT);
  if (staff) {
    const has = String(staff.roleId ?? '').split(',').filter(Boolean);
    if (!has.includes(roleId.get('staff')!)) await call('POST', `/api/blade-system/user/grant?${q({ userIds: String(staff.id), roleIds: [...has, roleId.get('staff')!].join(',') })}`);
    userId.set(STAFF_ACCOUNT, String(staff.id));
  }

  // ---- dictionaries ----
  const dicts = flatten(await call<Node[]>('GET', '/api/blade-system/dict/list'));
  for (const [i, d] of DICTS.entries()) {
    const mine = dicts.filter((r) => r.code === d.code);
    const parent = mine.find((r) => String(r.parentId) === '0') ?? await call<Node>('POST', '/api/blade-system/dict/submit', { parentId: '0', code: d.code, dictKey: '-1', dictValue: d.name, sort: 20 + i });
    for (const [j, value] of d.items.entries()) {
      if (mine.some((r) => String(r.parentId) === String(parent.id) && r.dictKey === String(j + 1))) continue;
      await call('POST', '/api/blade-system/dict/submit', { parentId: String(parent.id), dictKey: String(j + 1), dictValue: value, sort: j + 1 });
    }
  }

  // ---- process categories ----
  const cats = (await call<{ records: Node[] }>('GET', `/api/blade-workflow/design/category/list?${q({ size: 200 })}`)).records;
  const categoryId = new Map<Category, string>();
  for (const [i, name] of CATEGORIES.entries()) {
    const row = cats.find((c) => c.name === name && String(c.parentId) === '0') ?? await call<Node>('POST', '/api/blade-workflow/design/category/submit', { parentId: '0', name, sort: i + 1 });
    categoryId.set(name, String(row.id));
  }

  // ---- notices (newest first on the home page) ----
  const notices = (await call<{ records: Node[] }>('GET', `/api/blade-desk/notice/list?${q({ size: 200 })}`)).records;
  for (const n of NOTICES) {
    if (notices.some((x) => x.title === n.title)) continue;
    const releaseTime = new Date(Date.now() - n.daysAgo * 86_400_000).toISOString();
    await call('POST', '/api/blade-desk/notice/submit', { title: n.title, category: n.category, releaseTime, content: n.content });
  }

  // ---- forms and processes ----
  const fill = (text: string) => text.replace(/\{\{(user|role):(\w+)\}\}/g, (all, kind: string, name: string) => {
    const id = kind === 'user' ? userId.get(name) : roleId.get(name as RoleKey);
    if (!id) throw new Error(`demo campus: ${all} names nobody`);
    return id;
  });
  for (const p of CAMPUS_PROCESSES) {
    const formKey = `${p.key}Form`;
    const form = await call<Node | null>('GET', `/api/blade-workflow/design/form/detail?${q({ formKey })}`);
    if (!form) {
      const content = JSON.parse(fill(read(`./forms/${formKey}.json`))) as unknown;
      await call('POST', '/api/blade-workflow/design/form/submit', { formKey, name: `${p.name}单`, categoryId: categoryId.get(p.category), content });
    }
    let model = await call<Node | null>('GET', `/api/blade-workflow/design/model/detail?${q({ modelKey: p.key })}`);
    if (!model) {
      model = await call<Node>('POST', '/api/blade-workflow/design/model/submit', {
        modelKey: p.key, name: p.name, categoryId: categoryId.get(p.category), icon: p.icon, description: p.description,
        formKey, xml: fill(read(`./processes/${p.key}.bpmn20.xml`)), settings: p.settings ?? {},
      });
    }
    await call('POST', '/api/blade-workflow/design/model/scope/submit', {
      modelId: String(model.id), scopes: [{ scopeType: 'role', val: p.starters.map((r) => roleId.get(r)!).join(',') }],
    });
    if (!model.definitionId) await call('POST', '/api/blade-workflow/design/model/deploy', { id: String(model.id) });
  }
}

/** Runs fn while this node holds the campus lock (PostgreSQL: a session advisory lock; PGlite has one node). */
export async function locked<T>(config: Config, fn: () => Promise<T>): Promise<T> {
  if (!config.databaseUrl) return fn();
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

export async function campusMade(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('bladeSecret').select('name').where('name', '=', CAMPUS_MARKER).executeTakeFirst());
}

/**
 * Makes the demo campus unless it is there: answers 'made' (with the time it took), 'present', or
 * 'skipped' when the platform tenant has no administrator to make it with (a bare platform).
 */
export async function ensureCampus(app: FastifyInstance, services: Services, db: Db, config: Config): Promise<{ outcome: 'made' | 'present' | 'skipped'; ms: number }> {
  const started = Date.now();
  if (await campusMade(db)) return { outcome: 'present', ms: 0 };
  return locked(config, async () => {
    if (await campusMade(db)) return { outcome: 'present' as const, ms: Date.now() - started };
    const admin = (await services.auth.userById(SEED.tenant, SEED.adminId)) ?? (await services.auth.userByAccount(SEED.tenant, 'admin'));
    if (!admin) return { outcome: 'skipped' as const, ms: Date.now() - started };
    // a token of the administrator for this step only, revoked when it is done
    const client = { clientId: 'saber', clientSecret: '', grants: new Set<string>(), accessSeconds: 600, refreshSeconds: 600 };
    const sid = randomUUID();
    const token = await services.auth.issue(admin, client, { sid });
    try {
      await build(caller(app, token.access_token));
    } finally {
      await services.auth.tokens.revoke(sid, new Date(Date.now() + 600_000));
    }
    const ms = Date.now() - started;
    await sql`insert into blade_secret (name, value) values (${CAMPUS_MARKER}, ${JSON.stringify({ made: new Date().toISOString(), ms })})
      on conflict (name) do nothing`.execute(db);
    return { outcome: 'made' as const, ms };
  });
}
