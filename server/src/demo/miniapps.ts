// The demo micro-apps (issue 15, "A fresh install shows it working"): three apps a campus would build
// with the micro-app builder, on top of the demo campus (campus.ts), each with data:
//   资产登记   an asset register with a one-to-many 维修记录 (maintenance log), ten assets, a list
//              and a form print template; the office manages it, the staff see it without the price
//   学生信息采集 student information (gender and political status from dictionaries, the class as a
//              department, the counsellor as a people field, no signature); students add and see
//              their own record (each student's is made by that student), counsellors see and edit all
//   社团管理   clubs with a one-to-many 成员名单, bound to a two-step process (社团成立申请: counsellor,
//              then the college office): the established clubs are on record, and a student's
//              application for a new one is in circulation
//
// Everything is made through the builder's own HTTP calls, as the designer's screens make it (models
// and fields, createTable, the form from buildModelColumnsWithChildren, the app, permission groups,
// print templates, settings, records through saveBizData), as the campus administrator and, for
// their own records, as the students, each with a short-lived token revoked when done.
//
// Once: a row of blade_secret (MINIAPPS_MARKER) records them made; nodes of one PostgreSQL database
// take the campus lock first. Every step looks before it makes (dictionary code, category name,
// model table, app name, group and template names, a record by its searchable key), so a start that
// died half way is completed by the next one without duplicates.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../app.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { SEED } from '../db/seed.ts';
import { campusMade, caller, locked, type Call } from './campus.ts';

/** blade_secret.name of the row that says the demo micro-apps are made. */
export const MINIAPPS_MARKER = 'demo-miniapps';
/** The process the club app is bound to (made here, besides the campus's own six). */
export const CLUB_PROCESS_KEY = 'campusClub';

/** The demo apps: name → its main model's table (README.md lists them). */
export const DEMO_APPS = { asset: { appName: '资产登记', table: 'asset_register', child: 'asset_maintain' }, student: { appName: '学生信息采集', table: 'student_info' }, club: { appName: '社团管理', table: 'club_info', child: 'club_member' } } as const;

const DICTS: { code: string; name: string; items: string[] }[] = [
  { code: 'asset_category', name: '资产类别', items: ['计算机及网络设备', '教学设备', '办公设备', '办公家具', '实验仪器', '体育器材'] },
  { code: 'asset_status', name: '资产状态', items: ['在用', '闲置', '维修中', '已报废'] },
  { code: 'political_status', name: '政治面貌', items: ['群众', '共青团员', '中共预备党员', '中共党员'] },
  { code: 'club_type', name: '社团类型', items: ['学术科技', '文化艺术', '体育竞技', '志愿公益', '创新创业'] },
];

interface Item {
  fieldName: string; fieldLabel: string; fieldLabelEn: string; fieldType: string;
  length?: number; scale?: number; required?: 1; searchable?: 1; pattern?: string; patternMessage?: string; dictCode?: string;
}
const f = (fieldName: string, fieldLabel: string, fieldLabelEn: string, fieldType: string, more: Partial<Item> = {}): Item => ({ fieldName, fieldLabel, fieldLabelEn, fieldType, ...more });

const ASSET_FIELDS: Item[] = [
  f('assetCode', '资产编号', 'Asset number', 'string', { length: 20, required: 1, searchable: 1, pattern: '^ZC\\d{6}$', patternMessage: '资产编号须为 ZC 加 6 位数字' }),
  f('assetName', '资产名称', 'Asset name', 'string', { length: 64, required: 1, searchable: 1 }),
  f('assetCategory', '资产类别', 'Category', 'select', { dictCode: 'asset_category', searchable: 1 }),
  f('spec', '规格型号', 'Model / specification', 'string', { length: 100 }),
  f('location', '存放地点', 'Location', 'string', { length: 100, searchable: 1 }),
  f('useDept', '使用部门', 'Department', 'dept'),
  f('keeper', '保管人', 'Keeper', 'user'),
  f('price', '原值（元）', 'Original value (CNY)', 'decimal', { scale: 2 }),
  f('purchaseDate', '购置日期', 'Purchased on', 'date', { searchable: 1 }),
  f('assetStatus', '资产状态', 'Status', 'select', { dictCode: 'asset_status', searchable: 1 }),
  f('remark', '备注', 'Remark', 'text'),
];
const MAINTAIN_FIELDS: Item[] = [
  f('repairDate', '维修日期', 'Repaired on', 'date', { required: 1 }),
  f('fault', '故障描述', 'Fault', 'string', { length: 200, required: 1 }),
  f('repairer', '维修单位', 'Repaired by', 'string', { length: 100 }),
  f('cost', '维修费用（元）', 'Cost (CNY)', 'decimal', { scale: 2 }),
];
const STUDENT_FIELDS: Item[] = [
  f('studentName', '姓名', 'Name', 'string', { length: 32, required: 1, searchable: 1 }),
  f('studentNo', '学号', 'Student number', 'string', { length: 16, required: 1, searchable: 1, pattern: '^S\\d{7}$', patternMessage: '学号须为 S 加 7 位数字' }),
  f('gender', '性别', 'Gender', 'select', { dictCode: 'sex', required: 1 }),
  f('birthDate', '出生日期', 'Date of birth', 'date'),
  f('className', '班级', 'Class', 'dept', { required: 1 }),
  f('politicalStatus', '政治面貌', 'Political status', 'select', { dictCode: 'political_status' }),
  f('phone', '联系电话', 'Phone', 'string', { length: 11, required: 1, pattern: '^1\\d{10}$', patternMessage: '请输入 11 位手机号码' }),
  f('hometown', '籍贯', 'Home town', 'string', { length: 64 }),
  f('dormitory', '宿舍', 'Dormitory', 'string', { length: 64 }),
  f('counsellor', '辅导员', 'Counsellor', 'user'),
  f('emergencyContact', '紧急联系人', 'Emergency contact', 'string', { length: 32 }),
  f('emergencyPhone', '紧急联系电话', 'Emergency phone', 'string', { length: 11, pattern: '^1\\d{10}$', patternMessage: '请输入 11 位手机号码' }),
];
const CLUB_FIELDS: Item[] = [
  f('clubName', '社团名称', 'Club name', 'string', { length: 64, required: 1, searchable: 1 }),
  f('clubType', '社团类型', 'Club type', 'select', { dictCode: 'club_type', required: 1, searchable: 1 }),
  f('advisor', '指导老师', 'Advisor', 'user'),
  f('president', '负责人', 'President', 'string', { length: 32, required: 1 }),
  f('foundedOn', '成立日期', 'Founded on', 'date'),
  f('memberLimit', '成员上限', 'Member limit', 'int'),
  f('intro', '社团简介', 'Introduction', 'text'),
];
const MEMBER_FIELDS: Item[] = [
  f('memberName', '姓名', 'Name', 'string', { length: 32, required: 1 }),
  f('memberNo', '学号', 'Student number', 'string', { length: 16 }),
  f('memberRole', '职务', 'Role', 'string', { length: 32 }),
  f('joinedOn', '入社日期', 'Joined on', 'date'),
];

type Who = 'office' | 'user' | 'counsellor' | 'dean' | 'finance';
type DeptName = '计算机学院' | '学院办公室' | '教务处' | '财务处' | '信息化中心';
/** 资产登记: code, name, category, spec, location, department, keeper, price, purchased, status, remark, repairs [date, fault, by, cost]. */
const ASSETS: [string, string, number, string, string, DeptName, Who, number, string, number, string, [string, string, string, number][]][] = [
  ['ZC230001', '台式电脑', 1, '联想 ThinkCentre M920t', '计算机学院 305 实验室', '计算机学院', 'user', 5299, '2023-03-15', 1, '', [['2024-05-10', '硬盘故障，更换固态硬盘', '信息化中心', 420]]],
  ['ZC230002', '激光打印机', 3, 'HP LaserJet Pro M404dn', '学院办公室', '学院办公室', 'office', 2199, '2023-04-02', 1, '', [['2024-09-03', '卡纸，定影组件磨损', 'HP 授权维修站', 380], ['2025-03-12', '更换硒鼓', '学院办公室', 260]]],
  ['ZC230003', '多媒体投影仪', 2, 'Epson CB-X50', '教学楼 A201 教室', '教务处', 'user', 4580, '2023-02-20', 1, '', [['2024-11-20', '灯泡老化，亮度不足', '爱普生售后', 650]]],
  ['ZC230004', '交互式电子白板', 2, '希沃 86 英寸', '教学楼 A305 教室', '计算机学院', 'counsellor', 15800, '2023-08-28', 1, '', [['2025-04-16', '触控偏移，重新校准', '希沃售后', 0]]],
  ['ZC230005', '会议桌', 4, '3.6 米实木', '行政楼 301 会议室', '学院办公室', 'office', 6800, '2022-12-10', 1, '', []],
  ['ZC230006', '笔记本电脑', 1, 'Dell Latitude 5440', '学院办公室', '计算机学院', 'dean', 6999, '2024-01-08', 1, '', [['2025-06-18', '键盘进水，更换键盘', '戴尔售后', 560]]],
  ['ZC230007', '数字示波器', 5, '普源 DS1202Z-E', '计算机学院电子实验室', '计算机学院', 'counsellor', 3280, '2023-09-15', 3, '返厂检测中', [['2025-10-09', '通道 2 无信号，返厂检测', '普源精电', 0]]],
  ['ZC230008', '核心交换机', 1, '华为 S5735-L48T4X', '信息化中心机房', '信息化中心', 'user', 12600, '2022-07-01', 1, '', [['2024-02-27', '电源模块告警，更换电源', '华为服务', 900]]],
  ['ZC230009', '文件柜', 4, '钢制四门', '财务处档案室', '财务处', 'finance', 1260, '2021-09-01', 2, '', []],
  ['ZC230010', '乒乓球台', 6, '双鱼 201A', '体育馆二楼', '教务处', 'user', 2380, '2021-05-20', 4, '台面开裂，已申请报废', [['2023-10-11', '台面开裂', '后勤维修组', 150]]],
];

/** 社团管理: the clubs on record (name, type, advisor, president, founded, limit, introduction, members [name, number, role, joined]). */
const CLUBS: [string, number, Who, string, string, number, string, [string, string, string, string][]][] = [
  ['计算机协会', 1, 'counsellor', '张明', '2019-09-20', 120, '面向全校的计算机技术兴趣社团，定期举办编程讲座、算法竞赛培训和校园电脑义诊。', [['张明', 'S2023001', '会长', '2023-09-15'], ['李娜', 'S2023002', '副会长', '2023-09-15']]],
  ['青年志愿者协会', 4, 'office', '李娜', '2015-03-05', 200, '组织支教、社区服务和大型活动志愿服务。', [['李娜', 'S2023002', '会员', '2023-10-01']]],
  ['篮球社', 3, 'dean', '王磊', '2017-10-12', 60, '每周二、四晚体育馆训练，承办院系篮球联赛。', [['王磊', 'S2022015', '社长', '2022-10-01'], ['张明', 'S2023001', '社员', '2023-10-10']]],
  ['民乐团', 2, 'office', '陈晓', '2018-04-18', 40, '二胡、古筝、琵琶、笛箫等民族乐器的学习与演出。', []],
];

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
type Node = { id: string; children?: Node[]; [k: string]: unknown };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
/** Short fields two to a row, long text and sub-tables across the form. */
const spanOf = (c: { type?: string }) => (c.type === 'textarea' || c.type === 'dynamic' ? 24 : 12);

interface Ctx {
  call: Call;
  /** the calls as a campus account (their own records) */
  as: (account: string) => Call;
  userId: Map<string, string>;
  roleId: Map<string, string>;
  deptId: Map<string, string>;
}

/** A model (main or child) with its fields, found by its table or made. */
async function model(c: Ctx, m: { name: string; nameEn?: string; table: string; category: string; items: Item[]; parentId?: string }): Promise<string> {
  const found = (await c.call<{ records: Node[] }>('GET', `/api/blade-model/model/list?${q({ modelTable: m.table, size: 50 })}`)).records.find((r) => r.modelTable === m.table);
  const id = found ? String(found.id) : String((await c.call<Node>('POST', '/api/blade-model/model/submit', {
    modelName: m.name, modelTable: m.table, category: m.category, ...(m.parentId ? { parentId: m.parentId, relation: 'more', modelNameEn: m.nameEn } : {}),
  })).id);
  const items = await c.call<Node[]>('GET', `/api/blade-modelitem/model_item/listByModel?${q({ modelId: id })}`);
  if (!items.length) await c.call('POST', '/api/blade-model/model/submit-list', { modelId: id, items: m.items.map((it, i) => ({ required: 0, searchable: 0, ...it, sort: i + 1 })) });
  return id;
}

/** The app named so, or a new one over the model with the form the designer would start from: the model's columns with its child models as sub-tables. */
async function miniApp(c: Ctx, a: { appName: string; appDesc: string; categoryId: string; modelId: string; sort: number }): Promise<Node> {
  const found = (await c.call<{ records: Node[] }>('GET', `/api/appInfo/appInfo/list?${q({ appName: a.appName, size: 50 })}`)).records.find((r) => r.appName === a.appName);
  if (found) return found;
  const cols = await c.call<{ column: { type?: string; span?: number; children?: { column: unknown[] } }[] }>('GET', `/api/blade-modelitem/model_item/buildModelColumnsWithChildren?${q({ modelId: a.modelId })}`);
  const formOption = { labelWidth: 110, labelPosition: 'right', span: 12, column: cols.column.map((col) => ({ ...col, span: spanOf(col) })) };
  return c.call<Node>('POST', '/api/appInfo/appInfo/submit', { ...a, formOption: JSON.stringify(formOption), appStatus: 1 });
}

/** A permission group of the app (by name), with the field rights given (by field name). */
async function group(c: Ctx, appId: string, g: { permissionName: string; roles: string[]; operates: string; dataScope: 'all' | 'dept' | 'own'; hide?: { modelId: string; fields: string[] } }): Promise<void> {
  const groups = (await c.call<{ records: Node[] }>('GET', `/api/appPermission/appPermission/list?${q({ appId, size: 100 })}`)).records;
  const row = groups.find((x) => x.permissionName === g.permissionName) ?? await c.call<Node>('POST', '/api/appPermission/appPermission/submit', {
    appId, permissionName: g.permissionName, roleIds: g.roles.map((r) => c.roleId.get(r)!).join(','), operates: g.operates, dataScope: g.dataScope,
  });
  if (g.hide) {
    await c.call('POST', '/api/blade-appPermissionScope/appPermissionScope/batchSubmit', {
      permissionId: String(row.id), scopes: g.hide.fields.map((fieldName) => ({ modelId: g.hide!.modelId, fieldName, hide: 1, disabled: 1, display: 0, search: 0 })),
    });
  }
}

async function printTemplate(c: Ctx, appId: string, t: { templateName: string; templateType: 'form' | 'list'; design: Record<string, unknown> }): Promise<void> {
  const have = (await c.call<{ records: Node[] }>('GET', `/api/appPrintTemplate/appPrintTemplate/list?${q({ appId, size: 100 })}`)).records;
  if (have.some((x) => x.templateName === t.templateName)) return;
  const design = { version: 1, subtitle: '', orientation: 'portrait', fontSize: 12, pairs: 2, rows: [], children: [], columns: [], showIndex: true, showFooter: true, ...t.design };
  await c.call('POST', '/api/appPrintTemplate/appPrintTemplate/submit', { appId, templateName: t.templateName, templateType: t.templateType, isCenter: 'Y', status: 1, templateJson: JSON.stringify(design) });
}

/** The app's button settings, unless it has some. */
async function buttons(c: Ctx, appId: string, operates: { operateCode: string; operateName: string; operateNameEn: string; enabled: 0 | 1; sort: number }[]): Promise<void> {
  if ((await c.call<{ total: number }>('GET', `/api/appOperate/appOperate/list?${q({ appId, size: 20 })}`)).total) return;
  await c.call('POST', '/api/appOperate/appOperate/batchSubmit', { appId, operates });
}

/** Saves a record unless one with this value of a searchable field is there (as the caller sees their records). */
async function record(call: Call, appId: string, key: string, data: Record<string, unknown>): Promise<void> {
  const page = await call<{ records: { records: Node[] } }>('GET', `/api/appBizData/appBizData/getBizData?${q({ appId, size: 10, queryObj: JSON.stringify({ [`${key}_equal`]: data[key] }) })}`);
  if (page.records.records.some((r) => r[key] === data[key])) return;
  await call('POST', '/api/appBizData/appBizData/saveBizData', { appId, data });
}

/** Makes what is missing of the demo apps. */
async function build(c: Ctx): Promise<void> {
  const { call } = c;
  // ---- dictionaries their select fields use ----
  const dicts = flatten(await call<Node[]>('GET', '/api/blade-system/dict/list'));
  for (const [i, d] of DICTS.entries()) {
    const mine = dicts.filter((r) => r.code === d.code);
    const parent = mine.find((r) => String(r.parentId) === '0') ?? await call<Node>('POST', '/api/blade-system/dict/submit', { parentId: '0', code: d.code, dictKey: '-1', dictValue: d.name, sort: 40 + i });
    for (const [j, value] of d.items.entries()) {
      if (mine.some((r) => String(r.parentId) === String(parent.id) && r.dictKey === String(j + 1))) continue;
      await call('POST', '/api/blade-system/dict/submit', { parentId: String(parent.id), dictKey: String(j + 1), dictValue: value, sort: j + 1 });
    }
  }

  // ---- app categories ----
  const cats = await call<Node[]>('GET', '/api/appCategory/appCategory/tree');
  const category = async (name: string, sort: number) => String((flatten(cats).find((x) => x.title === name || x.categoryName === name) ?? await call<Node>('POST', '/api/appCategory/appCategory/submit', { categoryName: name, sort })).id);
  const logistics = await category('后勤资产', 1);
  const studentAffairs = await category('学生工作', 2);

  // ---- 资产登记 ----
  const assetModel = await model(c, { name: '资产登记', table: DEMO_APPS.asset.table, category: '后勤资产', items: ASSET_FIELDS });
  const maintainModel = await model(c, { name: '维修记录', nameEn: 'Maintenance log', table: DEMO_APPS.asset.child, category: '后勤资产', items: MAINTAIN_FIELDS, parentId: assetModel });
  const studentModel = await model(c, { name: '学生信息', table: DEMO_APPS.student.table, category: '学生工作', items: STUDENT_FIELDS });
  const clubModel = await model(c, { name: '社团信息', table: DEMO_APPS.club.table, category: '学生工作', items: CLUB_FIELDS });
  const memberModel = await model(c, { name: '成员名单', nameEn: 'Members', table: DEMO_APPS.club.child, category: '学生工作', items: MEMBER_FIELDS, parentId: clubModel });
  await call('GET', `/api/blade-model/model/createTable?${q({ modelIds: [assetModel, maintainModel, studentModel, clubModel, memberModel].join(',') })}`);

  const asset = await miniApp(c, { appName: DEMO_APPS.asset.appName, appDesc: '学校固定资产台账：资产卡片、存放地点、保管人和维修记录，支持按类别、状态查询与打印资产清单。', categoryId: logistics, modelId: assetModel, sort: 1 });
  const assetId = String(asset.id);
  await group(c, assetId, { permissionName: '资产管理员', roles: ['office'], operates: 'add,edit,delete,view,print,template', dataScope: 'all' });
  await group(c, assetId, { permissionName: '教职工查看', roles: ['staff'], operates: 'view,print', dataScope: 'all', hide: { modelId: assetModel, fields: ['price'] } });
  await printTemplate(c, assetId, {
    templateName: '资产清单', templateType: 'list',
    design: { title: '固定资产清单', orientation: 'landscape', columns: [
      { field: 'assetCode', width: 26 }, { field: 'assetName', width: 32 }, { field: 'assetCategory', width: 30 }, { field: 'spec' }, { field: 'location' },
      { field: 'keeper', width: 20 }, { field: 'price', width: 22 }, { field: 'purchaseDate', width: 24 }, { field: 'assetStatus', width: 18 },
    ] },
  });
  await printTemplate(c, assetId, {
    templateName: '资产卡片', templateType: 'form',
    design: { title: '固定资产卡片', rows: [
      [{ field: 'assetCode' }, { field: 'assetName' }], [{ field: 'assetCategory' }, { field: 'spec' }], [{ field: 'location' }, { field: 'useDept' }],
      [{ field: 'keeper' }, { field: 'assetStatus' }], [{ field: 'price' }, { field: 'purchaseDate' }], [{ field: 'remark', span: 2 }],
    ], children: [{ prop: `${DEMO_APPS.asset.child}_dynamic`, title: '维修记录', fields: ['repairDate', 'fault', 'repairer', 'cost'] }] },
  });
  for (const [assetCode, assetName, cat, spec, location, dept, keeper, price, purchaseDate, status, remark, repairs] of ASSETS) {
    await record(call, assetId, 'assetCode', {
      assetCode, assetName, assetCategory: String(cat), spec, location, useDept: c.deptId.get(dept)!, keeper: c.userId.get(keeper)!, price, purchaseDate,
      assetStatus: String(status), remark: remark || null,
      // a sub-table whose fields include a required one is left out when empty (the form asks for its rows only when sent)
      ...(repairs.length ? { [`${DEMO_APPS.asset.child}_dynamic`]: repairs.map(([repairDate, fault, repairer, cost]) => ({ repairDate, fault, repairer, cost })) } : {}),
    });
  }

  // ---- 学生信息采集 ----
  const student = await miniApp(c, { appName: DEMO_APPS.student.appName, appDesc: '新生入学信息采集：学生本人填写并查看自己的信息，辅导员查看、核对全部学生的信息。', categoryId: studentAffairs, modelId: studentModel, sort: 2 });
  const studentId = String(student.id);
  await group(c, studentId, { permissionName: '学生本人', roles: ['student'], operates: 'add,view', dataScope: 'own' });
  await group(c, studentId, { permissionName: '辅导员', roles: ['counsellor'], operates: 'edit,view,print', dataScope: 'all' });
  await printTemplate(c, studentId, {
    templateName: '学生信息登记表', templateType: 'form',
    design: { title: '学生信息登记表', rows: [
      [{ field: 'studentName' }, { field: 'studentNo' }], [{ field: 'gender' }, { field: 'birthDate' }], [{ field: 'className' }, { field: 'politicalStatus' }],
      [{ field: 'phone' }, { field: 'hometown' }], [{ field: 'dormitory' }, { field: 'counsellor' }], [{ field: 'emergencyContact' }, { field: 'emergencyPhone' }],
    ] },
  });
  const config = await call<{ id: string | null }>('GET', `/api/appSysConfig/appSysConfig/detail?${q({ appId: studentId })}`);
  if (!config.id) {
    await call('POST', '/api/appSysConfig/appSysConfig/submit', {
      appId: studentId, pageSize: 10, watermark: 1,
      preRead: { enable: 1, compelRead: 1, title: '信息采集须知', readTime: 5, relationFiles: [], body: '请如实填写本人信息，提交后可在列表中查看；如需修改请联系辅导员。\n联系电话与紧急联系人信息仅用于学校与您及家人联系。' },
    });
  }
  // each student fills in one record: no import, copy or batch edit on their screen
  await buttons(c, studentId, [
    { operateCode: 'add', operateName: '填写信息', operateNameEn: 'Fill in', enabled: 1, sort: 1 },
    { operateCode: 'import', operateName: '导入', operateNameEn: 'Import', enabled: 0, sort: 7 },
    { operateCode: 'copy', operateName: '复制', operateNameEn: 'Copy', enabled: 0, sort: 9 },
    { operateCode: 'batchEdit', operateName: '批量修改', operateNameEn: 'Batch edit', enabled: 0, sort: 10 },
  ]);
  const students: [string, Record<string, unknown>][] = [
    ['student1', { studentName: '张明', studentNo: 'S2023001', gender: '1', birthDate: '2005-03-12', className: c.deptId.get('计算机科学与技术2301班'), politicalStatus: '2', phone: '13800001001', hometown: '江苏南京', dormitory: '东区 3 号楼 402', counsellor: c.userId.get('counsellor'), emergencyContact: '张建华', emergencyPhone: '13900001001' }],
    ['student2', { studentName: '李娜', studentNo: 'S2023002', gender: '2', birthDate: '2005-08-21', className: c.deptId.get('软件工程2301班'), politicalStatus: '2', phone: '13800001002', hometown: '浙江杭州', dormitory: '西区 5 号楼 218', counsellor: c.userId.get('counsellor'), emergencyContact: '李强', emergencyPhone: '13900001002' }],
  ];
  for (const [account, data] of students) await record(c.as(account), studentId, 'studentNo', data);

  // ---- 社团管理 and its process ----
  const club = await miniApp(c, { appName: DEMO_APPS.club.appName, appDesc: '学生社团档案与成员名单；学生在线申请成立新社团，经辅导员审核、学院办公室审批后登记。', categoryId: studentAffairs, modelId: clubModel, sort: 3 });
  const clubId = String(club.id);
  await group(c, clubId, { permissionName: '社团管理员', roles: ['office'], operates: 'add,edit,delete,view,print', dataScope: 'all' });
  await group(c, clubId, { permissionName: '教职工查看', roles: ['staff'], operates: 'view', dataScope: 'all' });
  await group(c, clubId, { permissionName: '学生申请', roles: ['student'], operates: 'add,view', dataScope: 'own' });
  await buttons(c, clubId, [{ operateCode: 'add', operateName: '新增社团', operateNameEn: 'New club', enabled: 1, sort: 1 }]);
  const members = `${DEMO_APPS.club.child}_dynamic`;
  // the clubs on record were registered before the app went through the process
  for (const [clubName, type, advisor, president, foundedOn, memberLimit, intro, list] of CLUBS) {
    await record(call, clubId, 'clubName', {
      clubName, clubType: String(type), advisor: c.userId.get(advisor), president, foundedOn, memberLimit, intro,
      ...(list.length ? { [members]: list.map(([memberName, memberNo, memberRole, joinedOn]) => ({ memberName, memberNo, memberRole, joinedOn })) } : {}),
    });
  }
  await clubProcess(c);
  if (club.processDefKey !== CLUB_PROCESS_KEY) {
    const detail = await call<Node>('GET', `/api/appInfo/appInfo/detail?${q({ id: clubId })}`);
    await call('POST', '/api/appInfo/appInfo/update', { ...pick(detail, ['id', 'appName', 'appDesc', 'appIcon', 'categoryId', 'modelId', 'formOption', 'appStatus', 'sort']), processDefKey: CLUB_PROCESS_KEY });
  }
  // a student applies for a new club: the record goes through 社团成立申请
  await record(c.as('student1'), clubId, 'clubName', {
    clubName: '人工智能研究社', clubType: '1', advisor: c.userId.get('counsellor'), president: '张明', foundedOn: '2026-12-01', memberLimit: 50,
    intro: '学习机器学习与大模型应用，组织读书会和校内 AI 应用竞赛。', [members]: [{ memberName: '张明', memberNo: 'S2023001', memberRole: '发起人', joinedOn: '2026-11-20' }, { memberName: '李娜', memberNo: 'S2023002', memberRole: '发起人', joinedOn: '2026-11-20' }],
  });
}

const pick = (row: Node, keys: string[]) => Object.fromEntries(keys.filter((k) => row[k] !== undefined && row[k] !== null).map((k) => [k, row[k]]));

/**
 * 社团成立申请: counsellor, then the college office; its form is the club app's and the app starts it
 * (a new record): only administrators see it in 发起流程, where starting it is refused with a message
 * that sends them to 社团管理 (biz-process.ts), since an instance without its record would hold nothing.
 */
async function clubProcess(c: Ctx): Promise<void> {
  const { call } = c;
  const cats = (await call<{ records: Node[] }>('GET', `/api/blade-workflow/design/category/list?${q({ size: 200 })}`)).records;
  const categoryId = cats.find((x) => x.name === '学生事务' && String(x.parentId) === '0')?.id;
  let m = await call<Node | null>('GET', `/api/blade-workflow/design/model/detail?${q({ modelKey: CLUB_PROCESS_KEY })}`);
  if (!m) {
    const xml = read(`./processes/${CLUB_PROCESS_KEY}.bpmn20.xml`).replace(/\{\{role:(\w+)\}\}/g, (all, alias: string) => {
      const id = c.roleId.get(alias);
      if (!id) throw new Error(`demo micro-apps: ${all} names no role`);
      return id;
    });
    m = await call<Node>('POST', '/api/blade-workflow/design/model/submit', {
      modelKey: CLUB_PROCESS_KEY, name: '社团成立申请', categoryId, icon: 'TeamOutlined',
      description: '由“社团管理”微应用发起：学生提交新社团的申请，辅导员审核，学院办公室审批后社团登记生效。', xml, settings: {},
    });
  }
  await call('POST', '/api/blade-workflow/design/model/scope/submit', { modelId: String(m.id), scopes: [{ scopeType: 'role', val: SEED.adminRoleId }] });
  if (!m.definitionId) await call('POST', '/api/blade-workflow/design/model/deploy', { id: String(m.id) });
}

export async function miniAppsMade(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('bladeSecret').select('name').where('name', '=', MINIAPPS_MARKER).executeTakeFirst());
}

/**
 * Makes the demo micro-apps unless they are there: 'made' (with the time it took), 'present', or
 * 'skipped' when there is no demo campus to build them on.
 */
export async function ensureMiniApps(app: FastifyInstance, services: Services, db: Db, config: Config): Promise<{ outcome: 'made' | 'present' | 'skipped'; ms: number }> {
  const started = Date.now();
  if (await miniAppsMade(db)) return { outcome: 'present', ms: 0 };
  if (!(await campusMade(db))) return { outcome: 'skipped', ms: 0 };
  return locked(config, async () => {
    if (await miniAppsMade(db)) return { outcome: 'present' as const, ms: Date.now() - started };
    const admin = (await services.auth.userById(SEED.tenant, SEED.adminId)) ?? (await services.auth.userByAccount(SEED.tenant, 'admin'));
    if (!admin) return { outcome: 'skipped' as const, ms: Date.now() - started };
    // short-lived tokens of the administrator and, for their own records, the students; revoked when done
    const client = { clientId: 'saber', clientSecret: '', grants: new Set<string>(), accessSeconds: 600, refreshSeconds: 600 };
    const sids: string[] = [];
    const tokenOf = async (user: NonNullable<typeof admin>) => {
      const sid = randomUUID();
      sids.push(sid);
      return (await services.auth.issue(user, client, { sid })).access_token;
    };
    try {
      const call = caller(app, await tokenOf(admin));
      const callers = new Map<string, Call>();
      const userId = new Map<string, string>();
      for (const account of ['student1', 'student2', 'counsellor', 'dean', 'finance', 'office', 'user']) {
        const u = await services.auth.userByAccount(SEED.tenant, account);
        if (!u) throw new Error(`demo micro-apps: the campus has no ${account}`);
        userId.set(account, String(u.id));
        if (account.startsWith('student')) callers.set(account, caller(app, await tokenOf(u)));
      }
      const roles = flatten(await call<Node[]>('GET', '/api/blade-system/role/list'));
      const roleId = new Map(roles.filter((r) => r.roleAlias).map((r) => [String(r.roleAlias), String(r.id)]));
      const deptId = new Map(flatten(await call<Node[]>('GET', '/api/blade-system/dept/list')).map((d) => [String(d.deptName), String(d.id)]));
      await build({ call, as: (account) => callers.get(account)!, userId, roleId, deptId });
    } finally {
      for (const sid of sids) await services.auth.tokens.revoke(sid, new Date(Date.now() + 600_000));
    }
    const ms = Date.now() - started;
    await sql`insert into blade_secret (name, value) values (${MINIAPPS_MARKER}, ${JSON.stringify({ made: new Date().toISOString(), ms })})
      on conflict (name) do nothing`.execute(db);
    return { outcome: 'made' as const, ms };
  });
}
